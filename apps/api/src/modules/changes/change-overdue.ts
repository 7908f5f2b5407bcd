import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Db } from '@complivue/db/database';
import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { userProfiles } from '@complivue/db/schema/profiles';
import { FINISHED_CHANGE_STATUSES, dayIn, isPastDue } from '@complivue/shared/change-workflow';
import { changeLink } from '@complivue/shared/record-links';
import { and, eq, inArray, isNull, lt, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';
import { findAdministratorIds } from '../companies/members.ts';

const FINISHED = [...FINISHED_CHANGE_STATUSES];

/**
 * The latest calendar day anywhere on Earth (UTC+14): nothing can be past due where its owner
 * works unless its due date is before this, so it bounds the candidates the query reads.
 */
const latestDay = (now: Date) => dayIn(now, 'Pacific/Kiritimati');

/** Joins a member only while they are an active member of the item's own institution. */
const activeMemberOf = (
  profile: { userId: AnyColumn; companyId: AnyColumn; status: AnyColumn },
  userId: AnyColumn,
  companyId: AnyColumn,
) =>
  and(eq(profile.userId, userId), eq(profile.companyId, companyId), eq(profile.status, 'active'));

/**
 * Who is told about an item, decided once per run: the first of `preferred` who is an active
 * member of the item's institution, else its active administrators (so a departed owner's
 * overdue work still reaches someone who can reassign it).
 */
function recipientResolver(db: Db) {
  const adminsOf = new Map<string, Promise<string[]>>();
  const administrators = (companyId: string) => {
    let found = adminsOf.get(companyId);
    if (!found) {
      found = findAdministratorIds(db, companyId);
      adminsOf.set(companyId, found);
    }
    return found;
  };
  return async (companyId: string, preferred: (string | null)[]): Promise<string[]> => {
    const ids = preferred.filter((id): id is string => !!id);
    if (ids.length > 0) {
      const active = await db
        .select({ userId: userProfiles.userId })
        .from(userProfiles)
        .where(
          and(
            inArray(userProfiles.userId, ids),
            eq(userProfiles.companyId, companyId),
            eq(userProfiles.status, 'active'),
          ),
        );
      const activeIds = new Set(active.map((row) => row.userId));
      const first = ids.find((id) => activeIds.has(id));
      if (first) return [first];
    }
    return administrators(companyId);
  };
}

/**
 * Tells owners about changes past their due date and assignees (else the change's owner) about
 * tasks past theirs, once each. Only active members of the change's institution are told: when
 * the owner or assignee has left it or been deactivated (or there is none), its active
 * administrators are told instead. A due date is past once that day has ended in the
 * recipient's time zone (their profile's, else US Eastern, which is also the administrators').
 * Each item is claimed with a conditional UPDATE (`overdue_notified_at IS NULL`) before anyone
 * is told, so two API instances running the job at once never send it twice; if nobody could
 * be told (the notice failed, or no one is left to tell) the claim is released for the next
 * run. Moving a due date later and reopening clear the claim (changes.service.ts).
 */
export async function notifyOverdueChanges(
  deps: NotifyDependencies,
  now: Date = new Date(),
): Promise<{ changes: number; tasks: number }> {
  const { db } = deps;
  const bound = latestDay(now);
  const recipientsFor = recipientResolver(db);

  const owner = alias(userProfiles, 'owner');
  const changeCandidates = await db
    .select({
      id: changeItems.id,
      dueDate: changeItems.dueDate,
      timeZone: owner.timezone,
    })
    .from(changeItems)
    .leftJoin(owner, activeMemberOf(owner, changeItems.ownerId, changeItems.companyId))
    .where(
      and(
        notInArray(changeItems.status, FINISHED),
        isNull(changeItems.overdueNotifiedAt),
        lt(changeItems.dueDate, bound),
      ),
    );
  const dueChangeIds = changeCandidates
    .filter((row) => isPastDue(row.dueDate, dayIn(now, row.timeZone)))
    .map((row) => row.id);
  const claimedChanges =
    dueChangeIds.length === 0
      ? []
      : await db
          .update(changeItems)
          .set({ overdueNotifiedAt: now })
          .where(
            and(
              inArray(changeItems.id, dueChangeIds),
              isNull(changeItems.overdueNotifiedAt),
              notInArray(changeItems.status, FINISHED),
            ),
          )
          .returning({
            id: changeItems.id,
            companyId: changeItems.companyId,
            ownerId: changeItems.ownerId,
            number: changeItems.number,
            title: changeItems.title,
            dueDate: changeItems.dueDate,
          });
  let changesTold = 0;
  for (const change of claimedChanges) {
    const told = await deliver(deps, {
      companyId: change.companyId,
      userIds: await recipientsFor(change.companyId, [change.ownerId]),
      title: `Overdue: ${changeNumberLabel(change.number)} ${change.title}`,
      body: `This regulatory change was due ${change.dueDate} and is not closed yet.`,
      changeId: change.id,
    });
    if (told) changesTold += 1;
    else {
      await db
        .update(changeItems)
        .set({ overdueNotifiedAt: null })
        .where(and(eq(changeItems.id, change.id), eq(changeItems.overdueNotifiedAt, now)));
    }
  }

  const changeOwner = alias(userProfiles, 'change_owner');
  const assignee = alias(userProfiles, 'assignee');
  const taskCandidates = await db
    .select({
      id: changeTasks.id,
      dueDate: changeTasks.dueDate,
      timeZone: sql<string | null>`case
        when ${assignee.userId} is not null then ${assignee.timezone}
        when ${changeOwner.userId} is not null then ${changeOwner.timezone}
      end`,
    })
    .from(changeTasks)
    .innerJoin(changeItems, eq(changeItems.id, changeTasks.changeId))
    .leftJoin(assignee, activeMemberOf(assignee, changeTasks.assigneeId, changeTasks.companyId))
    .leftJoin(changeOwner, activeMemberOf(changeOwner, changeItems.ownerId, changeItems.companyId))
    .where(
      and(
        isNull(changeTasks.doneAt),
        isNull(changeTasks.overdueNotifiedAt),
        notInArray(changeItems.status, FINISHED),
        lt(changeTasks.dueDate, bound),
      ),
    );
  const dueTaskIds = taskCandidates
    .filter((row) => isPastDue(row.dueDate, dayIn(now, row.timeZone)))
    .map((row) => row.id);
  const claimedTasks =
    dueTaskIds.length === 0
      ? []
      : await db
          .update(changeTasks)
          .set({ overdueNotifiedAt: now })
          .where(
            and(
              inArray(changeTasks.id, dueTaskIds),
              isNull(changeTasks.overdueNotifiedAt),
              isNull(changeTasks.doneAt),
            ),
          )
          .returning({ id: changeTasks.id });
  let tasksTold = 0;
  if (claimedTasks.length > 0) {
    const tasks = await db
      .select({
        id: changeTasks.id,
        companyId: changeTasks.companyId,
        title: changeTasks.title,
        dueDate: changeTasks.dueDate,
        assigneeId: changeTasks.assigneeId,
        ownerId: changeItems.ownerId,
        changeId: changeItems.id,
        number: changeItems.number,
      })
      .from(changeTasks)
      .innerJoin(changeItems, eq(changeItems.id, changeTasks.changeId))
      .where(
        inArray(
          changeTasks.id,
          claimedTasks.map((task) => task.id),
        ),
      );
    for (const task of tasks) {
      const told = await deliver(deps, {
        companyId: task.companyId,
        userIds: await recipientsFor(task.companyId, [task.assigneeId, task.ownerId]),
        title: `Overdue task on ${changeNumberLabel(task.number)}: ${task.title}`,
        body: `This task was due ${task.dueDate} and is not done yet.`,
        changeId: task.changeId,
      });
      if (told) tasksTold += 1;
      else {
        await db
          .update(changeTasks)
          .set({ overdueNotifiedAt: null })
          .where(and(eq(changeTasks.id, task.id), eq(changeTasks.overdueNotifiedAt, now)));
      }
    }
  }
  return { changes: changesTold, tasks: tasksTold };
}

/** Sends one overdue notice; whether anyone was told (a failure is logged, not thrown). */
async function deliver(
  deps: NotifyDependencies,
  options: {
    companyId: string;
    userIds: string[];
    title: string;
    body: string;
    changeId: string;
  },
): Promise<boolean> {
  if (options.userIds.length === 0) return false;
  try {
    const sent = await notify(deps, {
      companyId: options.companyId,
      userIds: options.userIds,
      type: 'change.overdue',
      category: 'deadlines',
      priority: 'high',
      title: options.title,
      body: options.body,
      link: changeLink(options.changeId),
    });
    return sent.length > 0;
  } catch (error) {
    // One failed notice must not stop the others; its claim is released for the next run.
    deps.log.error({ err: error, changeId: options.changeId }, 'overdue notification failed');
    return false;
  }
}
