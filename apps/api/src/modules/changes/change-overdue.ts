import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { userProfiles } from '@complivue/db/schema/profiles';
import { FINISHED_CHANGE_STATUSES, dayIn, isPastDue } from '@complivue/shared/change-workflow';
import { changeNumberLabel } from '@complivue/shared/schemas/changes';
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';
import { changeLink } from './changes.service.ts';

const FINISHED = [...FINISHED_CHANGE_STATUSES];

/**
 * The latest calendar day anywhere on Earth (UTC+14): nothing can be past due where its owner
 * works unless its due date is before this, so it bounds the candidates the query reads.
 */
const latestDay = (now: Date) => dayIn(now, 'Pacific/Kiritimati');

/**
 * Tells owners about changes past their due date and assignees (else the change's owner) about
 * tasks past theirs, once each. A due date is past once that day has ended in the recipient's
 * time zone (their profile's, else US Eastern). Each item is claimed with a conditional UPDATE
 * (`overdue_notified_at IS NULL`) before anyone is told, so two API instances running the job
 * at once never send it twice; moving a due date later clears the claim (changes.service.ts).
 */
export async function notifyOverdueChanges(
  deps: NotifyDependencies,
  now: Date = new Date(),
): Promise<{ changes: number; tasks: number }> {
  const { db } = deps;
  const bound = latestDay(now);

  const changeCandidates = await db
    .select({
      id: changeItems.id,
      dueDate: changeItems.dueDate,
      timeZone: userProfiles.timezone,
    })
    .from(changeItems)
    .innerJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(
      and(
        notInArray(changeItems.status, FINISHED),
        isNull(changeItems.overdueNotifiedAt),
        isNotNull(changeItems.ownerId),
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
  for (const change of claimedChanges) {
    await deliver(deps, {
      companyId: change.companyId,
      userId: change.ownerId,
      title: `Overdue: ${changeNumberLabel(change.number)} ${change.title}`,
      body: `This regulatory change was due ${change.dueDate} and is not closed yet.`,
      changeId: change.id,
    });
  }

  const changeOwner = alias(userProfiles, 'change_owner');
  const assignee = alias(userProfiles, 'assignee');
  const taskCandidates = await db
    .select({
      id: changeTasks.id,
      dueDate: changeTasks.dueDate,
      timeZone: sql<
        string | null
      >`case when ${changeTasks.assigneeId} is not null then ${assignee.timezone} else ${changeOwner.timezone} end`,
      recipient: sql<string | null>`coalesce(${changeTasks.assigneeId}, ${changeItems.ownerId})`,
    })
    .from(changeTasks)
    .innerJoin(changeItems, eq(changeItems.id, changeTasks.changeId))
    .leftJoin(assignee, eq(assignee.userId, changeTasks.assigneeId))
    .leftJoin(changeOwner, eq(changeOwner.userId, changeItems.ownerId))
    .where(
      and(
        isNull(changeTasks.doneAt),
        isNull(changeTasks.overdueNotifiedAt),
        notInArray(changeItems.status, FINISHED),
        lt(changeTasks.dueDate, bound),
      ),
    );
  const dueTaskIds = taskCandidates
    .filter((row) => row.recipient && isPastDue(row.dueDate, dayIn(now, row.timeZone)))
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
  if (claimedTasks.length > 0) {
    const tasks = await db
      .select({
        companyId: changeTasks.companyId,
        title: changeTasks.title,
        dueDate: changeTasks.dueDate,
        recipient: sql<string | null>`coalesce(${changeTasks.assigneeId}, ${changeItems.ownerId})`,
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
      await deliver(deps, {
        companyId: task.companyId,
        userId: task.recipient,
        title: `Overdue task on ${changeNumberLabel(task.number)}: ${task.title}`,
        body: `This task was due ${task.dueDate} and is not done yet.`,
        changeId: task.changeId,
      });
    }
  }
  return { changes: claimedChanges.length, tasks: claimedTasks.length };
}

async function deliver(
  deps: NotifyDependencies,
  options: {
    companyId: string;
    userId: string | null;
    title: string;
    body: string;
    changeId: string;
  },
) {
  if (!options.userId) return;
  try {
    await notify(deps, {
      companyId: options.companyId,
      userIds: [options.userId],
      type: 'change.overdue',
      category: 'deadlines',
      priority: 'high',
      title: options.title,
      body: options.body,
      link: changeLink(options.changeId),
    });
  } catch (error) {
    // The claim stands: one failed notice must not stop the others or repeat every hour.
    deps.log.error({ err: error, changeId: options.changeId }, 'overdue notification failed');
  }
}
