import type { Db } from '@complivue/db/database';
import { teamTasks } from '@complivue/db/schema/collaboration';
import { userProfiles } from '@complivue/db/schema/profiles';
import { isPastDue } from '@complivue/shared/change-workflow';
import type { SubjectRef, TeamTask } from '@complivue/shared/schemas/collaboration';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { memberName } from '../companies/members.ts';

type TaskRow = typeof teamTasks.$inferSelect & { assigneeName: string | null };

export function toTeamTask(row: TaskRow, subject: SubjectRef | null, today: string): TeamTask {
  return {
    id: row.id,
    title: row.title,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    dueDate: row.dueDate,
    overdue: row.doneAt === null && isPastDue(row.dueDate, today),
    checklist: row.checklist,
    doneAt: row.doneAt?.toISOString() ?? null,
    doneByName: row.doneByName,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    subject,
  };
}

/**
 * One object's tasks (or, with no subject, the free-standing ones of the institution), open
 * first, then oldest first; the caller has checked the member may see the object.
 */
export async function findTasks(
  db: Db,
  options: { companyId: string; subject: SubjectRef | null; today: string },
): Promise<TeamTask[]> {
  const { subject } = options;
  const rows = await db
    .select({
      task: teamTasks,
      assigneeName: sql<string | null>`${memberName}`,
    })
    .from(teamTasks)
    .leftJoin(
      userProfiles,
      and(
        eq(userProfiles.userId, teamTasks.assigneeId),
        eq(userProfiles.companyId, teamTasks.companyId),
      ),
    )
    .where(
      and(
        eq(teamTasks.companyId, options.companyId),
        subject ? eq(teamTasks.subjectType, subject.type) : isNull(teamTasks.subjectType),
        subject ? eq(teamTasks.subjectId, subject.id) : isNull(teamTasks.subjectId),
      ),
    )
    .orderBy(sql`${teamTasks.doneAt} IS NOT NULL`, asc(teamTasks.createdAt), asc(teamTasks.id))
    .limit(500);
  return rows.map((row) =>
    toTeamTask({ ...row.task, assigneeName: row.assigneeName }, subject, options.today),
  );
}
