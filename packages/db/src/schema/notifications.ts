import {
  NOTIFICATION_PRIORITIES,
  type NotificationPriority,
} from '@complivue/shared/schemas/notifications';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from '@complivue/shared/schemas/profile';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * In-app notifications, one row per recipient. Written only through the notification service
 * (apps/api/src/modules/notifications), which also delivers them in real time and by email.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull().default('normal'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    /**
     * The preference that governs its email (profile → notifications); null for account notices.
     * The email digests read it to carry what a digest subscriber was not emailed at once.
     */
    category: text('category').$type<NotificationCategory>(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    // Unread counts (header badge, dashboard alerts) read only this small partial index.
    index('notifications_user_unread_idx')
      .on(table.userId, table.priority)
      .where(sql`${table.readAt} IS NULL`),
    index('notifications_company_idx').on(table.companyId),
    check('notifications_priority_check', inList(table.priority, NOTIFICATION_PRIORITIES)),
    check('notifications_category_check', inList(table.category, NOTIFICATION_CATEGORIES)),
  ],
);
