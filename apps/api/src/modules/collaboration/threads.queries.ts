import type { Db } from '@complivue/db/database';
import { comments, teamThreads } from '@complivue/db/schema/collaboration';
import { type Thread } from '@complivue/shared/schemas/collaboration';
import { COLLABORATION_MESSAGES } from '@complivue/shared/collaboration';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** The team's threads with their comment counts, the most recently active first. */
export async function findThreads(db: Db, companyId: string): Promise<Thread[]> {
  const rows = await db
    .select({
      id: teamThreads.id,
      title: teamThreads.title,
      createdByName: teamThreads.createdByName,
      createdAt: teamThreads.createdAt,
      updatedAt: teamThreads.updatedAt,
      comments: count(comments.id),
    })
    .from(teamThreads)
    .leftJoin(
      comments,
      and(
        eq(comments.companyId, teamThreads.companyId),
        eq(comments.subjectType, 'thread'),
        eq(comments.subjectId, sql`${teamThreads.id}::text`),
        isNull(comments.deletedAt),
      ),
    )
    .where(eq(teamThreads.companyId, companyId))
    .groupBy(teamThreads.id)
    .orderBy(desc(teamThreads.updatedAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A comment of the institution (whoever may see its subject is checked by the caller). */
export async function requireCommentOf(db: Db, companyId: string, commentId: string) {
  const [row] = await db
    .select({
      id: comments.id,
      subjectType: comments.subjectType,
      subjectId: comments.subjectId,
      deletedAt: comments.deletedAt,
      attachmentFileName: comments.attachmentFileName,
      attachmentContentType: comments.attachmentContentType,
      attachmentStorageKey: comments.attachmentStorageKey,
    })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.companyId, companyId)));
  if (!row) throw new AppError('not_found', COLLABORATION_MESSAGES.comment_not_found);
  return row;
}
