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
 * Emails that must not be lost nor hold up the request that caused them (a password reset):
 * written here first, sent at once in the background, and retried by a job until delivered.
 * Outbox mode delivers into `email_outbox`, so the operator sees them as before.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuidPrimaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** `pending` until sent; `failed` after the last attempt. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** While set in the future, one instance is sending it; the others leave it alone. */
    leaseUntil: timestamptz('lease_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [index('email_deliveries_due_idx').on(table.status, table.nextAttemptAt)],
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
