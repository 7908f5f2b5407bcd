import { z } from 'zod';
import type { LoanTestRequest } from '../schemas/loan-tests.ts';
import { findAporWeek } from './apor-table.ts';
import { formatLongDay, type LoanTestResult } from './explanation.ts';
import { hoepaTest } from './high-cost.ts';
import { hpmlInputSchema, hpmlTest } from './hpml.ts';
import { loanTestRun, titled, type LoanTestRunResult } from './loan-test-run.ts';
import {
  percentRateSchema,
  qmPointsAndFeesInputSchema,
  qmPointsAndFeesTest,
} from './points-and-fees.ts';
import { rateSpread, rateSpreadInputSchema, type RateSpreadTables } from './rate-spread.ts';
import { toleranceCure } from './tolerance.ts';
import { tridTimeline } from './trid-timing.ts';

/**
 * Each test as the product runs it (docs/product.md § Loan tests): the pure formulas of this
 * folder composed into the parts a page shows, titled, with the APOR looked up once from the
 * table in use. The API and the saved records call this and nothing else.
 */

export const NO_APOR_TABLES: RateSpreadTables = { fixed: null, adjustable: null };

/** Rate spread and HPML: the CFPB calculator's inputs, plus the lien and whether it is jumbo. */
export const rateSpreadTestInputSchema = rateSpreadInputSchema.extend({
  lien: hpmlInputSchema.shape.lien,
  jumbo: hpmlInputSchema.shape.jumbo,
});
export type RateSpreadTestInput = z.input<typeof rateSpreadTestInputSchema>;

/**
 * Points and fees against the QM limit and the HOEPA triggers. The APOR both need (the discount
 * point exclusion, HOEPA's APR trigger) is read from the APOR table for the rate-set date, the
 * loan term and the amortization, as the rate spread is.
 */
export const pointsAndFeesTestInputSchema = qmPointsAndFeesInputSchema.omit({ apor: true }).extend({
  lien: hpmlInputSchema.shape.lien,
  apr: percentRateSchema,
  lockDate: rateSpreadInputSchema.shape.lockDate,
  loanTerm: rateSpreadInputSchema.shape.loanTerm,
  amortizationType: rateSpreadInputSchema.shape.amortizationType,
  dwellingIsPersonalProperty: z
    .boolean('Say whether the dwelling is personal property.')
    .default(false),
  prepaymentPenaltyAfter36Months: z
    .boolean('Say whether a prepayment penalty can be charged after 36 months.')
    .default(false),
  prepaymentPenaltyOver2Percent: z
    .boolean('Say whether prepayment penalties can exceed 2% of the amount prepaid.')
    .default(false),
});
export type PointsAndFeesTestInput = z.input<typeof pointsAndFeesTestInputSchema>;

const TITLES = {
  trid: 'TRID timeline (12 CFR 1026.19(e) and (f))',
  tolerance: 'Tolerance cure (12 CFR 1026.19(e)(3))',
  rateSpread: 'Rate spread (12 CFR 1003.4(a)(12))',
  hpml: 'Higher-priced mortgage loan (12 CFR 1026.35(a)(1))',
  qm: 'Qualified mortgage points and fees (12 CFR 1026.43(e)(3))',
  hoepa: 'High-cost mortgage, HOEPA (12 CFR 1026.32(a)(1))',
};

/** A part that could not be run, saying why (a missing APOR week, a rate spread of NA). */
function notRun(headline: string, citation: string): LoanTestResult<null> {
  return {
    outcome: 'not_determined',
    headline,
    figures: null,
    steps: [],
    citations: [citation],
    notes: [],
  };
}

/** The APOR for the loan's rate-set date, term and amortization, and the table it came from. */
function lookUpApor(
  tables: RateSpreadTables,
  loan: { lockDate: string; loanTerm: number; amortizationType: 'fixed' | 'adjustable' },
) {
  const table = loan.amortizationType === 'fixed' ? tables.fixed : tables.adjustable;
  const week = table ? findAporWeek(table.weeks, loan.lockDate) : null;
  const apor = week?.rates[loan.loanTerm - 1];
  return {
    table: table ? { id: table.id, label: table.label } : null,
    apor: apor ?? null,
    missing: !table
      ? `no ${loan.amortizationType}-rate APOR table is loaded`
      : `the ${table.label} has no row for the week of ${formatLongDay(loan.lockDate)}`,
  };
}

function runRateSpread(
  input: z.output<typeof rateSpreadTestInputSchema>,
  tables: RateSpreadTables,
): LoanTestRunResult {
  const spread = rateSpread(input, tables);
  const { apor, table } = spread.figures;
  const hpml =
    apor === null
      ? notRun(
          spread.figures.notApplicableReason
            ? `The HPML test was not run: the rate spread is NA (${spread.figures.notApplicableReason}).`
            : `The HPML test was not run: ${spread.headline}`,
          '12 CFR 1026.35(a)(1)',
        )
      : hpmlTest({ apr: input.apr, apor, lien: input.lien, jumbo: input.jumbo });
  return loanTestRun(
    'rate_spread',
    [titled(TITLES.rateSpread, spread), titled(TITLES.hpml, hpml)],
    table,
  );
}

function runPointsAndFees(
  input: z.output<typeof pointsAndFeesTestInputSchema>,
  tables: RateSpreadTables,
): LoanTestRunResult {
  const found = lookUpApor(tables, input);
  const qm = qmPointsAndFeesTest({
    consummationDate: input.consummationDate,
    totalLoanAmount: input.totalLoanAmount,
    loanAmount: input.loanAmount,
    items: input.items,
    undiscountedRate: input.undiscountedRate,
    apor: found.apor ?? undefined,
  });
  const hoepa =
    found.apor === null
      ? notRun(
          `The HOEPA test was not run: ${found.missing}, so the APR cannot be compared with the APOR.`,
          '12 CFR 1026.32(a)(1)(i)',
        )
      : hoepaTest({
          consummationDate: input.consummationDate,
          lien: input.lien,
          apr: input.apr,
          apor: found.apor,
          dwellingIsPersonalProperty: input.dwellingIsPersonalProperty,
          totalLoanAmount: input.totalLoanAmount,
          loanAmount: input.loanAmount,
          items: input.items,
          undiscountedRate: input.undiscountedRate,
          prepaymentPenaltyAfter36Months: input.prepaymentPenaltyAfter36Months,
          prepaymentPenaltyOver2Percent: input.prepaymentPenaltyOver2Percent,
        });
  return loanTestRun(
    'points_and_fees',
    [titled(TITLES.qm, qm), titled(TITLES.hoepa, hoepa)],
    found.apor === null ? null : found.table,
  );
}

/**
 * Runs a test on validated inputs. Only the rate-spread and points-and-fees tests read the APOR
 * tables; the caller passes the ones in use (or NO_APOR_TABLES for the others).
 */
export function runLoanTestOn(
  request: LoanTestRequest,
  tables: RateSpreadTables,
): LoanTestRunResult {
  switch (request.kind) {
    case 'trid_timing':
      return loanTestRun(request.kind, [titled(TITLES.trid, tridTimeline(request.input))]);
    case 'tolerance':
      return loanTestRun(request.kind, [titled(TITLES.tolerance, toleranceCure(request.input))]);
    case 'rate_spread':
      return runRateSpread(request.input, tables);
    case 'points_and_fees':
      return runPointsAndFees(request.input, tables);
  }
}

/** Whether a test reads the APOR tables (so the API loads them only when it must). */
export const readsAporTables = (kind: LoanTestRequest['kind']) =>
  kind === 'rate_spread' || kind === 'points_and_fees';
