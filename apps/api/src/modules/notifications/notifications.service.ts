import type { Db } from '@complivue/db/database';
import { notifications } from '@complivue/db/schema/notifications';
import {
  ACTIVE_ALERT_PRIORITIES,
  type Notification,
  type NotificationList,
  type NotificationPriorityFilter,
} from '@complivue/shared/schemas/notifications';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    priority: row.priority,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** A user's notifications, newest first; `before` pages on. Always one user's own rows. */
export async function findNotifications(
  db: Db,
  options: {
    userId: string;
    limit: number;
    unread: boolean;
    priority?: NotificationPriorityFilter;
    before?: string;
  },
): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, options.userId),
        options.unread ? isNull(notifications.readAt) : undefined,
        options.priority === 'high' ? eq(notifications.priority, 'high') : undefined,
        options.priority === 'active'
          ? inArray(notifications.priority, [...ACTIVE_ALERT_PRIORITIES])
          : undefined,
        options.before ? lt(notifications.createdAt, new Date(options.before)) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1);
  return {
    items: rows.slice(0, options.limit).map(toNotification),
    unreadCount: await countUnread(db, options.userId),
    hasMore: rows.length > options.limit,
  };
}

export async function findOwnNotification(
  db: Db,
  options: { userId: string; id: string },
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, options.id), eq(notifications.userId, options.userId)));
  return row;
}

/**
 * What a reconnecting stream missed: the user's notifications created after the one it saw
 * last (by time, then id), oldest first, so nothing is sent twice and nothing is skipped.
 */
export async function findNotificationsAfter(
  db: Db,
  options: { userId: string; lastId: string; limit: number },
): Promise<NotificationRow[]> {
  // Compared in SQL: timestamps carry microseconds there, a JavaScript Date only milliseconds.
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, options.userId),
        sql`(${notifications.createdAt}, ${notifications.id}) > (
          SELECT last.created_at, last.id FROM notifications AS last
          WHERE last.id = ${options.lastId} AND last.user_id = ${options.userId})`,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(options.limit);
}

export async function markRead(db: Db, options: { userId: string; id?: string }): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, options.userId),
        isNull(notifications.readAt),
        options.id ? eq(notifications.id, options.id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return updated.length;
}
