import { CONTACT_TOPICS, type ContactTopic } from '@complivue/shared/schemas/contact';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';
import { inList } from './checks.ts';

/**
 * Messages sent through the public contact form. Stored before any email is attempted, so a
 * failing mail server never loses one; `delivered_at` stays empty until the team's copy is sent
 * and the delivery job retries until then (`claimed_until` is a lease, so two API instances
 * never send the same message twice at once).
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    institution: text('institution').notNull().default(''),
    topic: text('topic').$type<ContactTopic>().notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    lastDeliveryError: text('last_delivery_error'),
    claimedUntil: timestamptz('claimed_until'),
  },
  (table) => [
    index('contact_requests_created_idx').on(table.createdAt.desc()),
    index('contact_requests_undelivered_idx')
      .on(table.createdAt)
      .where(sql`${table.deliveredAt} IS NULL`),
    check('contact_requests_topic_check', inList(table.topic, CONTACT_TOPICS)),
  ],
);
