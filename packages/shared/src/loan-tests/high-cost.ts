import { z } from 'zod';
import {
  annualThresholdsFor,
  missingYearHeadline,
  type AnnualThresholdsSource,
} from './annual-thresholds.ts';
import {
  centsToDollars,
  compare,
  decimalOf,
  decimalText,
  subtract,
  toCents,
  toNumber,
} from './decimal.ts';
import {
  citationsOf,
  formatLongDay,
  formatUsd,
  type CalculationStep,
  type LoanTestResult,
} from './explanation.ts';
import { spreadPhrase } from './hpml.ts';
import {
  addUpPointsAndFees,
  consummationDateSchema,
  percentOfCents,
  percentRateSchema,
  pointsAndFeesItemSchema,
  positiveMoneySchema,
  type PointsAndFeesItemResult,
} from './points-and-fees.ts';

/**
 * High-cost mortgage (HOEPA), 12 CFR 1026.32(a)(1), for a closed-end consumer credit transaction
 * secured by the consumer's principal dwelling. It is high-cost when any one trigger is met:
 *  (i)   the APR will exceed the APOR for a comparable transaction by more than 6.5 percentage
 *        points (first lien), 8.5 (first lien on a dwelling that is personal property with a loan
 *        amount under $50,000) or 8.5 (subordinate lien). "More than": exactly 6.5 is not.
 *  (ii)  total points and fees will exceed 5 percent of the total loan amount (loan amount at or
 *        above the year's figure, originally $20,000) or, below it, the lesser of 8 percent of the
 *        total loan amount or the year's dollar figure (originally $1,000).
 *  (iii) a prepayment penalty can be charged more than 36 months after consummation, or
 *        prepayment penalties can exceed, in total, more than 2 percent of the amount prepaid.
 * The dollar figures are those for the consummation year (annual-thresholds.ts); without them
 * the points-and-fees trigger is not tested and the test says so.
 */

export const hoepaInputSchema = z.object({
  consummationDate: consummationDateSchema,
  lien: z.enum(['first', 'subordinate']),
  /** The APR under 12 CFR 1026.32(a)(3), percent. */
  apr: percentRateSchema,
  /** The APOR for a comparable transaction as of the rate-set date, percent. */
  apor: percentRateSchema,
  /** The dwelling is personal property (a manufactured home not titled as real property). */
  dwellingIsPersonalProperty: z.boolean(),
  /** Total loan amount, 12 CFR 1026.32(b)(4)(i): the percentages apply to it. */
  totalLoanAmount: positiveMoneySchema,
  /** The note's loan amount; chooses the points-and-fees rule and the $50,000 test. */
  loanAmount: positiveMoneySchema.optional(),
  items: z.array(pointsAndFeesItemSchema).max(200),
  /** The interest rate before any bona fide discount, percent. */
  undiscountedRate: percentRateSchema.optional(),
  /** Can the creditor charge a prepayment penalty more than 36 months after consummation? */
  prepaymentPenaltyAfter36Months: z.boolean(),
  /** Can prepayment penalties exceed, in total, more than 2 percent of the amount prepaid? */
  prepaymentPenaltyOver2Percent: z.boolean(),
});
export type HoepaInput = z.infer<typeof hoepaInputSchema>;

export interface HoepaFigures {
  /** The consummation year, whose adjusted figures apply. */
  year: number;
  /** null when no trigger is met but the points-and-fees trigger could not be tested. */
  isHighCost: boolean | null;
  apr: { spread: number; threshold: number; triggered: boolean; citation: string };
  pointsAndFees: {
    total: number;
    excluded: number;
    /** The trigger amount (a percentage rounded down to the cent), or null without figures. */
    limit: number | null;
    triggered: boolean | null;
    citation: string | null;
    items: PointsAndFeesItemResult[];
  };
  prepaymentPenalty: { triggered: boolean };
  source: AnnualThresholdsSource | null;
}

const PERSONAL_PROPERTY_LOAN_AMOUNT = 50_000;

export function hoepaTest(input: HoepaInput): LoanTestResult<HoepaFigures> {
  const loan = hoepaInputSchema.parse(input);
  const year = Number(loan.consummationDate.slice(0, 4));
  const loanAmount = loan.loanAmount ?? loan.totalLoanAmount;
  const notes: string[] = [];
  if (loan.loanAmount === undefined) {
    notes.push(
      'The note’s loan amount was not given, so the total loan amount chose the points-and-fees rule and the $50,000 personal-property test; the rule uses the loan amount.',
    );
  }

  /* (i) APR */
  const spread = subtract(decimalOf(loan.apr), decimalOf(loan.apor));
  const spreadText = decimalText(spread);
  const smallPersonalProperty =
    loan.lien === 'first' &&
    loan.dwellingIsPersonalProperty &&
    toCents(loanAmount) < BigInt(PERSONAL_PROPERTY_LOAN_AMOUNT) * 100n;
  const aprRule =
    loan.lien === 'subordinate'
      ? { points: 8.5, citation: '12 CFR 1026.32(a)(1)(i)(C)', why: 'a subordinate-lien loan' }
      : smallPersonalProperty
        ? {
            points: 8.5,
            citation: '12 CFR 1026.32(a)(1)(i)(B)',
            why: `a first-lien loan on a dwelling that is personal property, with a loan amount of ${formatUsd(loanAmount)}, under $50,000`,
          }
        : { points: 6.5, citation: '12 CFR 1026.32(a)(1)(i)(A)', why: 'a first-lien loan' };
  const aprTriggered = compare(spread, decimalOf(aprRule.points)) > 0;
  const aprStep: CalculationStep = {
    label: 'APR trigger',
    value: aprTriggered ? 'Met' : 'Not met',
    detail: `APR ${loan.apr}% − APOR ${loan.apor}% = ${spreadText}, computed exactly. For ${aprRule.why} the trigger is more than ${aprRule.points} points, so ${aprTriggered ? `${spreadText} meets it` : `${spreadText} does not${compare(spread, decimalOf(aprRule.points)) === 0 ? ' (equal is not more than)' : ''}`}.`,
    citation: aprRule.citation,
  };

  /* (iii) prepayment penalty */
  const prepaymentTriggered =
    loan.prepaymentPenaltyAfter36Months || loan.prepaymentPenaltyOver2Percent;
  const prepaymentStep: CalculationStep = {
    label: 'Prepayment penalty trigger',
    value: prepaymentTriggered ? 'Met' : 'Not met',
    detail: prepaymentTriggered
      ? [
          loan.prepaymentPenaltyAfter36Months
            ? 'A prepayment penalty can be charged more than 36 months after consummation.'
            : '',
          loan.prepaymentPenaltyOver2Percent
            ? 'Prepayment penalties can exceed, in total, more than 2 percent of the amount prepaid.'
            : '',
        ]
          .filter(Boolean)
          .join(' ')
      : 'No prepayment penalty can be charged more than 36 months after consummation, and penalties cannot exceed 2 percent of the amount prepaid (your answers).',
    citation: '12 CFR 1026.32(a)(1)(iii)',
  };

  /* (ii) points and fees */
  const total = addUpPointsAndFees({
    items: loan.items,
    loanAmount,
    loanAmountIsNote: loan.loanAmount !== undefined,
    undiscountedRate: loan.undiscountedRate,
    apor: loan.apor,
  });
  notes.push(...total.notes);
  const pointsAndFeesTotal = centsToDollars(total.totalCents);
  const thresholds = annualThresholdsFor(year);
  let pointsAndFees: HoepaFigures['pointsAndFees'] = {
    total: pointsAndFeesTotal,
    excluded: centsToDollars(total.excludedCents),
    limit: null,
    triggered: null,
    citation: null,
    items: total.items,
  };
  const pointsAndFeesSteps: CalculationStep[] = [
    {
      label: 'Total loan amount',
      value: formatUsd(loan.totalLoanAmount),
      detail:
        'As you entered it. Under 12 CFR 1026.32(b)(4)(i) it is the amount financed (12 CFR 1026.18(b)) less any points and fees of (b)(1)(iii), (iv) or (vi) that the creditor finances.',
      citation: '12 CFR 1026.32(b)(4)(i)',
    },
    ...total.steps,
  ];
  if (thresholds) {
    const { hoepa } = thresholds;
    const totalLoanCents = toCents(loan.totalLoanAmount);
    const atOrAbove = toCents(loanAmount) >= BigInt(hoepa.pointsAndFeesLoanAmount) * 100n;
    let limitCents: bigint;
    let citation: string;
    let detail: string;
    if (atOrAbove) {
      const five = percentOfCents(totalLoanCents, 5n);
      limitCents = five.cents;
      citation = '12 CFR 1026.32(a)(1)(ii)(A)';
      detail = `The loan amount of ${formatUsd(loanAmount)} is ${formatUsd(hoepa.pointsAndFeesLoanAmount)} or more (the ${year} figure, ${thresholds.source.citation}): the trigger is 5 percent of the total loan amount, ${formatUsd(centsToDollars(limitCents))}${five.rounded ? ' (rounded down to the cent)' : ''}.`;
    } else {
      const eight = percentOfCents(totalLoanCents, 8n);
      const dollarCents = BigInt(hoepa.pointsAndFeesDollar) * 100n;
      const eightIsLess = eight.cents < dollarCents;
      limitCents = eightIsLess ? eight.cents : dollarCents;
      citation = '12 CFR 1026.32(a)(1)(ii)(B)';
      detail = `The loan amount of ${formatUsd(loanAmount)} is less than ${formatUsd(hoepa.pointsAndFeesLoanAmount)} (the ${year} figure, ${thresholds.source.citation}): the trigger is the lesser of 8 percent of the total loan amount (${formatUsd(centsToDollars(eight.cents))}) and ${formatUsd(hoepa.pointsAndFeesDollar)}, so ${formatUsd(centsToDollars(limitCents))}.`;
    }
    const triggered = total.totalCents > limitCents;
    pointsAndFees = { ...pointsAndFees, limit: centsToDollars(limitCents), triggered, citation };
    pointsAndFeesSteps.push(
      {
        label: 'Points-and-fees trigger amount',
        value: formatUsd(centsToDollars(limitCents)),
        detail: `Loans consummated in ${year} (consummation on ${formatLongDay(loan.consummationDate)}) use that year’s adjusted figures. ${detail}`,
        citation,
      },
      {
        label: 'Points-and-fees trigger',
        value: triggered ? 'Met' : 'Not met',
        detail: `Points and fees of ${formatUsd(pointsAndFeesTotal)} ${triggered ? 'exceed' : 'do not exceed'} ${formatUsd(centsToDollars(limitCents))}; the trigger is points and fees that "will exceed" the amount, so equal does not meet it.`,
        citation,
      },
    );
  } else {
    pointsAndFeesSteps.push({
      label: 'Points-and-fees trigger',
      value: 'Not tested',
      detail: `The ${year} adjusted figures are not in the product, so the points and fees were added up but not compared with a trigger amount.`,
      citation: '12 CFR 1026.32(a)(1)(ii)',
    });
  }

  const steps = [aprStep, ...pointsAndFeesSteps, prepaymentStep];
  const reasons = [
    aprTriggered ? `the APR is ${spreadPhrase(spread)}, more than ${aprRule.points}` : '',
    pointsAndFees.triggered
      ? `points and fees of ${formatUsd(pointsAndFeesTotal)} exceed ${formatUsd(pointsAndFees.limit ?? 0)}`
      : '',
    prepaymentTriggered ? 'the prepayment penalty terms meet the trigger' : '',
  ].filter(Boolean);
  const isHighCost = reasons.length > 0 ? true : pointsAndFees.triggered === null ? null : false;

  const figures: HoepaFigures = {
    year,
    isHighCost,
    apr: {
      spread: toNumber(spread),
      threshold: aprRule.points,
      triggered: aprTriggered,
      citation: aprRule.citation,
    },
    pointsAndFees,
    prepaymentPenalty: { triggered: prepaymentTriggered },
    source: thresholds?.source ?? null,
  };
  const common = {
    figures,
    steps,
    citations: citationsOf(steps),
    notes: [
      'Enter the APR as 12 CFR 1026.32(a)(3) determines it: for a loan whose rate can vary, that is not necessarily the disclosed APR.',
      'The test assumes a closed-end consumer credit transaction secured by the consumer’s principal dwelling that is not exempt under 12 CFR 1026.32(a)(2) (reverse mortgages, initial construction loans, Housing Finance Agency loans and USDA Rural Development direct loans are exempt).',
      ...(thresholds
        ? []
        : [
            `The points-and-fees trigger was not tested: the ${year} adjusted figures are not in the product.`,
          ]),
      ...notes,
    ],
  };

  if (isHighCost) {
    const missing = thresholds
      ? ''
      : ` The ${year} points-and-fees figures are not in the product, so that trigger was not tested.`;
    return {
      ...common,
      outcome: 'fail',
      headline: `This is a high-cost mortgage (HOEPA): ${reasons.join('; ')}.${missing}`,
    };
  }
  if (isHighCost === null) {
    return {
      ...common,
      outcome: 'not_determined',
      headline: missingYearHeadline(year, 'points-and-fees test'),
    };
  }
  return {
    ...common,
    outcome: 'pass',
    headline: `This is not a high-cost mortgage: the APR is ${spreadPhrase(spread)} (trigger: more than ${aprRule.points}), points and fees of ${formatUsd(pointsAndFeesTotal)} do not exceed ${formatUsd(pointsAndFees.limit ?? 0)}, and the prepayment penalty terms do not meet the trigger.`,
  };
}
