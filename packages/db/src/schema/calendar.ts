import {
  CALENDAR_EVENT_KINDS,
  type CalendarEventKind,
} from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  EVENT_DRIVEN_DEADLINE_TYPES,
  type EventDrivenDeadlineType,
} from '@complivue/shared/regulatory-deadlines';
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
    /**
     * For event-driven deadlines: which filing ('ctr', 'form_8300', 'sar'). A SAR deadline is
     * confidential (31 CFR 1020.320(e), 1029.320): seen only by its owner, its creator, managers
     * and administrators, never exported to iCalendar, reminded as "BSA filing deadline".
     */
    filing: text('filing').$type<EventDrivenDeadlineType>(),
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
    /**
     * A company event (or CTR/SAR deadline) deleted after a due date of it was marked done: kept,
     * with its completions and their evidence, but hidden everywhere (events without completions
     * are deleted outright).
     */
    deletedAt: timestamptz('deleted_at'),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
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
    check('calendar_events_filing_check', inList(table.filing, EVENT_DRIVEN_DEADLINE_TYPES)),
    check(
      'calendar_events_filing_kind_check',
      sql`${table.filing} IS NULL OR ${table.kind} = 'event_driven'`,
    ),
  ],
);

/**
 * One occurrence marked done, with the evidence that it was. "Undo done" does not delete it: it
 * is marked undone (by whom, when) and kept with its file; a due date is done while it has a
 * completion not undone (at most one: the partial unique index), and may be done again after.
 */
export const calendarCompletions = pgTable(
  'calendar_completions',
  {
    id: uuidPrimaryKey(),
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
    undoneAt: timestamptz('undone_at'),
    undoneBy: text('undone_by').references(() => user.id, { onDelete: 'set null' }),
    undoneByName: text('undone_by_name'),
  },
  (table) => [
    uniqueIndex('calendar_completions_open_idx')
      .on(table.eventId, table.occurrenceDate)
      .where(sql`${table.undoneAt} IS NULL`),
    index('calendar_completions_event_idx').on(table.eventId, table.occurrenceDate),
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
