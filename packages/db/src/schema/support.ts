import {
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  TICKET_STATUSES,
  type SupportCategory,
  type SupportPriority,
  type TicketStatus,
} from '@complivue/shared/schemas/support';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Help & Support tickets: opened by a company's members, visible to the requester and the
 * company's administrators, answered by the platform's super admins.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuidPrimaryKey(),
    /** What people quote on the phone ("ticket 1042"). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id').references(() => user.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category').$type<SupportCategory>().notNull(),
    priority: text('priority').$type<SupportPriority>().notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    /** Whether the plan included priority support when the ticket was opened. */
    prioritySupport: boolean('priority_support').notNull().default(false),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('support_tickets_company_idx').on(table.companyId, table.lastMessageAt.desc()),
    index('support_tickets_requester_idx').on(table.requesterId, table.lastMessageAt.desc()),
    index('support_tickets_status_idx').on(table.status, table.lastMessageAt.desc()),
    check('support_tickets_category_check', inList(table.category, SUPPORT_CATEGORIES)),
    check('support_tickets_priority_check', inList(table.priority, SUPPORT_PRIORITIES)),
    check('support_tickets_status_check', inList(table.status, TICKET_STATUSES)),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuidPrimaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** Kept as written so the thread still reads right after the author's account is gone. */
    authorName: text('author_name').notNull(),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: uuidPrimaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => supportTicketMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Where the bytes are in the file storage (`support/<ticketId>/<id>`). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_ticket_attachments_message_idx').on(table.messageId),
    index('support_ticket_attachments_ticket_idx').on(table.ticketId),
  ],
);
