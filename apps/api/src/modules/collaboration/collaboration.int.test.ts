import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { auditLog } from '@complivue/db/schema/audit';
import { comments } from '@complivue/db/schema/collaboration';
import { libraryRules } from '@complivue/db/schema/library';
import {
  mentionToken,
  type CommentRevisions,
  type Discussion,
  type MyWork,
} from '@complivue/shared/schemas/collaboration';
import type { ActivityEntry } from '@complivue/shared/schemas/activity';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import type { PolicyDetail } from '@complivue/shared/schemas/policies';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('collaboration API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Professional plan, with an administrator, a manager (Casey Manager) and a member (Casey Member).
  const { call, institution, create, notificationsOf } = changeTestKit(() => t);
  const today = todayIn(null);

  async function firstRule() {
    const [rule] = await t.db.select({ id: libraryRules.id }).from(libraryRules).limit(1);
    return rule!.id;
  }
  async function post(cookie: string, type: string, id: string, body: string) {
    return call(cookie, 'POST', `/api/discussions/${type}/${encodeURIComponent(id)}/comments`, {
      body,
    });
  }
  async function discussion(cookie: string, type: string, id: string) {
    const response = await call(
      cookie,
      'GET',
      `/api/discussions/${type}/${encodeURIComponent(id)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Discussion>();
  }
  const commentsOn = (companyId: string, subjectId: string) =>
    t.db
      .select()
      .from(comments)
      .where(and(eq(comments.companyId, companyId), eq(comments.subjectId, subjectId)));

  it('discusses a rule with mentions told once, and refuses bad comments, writing nothing', async () => {
    const a = await institution();
    const b = await institution();
    const ruleId = await firstRule();

    const body = `${mentionToken('Casey Manager', a.manager.userId)} is this assessed? ${mentionToken('Casey Manager', a.manager.userId)}`;
    const posted = await post(a.user.cookie, 'rule', ruleId, body);
    expect(posted.statusCode, posted.body).toBe(201);
    const answer = posted.json<Discussion>();
    expect(answer.subject).toMatchObject({
      type: 'rule',
      id: ruleId,
      link: `/compliance/rules/${ruleId}`,
    });
    expect(answer.subject.label).toMatch(new RegExp(`^${ruleId} “.+”$`));
    expect(answer.comments).toEqual([
      expect.objectContaining({
        authorName: 'Casey Member',
        body,
        mentions: [a.manager.userId],
        editedAt: null,
        deletedAt: null,
      }),
    ]);
    const told = await notificationsOf(a.manager.userId, 'comment.mention');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `Casey Member mentioned you on ${answer.subject.label}`,
      link: `/compliance/rules/${ruleId}`,
      category: 'mentions',
    });
    expect(told[0]!.body).toContain('@Casey Manager is this assessed?');

    // Another institution's member, an unknown id, an empty or an oversized comment: a 400 each.
    const refusals: [string, string, string][] = [
      [
        `Hi ${mentionToken('Outsider', b.user.userId)}`,
        'unknown_mention',
        'You can only mention active members of your institution.',
      ],
      [
        `Hi ${mentionToken('Ghost', 'no-such-user')}`,
        'unknown_mention',
        'You can only mention active members of your institution.',
      ],
      ['   ', 'validation_failed', 'Write a comment.'],
      ['x'.repeat(10_001), 'validation_failed', 'Keep the comment under 10,000 characters.'],
    ];
    for (const [text, code, message] of refusals) {
      const refused = await post(a.user.cookie, 'rule', ruleId, text);
      expect(refused.statusCode, text.slice(0, 40)).toBe(400);
      expect(refused.body).toContain(code);
      expect(refused.body).toContain(message);
    }
    expect(await commentsOn(a.companyId, ruleId)).toHaveLength(1);
    expect(await notificationsOf(b.user.userId, 'comment.mention')).toHaveLength(0);
    // An unknown kind of object, and an object that does not exist.
    expect((await post(a.user.cookie, 'invoice', ruleId, 'Hi')).statusCode).toBe(400);
    const missing = await post(a.user.cookie, 'rule', 'NO-SUCH-RULE-1', 'Hi');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: 'not_found', message: 'This item does not exist or is not visible to you.' },
    });
  });

  it('keeps discussions, comments and their trail inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.user.cookie);
    const thread = await call(a.user.cookie, 'POST', '/api/collaboration/threads', {
      title: 'Exam preparation',
      body: 'What do we still need for the March exam?',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json<Discussion>().subject.id;
    const onChange = await post(a.user.cookie, 'change', change.id, 'Escrow analysis attached.');
    const commentId = onChange.json<Discussion>().comments[0]!.id;

    for (const [type, id] of [
      ['change', change.id],
      ['thread', threadId],
    ]) {
      const url = `/api/discussions/${type}/${id}`;
      expect((await call(b.admin.cookie, 'GET', url)).statusCode).toBe(404);
      expect((await call(b.admin.cookie, 'GET', `${url}/stream`)).statusCode).toBe(404);
      expect((await post(b.admin.cookie, type!, id!, 'Hello from B')).statusCode).toBe(404);
    }
    expect(
      (await call(b.admin.cookie, 'PATCH', `/api/comments/${commentId}`, { body: 'Hijacked' }))
        .statusCode,
    ).toBe(404);
    expect((await call(b.admin.cookie, 'DELETE', `/api/comments/${commentId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(b.admin.cookie, 'GET', `/api/comments/${commentId}/revisions`)).statusCode,
    ).toBe(404);
    const threads = await call(b.admin.cookie, 'GET', '/api/collaboration/threads');
    expect(threads.json()).toEqual({ threads: [] });
    const activity = await call(b.admin.cookie, 'GET', '/api/collaboration/activity');
    expect(activity.json<{ total: number }>().total).toBe(0);

    // A's records are as they were.
    const kept = await discussion(a.user.cookie, 'change', change.id);
    expect(kept.comments.map((comment) => comment.body)).toEqual(['Escrow analysis attached.']);
    expect(await commentsOn(b.companyId, change.id)).toHaveLength(0);
  });

  it('keeps a change’s comments in its detail and history, and refuses a discussion the plan or a confidential deadline does not open', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    await post(a.manager.cookie, 'change', change.id, 'Owner, please look.');
    const detail = (
      await call(a.user.cookie, 'GET', `/api/changes/${change.id}`)
    ).json<ChangeDetail>();
    expect(detail.comments.map((comment) => comment.body)).toEqual(['Owner, please look.']);
    expect(detail.history.some((entry) => entry.event === 'comment')).toBe(true);

    // On the Basic plan a change is not theirs to open (change management is Professional).
    const basic = await institution('basic');
    const [basicChange] = await t.db
      .insert(changeItems)
      .values({ companyId: basic.companyId, number: 1, title: 'Imported', source: 'manual' })
      .returning();
    expect(
      (await call(basic.admin.cookie, 'GET', `/api/discussions/change/${basicChange!.id}`))
        .statusCode,
    ).toBe(404);
    // The library is theirs: its rules can be discussed.
    expect((await post(basic.user.cookie, 'rule', await firstRule(), 'Ours too')).statusCode).toBe(
      201,
    );

    // A SAR deadline: only its owner, its creator, managers and administrators see it.
    const sar = await call(a.manager.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'sar',
      triggerDate: addDays(today, -1),
      reference: 'Case 12',
      reminderDays: [],
    });
    expect(sar.statusCode, sar.body).toBe(201);
    const sarId = sar.json<{ id: string }>().id;
    const shown = await discussion(a.admin.cookie, 'calendar_event', sarId);
    expect(shown.subject.label).toBe('BSA filing deadline');
    expect(
      (await call(a.user.cookie, 'GET', `/api/discussions/calendar_event/${sarId}`)).statusCode,
    ).toBe(404);
    // Nor can they be sent there by a mention.
    const mentioned = await post(
      a.manager.cookie,
      'calendar_event',
      sarId,
      `${mentionToken('Casey Member', a.user.userId)} can you file?`,
    );
    expect(mentioned.statusCode).toBe(400);
    expect(mentioned.json()).toMatchObject({ error: { code: 'unknown_mention' } });
    expect(await commentsOn(a.companyId, sarId)).toHaveLength(0);
  });

  it('lets the author edit and the author or an administrator delete, keeping the trail for administrators', async () => {
    const a = await institution();
    const ruleId = await firstRule();
    const posted = await post(a.user.cookie, 'rule', ruleId, 'First thought');
    const commentId = posted.json<Discussion>().comments[0]!.id;
    const url = `/api/comments/${commentId}`;

    const byOther = await call(a.manager.cookie, 'PATCH', url, { body: 'Not mine' });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ error: { code: 'not_your_comment' } });
    expect((await call(a.user.cookie, 'PATCH', url, { body: '' })).statusCode).toBe(400);

    const edited = await call(a.user.cookie, 'PATCH', url, {
      body: `Second thought, ${mentionToken('Casey Manager', a.manager.userId)}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Discussion>().comments[0]!;
    expect(after.body).toBe(`Second thought, ${mentionToken('Casey Manager', a.manager.userId)}`);
    expect(after.editedAt).not.toBeNull();
    // Mentioned by the edit: told once.
    expect(await notificationsOf(a.manager.userId, 'comment.mention')).toHaveLength(1);

    // A manager may not delete someone else's comment; an administrator may.
    expect((await call(a.manager.cookie, 'DELETE', url)).statusCode).toBe(403);
    const deleted = await call(a.admin.cookie, 'DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<Discussion>().comments[0]).toMatchObject({
      body: '',
      mentions: [],
      deletedAt: expect.any(String),
    });
    expect((await call(a.user.cookie, 'PATCH', url, { body: 'Back' })).statusCode).toBe(409);

    const trail = await call(a.admin.cookie, 'GET', `${url}/revisions`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json<CommentRevisions>().revisions).toEqual([
      expect.objectContaining({
        body: 'First thought',
        change: 'edited',
        changedByName: 'Casey Member',
      }),
      expect.objectContaining({
        body: `Second thought, ${mentionToken('Casey Manager', a.manager.userId)}`,
        change: 'deleted',
      }),
    ]);
    expect((await call(a.user.cookie, 'GET', `${url}/revisions`)).statusCode).toBe(403);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.targetId, ruleId)));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'comment.added',
      'comment.deleted',
      'comment.edited',
    ]);
  });

  it('lists a member’s work across modules with counts equal to its lists', async () => {
    const a = await institution();
    const change = await create(a.user.cookie, { title: 'Escrow cushion', areas: ['respa'] });
    const added = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Update the escrow procedure',
      assigneeId: a.user.userId,
      dueDate: addDays(today, 10),
    });
    expect(added.statusCode, added.body).toBe(201);
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Train the servicing team',
      assigneeId: a.user.userId,
      dueDate: addDays(today, 20),
    });
    // One task falls overdue.
    await t.db
      .update(changeTasks)
      .set({ dueDate: addDays(today, -2) })
      .where(eq(changeTasks.title, 'Train the servicing team'));
    await post(
      a.manager.cookie,
      'rule',
      await firstRule(),
      `${mentionToken('Casey Member', a.user.userId)} please assess`,
    );
    const policy = await call(a.manager.cookie, 'POST', '/api/policies', {
      title: 'Escrow policy',
      text: '# Escrow\n\nWe analyse escrow accounts every year under 12 CFR 1024.17.',
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const policyId = policy.json<PolicyDetail>().id;
    expect(
      (await call(a.manager.cookie, 'POST', `/api/policies/${policyId}/versions/1/submit`))
        .statusCode,
    ).toBe(200);

    const mine = (await call(a.user.cookie, 'GET', '/api/collaboration/my-work')).json<MyWork>();
    expect(mine.tasks.map((task) => [task.title, task.overdue])).toEqual([
      ['Train the servicing team', true],
      ['Update the escrow procedure', false],
    ]);
    expect(mine.tasks[0]!.subject).toMatchObject({
      type: 'change',
      id: change.id,
      link: `/change-management?change=${change.id}`,
    });
    expect(mine.mentions).toEqual([
      expect.objectContaining({
        excerpt: '@Casey Member please assess',
        subject: expect.objectContaining({ type: 'rule' }),
      }),
    ]);
    expect(mine.approvals).toEqual([]);
    expect(mine.counts).toEqual({
      tasks: mine.tasks.length,
      overdueTasks: 1,
      mentions: mine.mentions.length,
      approvals: 0,
    });

    // The administrator approves policies: the version in review waits on them.
    const admin = (await call(a.admin.cookie, 'GET', '/api/collaboration/my-work')).json<MyWork>();
    expect(admin.approvals).toEqual([
      expect.objectContaining({
        title: 'Approve version 1',
        subject: expect.objectContaining({ type: 'policy', id: policyId }),
      }),
    ]);
    expect(admin.counts.approvals).toBe(1);
    // A task done leaves the list.
    const detail = (
      await call(a.user.cookie, 'GET', `/api/changes/${change.id}`)
    ).json<ChangeDetail>();
    const task = detail.tasks.find((entry) => entry.title === 'Update the escrow procedure')!;
    await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}/tasks/${task.id}`, {
      done: true,
    });
    const later = (await call(a.user.cookie, 'GET', '/api/collaboration/my-work')).json<MyWork>();
    expect(later.counts.tasks).toBe(1);
  });

  it('shows the institution’s work by module, member and object, without addresses, and threads most recent first', async () => {
    const a = await institution();
    const change = await create(a.user.cookie);
    const first = await call(a.user.cookie, 'POST', '/api/collaboration/threads', {
      title: 'Older thread',
      body: 'One',
    });
    const second = await call(a.manager.cookie, 'POST', '/api/collaboration/threads', {
      title: 'Newer thread',
      body: 'Two',
    });
    expect(second.statusCode).toBe(201);
    // A comment makes the older thread the most recently active.
    const olderId = first.json<Discussion>().subject.id;
    await post(a.admin.cookie, 'thread', olderId, 'Bumped');
    const threads = (await call(a.user.cookie, 'GET', '/api/collaboration/threads')).json<{
      threads: { title: string; comments: number; createdByName: string }[];
    }>();
    expect(threads.threads.map((thread) => [thread.title, thread.comments])).toEqual([
      ['Older thread', 2],
      ['Newer thread', 1],
    ]);

    type Page = { items: ActivityEntry[]; total: number };
    const all = (await call(a.user.cookie, 'GET', '/api/collaboration/activity')).json<Page>();
    expect(all.items.every((entry) => entry.ipAddress === null)).toBe(true);
    // Work only: no sign-ins, no member or billing entries.
    expect(all.items.some((entry) => entry.action.startsWith('auth.'))).toBe(false);
    expect(all.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['change.created', 'thread.created', 'comment.added']),
    );
    const discussions = (
      await call(a.user.cookie, 'GET', '/api/collaboration/activity?module=discussions')
    ).json<Page>();
    expect(new Set(discussions.items.map((entry) => entry.action))).toEqual(
      new Set(['thread.created', 'comment.added']),
    );
    expect(discussions.total).toBe(3);
    const byManager = (
      await call(a.user.cookie, 'GET', `/api/collaboration/activity?actor=${a.manager.userId}`)
    ).json<Page>();
    expect(byManager.items.map((entry) => entry.action)).toEqual(['thread.created']);
    const onChange = (
      await call(a.user.cookie, 'GET', `/api/collaboration/activity?subject=change:${change.id}`)
    ).json<Page>();
    expect(onChange.items.map((entry) => entry.action)).toEqual(['change.created']);
    expect(
      (await call(a.user.cookie, 'GET', '/api/collaboration/activity?module=payroll')).statusCode,
    ).toBe(400);
  });
});
