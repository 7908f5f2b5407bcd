/**
 * The loan tests the product runs (docs/product.md § Loan tests): one list, so the API's saved
 * records, the hub's cards and the saved-result pages name them the same way.
 */
export const LOAN_TEST_KINDS = [
  'trid_timing',
  'tolerance',
  'rate_spread',
  'points_and_fees',
] as const;
export type LoanTestKind = (typeof LOAN_TEST_KINDS)[number];

export const LOAN_TEST_LABELS: Record<LoanTestKind, string> = {
  trid_timing: 'TRID timeline',
  tolerance: 'Tolerance cure',
  rate_spread: 'Rate spread and HPML',
  points_and_fees: 'Points and fees: QM and HOEPA',
};

/** The page of each test, under /loan-tests. */
export const LOAN_TEST_SLUGS: Record<LoanTestKind, string> = {
  trid_timing: 'trid-timing',
  tolerance: 'tolerance',
  rate_spread: 'rate-spread',
  points_and_fees: 'points-and-fees',
};

export const APOR_AMORTIZATIONS = ['fixed', 'adjustable'] as const;
export type AporAmortization = (typeof APOR_AMORTIZATIONS)[number];
export const APOR_AMORTIZATION_LABELS: Record<AporAmortization, string> = {
  fixed: 'Fixed-rate',
  adjustable: 'Adjustable-rate',
};
