import type { Db } from '@complivue/db/database';
import { commentRevisions, comments, teamThreads } from '@complivue/db/schema/collaboration';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  commentPlainText,
  type CreateThreadRequest,
} from '@complivue/shared/schemas/collaboration';
import { COLLABORATION_MESSAGES, type SubjectType } from '@complivue/shared/collaboration';
import { and, eq } from 'drizzle-orm';
import type { DatedActor } from '../auth/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { addComment as addChangeComment } from '../changes/changes.service.ts';
import {
  announceDiscussion,
  insertComment,
  requireMentionable,
  withCommentFile,
  type CommentRow,
} from './comment-store.ts';
import { requireSubject, type DiscussionViewer, type Subject } from './discussion-subjects.ts';

/** Who writes in a discussion: a dated member (the change's history needs the day). */
export type DiscussionActor = DiscussionViewer & DatedActor;

const EXCERPT = 280;

/** Tells the members newly mentioned, after the comment has committed; never the author. */
async function tellMentioned(
  deps: ServiceDeps,
  actor: DiscussionActor,
  subject: Subject,
  options: { userIds: string[]; body: string },
) {
  const userIds = options.userIds.filter((id) => id !== actor.actorUserId);
  if (userIds.length === 0) return;
  try {
    await deps.notify({
      companyId: actor.companyId,
      userIds,
      type: 'comment.mention',
      category: 'mentions',
      title: `${actor.name} mentioned you on ${subject.label}`,
      body: commentPlainText(options.body).slice(0, EXCERPT),
      link: subject.link,
    });
  } catch (error) {
    deps.log.error({ err: error }, 'mention notification failed');
  }
}

/**
 * A comment on any object the member may see. A change's comment goes through change
 * management (its history records it, as before); any other is written with an audit row
 * naming the object. Mentions must be active members who may see the object; each is told
 * once. Everyone viewing the object sees it appear.
 */
export async function addComment(
  deps: ServiceDeps,
  options: {
    actor: DiscussionActor;
    subject: { type: SubjectType; id: string };
    body: string;
    /** A file sent with it (checked for type and size by the route). */
    file?: UploadedFile;
  },
): Promise<string> {
  const { actor, body, file } = options;
  const subject = await requireSubject(deps.db, actor, options.subject.type, options.subject.id);
  if (subject.type === 'change') {
    return addChangeComment(deps, { actor, changeId: subject.id, body, file });
  }
  const mentions = await requireMentionable(deps.db, {
    companyId: actor.companyId,
    body,
    visibleTo: subject.visibleTo,
  });
  const comment = await withCommentFile(deps, { companyId: actor.companyId, file }, (id, stored) =>
    deps.db.transaction(async (tx) => {
      const row = await insertComment(tx, {
        id,
        companyId: actor.companyId,
        subjectType: subject.type,
        subjectId: subject.id,
        authorId: actor.actorUserId,
        authorName: actor.name,
        body,
        mentions,
        ...stored,
      });
      if (subject.type === 'thread') {
        await tx
          .update(teamThreads)
          .set({ updatedAt: row.createdAt })
          .where(eq(teamThreads.id, subject.id));
      }
      await recordAudit(tx, actor, {
        action: 'comment.added',
        actorUserId: actor.actorUserId,
        companyId: actor.companyId,
        targetType: subject.type,
        targetId: subject.id,
        after: {
          commentId: row.id,
          subject: subject.label,
          mentions: mentions.length,
          ...(file && { fileName: file.fileName }),
        },
      });
      return row;
    }),
  );
  await announceDiscussion(deps, {
    companyId: actor.companyId,
    subjectType: subject.type,
    subjectId: subject.id,
    record: 'comment',
    id: comment.id,
    change: 'added',
  });
  await tellMentioned(deps, actor, subject, { userIds: mentions, body });
  return comment.id;
}

/** A comment of the institution, locked for the change, with its subject as the member sees it. */
async function requireComment(tx: Db, actor: DiscussionActor, commentId: string) {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.companyId, actor.companyId)))
    .for('update');
  if (!row) throw new AppError('not_found', COLLABORATION_MESSAGES.comment_not_found);
  // A comment on an object the member may not see does not exist for them either.
  const subject = await requireSubject(tx, actor, row.subjectType, row.subjectId).catch(() => {
    throw new AppError('not_found', COLLABORATION_MESSAGES.comment_not_found);
  });
  if (row.deletedAt) throw new AppError('comment_deleted');
  return { row, subject };
}

async function keepRevision(
  tx: Db,
  actor: DiscussionActor,
  row: CommentRow,
  change: 'edited' | 'deleted',
) {
  await tx.insert(commentRevisions).values({
    commentId: row.id,
    body: row.body,
    change,
    changedBy: actor.actorUserId,
    changedByName: actor.name,
  });
}

/**
 * Its author rewrites a comment: the text before is kept for administrators, the comment shows
 * "edited", and members mentioned for the first time are told.
 */
export async function editComment(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; commentId: string; body: string },
): Promise<void> {
  const { actor, body } = options;
  const { row, subject, added } = await deps.db.transaction(async (tx) => {
    const { row, subject } = await requireComment(tx, actor, options.commentId);
    if (row.authorId !== actor.actorUserId) throw new AppError('not_your_comment');
    const mentions = await requireMentionable(tx, {
      companyId: actor.companyId,
      body,
      visibleTo: subject.visibleTo,
    });
    await keepRevision(tx, actor, row, 'edited');
    await tx
      .update(comments)
      .set({ body, mentions, editedAt: deps.clock() })
      .where(eq(comments.id, row.id));
    await recordAudit(tx, actor, {
      action: 'comment.edited',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: subject.type,
      targetId: subject.id,
      after: { commentId: row.id, subject: subject.label },
    });
    return { row, subject, added: mentions.filter((id) => !row.mentions.includes(id)) };
  });
  await announceDiscussion(deps, {
    companyId: actor.companyId,
    subjectType: subject.type,
    subjectId: subject.id,
    record: 'comment',
    id: row.id,
    change: 'edited',
  });
  await tellMentioned(deps, actor, subject, { userIds: added, body });
}

/**
 * Its author or an administrator deletes a comment: the discussion keeps a "deleted" marker in
 * its place, the text stays in the trail administrators read.
 */
export async function deleteComment(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; commentId: string },
): Promise<void> {
  const { actor } = options;
  const { row, subject } = await deps.db.transaction(async (tx) => {
    const found = await requireComment(tx, actor, options.commentId);
    const { row, subject } = found;
    if (row.authorId !== actor.actorUserId && !hasRoleAtLeast(actor.role, 'admin')) {
      throw new AppError('not_your_comment');
    }
    await keepRevision(tx, actor, row, 'deleted');
    await tx
      .update(comments)
      .set({ deletedAt: deps.clock(), deletedBy: actor.actorUserId })
      .where(eq(comments.id, row.id));
    await recordAudit(tx, actor, {
      action: 'comment.deleted',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: subject.type,
      targetId: subject.id,
      after: { commentId: row.id, subject: subject.label, author: row.authorName },
    });
    return found;
  });
  await announceDiscussion(deps, {
    companyId: actor.companyId,
    subjectType: subject.type,
    subjectId: subject.id,
    record: 'comment',
    id: row.id,
    change: 'deleted',
  });
}

/** A team thread, opened with its first comment (both or neither are written). */
export async function createThread(
  deps: ServiceDeps,
  options: { actor: DiscussionActor; request: CreateThreadRequest },
): Promise<string> {
  const { actor, request } = options;
  const mentions = await requireMentionable(deps.db, {
    companyId: actor.companyId,
    body: request.body,
  });
  const thread = await deps.db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(teamThreads)
      .values({
        companyId: actor.companyId,
        title: request.title,
        createdBy: actor.actorUserId,
        createdByName: actor.name,
      })
      .returning();
    await insertComment(tx, {
      companyId: actor.companyId,
      subjectType: 'thread',
      subjectId: thread!.id,
      authorId: actor.actorUserId,
      authorName: actor.name,
      body: request.body,
      mentions,
    });
    await recordAudit(tx, actor, {
      action: 'thread.created',
      actorUserId: actor.actorUserId,
      companyId: actor.companyId,
      targetType: 'thread',
      targetId: thread!.id,
      after: { title: request.title },
    });
    return thread!;
  });
  const subject = await requireSubject(deps.db, actor, 'thread', thread.id);
  await tellMentioned(deps, actor, subject, { userIds: mentions, body: request.body });
  return thread.id;
}
