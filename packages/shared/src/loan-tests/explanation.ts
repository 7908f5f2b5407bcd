/**
 * The shape every loan test answers with (docs/product.md § Loan tests). A compliance officer
 * puts the result in a loan file and an examiner re-performs it, so the result carries each
 * intermediate figure with the provision it applies, not just a verdict.
 */

/** One line of the worked calculation, in the order a person would re-perform it. */
export interface CalculationStep {
  /** What this step establishes: "Loan Estimate due by". */
  label: string;
  /** What it arrives at, formatted for people: "Thursday, July 3, 2025", "$1,250.00", "1.625". */
  value: string;
  /** How it was reached, in one or two plain sentences, with the numbers used. */
  detail?: string;
  /** The provision applied, as the library writes citations: "12 CFR 1026.19(e)(1)(iii)(A)". */
  citation?: string;
}

/**
 * pass / fail: the loan meets or misses the test's limit. info: a computation with no verdict
 * (a timeline, a rate spread). not_determined: an input or a dated figure the test needs is
 * missing, and the headline says which; the test never guesses.
 */
export const LOAN_TEST_OUTCOMES = ['pass', 'fail', 'info', 'not_determined'] as const;
export type LoanTestOutcome = (typeof LOAN_TEST_OUTCOMES)[number];

export interface LoanTestResult<TFigures> {
  outcome: LoanTestOutcome;
  /** One sentence a loan file can quote: "The tolerance cure owed is $212.50, due by …". */
  headline: string;
  /** Machine-readable figures for the API, CSV exports and saved records. */
  figures: TFigures;
  steps: CalculationStep[];
  /** Every provision the steps cite, distinct, in first-use order. */
  citations: string[];
  /** What the test did not check or assumed, stated plainly. */
  notes: string[];
}

/** The distinct citations of a list of steps, in first-use order. */
export function citationsOf(steps: readonly CalculationStep[], extra: readonly string[] = []) {
  return [
    ...new Set([...steps.flatMap((step) => (step.citation ? [step.citation] : [])), ...extra]),
  ];
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Money as people read it in a loan file: "$1,250.00". Amounts are in dollars. */
export const formatUsd = (amount: number): string => usd.format(amount);

const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
/** An ISO day ("2025-07-03") as people read it: "Thursday, July 3, 2025". */
export const formatLongDay = (day: string): string =>
  longDay.format(new Date(`${day}T00:00:00.000Z`));
