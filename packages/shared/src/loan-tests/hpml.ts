import { z } from 'zod';
import { compare, decimalOf, decimalText, subtract, toNumber, type Decimal } from './decimal.ts';
import { citationsOf, type CalculationStep, type LoanTestResult } from './explanation.ts';

/**
 * Higher-priced mortgage loan (HPML), 12 CFR 1026.35(a)(1): a closed-end consumer credit
 * transaction secured by the consumer's principal dwelling whose APR exceeds the average prime
 * offer rate for a comparable transaction, as of the date the interest rate is set,
 *  (i)   by 1.5 or more percentage points: first lien, principal obligation at consummation not
 *        above the Freddie Mac maximum principal obligation in effect on the rate-set date;
 *  (ii)  by 2.5 or more: first lien above that maximum (a "jumbo" loan);
 *  (iii) by 3.5 or more: subordinate lien.
 * "Or more": a spread of exactly 1.5 is higher-priced. The comparison is exact (no rounding).
 */

export const hpmlInputSchema = z.object({
  /** The transaction's APR, in percent (6.125). */
  apr: z.number().min(0).max(100),
  /** The APOR for a comparable transaction as of the rate-set date, in percent. */
  apor: z.number().min(0).max(100),
  lien: z.enum(['first', 'subordinate'], 'Choose a first or a subordinate lien.'),
  /** The user's answer: does the principal exceed the Freddie Mac maximum (conforming limit)? */
  jumbo: z.boolean('Say whether the principal is above the Freddie Mac limit.'),
});
export type HpmlInput = z.infer<typeof hpmlInputSchema>;

export interface HpmlFigures {
  /** APR − APOR, exact, in percentage points. */
  spread: number;
  /** The threshold the spread is compared with: 1.5, 2.5 or 3.5. */
  threshold: number;
  isHigherPriced: boolean;
}

const THRESHOLDS = {
  first: { points: '1.5', citation: '12 CFR 1026.35(a)(1)(i)' },
  firstJumbo: { points: '2.5', citation: '12 CFR 1026.35(a)(1)(ii)' },
  subordinate: { points: '3.5', citation: '12 CFR 1026.35(a)(1)(iii)' },
} as const;

/** "1.765 percentage points above the APOR", "1 percentage point above", "0.25 … below". */
export function spreadPhrase(spread: Decimal): string {
  const below = spread.units < 0n;
  const text = decimalText(below ? { units: -spread.units, scale: spread.scale } : spread);
  return `${text} percentage point${text === '1' ? '' : 's'} ${below ? 'below' : 'above'} the APOR`;
}

export function hpmlTest(input: HpmlInput): LoanTestResult<HpmlFigures> {
  const apr = decimalOf(input.apr);
  const apor = decimalOf(input.apor);
  const spread = subtract(apr, apor);
  const rule =
    input.lien === 'subordinate'
      ? THRESHOLDS.subordinate
      : input.jumbo
        ? THRESHOLDS.firstJumbo
        : THRESHOLDS.first;
  const threshold = decimalOf(Number(rule.points));
  const isHigherPriced = compare(spread, threshold) >= 0;
  const spreadText = decimalText(spread);

  const steps: CalculationStep[] = [
    {
      label: 'Spread of the APR over the APOR',
      value: `${spreadText} percentage points`,
      detail: `APR ${decimalText(apr)}% − APOR ${decimalText(apor)}% = ${spreadText}, computed exactly (no rounding). The APOR must be for a comparable transaction as of the date the interest rate was last set before consummation.`,
      citation: '12 CFR 1026.35(a)(2)',
    },
    {
      label: 'Threshold that applies',
      value: `${rule.points} percentage points`,
      detail:
        input.lien === 'subordinate'
          ? `A subordinate-lien loan is higher-priced at 3.5 or more percentage points over the APOR, whatever its size${input.jumbo ? ' (the "jumbo" answer matters only for a first lien)' : ''}.`
          : input.jumbo
            ? 'A first-lien "jumbo" loan is higher-priced at 2.5 or more percentage points over the APOR. "Jumbo" means the principal obligation at consummation exceeds the maximum principal obligation eligible for purchase by Freddie Mac in effect on the rate-set date: the conforming loan limit for the property’s county, which the Federal Housing Finance Agency (FHFA) publishes. The answer is yours; the product does not look the limit up.'
            : 'A first-lien loan whose principal does not exceed the maximum principal obligation eligible for purchase by Freddie Mac (the conforming loan limit for the property’s county, published by the FHFA) is higher-priced at 1.5 or more percentage points over the APOR. The answer that the loan is not "jumbo" is yours; the product does not look the limit up.',
      citation: rule.citation,
    },
    {
      label: 'Higher-priced mortgage loan?',
      value: isHigherPriced ? 'Yes' : 'No',
      detail: `The spread of ${spreadText} is ${isHigherPriced ? (compare(spread, threshold) === 0 ? 'exactly' : 'more than') : 'less than'} ${rule.points}; the rule reads "by ${rule.points} or more percentage points", so a spread equal to the threshold is higher-priced.`,
      citation: rule.citation,
    },
  ];

  // A classification, not a pass or a fail: a higher-priced loan is lawful, and brings the
  // requirements of 1026.35. Calling it a failure would misstate the loan file.
  return {
    outcome: 'info',
    headline: isHigherPriced
      ? `This is a higher-priced mortgage loan: the APR is ${spreadPhrase(spread)}, at or above the ${rule.points}-point threshold, so the escrow and appraisal requirements of 12 CFR 1026.35(b) and (c) apply unless an exemption does.`
      : `This is not a higher-priced mortgage loan: the APR is ${spreadPhrase(spread)}, below the ${rule.points}-point threshold.`,
    figures: { spread: toNumber(spread), threshold: Number(rule.points), isHigherPriced },
    steps,
    citations: citationsOf(steps),
    notes: [
      'The definition covers closed-end consumer credit secured by the consumer’s principal dwelling; the test assumes the loan is one.',
      'Use the APR of the transaction and the APOR for a comparable transaction (same fixed or adjustable type and term) from the week the interest rate was last set before consummation.',
      'Whether the loan is "jumbo" is your answer: the limit is the Freddie Mac maximum principal obligation (FHFA conforming loan limit) for the county, in effect on the rate-set date.',
      'Being higher-priced brings the escrow, appraisal and other requirements of 12 CFR 1026.35 and its exemptions, which this test does not check.',
    ],
  };
}
