import { teamTasks } from '@complivue/db/schema/collaboration';
import { userProfiles } from '@complivue/db/schema/profiles';
import { dayIn, isPastDue } from '@complivue/shared/change-workflow';
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';

/**
 * Tells the assignee of each team task past its due date, once. The due date has passed once
 * that day has ended in the assignee's time zone (their profile's, else US Eastern). Each task
 * is claimed with a conditional UPDATE (`overdue_notified_at IS NULL`) before anyone is told,
 * so two instances running the job at once never send it twice; if the notice could not be
 * sent the claim is released for the next run. A new due date clears the claim
 * (tasks.service.ts). The model of the overdue changes and corrective actions.
 */
export async function notifyOverdueTasks(
  deps: NotifyDependencies,
  now: Date = new Date(),
): Promise<{ tasks: number }> {
  const { db } = deps;
  // Nothing is past due anywhere on Earth unless it is due before the latest day (UTC+14).
  const bound = dayIn(now, 'Pacific/Kiritimati');
  const candidates = await db
    .select({ id: teamTasks.id, dueDate: teamTasks.dueDate, timeZone: userProfiles.timezone })
    .from(teamTasks)
    .innerJoin(
      userProfiles,
      and(
        eq(userProfiles.userId, teamTasks.assigneeId),
        eq(userProfiles.companyId, teamTasks.companyId),
        eq(userProfiles.status, 'active'),
      ),
    )
    .where(
      and(
        isNull(teamTasks.doneAt),
        isNull(teamTasks.overdueNotifiedAt),
        isNotNull(teamTasks.assigneeId),
        lt(teamTasks.dueDate, bound),
      ),
    );
  const dueIds = candidates
    .filter((row) => isPastDue(row.dueDate, dayIn(now, row.timeZone)))
    .map((row) => row.id);
  if (dueIds.length === 0) return { tasks: 0 };
  const claimed = await db
    .update(teamTasks)
    .set({ overdueNotifiedAt: now })
    .where(
      and(
        inArray(teamTasks.id, dueIds),
        isNull(teamTasks.overdueNotifiedAt),
        isNull(teamTasks.doneAt),
      ),
    )
    .returning();

  let told = 0;
  for (const task of claimed) {
    let sent = false;
    try {
      const ids = await notify(deps, {
        companyId: task.companyId,
        userIds: task.assigneeId ? [task.assigneeId] : [],
        type: 'task.overdue',
        category: 'tasks',
        priority: 'high',
        title: `Overdue task: ${task.title}`,
        body: `It was due ${task.dueDate} and is not done yet.`,
        link: '/collaboration?tasks=overdue',
      });
      sent = ids.length > 0;
    } catch (error) {
      // One failed notice must not stop the others; its claim is released for the next run.
      deps.log.error({ err: error, taskId: task.id }, 'overdue task notification failed');
    }
    if (sent) told += 1;
    else {
      await db
        .update(teamTasks)
        .set({ overdueNotifiedAt: null })
        .where(and(eq(teamTasks.id, task.id), eq(teamTasks.overdueNotifiedAt, now)));
    }
  }
  return { tasks: told };
}
