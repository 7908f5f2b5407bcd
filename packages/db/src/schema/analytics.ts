import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  ANALYTICS_VIEWS,
  REPORT_FREQUENCIES,
  type AnalyticsSnapshotFigures,
  type AnalyticsView,
  type ReportFrequency,
} from '@complivue/shared/schemas/analytics';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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
 * One row per institution and day (its day, US Eastern): the figures that describe a moment —
 * compliance score and coverage, assessments by status and area, open and overdue changes and
 * findings — as they stood when the day's last run of the `snapshot-analytics` job read them.
 * Figures of a period (changes closed, deadlines met, updates triaged, team activity) are
 * counted from the records themselves, so they need no copy here. `backfilled` rows were
 * rebuilt from the records' histories for days before the job ran (decision 0023).
 */
export const analyticsSnapshots = pgTable(
  'analytics_snapshots',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    figures: jsonb('figures').$type<AnalyticsSnapshotFigures>().notNull(),
    backfilled: boolean('backfilled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day] })],
);

/**
 * A report sent by email on a schedule (advanced analytics): the board report of the period
 * just ended, as a PDF, to the chosen members.
 */
export const analyticsReportSchedules = pgTable(
  'analytics_report_schedules',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    /** One regulation area's figures, or the institution's (null). */
    area: text('area').$type<RegulationArea>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('analytics_report_schedules_company_idx').on(table.companyId),
    check(
      'analytics_report_schedules_frequency_check',
      inList(table.frequency, REPORT_FREQUENCIES),
    ),
    check('analytics_report_schedules_area_check', inList(table.area, REGULATION_AREAS)),
  ],
);

/** Who receives a scheduled report; a recipient who unsubscribed is kept, marked. */
export const analyticsReportRecipients = pgTable(
  'analytics_report_recipients',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => analyticsReportSchedules.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.scheduleId, table.userId] }),
    index('analytics_report_recipients_user_idx').on(table.userId),
  ],
);

export const REPORT_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * One report of one period to one recipient: the instance whose insert wins owns it, so each
 * goes out once; a failed send is retried with back-off under a lease, then given up.
 */
export const analyticsReportDeliveries = pgTable(
  'analytics_report_deliveries',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => analyticsReportSchedules.id, { onDelete: 'cascade' }),
    /** `2026-Q4`, or `2026-11-16..2026-11-22` for a week or a month. */
    periodKey: text('period_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<(typeof REPORT_DELIVERY_STATUSES)[number]>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('analytics_report_deliveries_once_idx').on(
      table.scheduleId,
      table.periodKey,
      table.userId,
    ),
    index('analytics_report_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'analytics_report_deliveries_status_check',
      inList(table.status, REPORT_DELIVERY_STATUSES),
    ),
  ],
);

/** A named view of analytics (its tab, period and filters), shared with the institution. */
export const analyticsSavedViews = pgTable(
  'analytics_saved_views',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    view: text('view').$type<AnalyticsView>().notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('analytics_saved_views_name_idx').on(table.companyId, table.name),
    check('analytics_saved_views_view_check', inList(table.view, ANALYTICS_VIEWS)),
  ],
);
