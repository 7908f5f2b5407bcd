import type { AnalyticsSnapshotFigures } from '@complivue/shared/schemas/analytics';
import { boolean, date, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
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
