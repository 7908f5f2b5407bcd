import {
  HMDA_CHECK_STATUSES,
  HMDA_EDIT_CATEGORIES,
  HMDA_PERIODS,
  type HmdaCheckStatus,
  type HmdaEditCategory,
  type HmdaFormatError,
  type HmdaPeriod,
} from '@complivue/shared/schemas/hmda';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

export interface HmdaEditExampleRow {
  row: number;
  uli: string;
  values: { field: string; value: string }[];
}

/**
 * One upload of a HMDA file and what the check found. The file itself is kept through the
 * storage interface (`storage_key`), so the institution can download what it checked and every
 * finding can be exported with its values; the results stay for the history from upload to
 * upload. Counts are columns so the history lists without reading the findings.
 */
export const hmdaChecks = pgTable(
  'hmda_checks',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    year: integer('year'),
    period: text('period').$type<HmdaPeriod>(),
    lei: text('lei').notNull().default(''),
    institutionName: text('institution_name').notNull().default(''),
    larCount: integer('lar_count').notNull(),
    status: text('status').$type<HmdaCheckStatus>().notNull(),
    formatErrorCount: integer('format_error_count').notNull(),
    /** The first format errors (at most 1,000; the count above is exact). */
    formatErrors: jsonb('format_errors').$type<HmdaFormatError[]>().notNull(),
    syntacticalCount: integer('syntactical_count').notNull(),
    validityCount: integer('validity_count').notNull(),
    qualityCount: integer('quality_count').notNull(),
    macroCount: integer('macro_count').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('hmda_checks_company_created_idx').on(table.companyId, table.createdAt),
    check('hmda_checks_status_check', inList(table.status, HMDA_CHECK_STATUSES)),
    check(
      'hmda_checks_period_check',
      sql`${table.period} is null or ${inList(table.period, HMDA_PERIODS)}`,
    ),
  ],
);

/**
 * A failed edit of a check: every row it failed on, the first rows with their values, and, for
 * a quality or macro edit, the verification a manager or administrator recorded (who, when and
 * why the data is accurate as reported), as the platform asks before a filing is signed.
 */
export const hmdaCheckEdits = pgTable(
  'hmda_check_edits',
  {
    id: uuidPrimaryKey(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => hmdaChecks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    editId: text('edit_id').notNull(),
    category: text('category').$type<HmdaEditCategory>().notNull(),
    position: integer('position').notNull(),
    rowCount: integer('row_count').notNull(),
    rows: jsonb('rows').$type<number[]>().notNull(),
    examples: jsonb('examples').$type<HmdaEditExampleRow[]>().notNull(),
    verifiedReason: text('verified_reason'),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    verifiedByName: text('verified_by_name'),
    verifiedAt: timestamptz('verified_at'),
  },
  (table) => [
    uniqueIndex('hmda_check_edits_check_edit_key').on(table.checkId, table.editId),
    index('hmda_check_edits_company_idx').on(table.companyId),
    check('hmda_check_edits_category_check', inList(table.category, HMDA_EDIT_CATEGORIES)),
  ],
);
