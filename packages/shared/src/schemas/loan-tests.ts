import { z } from 'zod';
import { LOAN_TEST_OUTCOMES } from '../loan-tests/explanation.ts';
import { APOR_AMORTIZATIONS, LOAN_TEST_KINDS } from '../loan-tests/loan-test-kinds.ts';
import {
  pointsAndFeesTestInputSchema,
  rateSpreadTestInputSchema,
} from '../loan-tests/run-loan-test.ts';
import { toleranceInputSchema } from '../loan-tests/tolerance.ts';
import { tridTimingInputSchema } from '../loan-tests/trid-timing.ts';

/** Loan tests (`/api/loan-tests`) and the APOR tables (`/api/admin/apor-tables`). */

export const LOAN_TEST_MESSAGES = {
  not_found: 'This saved loan test does not exist or is not visible to you.',
  record_required: 'Choose the regulatory change or the finding to save this test to.',
  record_one: 'Save the test to one record: a change or a finding, not both.',
  change_not_found: 'Choose a regulatory change of your institution.',
  finding_not_found: 'Choose a finding of your institution.',
  loan_reference: 'Enter the loan number or the reference your loan file uses.',
  apor_file_missing: 'Choose the APOR file to load.',
  apor_file_invalid: 'The APOR file could not be read. Fix the lines listed and load it again.',
  apor_file_too_large: 'An APOR file must be 2 MB or smaller.',
  apor_file_type: 'Load the APOR table as the FFIEC’s pipe-delimited text file.',
  csv_missing: 'Attach a CSV file of loans.',
  csv_too_large: 'A CSV of loans must be 5 MB or smaller.',
  csv_type: 'Attach the loans as a CSV file.',
} as const;

export const APOR_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const RATE_SPREAD_CSV_MAX_BYTES = 5 * 1024 * 1024;

const loanReferenceSchema = z
  .string(LOAN_TEST_MESSAGES.loan_reference)
  .trim()
  .min(1, LOAN_TEST_MESSAGES.loan_reference)
  .max(100, 'Keep the loan reference under 100 characters.');

const explanationSchema = z.object({
  /** What this part tests: "Higher-priced mortgage loan (12 CFR 1026.35(a)(1))". */
  title: z.string(),
  outcome: z.enum(LOAN_TEST_OUTCOMES),
  headline: z.string(),
  figures: z.unknown(),
  steps: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      detail: z.string().optional(),
      citation: z.string().optional(),
    }),
  ),
  citations: z.array(z.string()),
  notes: z.array(z.string()),
});
export type LoanTestExplanation = z.output<typeof explanationSchema>;

/**
 * A test's answer: one titled, explained result per part (rate spread, then HPML, then HOEPA's APR
 * trigger for a rate-spread test), the overall outcome and which APOR table was read.
 */
export const loanTestRunSchema = z.object({
  kind: z.enum(LOAN_TEST_KINDS),
  outcome: z.enum(LOAN_TEST_OUTCOMES),
  headline: z.string(),
  results: z.array(explanationSchema),
  aporTable: z.object({ id: z.uuid(), label: z.string() }).nullable(),
});
export type LoanTestRun = z.output<typeof loanTestRunSchema>;

const optionalId = (message: string) => z.uuid(message).optional();

/** A test to run: which one, and its inputs. */
export const loanTestRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('trid_timing'), input: tridTimingInputSchema }),
    z.object({ kind: z.literal('tolerance'), input: toleranceInputSchema }),
    z.object({ kind: z.literal('rate_spread'), input: rateSpreadTestInputSchema }),
    z.object({ kind: z.literal('points_and_fees'), input: pointsAndFeesTestInputSchema }),
  ],
  'Choose which loan test to run.',
);
export type LoanTestRequest = z.output<typeof loanTestRequestSchema>;

export const saveLoanTestRequestSchema = loanTestRequestSchema
  .and(
    z.object({
      loanReference: loanReferenceSchema,
      changeId: optionalId(LOAN_TEST_MESSAGES.change_not_found),
      findingId: optionalId(LOAN_TEST_MESSAGES.finding_not_found),
      note: z.string().trim().max(2000, 'Keep the note under 2,000 characters.').default(''),
    }),
  )
  .superRefine((request, context) => {
    if (!request.changeId && !request.findingId) {
      context.addIssue({
        code: 'custom',
        path: ['changeId'],
        message: LOAN_TEST_MESSAGES.record_required,
      });
    }
    if (request.changeId && request.findingId) {
      context.addIssue({
        code: 'custom',
        path: ['findingId'],
        message: LOAN_TEST_MESSAGES.record_one,
      });
    }
  });
export type SaveLoanTestRequest = z.input<typeof saveLoanTestRequestSchema>;

const savedRecordSchema = z.object({
  type: z.enum(['change', 'finding']),
  id: z.uuid(),
  label: z.string(),
  href: z.string(),
});

export const savedLoanTestSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LOAN_TEST_KINDS),
  loanReference: z.string(),
  outcome: z.enum(LOAN_TEST_OUTCOMES),
  headline: z.string(),
  record: savedRecordSchema,
  createdByName: z.string(),
  createdAt: z.iso.datetime(),
});
export type SavedLoanTestSummary = z.output<typeof savedLoanTestSummarySchema>;

export const savedLoanTestSchema = savedLoanTestSummarySchema.extend({
  input: z.record(z.string(), z.unknown()),
  results: z.array(explanationSchema),
  aporTable: z.object({ id: z.uuid(), label: z.string() }).nullable(),
  note: z.string(),
});
export type SavedLoanTest = z.output<typeof savedLoanTestSchema>;

export const savedLoanTestListQuerySchema = z.object({
  changeId: z.uuid().optional(),
  findingId: z.uuid().optional(),
});
export const savedLoanTestListSchema = z.object({ items: z.array(savedLoanTestSummarySchema) });

/** What a member may save to: the institution's open changes and findings, by name. */
export const loanTestRecordsSchema = z.object({
  changes: z.array(z.object({ id: z.uuid(), label: z.string() })),
  findings: z.array(z.object({ id: z.uuid(), label: z.string() })),
  canSaveToChanges: z.boolean(),
  canSaveToFindings: z.boolean(),
});
export type LoanTestRecords = z.output<typeof loanTestRecordsSchema>;

export const aporTableSummarySchema = z.object({
  id: z.uuid(),
  amortization: z.enum(APOR_AMORTIZATIONS),
  version: z.number().int(),
  label: z.string(),
  current: z.boolean(),
  fileName: z.string(),
  sourceNote: z.string(),
  sha256: z.string(),
  weekCount: z.number().int(),
  firstWeek: z.string(),
  lastWeek: z.string(),
  uploadedByName: z.string(),
  createdAt: z.iso.datetime(),
});
export type AporTableSummary = z.output<typeof aporTableSummarySchema>;
export const aporTableListSchema = z.object({ items: z.array(aporTableSummarySchema) });

export const loadAporTableFieldsSchema = z.object({
  amortization: z.enum(
    APOR_AMORTIZATIONS,
    'Choose whether the table is fixed-rate or adjustable-rate.',
  ),
  sourceNote: z.string().trim().max(500, 'Keep the source under 500 characters.').default(''),
});
