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
  type TeamTask,
} from '@complivue/shared/schemas/collaboration';
import type { ActivityEntry } from '@complivue/shared/schemas/activity';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import type { PolicyDetail } from '@complivue/shared/schemas/policies';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PDF, changeTestKit } from '../../../test/changes.ts';
import { multipartForm, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { notifyOverdueTasks } from './task-overdue.ts';

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
  /** A comment with a file, as the browser's form sends it. */
  function attach(cookie: string, type: string, id: string, body: string, file = CHANGE_PDF) {
    const form = multipartForm({ body }, [file]);
    return t.app.inject({
      method: 'POST',
      url: `/api/discussions/${type}/${encodeURIComponent(id)}/attachments`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
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

  it('keeps discussions, comments, tasks and their trail inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.user.cookie);
    const thread = await call(a.user.cookie, 'POST', '/api/collaboration/threads', {
      title: 'Exam preparation',
      body: 'What do we still need for the March exam?',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json<Discussion>().subject.id;
    const onChange = await attach(a.user.cookie, 'change', change.id, 'Escrow analysis attached.');
    expect(onChange.statusCode, onChange.body).toBe(201);
    const commentId = onChange.json<Discussion>().comments[0]!.id;
    expect(
      (await call(b.admin.cookie, 'GET', `/api/comments/${commentId}/attachment`)).statusCode,
    ).toBe(404);
    expect((await attach(b.admin.cookie, 'change', change.id, 'Mine now')).statusCode).toBe(404);
    const task = await call(a.user.cookie, 'POST', '/api/tasks', {
      title: 'Collect the escrow statements',
      subject: { type: 'thread', id: threadId },
    });
    expect(task.statusCode, task.body).toBe(201);
    const taskId = task.json<{ tasks: TeamTask[] }>().tasks[0]!.id;
    expect(
      (await call(b.admin.cookie, 'PATCH', `/api/tasks/${taskId}`, { done: true })).statusCode,
    ).toBe(404);
    expect((await call(b.admin.cookie, 'DELETE', `/api/tasks/${taskId}`)).statusCode).toBe(404);
    expect(
      (await call(b.admin.cookie, 'GET', `/api/tasks?subject=thread:${threadId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(b.admin.cookie, 'POST', '/api/tasks', {
          title: 'Sneak in',
          subject: { type: 'thread', id: threadId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(b.admin.cookie, 'GET', '/api/tasks')).json<{ tasks: TeamTask[] }>().tasks,
    ).toEqual([]);

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
    const file = await call(a.user.cookie, 'GET', `/api/comments/${commentId}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CHANGE_PDF.data)).toBe(true);
    expect(await commentsOn(b.companyId, change.id)).toHaveLength(0);
    const tasks = await call(a.user.cookie, 'GET', `/api/tasks?subject=thread:${threadId}`);
    expect(tasks.json<{ tasks: TeamTask[] }>().tasks).toEqual([
      expect.objectContaining({ id: taskId, doneAt: null }),
    ]);
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

  it('gives a member a task on a rule, tells them once, and lets them tick its checklist and complete it', async () => {
    const a = await institution();
    const b = await institution();
    const ruleId = await firstRule();
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { title: 'x', subject: { type: 'rule', id: ruleId } },
        400,
        'Describe the task in at least 2 characters.',
      ],
      [{ title: 'Past', dueDate: addDays(today, -1) }, 400, 'Choose a due date of today or later.'],
      [
        { title: 'Foreign', assigneeId: b.user.userId },
        400,
        'The assignee must be an active member',
      ],
      [
        { title: 'On a change', subject: { type: 'change', id: (await create(a.user.cookie)).id } },
        400,
        'A change’s tasks are added on the change',
      ],
      [
        { title: 'Nowhere', subject: { type: 'rule', id: 'NO-SUCH-RULE-9' } },
        404,
        'This item does not exist',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await call(a.manager.cookie, 'POST', '/api/tasks', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.body).toContain(message);
    }

    const created = await call(a.manager.cookie, 'POST', '/api/tasks', {
      title: 'Test three files for the Loan Estimate timing',
      subject: { type: 'rule', id: ruleId },
      assigneeId: a.user.userId,
      dueDate: addDays(today, 5),
      checklist: ['Pick three files', 'Record the dates'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [task] = created.json<{ tasks: TeamTask[] }>().tasks;
    expect(task).toMatchObject({
      title: 'Test three files for the Loan Estimate timing',
      assigneeId: a.user.userId,
      overdue: false,
      checklist: [
        { text: 'Pick three files', done: false },
        { text: 'Record the dates', done: false },
      ],
      subject: { type: 'rule', id: ruleId },
    });
    const told = await notificationsOf(a.user.userId, 'task.assigned');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/compliance/rules/${ruleId}`, category: 'tasks' });

    // It waits in the assignee's My work; another member may not change it.
    const mine = (await call(a.user.cookie, 'GET', '/api/collaboration/my-work')).json<MyWork>();
    expect(mine.tasks).toEqual([
      expect.objectContaining({
        id: task!.id,
        kind: 'task',
        subject: expect.objectContaining({ id: ruleId }),
      }),
    ]);
    const other = await signedInMember(t.app, { companyId: a.companyId, role: 'user' });
    const refused = await call(other.cookie, 'PATCH', `/api/tasks/${task!.id}`, { done: true });
    expect(refused.statusCode).toBe(403);

    const ticked = await call(a.user.cookie, 'PATCH', `/api/tasks/${task!.id}`, {
      checklist: [
        { text: 'Pick three files', done: true },
        { text: 'Record the dates', done: false },
      ],
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json<{ tasks: TeamTask[] }>().tasks[0]!.checklist[0]!.done).toBe(true);
    const done = await call(a.user.cookie, 'PATCH', `/api/tasks/${task!.id}`, { done: true });
    expect(done.json<{ tasks: TeamTask[] }>().tasks[0]).toMatchObject({
      doneByName: 'Casey Member',
      doneAt: expect.any(String),
    });
    const after = (await call(a.user.cookie, 'GET', '/api/collaboration/my-work')).json<MyWork>();
    expect(after.tasks).toEqual([]);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, a.companyId), eq(auditLog.targetId, ruleId)));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'task.completed',
      'task.created',
      'task.updated',
    ]);
  });

  it('tells the assignee of an overdue task once, and again after a new due date passes', async () => {
    const a = await institution();
    const created = await call(a.manager.cookie, 'POST', '/api/tasks', {
      title: 'File the board minutes',
      assigneeId: a.user.userId,
      dueDate: addDays(today, 1),
    });
    const taskId = created.json<{ tasks: TeamTask[] }>().tasks[0]!.id;
    const deps = notifyDependencies(t.app);
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    expect(await notifyOverdueTasks(deps, new Date())).toEqual({ tasks: 0 });
    expect(await notifyOverdueTasks(deps, inThreeDays)).toEqual({ tasks: 1 });
    expect(await notifyOverdueTasks(deps, inThreeDays)).toEqual({ tasks: 0 });
    const overdue = await notificationsOf(a.user.userId, 'task.overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({
      title: 'Overdue task: File the board minutes',
      priority: 'high',
      link: '/collaboration?tasks=overdue',
    });
    // A new due date may be told again once it passes.
    await call(a.manager.cookie, 'PATCH', `/api/tasks/${taskId}`, { dueDate: addDays(today, 2) });
    expect(await notifyOverdueTasks(deps, new Date(Date.now() + 5 * 86_400_000))).toEqual({
      tasks: 1,
    });
    // Deleted by its creator: gone, the audit log keeps it.
    expect((await call(a.user.cookie, 'DELETE', `/api/tasks/${taskId}`)).statusCode).toBe(403);
    expect((await call(a.manager.cookie, 'DELETE', `/api/tasks/${taskId}`)).statusCode).toBe(204);
    const free = (await call(a.user.cookie, 'GET', '/api/tasks')).json<{ tasks: TeamTask[] }>();
    expect(free.tasks).toEqual([]);
  });

  it('attaches a file to a comment with the limits of every upload, and hides it once the comment is deleted', async () => {
    const a = await institution();
    const ruleId = await firstRule();
    const refused = await attach(a.user.cookie, 'rule', ruleId, 'Program', {
      fileName: 'tool.exe',
      contentType: 'application/octet-stream',
      data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
    });
    expect(refused.statusCode).toBe(415);
    expect(await commentsOn(a.companyId, ruleId)).toHaveLength(0);

    // A file alone is a comment too.
    const sent = await attach(a.user.cookie, 'rule', ruleId, '');
    expect(sent.statusCode, sent.body).toBe(201);
    const [comment] = sent.json<Discussion>().comments;
    expect(comment).toMatchObject({
      body: '',
      attachment: {
        fileName: CHANGE_PDF.fileName,
        contentType: 'application/pdf',
        sizeBytes: CHANGE_PDF.data.length,
      },
    });
    const url = `/api/comments/${comment!.id}/attachment`;
    const file = await call(a.manager.cookie, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');

    expect((await call(a.user.cookie, 'DELETE', `/api/comments/${comment!.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(a.manager.cookie, 'GET', url)).statusCode).toBe(404);
  });
});
