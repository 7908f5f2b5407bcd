import type { LoanTestOutcome } from '@complivue/shared/loan-tests/explanation';
import { StatusToken, type StatusTone } from '@/components/status-token';

const OUTCOME_TOKENS: Record<LoanTestOutcome, { tone: StatusTone; word: string }> = {
  pass: { tone: 'compliant', word: 'Pass' },
  fail: { tone: 'failing', word: 'Fail' },
  not_determined: { tone: 'needs_review', word: 'Not determined' },
  info: { tone: 'not_applicable', word: 'Computed' },
};

/** Pass, fail, not determined or computed: an icon and a word, never colour alone. */
export function OutcomeToken({ outcome }: { outcome: LoanTestOutcome }) {
  const { tone, word } = OUTCOME_TOKENS[outcome];
  return <StatusToken tone={tone}>{word}</StatusToken>;
}
