import { feedItems, feedItemSources, feedSources } from '@complivue/db/schema/feeds';
import { CHANGE_WORKFLOW_MESSAGES } from '@complivue/shared/change-workflow';
import { CHANGE_MESSAGES, type ChangeDetail } from '@complivue/shared/schemas/changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_PDF as PDF,
  MANUAL_CHANGE as MANUAL,
  changeTestKit,
} from '../../../test/changes.ts';
import { multipartForm, type FormFile } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('change management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, create, moveThrough, notificationsOf } = changeTestKit(() => t);

  it('numbers changes per institution, and records who created one with what', async () => {
    const a = await institution();
    const b = await institution();
    const first = await create(a.user.cookie);
    expect(first).toMatchObject({
      number: 1,
      title: MANUAL.title,
      source: 'manual',
      status: 'identified',
      areas: ['hmda'],
      riskRating: 'high',
      dueDate: '2099-06-30', // as the member set it (none is set for them)
      ownerId: a.user.userId, // whoever creates it, when no owner is given
      impact: { policies: 'HMDA policy', products: '', processes: '', systems: 'LOS data fields' },
    });
    expect(first.history).toHaveLength(1);
    expect(first.history[0]).toMatchObject({
      event: 'created',
      changedByName: 'Casey Member',
      changes: {
        title: { from: null, to: MANUAL.title },
        status: { from: null, to: 'identified' },
      },
    });
    // Another institution counts from 1.
    expect((await create(b.admin.cookie)).number).toBe(1);

    // User Activity names the change by its number and title as they are now.
    await call(a.user.cookie, 'PATCH', `/api/changes/${first.id}`, { title: 'Escrow rule' });
    const activity = await call(a.admin.cookie, 'GET', '/api/team/activity?action=change.');
    expect(
      activity
        .json()
        .items.map((entry: { action: string; targetLabel: string }) => [
          entry.action,
          entry.targetLabel,
        ]),
    ).toEqual([
      ['change.updated', 'CHG-1 “Escrow rule”'],
      ['change.created', 'CHG-1 “Escrow rule”'],
    ]);
  });

  it('gives concurrent changes distinct numbers', async () => {
    const a = await institution();
    await create(a.user.cookie);
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(a.manager.cookie, 'POST', '/api/changes', { title: `Change number ${index}` }),
      ),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    const numbers = concurrent.map((response) => response.json<ChangeDetail>().number);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('lists, finds by number or words, filters and shows the board', async () => {
    const a = await institution();
    await create(a.user.cookie);
    for (let index = 0; index < 6; index += 1) {
      await create(a.manager.cookie, { title: `Change number ${index}` });
    }
    const list = await call(a.user.cookie, 'GET', '/api/changes');
    expect(list.json()).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(list.json().items[0].number).toBe(7);
    const byNumber = await call(a.user.cookie, 'GET', '/api/changes?q=CHG-1');
    expect(byNumber.json().items.map((item: { number: number }) => item.number)).toEqual([1]);
    const byWords = await call(a.user.cookie, 'GET', '/api/changes?q=hmda%20data');
    expect(byWords.json().total).toBe(1);
    const filtered = await call(a.user.cookie, 'GET', '/api/changes?risk=high&area=hmda&owner=me');
    expect(filtered.json().total).toBe(1);
    const board = await call(a.user.cookie, 'GET', '/api/changes/board');
    expect(board.statusCode).toBe(200);
    const identified = board
      .json()
      .columns.find((column: { status: string }) => column.status === 'identified');
    expect(identified.total).toBe(7);
    expect(identified.items).toHaveLength(7);
    // The soonest due first: the only one with a due date.
    expect(identified.items[0].number).toBe(1);
  });

  it('refuses bad input and owners who are not active members', async () => {
    const a = await institution();
    const other = await institution();
    const noTitle = await call(a.user.cookie, 'POST', '/api/changes', { areas: ['trid'] });
    expect(noTitle.statusCode).toBe(400);
    const badArea = await call(a.user.cookie, 'POST', '/api/changes', {
      title: 'Something',
      areas: ['astrology'],
    });
    expect(badArea.statusCode).toBe(400);
    const foreignOwner = await call(a.user.cookie, 'POST', '/api/changes', {
      title: 'Something to do',
      ownerId: other.user.userId,
    });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().error.message).toBe(CHANGE_MESSAGES.owner_not_member);
    const change = await create(a.user.cookie);
    const foreignAssignee = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Redline the policy',
      assigneeId: other.manager.userId,
    });
    expect(foreignAssignee.statusCode).toBe(400);
    expect(foreignAssignee.json().error.message).toBe(CHANGE_MESSAGES.assignee_not_member);
    // A draft confirmed with its fields still needs a feed item the institution can see.
    const unknownItem = await call(a.user.cookie, 'POST', '/api/changes', {
      feedItemId: crypto.randomUUID(),
      title: 'Both',
    });
    expect(unknownItem.statusCode).toBe(404);
    expect(unknownItem.json().error.message).toBe(CHANGE_MESSAGES.feed_item_not_found);
  });

  it('keeps changes, tasks, comments and attachments inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.user.cookie);
    const withTask = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Redline the HMDA policy',
    });
    const taskId = withTask.json<ChangeDetail>().tasks[0]!.id;
    const form = multipartForm({}, [PDF]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/changes/${change.id}/attachments`,
      headers: { cookie: a.user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachmentId = uploaded.json<ChangeDetail>().attachments[0]!.id;

    const intruder = b.admin.cookie;
    const base = `/api/changes/${change.id}`;
    const attempts = await Promise.all([
      call(intruder, 'GET', base),
      call(intruder, 'PATCH', base, { title: 'Taken over' }),
      call(intruder, 'POST', `${base}/transition`, { to: 'assessing' }),
      call(intruder, 'POST', `${base}/tasks`, { title: 'Sneaky task' }),
      call(intruder, 'PATCH', `${base}/tasks/${taskId}`, { done: true }),
      call(intruder, 'DELETE', `${base}/tasks/${taskId}`),
      call(intruder, 'POST', `${base}/comments`, { body: 'Hello' }),
      call(intruder, 'GET', `${base}/attachments/${attachmentId}`),
      call(intruder, 'DELETE', `${base}/attachments/${attachmentId}`),
      call(intruder, 'GET', `${base}/report.pdf`),
    ]);
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(10).fill(404));
    const upload = multipartForm({}, [PDF]);
    const foreignUpload = await t.app.inject({
      method: 'POST',
      url: `${base}/attachments`,
      headers: { cookie: intruder, ...upload.headers },
      payload: upload.payload,
    });
    expect(foreignUpload.statusCode).toBe(404);
    // Nor through a change of the intruder's own: the task and attachment ids are A's.
    const decoy = await create(intruder, { title: 'Decoy change' });
    const decoyBase = `/api/changes/${decoy.id}`;
    const throughOwn = await Promise.all([
      call(intruder, 'PATCH', `${decoyBase}/tasks/${taskId}`, { done: true }),
      call(intruder, 'DELETE', `${decoyBase}/tasks/${taskId}`),
      call(intruder, 'GET', `${decoyBase}/attachments/${attachmentId}`),
      call(intruder, 'DELETE', `${decoyBase}/attachments/${attachmentId}`),
    ]);
    expect(throughOwn.map((response) => response.statusCode)).toEqual(Array(4).fill(404));
    expect((await call(intruder, 'GET', '/api/changes')).json().total).toBe(1);
    const foreignExport = await call(intruder, 'GET', '/api/changes/export.csv');
    expect(foreignExport.statusCode).toBe(200);
    expect(foreignExport.body).toContain('Decoy change');
    expect(foreignExport.body).not.toContain(MANUAL.title);
    // A task of one change is not reachable through another change of the same institution.
    const second = await create(a.user.cookie, { title: 'Another change' });
    expect(
      (
        await call(a.user.cookie, 'PATCH', `/api/changes/${second.id}/tasks/${taskId}`, {
          done: true,
        })
      ).statusCode,
    ).toBe(404);
    const detail = (await call(a.user.cookie, 'GET', base)).json<ChangeDetail>();
    expect(detail.title).toBe(MANUAL.title);
    expect(detail.status).toBe('identified');
    expect(detail.tasks).toHaveLength(1);
    expect(detail.tasks[0]!.doneAt).toBeNull();
    expect(detail.comments).toHaveLength(0);
    expect(detail.attachments.map((attachment) => attachment.id)).toEqual([attachmentId]);

    const download = await call(a.manager.cookie, 'GET', `${base}/attachments/${attachmentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(download.rawPayload.equals(PDF.data)).toBe(true);
  });

  it('refuses a skipped step, and an approval or a "not applicable" by a member', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const move = (cookie: string, to: string, note?: string) =>
      call(cookie, 'POST', `/api/changes/${change.id}/transition`, { to, note });

    const skip = await move(a.user.cookie, 'review');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.code).toBe('transition_not_allowed');
    expect(skip.json().error.message).toContain('cannot move from “Identified” to “Review”');

    for (const to of ['assessing', 'implementing', 'review']) {
      const moved = await move(a.user.cookie, to);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().status).toBe(to);
    }
    const refused = await move(a.user.cookie, 'closed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'transition_role_required',
      message: CHANGE_WORKFLOW_MESSAGES.approve_role,
    });
    const notApplicableByUser = await move(a.user.cookie, 'not_applicable', 'We do not lend');
    expect(notApplicableByUser.statusCode).toBe(403);
  });

  it('closes a change only once its tasks are done, after a send-back', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const move = (cookie: string, to: string, note?: string) =>
      call(cookie, 'POST', `/api/changes/${change.id}/transition`, { to, note });
    await moveThrough(a.user.cookie, change.id, ['assessing', 'implementing', 'review']);

    // The reviewer sends it back with a note; the user brings it to review again.
    const sentBack = await move(a.manager.cookie, 'implementing', 'Attach the training roster.');
    expect(sentBack.statusCode).toBe(200);
    const task = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Train the processors',
    });
    const taskId = task.json<ChangeDetail>().tasks[0]!.id;
    expect((await move(a.user.cookie, 'review')).statusCode).toBe(200);
    const withOpenTask = await move(a.manager.cookie, 'closed');
    expect(withOpenTask.statusCode).toBe(409);
    expect(withOpenTask.json().error.message).toBe(CHANGE_WORKFLOW_MESSAGES.open_tasks(1));
    await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}/tasks/${taskId}`, {
      done: true,
    });
    const closed = await move(a.manager.cookie, 'closed');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect(closed.json().closedAt).not.toBeNull();
  });

  it('keeps a closed change read-only until a manager or an administrator reopens it', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const move = (cookie: string, to: string) =>
      call(cookie, 'POST', `/api/changes/${change.id}/transition`, { to });
    await moveThrough(a.user.cookie, change.id, ['assessing', 'implementing', 'review']);
    await moveThrough(a.manager.cookie, change.id, ['closed']);

    const edit = await call(a.admin.cookie, 'PATCH', `/api/changes/${change.id}`, {
      title: 'Edited after closing',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(CHANGE_MESSAGES.finished);
    expect((await move(a.user.cookie, 'assessing')).statusCode).toBe(403);
    const reopened = await move(a.admin.cookie, 'assessing');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().closedAt).toBeNull();
  });

  it('marks a change not applicable only with a reason, once', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const move = (cookie: string, to: string, note?: string) =>
      call(cookie, 'POST', `/api/changes/${change.id}/transition`, { to, note });
    await moveThrough(a.user.cookie, change.id, ['assessing']);

    const withoutReason = await move(a.manager.cookie, 'not_applicable');
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().error.message).toBe(CHANGE_WORKFLOW_MESSAGES.note_required);
    const notApplicable = await move(a.manager.cookie, 'not_applicable', 'We do not report HMDA.');
    expect(notApplicable.statusCode).toBe(200);
    expect(notApplicable.json()).toMatchObject({
      status: 'not_applicable',
      notApplicableReason: 'We do not report HMDA.',
    });
    expect((await move(a.manager.cookie, 'not_applicable', 'again')).statusCode).toBe(409);
  });

  it('records every move in the history, and tells the owner of moves made by others', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    await moveThrough(a.user.cookie, change.id, ['assessing', 'implementing', 'review']);
    await moveThrough(a.manager.cookie, change.id, ['implementing']);
    await moveThrough(a.user.cookie, change.id, ['review']);
    await moveThrough(a.manager.cookie, change.id, ['closed']);
    await moveThrough(a.admin.cookie, change.id, ['assessing']);
    const notApplicable = await call(
      a.manager.cookie,
      'POST',
      `/api/changes/${change.id}/transition`,
      {
        to: 'not_applicable',
        note: 'We do not report HMDA.',
      },
    );
    expect(notApplicable.statusCode).toBe(200);

    const statusHistory = notApplicable
      .json<ChangeDetail>()
      .history.filter((entry) => entry.event === 'status')
      .map((entry) => [entry.changes.status!.from, entry.changes.status!.to]);
    expect(statusHistory.reverse()).toEqual([
      ['identified', 'assessing'],
      ['assessing', 'implementing'],
      ['implementing', 'review'],
      ['review', 'implementing'],
      ['implementing', 'review'],
      ['review', 'closed'],
      ['closed', 'assessing'],
      ['assessing', 'not_applicable'],
    ]);
    // The owner hears of moves made by others.
    expect((await notificationsOf(a.user.userId, 'change.status')).length).toBe(4);
  });

  it('records every changed field from → to', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const patched = await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}`, {
      title: 'HMDA 2027 data fields',
      areas: ['hmda', 'fair_lending'],
      riskRating: 'critical',
      dueDate: '2099-12-01',
      ownerId: a.manager.userId,
      impact: { products: 'Home equity lines', systems: 'LOS data fields' },
      summary: MANUAL.summary,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const entry = patched.json<ChangeDetail>().history[0]!;
    expect(entry.event).toBe('updated');
    expect(entry.changes).toEqual({
      title: { from: MANUAL.title, to: 'HMDA 2027 data fields' },
      areas: { from: ['hmda'], to: ['hmda', 'fair_lending'] },
      riskRating: { from: 'high', to: 'critical' },
      dueDate: { from: '2099-06-30', to: '2099-12-01' },
      owner: { from: 'Casey Member', to: 'Casey Member' },
      'impact.products': { from: '', to: 'Home equity lines' },
    });
    expect(patched.json()).toMatchObject({ ownerId: a.manager.userId, riskRating: 'critical' });
    // The new owner is told, once.
    expect((await notificationsOf(a.manager.userId, 'change.owner')).length).toBe(1);
    // Saving the same values again records nothing.
    const same = await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}`, {
      riskRating: 'critical',
    });
    expect(same.json<ChangeDetail>().history).toHaveLength(2);
    const empty = await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}`, {});
    expect(empty.statusCode).toBe(400);

    const withTask = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Map the new fields',
      assigneeId: a.manager.userId,
      dueDate: '2099-11-15',
    });
    const taskId = withTask.json<ChangeDetail>().tasks[0]!.id;
    expect((await notificationsOf(a.manager.userId, 'change.task_assigned')).length).toBe(1);
    const updated = await call(
      a.user.cookie,
      'PATCH',
      `/api/changes/${change.id}/tasks/${taskId}`,
      { assigneeId: null, done: true },
    );
    expect(updated.json<ChangeDetail>().history[0]).toMatchObject({
      event: 'task_updated',
      changes: {
        task: { from: 'Map the new fields', to: 'Map the new fields' },
        assignee: { from: 'Casey Member', to: null },
        done: { from: false, to: true },
      },
    });
    expect(updated.json<ChangeDetail>().tasks[0]).toMatchObject({ doneByName: 'Casey Member' });
    const removed = await call(
      a.user.cookie,
      'DELETE',
      `/api/changes/${change.id}/tasks/${taskId}`,
    );
    expect(removed.json<ChangeDetail>().tasks).toHaveLength(0);
    expect(removed.json<ChangeDetail>().history[0]).toMatchObject({
      event: 'task_removed',
      changes: { task: { from: 'Map the new fields', to: null } },
    });
  });

  it('starts a change from a visible feed item, once, and never from another institution’s', async () => {
    const a = await institution();
    const b = await institution();
    const [shared] = await t.db
      .insert(feedSources)
      .values({
        name: 'CFPB newsroom',
        url: `https://www.consumerfinance.gov/${crypto.randomUUID()}`,
        format: 'rss',
      })
      .returning();
    const [privateSource] = await t.db
      .insert(feedSources)
      .values({
        companyId: b.companyId,
        name: 'Our state regulator',
        url: 'https://dfi.example.gov/feed',
        format: 'rss',
      })
      .returning();
    const [sharedItem] = await t.db
      .insert(feedItems)
      .values({
        dedupeKey: `test:${crypto.randomUUID()}`,
        link: 'https://www.federalregister.gov/d/2026-01234',
        title: 'Home Mortgage Disclosure (Regulation C) amendments',
        summary: 'The Bureau amends Regulation C, 12 CFR 1003.',
        documentType: 'final_rule',
        areas: ['hmda'],
        citations: ['12 CFR 1003'],
        effectiveDate: '2027-01-01',
      })
      .returning();
    const [privateItem] = await t.db
      .insert(feedItems)
      .values({
        dedupeKey: `test:${crypto.randomUUID()}`,
        link: 'https://dfi.example.gov/bulletins/7',
        title: 'State bulletin 7',
        documentType: 'guidance',
      })
      .returning();
    await t.db.insert(feedItemSources).values([
      { itemId: sharedItem!.id, sourceId: shared!.id, companyId: null },
      { itemId: privateItem!.id, sourceId: privateSource!.id, companyId: b.companyId },
    ]);

    const first = await call(a.user.cookie, 'POST', '/api/changes', { feedItemId: sharedItem!.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      source: 'feed',
      title: 'Home Mortgage Disclosure (Regulation C) amendments',
      areas: ['hmda'],
      effectiveDate: '2027-01-01',
      // Judgements are the member's: not rated and not due until someone says so.
      riskRating: null,
      dueDate: null,
      ownerId: a.user.userId,
      feedItem: { id: sharedItem!.id, link: 'https://www.federalregister.gov/d/2026-01234' },
    });
    expect(first.json().summary).toContain('Source: https://www.federalregister.gov/d/2026-01234');
    const again = await call(a.manager.cookie, 'POST', '/api/changes', {
      feedItemId: sharedItem!.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await call(a.user.cookie, 'GET', '/api/changes')).json().total).toBe(1);

    const foreign = await call(a.user.cookie, 'POST', '/api/changes', {
      feedItemId: privateItem!.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(CHANGE_MESSAGES.feed_item_not_found);
    expect(
      (await call(a.user.cookie, 'POST', '/api/changes', { feedItemId: crypto.randomUUID() }))
        .statusCode,
    ).toBe(404);
    // Its owner institution can.
    expect(
      (await call(b.user.cookie, 'POST', '/api/changes', { feedItemId: privateItem!.id }))
        .statusCode,
    ).toBe(201);
    // Another institution starts its own change from the shared item.
    expect(
      (await call(b.user.cookie, 'POST', '/api/changes', { feedItemId: sharedItem!.id })).json()
        .number,
    ).toBe(2);
  });

  it('lets only the uploader, a manager or an administrator remove a file', async () => {
    const a = await institution();
    const change = await create(a.manager.cookie);
    const upload = async (cookie: string, file: FormFile) => {
      const form = multipartForm({}, [file]);
      return t.app.inject({
        method: 'POST',
        url: `/api/changes/${change.id}/attachments`,
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
    };
    const refused = await upload(a.user.cookie, {
      fileName: 'script.exe',
      contentType: 'application/octet-stream',
      data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
    });
    expect(refused.statusCode).toBe(415);
    const uploaded = await upload(a.manager.cookie, PDF);
    const attachment = uploaded.json<ChangeDetail>().attachments[0]!;
    expect(attachment).toMatchObject({ fileName: PDF.fileName, contentType: 'application/pdf' });
    const base = `/api/changes/${change.id}/attachments/${attachment.id}`;
    const byUser = await call(a.user.cookie, 'DELETE', base);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error.message).toBe(CHANGE_MESSAGES.attachment_remove_role);
    const byAdmin = await call(a.admin.cookie, 'DELETE', base);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<ChangeDetail>().attachments).toHaveLength(0);
    expect(byAdmin.json<ChangeDetail>().history[0]).toMatchObject({
      event: 'attachment_removed',
      changes: { attachment: { from: PDF.fileName, to: null } },
    });
    expect((await call(a.admin.cookie, 'GET', base)).statusCode).toBe(404);
  });

  it('needs the professional plan', async () => {
    const basic = await institution('basic');
    const response = await call(basic.admin.cookie, 'GET', '/api/changes');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('upgrade_required');
  });
});
