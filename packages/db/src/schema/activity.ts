import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('analytics_events_company_created_idx').on(table.companyId, table.createdAt.desc()),
  ],
);

/** The record of docs/product.md § Cookie consent, one row per signed-in user (upserted). */
export const userCookieConsent = pgTable('user_cookie_consent', {
  id: uuidPrimaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  consentData: jsonb('consent_data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const CHAT_ROLES = ['user', 'assistant'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull().default('default-conversation'),
    role: text('role').$type<(typeof CHAT_ROLES)[number]>().notNull(),
    content: text('content').notNull(),
    /** The library documents an assistant's answer quotes, shown as links under it. */
    sources: jsonb('sources').$type<{ title: string; path: string; citation?: string }[]>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(table.userId, table.conversationId, table.createdAt),
    check('chat_messages_role_check', inList(table.role, CHAT_ROLES)),
  ],
);
