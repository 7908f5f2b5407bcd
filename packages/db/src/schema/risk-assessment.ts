import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { ResidualFigures } from '@complivue/shared/risk-trend';
import {
  ASSESSMENT_VERSION_STATUSES,
  type AssessmentSnapshot,
  type AssessmentVersionStatus,
} from '@complivue/shared/schemas/risk-assessment';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  doublePrecision,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
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

/**
 * The assessment as a whole, one row per submission (numbered per company): submitted by a
 * manager with a note, then approved or returned by an administrator. Approving stores the
 * register as it stood (`snapshot`: every risk with its controls, rules and ratings), which
 * nothing changes afterwards; re-opening an approved version starts the next cycle. Names are
 * kept beside the user ids so the record reads the same after a member leaves.
 */
export const riskAssessmentVersions = pgTable(
  'risk_assessment_versions',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<AssessmentVersionStatus>().notNull(),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    submittedByName: text('submitted_by_name').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
    note: text('note').notNull().default(''),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note').notNull().default(''),
    reopenedBy: text('reopened_by').references(() => user.id, { onDelete: 'set null' }),
    reopenedByName: text('reopened_by_name'),
    reopenedAt: timestamptz('reopened_at'),
    snapshot: jsonb('snapshot').$type<AssessmentSnapshot>(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('risk_assessment_versions_number_idx').on(table.companyId, table.version),
    // At most one submission awaits approval at a time.
    uniqueIndex('risk_assessment_versions_pending_idx')
      .on(table.companyId)
      .where(sql`${table.status} = 'submitted'`),
    check(
      'risk_assessment_versions_status_check',
      inList(table.status, ASSESSMENT_VERSION_STATUSES),
    ),
    check(
      'risk_assessment_versions_snapshot_check',
      sql`(${table.status} = 'approved') = (${table.snapshot} IS NOT NULL)`,
    ),
  ],
);
