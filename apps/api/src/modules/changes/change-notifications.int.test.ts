import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { type ChangeDetail } from '@complivue/shared/schemas/changes';
import { mentionToken } from '@complivue/shared/schemas/collaboration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { notifyOverdueChanges } from './change-overdue.ts';

describe('change management: who is told', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, create, notificationsOf } = changeTestKit(() => t);

  it('notifies each mentioned member once, and refuses a comment mentioning a non-member', async () => {
    const a = await institution();
    const b = await institution();
    const change = await create(a.user.cookie);
    for (const stranger of [
      mentionToken('Outsider', b.user.userId),
      mentionToken('Ghost', 'no-such-user'),
    ]) {
      const refused = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
        body: `${mentionToken('Casey Manager', a.manager.userId)} and ${stranger}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'unknown_mention',
          message: 'You can only mention active members of your institution.',
        },
      });
    }
    expect(await notificationsOf(b.user.userId, 'change.mention')).toHaveLength(0);
    expect(await notificationsOf(a.manager.userId, 'change.mention')).toHaveLength(0);

    const body = `${mentionToken('Casey Manager', a.manager.userId)} please review, and ${mentionToken('Casey Manager', a.manager.userId)} again`;
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

  it('notifies owners and assignees of overdue work once, and again after a later due date', async () => {
    const a = await institution();
    const change = await create(a.user.cookie, {
      title: 'Escrow cushion change',
      dueDate: '2099-01-10',
      ownerId: a.manager.userId,
    });
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Update the escrow analysis',
      assigneeId: a.user.userId,
      dueDate: '2099-01-12',
    });
    const unassigned = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/tasks`, {
      title: 'Nobody’s task',
      dueDate: '2099-01-12',
    });
    expect(unassigned.statusCode).toBe(201);
    const deps = notifyDependencies(t.app);
    const overdueOf = (userId: string) => notificationsOf(userId, 'change.overdue');

    // The 10th has not ended in New York yet at 03:00 UTC on the 11th.
    await notifyOverdueChanges(deps, new Date('2099-01-11T03:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(0);
    await notifyOverdueChanges(deps, new Date('2099-01-11T12:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(1);
    expect((await overdueOf(a.manager.userId))[0]).toMatchObject({
      priority: 'high',
      title: 'Overdue: CHG-1 Escrow cushion change',
    });
    // Two instances running the job at once still notify once.
    await Promise.all([
      notifyOverdueChanges(deps, new Date('2099-01-11T13:00:00Z')),
      notifyOverdueChanges(deps, new Date('2099-01-11T13:00:00Z')),
    ]);
    expect(await overdueOf(a.manager.userId)).toHaveLength(1);
    expect(await overdueOf(a.user.userId)).toHaveLength(0);

    // The tasks: the assignee's, and the unassigned one goes to the change's owner.
    await notifyOverdueChanges(deps, new Date('2099-01-13T15:00:00Z'));
    expect(await overdueOf(a.user.userId)).toHaveLength(1);
    expect(await overdueOf(a.manager.userId)).toHaveLength(2);
    await notifyOverdueChanges(deps, new Date('2099-01-14T15:00:00Z'));
    expect(await overdueOf(a.user.userId)).toHaveLength(1);

    // A later due date may be announced again when it passes.
    await call(a.user.cookie, 'PATCH', `/api/changes/${change.id}`, { dueDate: '2099-02-01' });
    const [row] = await t.db.select().from(changeItems).where(eq(changeItems.id, change.id));
    expect(row!.overdueNotifiedAt).toBeNull();
    await notifyOverdueChanges(deps, new Date('2099-01-20T15:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(2);
    await notifyOverdueChanges(deps, new Date('2099-02-02T15:00:00Z'));
    expect(await overdueOf(a.manager.userId)).toHaveLength(3);

    // Done tasks and finished changes are never chased.
    const tasks = await t.db.select().from(changeTasks).where(eq(changeTasks.changeId, change.id));
    expect(tasks.every((task) => task.overdueNotifiedAt !== null)).toBe(true);
    // The list's "overdue" is the member's today: once that day has passed (time moves on;
    // the API refuses a due date in the past), the change is listed as overdue.
    expect((await call(a.user.cookie, 'GET', '/api/changes?overdue=true')).json().total).toBe(0);
    await t.db
      .update(changeItems)
      .set({ dueDate: '2020-02-01' })
      .where(eq(changeItems.id, change.id));
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
      dueDate: '2099-03-02',
      ownerId: a.user.userId,
    });
    const deactivated = await create(a.user.cookie, {
      title: 'Owner deactivated',
      dueDate: '2099-03-02',
      ownerId: a.manager.userId,
    });
    const task = await call(a.user.cookie, 'POST', `/api/changes/${deactivated.id}/tasks`, {
      title: 'Assignee deactivated too',
      assigneeId: a.manager.userId,
      dueDate: '2099-03-02',
    });
    expect(task.statusCode).toBe(201);
    const ownerless = await create(a.admin.cookie, {
      title: 'Nobody owns this',
      dueDate: '2099-03-02',
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
      new Date('2099-03-03T15:00:00Z'),
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
    const told = await notifyOverdueChanges(deps, new Date('2099-03-03T16:00:00Z'));
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
    await notifyOverdueChanges(deps, new Date('2099-03-04T16:00:00Z'));
    expect(await overdueOf(a.admin.userId)).toHaveLength(4);

    // Reopening a finished change re-arms its notice.
    const reopenable = await create(a.admin.cookie, {
      title: 'Finished, then reopened',
      dueDate: '2099-03-02',
      ownerId: a.admin.userId,
    });
    await notifyOverdueChanges(deps, new Date('2099-03-05T16:00:00Z'));
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
    await notifyOverdueChanges(deps, new Date('2099-03-06T16:00:00Z'));
    expect(
      (await overdueOf(a.admin.userId)).filter(
        (row) => row.title === 'Overdue: CHG-4 Finished, then reopened',
      ),
    ).toHaveLength(2);
  });
});
