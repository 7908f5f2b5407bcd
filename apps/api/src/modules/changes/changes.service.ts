import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import {
  changeAttachments,
  changeHistory,
  changeItems,
  changeTasks,
} from '@complivue/db/schema/changes';
import { companies } from '@complivue/db/schema/companies';
import {
  FINISHED_CHANGE_STATUSES,
  decideChangeTransition,
} from '@complivue/shared/change-workflow';
import {
  CHANGE_STATUS_LABELS,
  type ChangeStatus,
  changeNumberLabel,
} from '@complivue/shared/regulatory-monitoring';
import { commentPlainText } from '@complivue/shared/schemas/collaboration';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import type { NotificationCategory } from '@complivue/shared/schemas/profile';
import type {
  createChangeRequestSchema,
  updateChangeRequestSchema,
} from '@complivue/shared/schemas/changes';
import {
  CHANGE_IMPACT_FIELDS,
  CHANGE_MESSAGES,
  type ChangeImpact,
  type CreateTaskRequest,
  type UpdateTaskRequest,
} from '@complivue/shared/schemas/changes';
import { changeLink } from '@complivue/shared/record-links';
import { and, count, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  getChange,
  getVisibleFeedItem,
  isFinished,
  type ChangeViewer,
  type VisibleFeedItem,
} from './changes.queries.ts';
import { activeMemberNames, previousHolderName } from '../companies/members.ts';
import { changeStatusEvent, recordEventOf } from '../automations/automation-event-sources.ts';
import { wakeAutomationRunner } from '../automations/automation-events.ts';
import {
  announceDiscussion,
  insertComment,
  requireMentionable,
  withCommentFile,
} from '../collaboration/comment-store.ts';

/** Who acts: the viewer of the queries, and where their request came from (for the audit log). */
export type ChangeActor = ChangeViewer & Actor;

type HistoryChanges = Record<string, { from: unknown; to: unknown }>;

const FINISHED = [...FINISHED_CHANGE_STATUSES];

async function appendHistory(
  tx: Db,
  options: { changeId: string; actor: ChangeActor; event: string; changes: HistoryChanges },
) {
  await tx.insert(changeHistory).values({
    changeId: options.changeId,
    changedBy: options.actor.actorUserId,
    changedByName: options.actor.name,
    event: options.event,
    changes: options.changes,
  });
}

/** Any activity on a change (a task, a comment, a file) makes it the most recently updated. */
async function touch(tx: Db, changeId: string) {
  await tx.update(changeItems).set({ updatedAt: new Date() }).where(eq(changeItems.id, changeId));
}

/**
 * One activity on a change (a task, a comment, a file): its history entry, the change marked as
 * the most recently updated (`touch`) and the audit row.
 */
async function recordActivity(
  tx: Db,
  actor: ChangeActor,
  changeId: string,
  activity: {
    event: string;
    changes: HistoryChanges;
    action: string;
    before?: unknown;
    after?: unknown;
  },
) {
  await appendHistory(tx, { changeId, actor, event: activity.event, changes: activity.changes });
  await touch(tx, changeId);
  await recordAudit(tx, actor, {
    action: activity.action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'change',
    targetId: changeId,
    before: activity.before,
    after: activity.after,
  });
}

/** The name of an active member of the institution, or a 400 with `message`. */
async function requireMember(db: Db, companyId: string, userId: string, message: string) {
  const names = await activeMemberNames(db, companyId, [userId]);
  const name = names.get(userId);
  if (!name) throw new AppError('not_a_member', message);
  return name;
}

function requireOpen(status: ChangeStatus) {
  if (isFinished(status)) throw new AppError('change_finished');
}

/** Notifies people after the change they hear about has committed; a failure only logs. */
async function tell(
  deps: ServiceDeps,
  actor: ChangeActor,
  options: {
    userIds: (string | null | undefined)[];
    type: string;
    category: NotificationCategory;
    title: string;
    body?: string;
    changeId: string;
  },
) {
  const userIds = [
    ...new Set(options.userIds.filter((id): id is string => !!id && id !== actor.actorUserId)),
  ];
  if (userIds.length === 0) return;
  try {
    await deps.notify({
      companyId: actor.companyId,
      userIds,
      type: options.type,
      category: options.category,
      title: options.title,
      body: options.body,
      link: changeLink(options.changeId),
    });
  } catch (error) {
    deps.log.error({ err: error, changeId: options.changeId }, 'change notification failed');
  }
}

const label = (change: { number: number; title: string }) =>
  `${changeNumberLabel(change.number)}: ${change.title}`;

/**
 * Creates a change by hand, or from a feed item the institution can see. From a feed item it
 * is idempotent: while a change started from that item is still open, that change is returned
 * (`created: false`) rather than a second one. Numbers are per institution, allocated under a
 * lock on the institution's row so that concurrent creations never take the same one.
 */
export async function createChange(
  deps: ServiceDeps,
  options: { actor: ChangeActor; body: z.output<typeof createChangeRequestSchema> },
): Promise<{ id: string; created: boolean }> {
  const { actor, body } = options;
  const { db } = deps;
  const feedItem = body.feedItemId
    ? await getVisibleFeedItem(db, actor.companyId, body.feedItemId)
    : null;
  const ownerId = body.ownerId === undefined ? actor.actorUserId : body.ownerId;
  const ownerName = ownerId
    ? await requireMember(db, actor.companyId, ownerId, CHANGE_MESSAGES.owner_not_member)
    : null;

  // From a feed item, what the member left out comes from the item; risk and due date never
  // do: they are the member's judgement (not rated, no due date until someone sets them).
  const draft = feedItem ? draftFromFeedItem(feedItem) : null;
  const fields = {
    title: body.title ?? draft!.title,
    source: feedItem ? ('feed' as const) : ('manual' as const),
    feedItemId: feedItem?.id ?? null,
    areas: body.areas ?? draft?.areas ?? [],
    effectiveDate:
      body.effectiveDate === undefined ? (draft?.effectiveDate ?? null) : body.effectiveDate,
    summary: body.summary ?? draft?.summary ?? '',
    impact: { policies: '', products: '', processes: '', systems: '', ...body.impact },
    riskRating: body.riskRating ?? null,
    dueDate: body.dueDate ?? null,
  };
  refusePastDueDate(fields.dueDate, actor.today);

  const outcome = await db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, actor.companyId))
      .for('update');
    if (fields.feedItemId) {
      const [existing] = await tx
        .select({ id: changeItems.id })
        .from(changeItems)
        .where(
          and(
            eq(changeItems.companyId, actor.companyId),
            eq(changeItems.feedItemId, fields.feedItemId),
            notInArray(changeItems.status, FINISHED),
          ),
        )
        .limit(1);
      if (existing) return { id: existing.id, created: false, number: 0 };
    }
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${changeItems.number}), 0) + 1` })
      .from(changeItems)
      .where(eq(changeItems.companyId, actor.companyId));
    const number = Number(next);
    const [row] = await tx
      .insert(changeItems)
      .values({
        companyId: actor.companyId,
        number,
        ...fields,
        ownerId,
        createdBy: actor.actorUserId,
      })
      .returning({ id: changeItems.id });
    // The history says what the member did: the source, then each field as it was set.
    const initial: HistoryChanges = {
      title: { from: null, to: fields.title },
      source: { from: null, to: fields.source },
      status: { from: null, to: 'identified' },
    };
    if (fields.riskRating) initial.riskRating = { from: null, to: fields.riskRating };
    if (feedItem) initial.feedItem = { from: null, to: feedItem.link };
    if (fields.areas.length > 0) initial.areas = { from: null, to: fields.areas };
    if (fields.effectiveDate) initial.effectiveDate = { from: null, to: fields.effectiveDate };
    if (fields.dueDate) initial.dueDate = { from: null, to: fields.dueDate };
    if (ownerName) initial.owner = { from: null, to: ownerName };
    if (fields.summary) initial.summary = { from: null, to: fields.summary };
    for (const field of CHANGE_IMPACT_FIELDS) {
      if (fields.impact[field])
        initial[`impact.${field}`] = { from: null, to: fields.impact[field] };
    }
    await appendHistory(tx, { changeId: row!.id, actor, event: 'created', changes: initial });
    await recordEventOf(
      tx,
      actor,
      changeStatusEvent(
        actor.companyId,
        { id: row!.id, number, status: 'identified', ...fields, ownerId },
        new Date(),
      ),
    );
    await recordAudit(tx, actor, {
      action: 'change.created',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'change',
      targetId: row!.id,
      after: { number, title: fields.title, source: fields.source },
    });
    return { id: row!.id, created: true, number };
  });
  if (outcome.created) {
    wakeAutomationRunner();
    await tell(deps, actor, {
      userIds: [ownerId],
      type: 'change.owner',
      category: 'tasks',
      title: `You own ${label({ number: outcome.number, title: fields.title })}`,
      body: `${actor.name} made you the owner of this regulatory change.`,
      changeId: outcome.id,
    });
  }
  return { id: outcome.id, created: outcome.created };
}

/** A change as a feed item starts it, before the member confirms or edits it. */
export function draftFromFeedItem(feedItem: VisibleFeedItem) {
  return {
    feedItemId: feedItem.id,
    title: feedItem.title.trim().slice(0, 300) || 'Untitled feed item',
    areas: feedItem.areas,
    effectiveDate: feedItem.effectiveDate,
    summary: [feedItem.summary.trim(), `Source: ${feedItem.link}`]
      .filter(Boolean)
      .join('\n\n')
      .slice(0, 20_000),
    link: feedItem.link,
  };
}

/**
 * `GET /api/changes/draft`: the change a feed item would start, for the member to confirm,
 * with the open change already started from it, if any (the form then opens that one).
 */
export async function getChangeDraft(
  deps: ServiceDeps,
  options: { actor: ChangeActor; feedItemId: string },
) {
  const { actor, feedItemId } = options;
  const feedItem = await getVisibleFeedItem(deps.db, actor.companyId, feedItemId);
  const [existing] = await deps.db
    .select({ id: changeItems.id })
    .from(changeItems)
    .where(
      and(
        eq(changeItems.companyId, actor.companyId),
        eq(changeItems.feedItemId, feedItem.id),
        notInArray(changeItems.status, FINISHED),
      ),
    )
    .limit(1);
  return { ...draftFromFeedItem(feedItem), existingChangeId: existing?.id ?? null };
}

/**
 * A due date is set for the future: one before the member's today is refused at entry, so a
 * change or task is never overdue the moment it is written (DESIGN.md rule 5).
 */
function refusePastDueDate(dueDate: string | null | undefined, today: string, path = 'dueDate') {
  if (dueDate && dueDate < today) {
    throw new AppError('validation_failed', CHANGE_MESSAGES.due_date_past, [
      { path, message: CHANGE_MESSAGES.due_date_past },
    ]);
  }
}

const sameAreas = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Edits fields of an open change; every changed field is recorded from → to. */
export async function updateChange(
  deps: ServiceDeps,
  options: {
    actor: ChangeActor;
    changeId: string;
    changes: z.output<typeof updateChangeRequestSchema>;
  },
): Promise<void> {
  const { actor, changes } = options;
  const { db } = deps;
  const newOwnerName =
    changes.ownerId === undefined || changes.ownerId === null
      ? null
      : await requireMember(db, actor.companyId, changes.ownerId, CHANGE_MESSAGES.owner_not_member);

  const result = await db.transaction(async (tx) => {
    const current = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    requireOpen(current.status);
    const diff: HistoryChanges = {};
    const set: Partial<typeof changeItems.$inferInsert> = {};
    for (const field of ['title', 'summary', 'effectiveDate', 'dueDate', 'riskRating'] as const) {
      const next = changes[field];
      if (next === undefined || next === current[field]) continue;
      if (field === 'dueDate') refusePastDueDate(next as string | null, actor.today);
      diff[field] = { from: current[field], to: next };
      Object.assign(set, { [field]: next });
    }
    if (changes.areas && !sameAreas(changes.areas, current.areas)) {
      diff.areas = { from: current.areas, to: changes.areas };
      set.areas = changes.areas;
    }
    if (changes.impact) {
      const impact: ChangeImpact = { ...current.impact };
      for (const field of CHANGE_IMPACT_FIELDS) {
        const next = changes.impact[field];
        if (next === undefined || next === current.impact[field]) continue;
        diff[`impact.${field}`] = { from: current.impact[field], to: next };
        impact[field] = next;
      }
      set.impact = impact;
    }
    if (changes.ownerId !== undefined && changes.ownerId !== current.ownerId) {
      const previous = await previousHolderName(tx, actor.companyId, current.ownerId);
      diff.owner = { from: previous, to: newOwnerName };
      set.ownerId = changes.ownerId;
    }
    if (Object.keys(diff).length === 0) return null;
    // A due date moved later (or removed) may be announced as overdue again when it passes.
    if (
      'dueDate' in set &&
      (set.dueDate === null || (current.dueDate !== null && set.dueDate! > current.dueDate))
    ) {
      set.overdueNotifiedAt = null;
    }
    await tx.update(changeItems).set(set).where(eq(changeItems.id, current.id));
    await appendHistory(tx, { changeId: current.id, actor, event: 'updated', changes: diff });
    await recordAudit(tx, actor, {
      action: 'change.updated',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'change',
      targetId: current.id,
      before: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.from])),
      after: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.to])),
    });
    return { current, ownerChanged: 'owner' in diff, title: set.title ?? current.title };
  });
  if (result?.ownerChanged && changes.ownerId) {
    await tell(deps, actor, {
      userIds: [changes.ownerId],
      type: 'change.owner',
      category: 'tasks',
      title: `You own ${label({ number: result.current.number, title: result.title })}`,
      body: `${actor.name} made you the owner of this regulatory change.`,
      changeId: result.current.id,
    });
  }
}

/** Moves a change through the workflow, as `decideChangeTransition` allows for the role. */
export async function transitionChange(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; to: ChangeStatus; note?: string },
): Promise<void> {
  const { actor, to } = options;
  const note = options.note?.trim() || null;
  const moved = await deps.db.transaction(async (tx) => {
    const current = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    const [{ open } = { open: 0 }] = await tx
      .select({ open: count() })
      .from(changeTasks)
      .where(and(eq(changeTasks.changeId, current.id), isNull(changeTasks.doneAt)));
    const decision = decideChangeTransition({
      from: current.status,
      to,
      role: actor.role,
      openTasks: open,
    });
    if (!decision.allowed) throw new AppError(decision.code, decision.message);
    if (decision.transition.needsNote && !note) {
      throw new AppError('note_required');
    }
    const set: Partial<typeof changeItems.$inferInsert> = {
      status: to,
      closedAt: isFinished(to) ? new Date() : null,
    };
    // Reopened work that is (or falls) past due is announced as overdue again.
    if (isFinished(current.status) && !isFinished(to)) set.overdueNotifiedAt = null;
    await tx.update(changeItems).set(set).where(eq(changeItems.id, current.id));
    const diff: HistoryChanges = { status: { from: current.status, to } };
    if (note) diff.note = { from: null, to: note };
    await appendHistory(tx, { changeId: current.id, actor, event: 'status', changes: diff });
    await recordEventOf(
      tx,
      actor,
      changeStatusEvent(actor.companyId, { ...current, status: to }, new Date()),
    );
    await recordAudit(tx, actor, {
      action: 'change.status_changed',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'change',
      targetId: current.id,
      before: { status: current.status },
      after: { status: to, ...(note ? { note } : {}) },
    });
    return current;
  });
  wakeAutomationRunner();
  await tell(deps, actor, {
    userIds: [moved.ownerId],
    type: 'change.status',
    category: 'tasks',
    title: `${label(moved)} moved to ${CHANGE_STATUS_LABELS[to]}`,
    body: `${actor.name} moved it${note ? `: ${note}` : '.'}`,
    changeId: moved.id,
  });
}

async function getTask(tx: Db, actor: ChangeActor, changeId: string, taskId: string) {
  const [task] = await tx
    .select()
    .from(changeTasks)
    .where(
      and(
        eq(changeTasks.id, taskId),
        eq(changeTasks.changeId, changeId),
        eq(changeTasks.companyId, actor.companyId),
      ),
    );
  if (!task) throw new AppError('not_found', CHANGE_MESSAGES.task_not_found);
  return task;
}

export async function addTask(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; task: CreateTaskRequest },
): Promise<void> {
  const { actor, task } = options;
  const { db } = deps;
  refusePastDueDate(task.dueDate, actor.today);
  const assigneeName = task.assigneeId
    ? await requireMember(db, actor.companyId, task.assigneeId, CHANGE_MESSAGES.assignee_not_member)
    : null;
  const change = await db.transaction(async (tx) => {
    const current = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    requireOpen(current.status);
    const [row] = await tx
      .insert(changeTasks)
      .values({
        changeId: current.id,
        companyId: actor.companyId,
        title: task.title,
        assigneeId: task.assigneeId ?? null,
        dueDate: task.dueDate ?? null,
        createdBy: actor.actorUserId,
      })
      .returning({ id: changeTasks.id });
    const diff: HistoryChanges = { task: { from: null, to: task.title } };
    if (assigneeName) diff.assignee = { from: null, to: assigneeName };
    if (task.dueDate) diff.dueDate = { from: null, to: task.dueDate };
    await recordActivity(tx, actor, current.id, {
      event: 'task_added',
      changes: diff,
      action: 'change.task_added',
      after: { taskId: row!.id, title: task.title, assignee: assigneeName, dueDate: task.dueDate },
    });
    return current;
  });
  await tell(deps, actor, {
    userIds: [task.assigneeId],
    type: 'change.task_assigned',
    category: 'tasks',
    title: `Task assigned on ${changeNumberLabel(change.number)}: ${task.title}`,
    body: `${actor.name} assigned you a task${task.dueDate ? ` due ${task.dueDate}` : ''} on “${change.title}”.`,
    changeId: change.id,
  });
}

export async function updateTask(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; taskId: string; changes: UpdateTaskRequest },
): Promise<void> {
  const { actor, changes } = options;
  const { db } = deps;
  const newAssigneeName = changes.assigneeId
    ? await requireMember(
        db,
        actor.companyId,
        changes.assigneeId,
        CHANGE_MESSAGES.assignee_not_member,
      )
    : null;
  const result = await db.transaction(async (tx) => {
    const change = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    requireOpen(change.status);
    const task = await getTask(tx, actor, change.id, options.taskId);
    const diff: HistoryChanges = {};
    const set: Partial<typeof changeTasks.$inferInsert> = {};
    if (changes.title !== undefined && changes.title !== task.title) {
      diff.task = { from: task.title, to: changes.title };
      set.title = changes.title;
    }
    if (changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId) {
      const previous = await previousHolderName(tx, actor.companyId, task.assigneeId);
      diff.assignee = { from: previous, to: newAssigneeName };
      set.assigneeId = changes.assigneeId;
    }
    if (changes.dueDate !== undefined && changes.dueDate !== task.dueDate) {
      refusePastDueDate(changes.dueDate, actor.today);
      diff.dueDate = { from: task.dueDate, to: changes.dueDate };
      set.dueDate = changes.dueDate;
      if (changes.dueDate === null || (task.dueDate !== null && changes.dueDate > task.dueDate)) {
        set.overdueNotifiedAt = null;
      }
    }
    if (changes.done !== undefined && changes.done !== (task.doneAt !== null)) {
      diff.done = { from: task.doneAt !== null, to: changes.done };
      set.doneAt = changes.done ? new Date() : null;
      set.doneBy = changes.done ? actor.actorUserId : null;
      // A task reopened past its due date is announced as overdue again.
      if (!changes.done) set.overdueNotifiedAt = null;
    }
    if (Object.keys(diff).length === 0) return null;
    // Which task, even when its title did not change.
    diff.task ??= { from: task.title, to: task.title };
    await tx.update(changeTasks).set(set).where(eq(changeTasks.id, task.id));
    await recordActivity(tx, actor, change.id, {
      event: 'task_updated',
      changes: diff,
      action: 'change.task_updated',
      before: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.from])),
      after: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.to])),
    });
    return { change, title: set.title ?? task.title, dueDate: set.dueDate ?? task.dueDate };
  });
  if (result && newAssigneeName && changes.assigneeId) {
    await tell(deps, actor, {
      userIds: [changes.assigneeId],
      type: 'change.task_assigned',
      category: 'tasks',
      title: `Task assigned on ${changeNumberLabel(result.change.number)}: ${result.title}`,
      body: `${actor.name} assigned you a task${result.dueDate ? ` due ${result.dueDate}` : ''} on “${result.change.title}”.`,
      changeId: result.change.id,
    });
  }
}

export async function removeTask(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; taskId: string },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    const change = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    requireOpen(change.status);
    const task = await getTask(tx, actor, change.id, options.taskId);
    await tx.delete(changeTasks).where(eq(changeTasks.id, task.id));
    await recordActivity(tx, actor, change.id, {
      event: 'task_removed',
      changes: { task: { from: task.title, to: null } },
      action: 'change.task_removed',
      before: { taskId: task.id, title: task.title },
    });
  });
}

/**
 * A comment; the members it @mentions (`@[Name](userId)`, see MENTION_PATTERN) must be active
 * members of the institution (anyone else refuses the comment); they are stored with it and
 * notified once each. Comments stay possible on a finished change (the discussion of a closed
 * item goes on for examiners). Stored with every other discussion (collaboration/comment-store).
 */
export async function addComment(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; body: string; file?: UploadedFile },
): Promise<string> {
  const { actor, body } = options;
  const { db } = deps;
  const mentions = await requireMentionable(db, { companyId: actor.companyId, body });
  const { change, comment } = await withCommentFile(
    deps,
    { companyId: actor.companyId, file: options.file },
    (id, stored) =>
      db.transaction(async (tx) => {
        const current = await getChange(tx, actor.companyId, options.changeId, {
          forUpdate: true,
        });
        const row = await insertComment(tx, {
          id,
          companyId: actor.companyId,
          subjectType: 'change',
          subjectId: current.id,
          authorId: actor.actorUserId,
          authorName: actor.name,
          body,
          mentions,
          ...stored,
        });
        await recordActivity(tx, actor, current.id, {
          event: 'comment',
          changes: {
            comment: {
              from: null,
              to: commentPlainText(body).slice(0, 500) || `File: ${options.file?.fileName}`,
            },
          },
          action: 'change.comment_added',
          after: { commentId: row.id, mentions: mentions.length },
        });
        return { change: current, comment: row };
      }),
  );
  await announceDiscussion(deps, {
    companyId: actor.companyId,
    subjectType: 'change',
    subjectId: change.id,
    record: 'comment',
    id: comment.id,
    change: 'added',
  });
  await tell(deps, actor, {
    userIds: mentions,
    type: 'change.mention',
    category: 'mentions',
    title: `${actor.name} mentioned you on ${changeNumberLabel(change.number)}`,
    body: commentPlainText(body).slice(0, 280),
    changeId: change.id,
  });
  return comment.id;
}

/**
 * A loan test saved to an open change as quality-control evidence (modules/loan-tests): the
 * change locked and checked, then its history entry and the audit row, in the caller's
 * transaction so that the saved result and its history land together.
 */
export async function recordLoanTestOnChange(
  tx: Db,
  actor: ChangeActor,
  options: { changeId: string; loanTestId: string; label: string },
): Promise<{ number: number; title: string }> {
  const change = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
  requireOpen(change.status);
  await recordActivity(tx, actor, change.id, {
    event: 'loan_test_saved',
    changes: { loanTest: { from: null, to: options.label } },
    action: 'change.loan_test_saved',
    after: { loanTestId: options.loanTestId, loanTest: options.label },
  });
  return { number: change.number, title: change.title };
}

/** Stores the file first, then the row and its history; the file is removed if they fail. */
export async function addAttachment(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; file: UploadedFile },
): Promise<void> {
  const { actor, file } = options;
  const { db } = deps;
  const change = await getChange(db, actor.companyId, options.changeId);
  requireOpen(change.status);
  const id = randomUUID();
  const storageKey = `changes/${actor.companyId}/${change.id}/${id}.${file.type.extension}`;
  await deps.storage.put(storageKey, file.data);
  try {
    await db.transaction(async (tx) => {
      const current = await getChange(tx, actor.companyId, change.id, { forUpdate: true });
      requireOpen(current.status);
      await tx.insert(changeAttachments).values({
        id,
        changeId: current.id,
        companyId: actor.companyId,
        fileName: file.fileName,
        contentType: file.type.contentType,
        sizeBytes: file.data.length,
        storageKey,
        uploadedBy: actor.actorUserId,
      });
      await recordActivity(tx, actor, current.id, {
        event: 'attachment_added',
        changes: { attachment: { from: null, to: file.fileName } },
        action: 'change.attachment_added',
        after: { attachmentId: id, fileName: file.fileName, sizeBytes: file.data.length },
      });
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** An attachment of the institution's change, or 404. */
export async function getChangeAttachment(
  db: Db,
  companyId: string,
  changeId: string,
  attachmentId: string,
) {
  const [row] = await db
    .select()
    .from(changeAttachments)
    .where(
      and(
        eq(changeAttachments.id, attachmentId),
        eq(changeAttachments.changeId, changeId),
        eq(changeAttachments.companyId, companyId),
      ),
    );
  if (!row) throw new AppError('not_found', CHANGE_MESSAGES.attachment_not_found);
  return row;
}

/** Removal by the member who attached it, a manager or an administrator; the file goes last. */
export async function removeAttachment(
  deps: ServiceDeps,
  options: { actor: ChangeActor; changeId: string; attachmentId: string },
): Promise<void> {
  const { actor } = options;
  const removed = await deps.db.transaction(async (tx) => {
    const change = await getChange(tx, actor.companyId, options.changeId, { forUpdate: true });
    const attachment = await getChangeAttachment(
      tx,
      actor.companyId,
      change.id,
      options.attachmentId,
    );
    requireOpen(change.status);
    if (attachment.uploadedBy !== actor.actorUserId && !hasRoleAtLeast(actor.role, 'manager')) {
      throw new AppError('attachment_remove_role');
    }
    await tx.delete(changeAttachments).where(eq(changeAttachments.id, attachment.id));
    await recordActivity(tx, actor, change.id, {
      event: 'attachment_removed',
      changes: { attachment: { from: attachment.fileName, to: null } },
      action: 'change.attachment_removed',
      before: { attachmentId: attachment.id, fileName: attachment.fileName },
    });
    return attachment;
  });
  await deps.storage.delete(removed.storageKey).catch((error: unknown) => {
    deps.log.warn({ err: error, key: removed.storageKey }, 'could not remove a change attachment');
  });
}
