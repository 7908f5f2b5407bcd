import { describe, expect, it } from 'vitest';
import { APOR_FIXED_SAMPLE_2017 } from './apor-sample.test-data.ts';
import { parseAporTable } from './apor-table.ts';
import { NO_APOR_TABLES, runLoanTestOn } from './run-loan-test.ts';

/** The CFPB calculator's two-week sample (see apor-sample.test-data.ts), as a loaded table. */
function sampleTables() {
  const parsed = parseAporTable(APOR_FIXED_SAMPLE_2017);
  if (!parsed.ok) throw new Error('the sample must parse');
  return {
    fixed: { id: 'sample', label: 'Fixed-rate APOR table, version 1', weeks: parsed.weeks },
    adjustable: null,
  };
}

const LOAN = {
  actionTaken: 1,
  loanTerm: 30,
  amortizationType: 'fixed' as const,
  apr: 6,
  lockDate: '2017-01-04',
  reverseMortgage: false,
  lien: 'first' as const,
  jumbo: false,
};

describe('runLoanTestOn', () => {
  it('runs the HPML test on the APOR the rate spread read, and names that table', () => {
    const run = runLoanTestOn({ kind: 'rate_spread', input: LOAN }, sampleTables());
    expect(run.results.map((result) => result.title)).toEqual([
      'Rate spread (12 CFR 1003.4(a)(12))',
      'Higher-priced mortgage loan (12 CFR 1026.35(a)(1))',
    ]);
    expect(run.results[1]!.figures).toMatchObject({ spread: 1.64, isHigherPriced: true });
    expect(run.aporTable).toEqual({ id: 'sample', label: 'Fixed-rate APOR table, version 1' });
  });

  it('does not run the HPML test when the rate spread is NA, and says why', () => {
    const run = runLoanTestOn(
      { kind: 'rate_spread', input: { ...LOAN, reverseMortgage: true } },
      sampleTables(),
    );
    expect(run.results[1]).toMatchObject({ outcome: 'not_determined' });
    expect(run.results[1]!.headline).toMatch(/^The HPML test was not run: the rate spread is NA/);
  });

  it('leaves HOEPA not determined without an APOR table, and still tests the QM limit', () => {
    const run = runLoanTestOn(
      {
        kind: 'points_and_fees',
        input: {
          consummationDate: '2026-06-15',
          totalLoanAmount: 200_000,
          items: [{ kind: 'creditor_origination', amount: 6000.01 }],
          apr: 6,
          lockDate: '2026-06-01',
          loanTerm: 30,
          amortizationType: 'fixed',
          lien: 'first',
          dwellingIsPersonalProperty: false,
          prepaymentPenaltyAfter36Months: false,
          prepaymentPenaltyOver2Percent: false,
        },
      },
      NO_APOR_TABLES,
    );
    // 3% of $200,000 is $6,000 (2026, 90 FR 57890): one cent over fails.
    expect(run.results[0]).toMatchObject({ outcome: 'fail' });
    expect(run.results[1]).toMatchObject({ outcome: 'not_determined' });
    expect(run.results[1]!.headline).toContain('no fixed-rate APOR table is loaded');
    expect(run.outcome).toBe('fail');
  });
});
