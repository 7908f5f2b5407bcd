import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { ResidualFigures } from '@complivue/shared/risk-trend';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  doublePrecision,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * The risk register in figures, once per institution per day (its day, US Eastern like the rest
 * of the product's "today"): the job writes today's row and updates it on later runs the same
 * day, so the row of a past day holds what the register said at that day's last run. Never
 * back-filled: the trend starts with the first snapshot.
 */
export const riskSnapshots = pgTable(
  'risk_snapshots',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Risks not closed. */
    riskCount: integer('risk_count').notNull(),
    notRatedCount: integer('not_rated_count').notNull(),
    lowCount: integer('low_count').notNull(),
    moderateCount: integer('moderate_count').notNull(),
    highCount: integer('high_count').notNull(),
    criticalCount: integer('critical_count').notNull(),
    totalResidualScore: integer('total_residual_score').notNull(),
    /** Null while no risk is rated. */
    averageResidualScore: doublePrecision('average_residual_score'),
    /** The same figures per regulation area. */
    byArea: jsonb('by_area').$type<Partial<Record<RegulationArea, ResidualFigures>>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('risk_snapshots_company_day_idx').on(table.companyId, table.day),
    check(
      'risk_snapshots_counts_check',
      sql`${table.notRatedCount} + ${table.lowCount} + ${table.moderateCount} + ${table.highCount} + ${table.criticalCount} = ${table.riskCount}`,
    ),
  ],
);
