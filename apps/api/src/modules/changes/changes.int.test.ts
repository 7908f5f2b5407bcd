import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { feedItems, feedItemSources, feedSources } from '@complivue/db/schema/feeds';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { CHANGE_WORKFLOW_MESSAGES } from '@complivue/shared/change-workflow';
import {
  CHANGE_CSV_COLUMNS,
  CHANGE_MESSAGES,
  mentionToken,
  type ChangeDetail,
} from '@complivue/shared/schemas/changes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  multipartForm,
  signedInMember,
  signUpThroughApi,
  type FormFile,
} from '../../../test/http.ts';
import { embeddedFontNames, pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { notifyOverdueChanges } from './change-overdue.ts';

const PDF: FormFile = {
  fileName: 'escrow-policy-redline.pdf',
  contentType: 'application/pdf',
  data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

const MANUAL = {
  title: 'Update the HMDA data collection for the 2027 reporting year',
  areas: ['hmda'],
  effectiveDate: '2027-01-01',
  summary: 'Changes to the reportable data fields under 12 CFR 1003.4.',
  impact: { policies: 'HMDA policy', systems: 'LOS data fields' },
  riskRating: 'high',
};

describe('change management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function institution(plan: 'professional' | 'basic' = 'professional') {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const adminId = admin.body.session.user.id as string;
    await t.db
      .update(subscriptions)
      .set({ planName: plan, status: 'active', trialEnd: null })
      .where(eq(subscriptions.companyId, companyId));
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin: { cookie: admin.cookie, userId: adminId }, companyId, user, manager };
  }

  async function create(cookie: string, body: Record<string, unknown> = MANUAL) {
    const response = await call(cookie, 'POST', '/api/changes', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ChangeDetail>();
  }

  const notificationsOf = (userId: string, type: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

  it('creates changes with per-institution numbers, even concurrently', async () => {
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
      dueDate: '2027-01-01', // the effective date, when no due date is given
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

    const concurrent = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(a.manager.cookie, 'POST', '/api/changes', { title: `Change number ${index}` }),
      ),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    const numbers = concurrent.map((response) => response.json<ChangeDetail>().number);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7]);
    // Another institution counts from 1.
    expect((await create(b.admin.cookie)).number).toBe(1);

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
    const feedAndFields = await call(a.user.cookie, 'POST', '/api/changes', {
      feedItemId: crypto.randomUUID(),
      title: 'Both',
    });
    expect(feedAndFields.statusCode).toBe(400);
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

  it('enforces the workflow by role and status', async () => {
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

    // Finished: read-only until a manager or an administrator reopens it.
    const edit = await call(a.admin.cookie, 'PATCH', `/api/changes/${change.id}`, {
      title: 'Edited after closing',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(CHANGE_MESSAGES.finished);
    expect((await move(a.user.cookie, 'assessing')).statusCode).toBe(403);
    const reopened = await move(a.admin.cookie, 'assessing');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().closedAt).toBeNull();

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
      dueDate: '2026-12-01',
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
      dueDate: { from: '2027-01-01', to: '2026-12-01' },
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
      dueDate: '2026-11-15',
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

  it('notifies each mentioned member once, and never a non-member', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.user.cookie);
    const body = `${mentionToken('Casey Manager', a.manager.userId)} please review, and ${mentionToken('Casey Manager', a.manager.userId)} again; ${mentionToken('Outsider', b.user.userId)} and ${mentionToken('Ghost', 'no-such-user')}`;
    const posted = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const comment = posted.json<ChangeDetail>().comments[0]!;
    expect(comment).toMatchObject({
      body,
      authorName: 'Casey Member',
      mentions: [a.manager.userId],
    });
    const mentioned = await notificationsOf(a.manager.userId, 'change.mention');
    expect(mentioned).toHaveLength(1);
    expect(mentioned[0]).toMatchObject({
      title: 'Casey Member mentioned you on CHG-1',
      link: `/change-management?change=${change.id}`,
    });
    expect(mentioned[0]!.body).toContain('@Casey Manager please review');
    expect(await notificationsOf(b.user.userId, 'change.mention')).toHaveLength(0);
    // Mentioning yourself notifies nobody.
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body: `Note to ${mentionToken('me', a.user.userId)}`,
    });
    expect(await notificationsOf(a.user.userId, 'change.mention')).toHaveLength(0);
    const detail = (
      await call(a.user.cookie, 'GET', `/api/changes/${change.id}`)
    ).json<ChangeDetail>();
    expect(detail.history.filter((entry) => entry.event === 'comment')).toHaveLength(2);
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
      dueDate: '2027-01-01',
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

  it('notifies owners and assignees of overdue work once, and again after a later due date', async () => {
    const a = await institution();
    const change = await create(a.user.cookie, {
      title: 'Escrow cushion change',
      dueDate: '2026-01-10',
      ownerId: a.manager.userId,
    });
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Update the escrow analysis',
      assigneeId: a.user.userId,
      dueDate: '2026-01-12',
    });
    const unassigned = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Nobody’s task',
      dueDate: '2026-01-12',
    });
    expect(unassigned.statusCode).toBe(201);
    const deps = notifyDependencies(t.app);
    const overdueOf = (userId: string) => notificationsOf(userId, 'change.overdue');

    // The 10th has not ended in New York yet at 03:00 UTC on the 11th.
    await notifyOverdueChanges(deps, new Date('2026-01-11T03:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(0);
    await notifyOverdueChanges(deps, new Date('2026-01-11T12:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(1);
    expect((await overdueOf(a.manager.userId))[0]).toMatchObject({
      priority: 'high',
      title: 'Overdue: CHG-1 Escrow cushion change',
    });
    // Two instances running the job at once still notify once.
    await Promise.all([
      notifyOverdueChanges(deps, new Date('2026-01-11T13:00:00Z')),
      notifyOverdueChanges(deps, new Date('2026-01-11T13:00:00Z')),
    ]);
    expect(await overdueOf(a.manager.userId)).toHaveLength(1);
    expect(await overdueOf(a.user.userId)).toHaveLength(0);

    // The tasks: the assignee's, and the unassigned one goes to the change's owner.
    await notifyOverdueChanges(deps, new Date('2026-01-13T15:00:00Z'));
    expect(await overdueOf(a.user.userId)).toHaveLength(1);
    expect(await overdueOf(a.manager.userId)).toHaveLength(2);
    await notifyOverdueChanges(deps, new Date('2026-01-14T15:00:00Z'));
    expect(await overdueOf(a.user.userId)).toHaveLength(1);

    // A later due date may be announced again when it passes.
    await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}`, { dueDate: '2026-02-01' });
    const [row] = await t.db.select().from(changeItems).where(eq(changeItems.id, change.id));
    expect(row!.overdueNotifiedAt).toBeNull();
    await notifyOverdueChanges(deps, new Date('2026-01-20T15:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(2);
    await notifyOverdueChanges(deps, new Date('2026-02-02T15:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(3);

    // Done tasks and finished changes are never chased.
    const tasks = await t.db.select().from(changeTasks).where(eq(changeTasks.changeId, change.id));
    expect(tasks.every((task) => task.overdueNotifiedAt !== null)).toBe(true);
    const overdueList = await call(a.user.cookie, 'GET', '/api/changes?overdue=true');
    expect(overdueList.json().total).toBe(1);
  });

  it('tells only active members of the institution, else its administrators, and retries a failed notice', async () => {
    const a = await institution();
    const b = await institution();
    const deps = notifyDependencies(t.app);
    const overdueOf = (userId: string) => notificationsOf(userId, 'change.overdue');
    const claimOf = async (id: string) =>
      (await t.db.select().from(changeItems).where(eq(changeItems.id, id)))[0]!.overdueNotifiedAt;

    const departed = await create(a.user.cookie, {
      title: 'Owner moved to another institution',
      dueDate: '2026-03-02',
      ownerId: a.user.userId,
    });
    const deactivated = await create(a.user.cookie, {
      title: 'Owner deactivated',
      dueDate: '2026-03-02',
      ownerId: a.manager.userId,
    });
    const task = await call(a.user.cookie, 'POST', `/api/changes/${deactivated.id}/tasks`, {
      title: 'Assignee deactivated too',
      assigneeId: a.manager.userId,
      dueDate: '2026-03-02',
    });
    expect(task.statusCode).toBe(201);
    const ownerless = await create(a.admin.cookie, {
      title: 'Nobody owns this',
      dueDate: '2026-03-02',
      ownerId: null,
    });
    expect(ownerless.ownerId).toBeNull();
    await t.db
      .update(userProfiles)
      .set({ companyId: b.companyId })
      .where(eq(userProfiles.userId, a.user.userId));
    await t.db
      .update(userProfiles)
      .set({ status: 'deactivated' })
      .where(eq(userProfiles.userId, a.manager.userId));

    // A notice that fails after the claim releases it: the next run tells them.
    const failingDb = new Proxy(deps.db, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (property === 'insert') {
          return (table: unknown) => {
            if (table === notifications) throw new Error('notifications are down');
            return target.insert(table as typeof notifications);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const failed = await notifyOverdueChanges(
      { ...deps, db: failingDb },
      new Date('2026-03-03T15:00:00Z'),
    );
    expect(failed).toEqual({ changes: 0, tasks: 0 });
    expect(await overdueOf(a.admin.userId)).toHaveLength(0);
    expect(await claimOf(departed.id)).toBeNull();
    const [pendingTask] = await t.db
      .select()
      .from(changeTasks)
      .where(eq(changeTasks.changeId, deactivated.id));
    expect(pendingTask!.overdueNotifiedAt).toBeNull();

    // The moved owner, the deactivated owner and assignee are never told; the administrator is.
    const told = await notifyOverdueChanges(deps, new Date('2026-03-03T16:00:00Z'));
    expect(told).toEqual({ changes: 3, tasks: 1 });
    expect(await overdueOf(a.user.userId)).toHaveLength(0);
    expect(await overdueOf(a.manager.userId)).toHaveLength(0);
    expect((await overdueOf(a.admin.userId)).map((row) => row.title).sort()).toEqual([
      'Overdue task on CHG-2: Assignee deactivated too',
      'Overdue: CHG-1 Owner moved to another institution',
      'Overdue: CHG-2 Owner deactivated',
      'Overdue: CHG-3 Nobody owns this',
    ]);
    expect(await overdueOf(b.admin.userId)).toHaveLength(0);
    await notifyOverdueChanges(deps, new Date('2026-03-04T16:00:00Z'));
    expect(await overdueOf(a.admin.userId)).toHaveLength(4);

    // Reopening a finished change re-arms its notice.
    const reopenable = await create(a.admin.cookie, {
      title: 'Finished, then reopened',
      dueDate: '2026-03-02',
      ownerId: a.admin.userId,
    });
    await notifyOverdueChanges(deps, new Date('2026-03-05T16:00:00Z'));
    expect(await claimOf(reopenable.id)).not.toBeNull();
    const finished = await call(
      a.admin.cookie,
      'POST',
      `/api/changes/${reopenable.id}/transition`,
      {
        to: 'not_applicable',
        note: 'We do not offer this product.',
      },
    );
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await claimOf(reopenable.id)).not.toBeNull();
    const reopened = await call(
      a.admin.cookie,
      'POST',
      `/api/changes/${reopenable.id}/transition`,
      {
        to: 'assessing',
      },
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await claimOf(reopenable.id)).toBeNull();
    await notifyOverdueChanges(deps, new Date('2026-03-06T16:00:00Z'));
    expect(
      (await overdueOf(a.admin.userId)).filter(
        (row) => row.title === 'Overdue: CHG-4 Finished, then reopened',
      ),
    ).toHaveLength(2);
  });

  it('exports the filtered list as CSV and a change as a PDF record', async () => {
    const a = await institution();
    const change = await create(a.user.cookie, {
      ...MANUAL,
      title: '=HYPERLINK("http://evil.example")',
    });
    await create(a.user.cookie, { title: 'Second change', riskRating: 'low' });
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body: `Looks right ${mentionToken('Casey Manager', a.manager.userId)}`,
    });

    const csv = await call(a.user.cookie, 'GET', '/api/changes/export.csv?risk=high');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(CHANGE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      'CHG-1,"\'=HYPERLINK(""http://evil.example"")",Identified,High,HMDA,Manual,2027-01-01,2027-01-01,No,Casey Member,0,0,HMDA policy',
    );
    const all = await call(a.user.cookie, 'GET', '/api/changes/export.csv');
    expect(all.body.trim().split('\n')).toHaveLength(3);

    // Text beyond Windows-1252, which a standard PDF font cannot draw.
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body: 'DTI ≥ 43 % at the Łódź branch; 12 CFR § 1026.43(c) → see the memo',
    });
    const moved = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/transition`, {
      to: 'assessing',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const pdf = await call(a.user.cookie, 'GET', `/api/changes/${change.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('CHG-1-');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Regulatory change record');
    expect(text).toContain('Impact assessment');
    expect(text).toContain('HMDA policy');
    expect(text).toContain('Looks right @Casey Manager');
    // The history reads from → to, and user text outside Windows-1252 survives intact.
    expect(text).toContain('Status: Identified → Assessing');
    expect(text).toContain('DTI ≥ 43 % at the Łódź branch; 12 CFR § 1026.43(c) → see the memo');
    expect(text).not.toContain('\uFFFD');
    expect(embeddedFontNames(pdf.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(pdf.rawPayload.includes('/FontFile2')).toBe(true);
    expect(pdf.rawPayload.includes('/Helvetica')).toBe(false);
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
