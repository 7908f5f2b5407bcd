import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';

/**
 * Messages written when no SMTP server is configured: the operator reads them in the log and,
 * as a super admin, in the app. With SMTP they are sent and not kept.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuidPrimaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_created_idx').on(table.createdAt.desc())],
);

/**
 * Fixed-window counters for abuse limits (sign-in, sign-up, reset). In the database so that
 * every API instance sees the same counts.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamptz('window_started_at').notNull(),
  },
  (table) => [index('rate_limit_buckets_window_idx').on(table.windowStartedAt)],
);
