import {
  CALENDAR_EVENT_KINDS,
  type CalendarEventKind,
} from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * The regulatory calendar: each company's deadlines. Seeded regulatory deadlines are copied
 * into the company (template_key says which) so that each institution owns, edits and completes
 * its own; recurrence is an RFC 5545 RRULE expanded by the API (the `rrule` package).
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CalendarEventKind>().notNull(),
    /** For seeded regulatory deadlines: the template's stable key. */
    templateKey: text('template_key'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    area: text('area').$type<RegulationArea>(),
    citation: text('citation'),
    /** The (first) due date. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** RRULE without DTSTART (startsOn is the start); null: one date. */
    rrule: text('rrule'),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    /** Days before each due date at which the owner is reminded (in-app and email, once each). */
    reminderDays: integer('reminder_days')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * A seeded regulatory deadline the company deleted: kept (not re-seeded) but hidden from the
     * calendar, the dashboard and reminders until it is restored.
     */
    dismissedAt: timestamptz('dismissed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('calendar_events_company_idx').on(table.companyId, table.startsOn),
    uniqueIndex('calendar_events_template_idx')
      .on(table.companyId, table.templateKey)
      .where(sql`${table.templateKey} IS NOT NULL`),
    check('calendar_events_kind_check', inList(table.kind, CALENDAR_EVENT_KINDS)),
    check('calendar_events_area_check', inList(table.area, REGULATION_AREAS)),
  ],
);

/** One occurrence marked done, with the evidence that it was. */
export const calendarCompletions = pgTable(
  'calendar_completions',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    doneBy: text('done_by').references(() => user.id, { onDelete: 'set null' }),
    doneByName: text('done_by_name').notNull(),
    evidenceNote: text('evidence_note').notNull().default(''),
    evidenceUrl: text('evidence_url'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    storageKey: text('storage_key'),
    doneAt: timestamptz('done_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceDate] }),
    index('calendar_completions_company_idx').on(table.companyId, table.occurrenceDate),
  ],
);

/** Reminders already sent: the insert that wins sends it, so each goes out once. */
export const calendarRemindersSent = pgTable(
  'calendar_reminders_sent',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrenceDate, table.daysBefore] })],
);

/**
 * A member's calendar subscription URL: only the SHA-256 of its secret token is stored;
 * revoking deletes the row (a new token is a new row).
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamptz('last_used_at'),
});
