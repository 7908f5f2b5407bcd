import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { comments } from '@complivue/db/schema/collaboration';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { SubjectType } from '@complivue/shared/collaboration';
import { mentionedUserIds, type Comment } from '@complivue/shared/schemas/collaboration';
import type { Role } from '@complivue/shared/roles';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { discussionTopic } from '../../lib/realtime-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';

/*
 * The comments of every discussion, stored one way: what the comments service and change
 * management (whose comments live here too) both write and read. Nothing here decides who may
 * see a subject; callers have checked that first.
 */

export type CommentRow = typeof comments.$inferSelect;

/**
 * The members a comment @mentions: each must be an active member of the institution who may
 * see the subject; anyone else (another institution's member, an unknown id, someone who may
 * not see a confidential deadline) refuses the whole comment, so nothing is written.
 */
export async function requireMentionable(
  db: Db,
  options: {
    companyId: string;
    body: string;
    visibleTo?: (member: { userId: string; role: Role }) => boolean;
  },
): Promise<string[]> {
  const ids = mentionedUserIds(options.body);
  if (ids.length === 0) return [];
  const members = await db
    .select({ userId: userProfiles.userId, role: userProfiles.role })
    .from(userProfiles)
    .where(
      and(
        inArray(userProfiles.userId, ids),
        eq(userProfiles.companyId, options.companyId),
        eq(userProfiles.status, 'active'),
      ),
    );
  const allowed = new Set(
    members.filter((member) => options.visibleTo?.(member) ?? true).map((member) => member.userId),
  );
  if (ids.some((id) => !allowed.has(id))) throw new AppError('unknown_mention');
  return ids;
}

/** A file stored for a comment, as the comment's row records it. */
export interface StoredCommentFile {
  attachmentFileName: string;
  attachmentContentType: string;
  attachmentSizeBytes: number;
  attachmentStorageKey: string;
}

export async function insertComment(
  tx: Db,
  values: {
    id?: string;
    companyId: string;
    subjectType: SubjectType;
    subjectId: string;
    authorId: string;
    authorName: string;
    body: string;
    mentions: string[];
  } & Partial<StoredCommentFile>,
): Promise<CommentRow> {
  const [row] = await tx.insert(comments).values(values).returning();
  return row!;
}

/**
 * Writes a comment that may carry a file: the file is stored first under the comment's id,
 * then `write` runs (the row, its history and audit, in its transaction); if that fails the
 * file is removed, so no file is left without its comment and no comment points at no file.
 */
export async function withCommentFile<T>(
  deps: Pick<ServiceDeps, 'storage'>,
  options: { companyId: string; file: UploadedFile | undefined },
  write: (id: string, stored: Partial<StoredCommentFile>) => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  const { file } = options;
  if (!file) return write(id, {});
  const storageKey = `comments/${options.companyId}/${id}.${file.type.extension}`;
  await deps.storage.put(storageKey, file.data);
  try {
    return await write(id, {
      attachmentFileName: file.fileName,
      attachmentContentType: file.type.contentType,
      attachmentSizeBytes: file.data.length,
      attachmentStorageKey: storageKey,
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    body: row.deletedAt ? '' : row.body,
    mentions: row.deletedAt ? [] : row.mentions,
    attachment:
      row.attachmentFileName && !row.deletedAt
        ? {
            fileName: row.attachmentFileName,
            contentType: row.attachmentContentType ?? 'application/octet-stream',
            sizeBytes: row.attachmentSizeBytes ?? 0,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** One object's comments, oldest first (served by `comments_subject_idx`). */
export async function findSubjectComments(
  db: Db,
  subject: { companyId: string; type: SubjectType; id: string },
): Promise<Comment[]> {
  const rows = await db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.companyId, subject.companyId),
        eq(comments.subjectType, subject.type),
        eq(comments.subjectId, subject.id),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(toComment);
}

/**
 * Tells everyone viewing the object, on every instance, that one of its comments or tasks
 * changed; each viewer's page then reads it again under its own access. A failure only logs:
 * the record is written and a reload shows it.
 */
export async function announceDiscussion(
  deps: Pick<ServiceDeps, 'realtime' | 'log'>,
  event: {
    companyId: string;
    subjectType: SubjectType;
    subjectId: string;
    record: 'comment' | 'task';
    id: string;
    change: 'added' | 'edited' | 'deleted';
  },
): Promise<void> {
  await deps.realtime
    .publish({
      kind: 'discussion',
      topic: discussionTopic(event.companyId, event.subjectType, event.subjectId),
      record: event.record,
      id: event.id,
      change: event.change,
    })
    .catch((error: unknown) => deps.log.error({ err: error }, 'discussion publish failed'));
}
