import type { Db } from '@complivue/db/database';
import { teamTasks } from '@complivue/db/schema/collaboration';
import { userProfiles } from '@complivue/db/schema/profiles';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  type CreateTeamTaskRequest,
  type SubjectRef,
  type UpdateTeamTaskRequest,
} from '@complivue/shared/schemas/collaboration';
import { COLLABORATION_MESSAGES } from '@complivue/shared/collaboration';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { announceDiscussion } from './comment-store.ts';
import type { DiscussionActor } from './comments.service.ts';
import { requireSubject, type Subject } from './discussion-subjects.ts';

type TaskRow = typeof teamTasks.$inferSelect;

/** What the activity's sentence names when a task is on no object. */
const FREE_STANDING = 'the team’s task list';

const refuse = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

/** A due date is today or later: a task is never overdue the moment it is written. */
function refusePastDueDate(dueDate: string | null | undefined, today: string) {
  if (dueDate && dueDate < today) {
    throw refuse('dueDate', COLLABORATION_MESSAGES.task_due_date_past);
  }
}

/** The assignee: an active member of the institution who may see the task's object. */
async function requireAssignee(
  db: Db,
  companyId: string,
  assigneeId: string,
  subject: Subject | null,
): Promise<void> {
  const [member] = await db
    .select({ userId: userProfiles.userId, role: userProfiles.role })
    .from(userProfiles)
    .where(
      and(
        eq(userProfiles.userId, assigneeId),
        eq(userProfiles.companyId, companyId),
        eq(userProfiles.status, 'active'),
      ),
    );
  if (!member || (subject && !subject.visibleTo(member))) {
    throw refuse('assigneeId', COLLABORATION_MESSAGES.assignee_not_member);
  }
}

const taskLink = (subject: SubjectRef | null) => subject?.link ?? '/collaboration';

/** Everyone viewing the task's object sees the change (its tasks are read again). */
async function announceTask(
  deps: ServiceDeps,
  actor: DiscussionActor,
  task: TaskRow,
  change: 'added' | 'edited' | 'deleted',
) {
  if (!task.subjectType || !task.subjectId) return;
  await announceDiscussion(deps, {
    companyId: actor.companyId,
    subjectType: task.subjectType,
    subjectId: task.subjectId,
    record: 'task',
    id: task.id,
    change,
  });
}

async function tellAssignee(
  deps: ServiceDeps,
  actor: DiscussionActor,
  task: TaskRow,
  subject: Subject | null,
) {
  if (!task.assigneeId || task.assigneeId === actor.actorUserId) return;
  try {
    await deps.notify({
      companyId: actor.companyId,
      userIds: [task.assigneeId],
      type: 'task.assigned',
      category: 'tasks',
      title: subject
        ? `${actor.name} gave you a task on ${subject.label}`
        : `${actor.name} gave you a task`,
      body: task.dueDate ? `“${task.title}”, due ${task.dueDate}` : `“${task.title}”`,
      link: taskLink(subject),
    });
  } catch (error) {
    deps.log.error({ err: error }, 'task notification failed');
  }
}

const auditTarget = (task: Pick<TaskRow, 'id' | 'subjectType' | 'subjectId'>) =>
  task.subjectType && task.subjectId
    ? { targetType: task.subjectType, targetId: task.subjectId }
    : { targetType: 'task', targetId: task.id };

/** A task on an object the member may see (not a change: its tasks are its own), or free. */
export async function createTask(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; request: CreateTeamTaskRequest & { checklist: string[] } },
): Promise<string> {
  const { actor, request } = options;
  if (request.subject?.type === 'change') throw new AppError('change_task');
  const subject = request.subject
    ? await requireSubject(deps.db, actor, request.subject.type, request.subject.id)
    : null;
  refusePastDueDate(request.dueDate, actor.today);
  if (request.assigneeId) {
    await requireAssignee(deps.db, actor.companyId, request.assigneeId, subject);
  }
  const task = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamTasks)
      .values({
        companyId: actor.companyId,
        subjectType: subject?.type ?? null,
        subjectId: subject?.id ?? null,
        title: request.title,
        assigneeId: request.assigneeId ?? null,
        dueDate: request.dueDate ?? null,
        checklist: request.checklist.map((text) => ({ text, done: false })),
        createdBy: actor.actorUserId,
        createdByName: actor.name,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'task.created',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      ...auditTarget(row!),
      after: {
        title: request.title,
        subject: subject?.label ?? FREE_STANDING,
        assigneeId: request.assigneeId ?? null,
        dueDate: request.dueDate ?? null,
      },
    });
    return row!;
  });
  await announceTask(deps, actor, task, 'added');
  await tellAssignee(deps, actor, task, subject);
  return task.id;
}

/** A task of the institution on an object the member may see, locked for the change. */
export async function requireTask(tx: Db, actor: DiscussionActor, taskId: string) {
  const [row] = await tx
    .select()
    .from(teamTasks)
    .where(and(eq(teamTasks.id, taskId), eq(teamTasks.companyId, actor.companyId)))
    .for('update');
  if (!row) throw new AppError('not_found', COLLABORATION_MESSAGES.task_not_found);
  const subject =
    row.subjectType && row.subjectId
      ? await requireSubject(tx, actor, row.subjectType, row.subjectId).catch(() => {
          throw new AppError('not_found', COLLABORATION_MESSAGES.task_not_found);
        })
      : null;
  return { row, subject };
}

const mayChange = (actor: DiscussionActor, row: TaskRow) =>
  row.createdBy === actor.actorUserId ||
  row.assigneeId === actor.actorUserId ||
  hasRoleAtLeast(actor.role, 'manager');

/**
 * Its creator, its assignee, a manager or an administrator changes a task: done or reopened,
 * another assignee (told), a new due date (today or later; the overdue notice may come again),
 * the checklist.
 */
export async function updateTask(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; taskId: string; request: UpdateTeamTaskRequest },
): Promise<void> {
  const { actor, request } = options;
  const { before, after, subject } = await deps.db.transaction(async (tx) => {
    const { row, subject } = await requireTask(tx, actor, options.taskId);
    if (!mayChange(actor, row)) throw new AppError('not_your_task');
    if (request.dueDate !== undefined && request.dueDate !== row.dueDate) {
      refusePastDueDate(request.dueDate, actor.today);
    }
    if (request.assigneeId && request.assigneeId !== row.assigneeId) {
      await requireAssignee(tx, actor.companyId, request.assigneeId, subject);
    }
    const now = deps.clock();
    const done = request.done === undefined ? undefined : request.done;
    const [updated] = await tx
      .update(teamTasks)
      .set({
        ...(request.title !== undefined && { title: request.title }),
        ...(request.assigneeId !== undefined && { assigneeId: request.assigneeId }),
        ...(request.dueDate !== undefined && {
          dueDate: request.dueDate,
          overdueNotifiedAt: null,
        }),
        ...(request.checklist !== undefined && { checklist: request.checklist }),
        ...(done === true &&
          !row.doneAt && { doneAt: now, doneBy: actor.actorUserId, doneByName: actor.name }),
        ...(done === false && { doneAt: null, doneBy: null, doneByName: null }),
      })
      .where(eq(teamTasks.id, row.id))
      .returning();
    const action =
      done === true && !row.doneAt
        ? 'task.completed'
        : done === false && row.doneAt
          ? 'task.reopened'
          : 'task.updated';
    await recordAudit(tx, actor, {
      action,
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      ...auditTarget(row),
      before: { title: row.title, assigneeId: row.assigneeId, dueDate: row.dueDate },
      after: {
        title: updated!.title,
        subject: subject?.label ?? FREE_STANDING,
        assigneeId: updated!.assigneeId,
        dueDate: updated!.dueDate,
      },
    });
    return { before: row, after: updated!, subject };
  });
  await announceTask(deps, actor, after, 'edited');
  if (after.assigneeId !== before.assigneeId) await tellAssignee(deps, actor, after, subject);
}

/** Its creator, a manager or an administrator deletes a task (the audit log keeps it). */
export async function deleteTask(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; taskId: string },
): Promise<void> {
  const { actor } = options;
  const task = await deps.db.transaction(async (tx) => {
    const { row, subject } = await requireTask(tx, actor, options.taskId);
    if (row.createdBy !== actor.actorUserId && !hasRoleAtLeast(actor.role, 'manager')) {
      throw new AppError('not_your_task');
    }
    await tx.delete(teamTasks).where(eq(teamTasks.id, row.id));
    await recordAudit(tx, actor, {
      action: 'task.deleted',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      ...auditTarget(row),
      before: { title: row.title, subject: subject?.label ?? null },
    });
    return row;
  });
  await announceTask(deps, actor, task, 'deleted');
}
