import {
  APOR_AMORTIZATIONS,
  LOAN_TEST_KINDS,
  type AporAmortization,
  type LoanTestKind,
} from '@complivue/shared/loan-tests/loan-test-kinds';
import {
  LOAN_TEST_OUTCOMES,
  type LoanTestOutcome,
  type LoanTestResult,
} from '@complivue/shared/loan-tests/explanation';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { changeItems } from './changes.ts';
import { inList } from './checks.ts';
import { createdAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';
import { riskFindings } from './findings.ts';

/** One week of an APOR table: the rate-set date of the row and the APOR for terms 1 to 50. */
export interface AporWeekRow {
  weekStart: string;
  rates: number[];
}

/**
 * The Average Prime Offer Rate tables the platform operator loads from the FFIEC's published
 * files. Each upload is a new version; the highest version of each kind is the one in use, and
 * a saved rate-spread result keeps the id of the version it read, so it can be re-performed.
 * A table is about 60 rows a year of 50 rates, so the weeks live in one jsonb value.
 */
export const aporTables = pgTable(
  'apor_tables',
  {
    id: uuidPrimaryKey(),
    amortization: text('amortization').$type<AporAmortization>().notNull(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    sourceNote: text('source_note').notNull().default(''),
    sha256: text('sha256').notNull(),
    weekCount: integer('week_count').notNull(),
    firstWeek: date('first_week', { mode: 'string' }).notNull(),
    lastWeek: date('last_week', { mode: 'string' }).notNull(),
    weeks: jsonb('weeks').$type<AporWeekRow[]>().notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('apor_tables_amortization_version_key').on(table.amortization, table.version),
    check('apor_tables_amortization_check', inList(table.amortization, APOR_AMORTIZATIONS)),
  ],
);

/**
 * A loan test saved to the institution's quality-control record: a regulatory change or a
 * finding, exactly one. The server re-runs the test from the inputs before saving, so the
 * result is what the product computed, never what a client sent.
 */
export const loanTestResults = pgTable(
  'loan_test_results',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LoanTestKind>().notNull(),
    loanReference: text('loan_reference').notNull(),
    outcome: text('outcome').$type<LoanTestOutcome>().notNull(),
    headline: text('headline').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    results: jsonb('results').$type<LoanTestResult<unknown>[]>().notNull(),
    aporTableId: uuid('apor_table_id').references(() => aporTables.id, { onDelete: 'restrict' }),
    changeId: uuid('change_id').references(() => changeItems.id, { onDelete: 'cascade' }),
    findingId: uuid('finding_id').references(() => riskFindings.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('loan_test_results_company_created_idx').on(table.companyId, table.createdAt),
    index('loan_test_results_change_idx')
      .on(table.changeId)
      .where(sql`${table.changeId} is not null`),
    index('loan_test_results_finding_idx')
      .on(table.findingId)
      .where(sql`${table.findingId} is not null`),
    check('loan_test_results_kind_check', inList(table.kind, LOAN_TEST_KINDS)),
    check('loan_test_results_outcome_check', inList(table.outcome, LOAN_TEST_OUTCOMES)),
    check(
      'loan_test_results_one_record_check',
      sql`(${table.changeId} is null) <> (${table.findingId} is null)`,
    ),
  ],
);
