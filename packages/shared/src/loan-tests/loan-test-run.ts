import type { LoanTestOutcome, LoanTestResult } from './explanation.ts';
import type { LoanTestKind } from './loan-test-kinds.ts';

/** One part of a test's answer, named: a rate-spread test answers three (spread, HPML, HOEPA). */
export type TitledResult = LoanTestResult<unknown> & { title: string };

export interface LoanTestRunResult {
  kind: LoanTestKind;
  outcome: LoanTestOutcome;
  headline: string;
  results: TitledResult[];
  aporTable: { id: string; label: string } | null;
}

/** The worst outcome leads: a failure, then a test that could not be decided, then a pass. */
const OUTCOME_ORDER: LoanTestOutcome[] = ['fail', 'not_determined', 'pass', 'info'];

/**
 * A test's overall answer: its parts in the order they were computed, led by the worst outcome
 * and that part's headline, so a loan that fails one part never reads as passing.
 */
export function loanTestRun(
  kind: LoanTestKind,
  results: TitledResult[],
  aporTable: { id: string; label: string } | null = null,
): LoanTestRunResult {
  const lead = [...results].sort(
    (a, b) => OUTCOME_ORDER.indexOf(a.outcome) - OUTCOME_ORDER.indexOf(b.outcome),
  )[0]!;
  return { kind, outcome: lead.outcome, headline: lead.headline, results, aporTable };
}

export const titled = (title: string, result: LoanTestResult<unknown>): TitledResult => ({
  title,
  ...result,
});
