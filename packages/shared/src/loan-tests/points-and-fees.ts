import { z } from 'zod';
import { isIsoDay } from '../calendar-days.ts';
import {
  annualThresholdsFor,
  annualThresholdYears,
  missingYearHeadline,
  type AnnualThresholdsSource,
} from './annual-thresholds.ts';
import { centsToDollars, compare, decimalOf, decimalText, subtract, toCents } from './decimal.ts';
import {
  citationsOf,
  formatLongDay,
  formatUsd,
  type CalculationStep,
  type LoanTestResult,
} from './explanation.ts';

/**
 * Points and fees (12 CFR 1026.32(b)(1), closed-end credit) and the qualified-mortgage limit on
 * them (12 CFR 1026.43(e)(3)). The user lists the charges by kind; each kind says whether it
 * counts and under which paragraph. What is a finance charge, what a third party retains and
 * whether a discount point is bona fide are the user's answers: the test adds, excludes and
 * compares, and says so.
 */

export const POINTS_AND_FEES_ITEM_KIND_KEYS = [
  'creditor_origination',
  'loan_originator_compensation',
  'affiliate_real_estate_fee',
  'credit_insurance_premium',
  'maximum_prepayment_penalty',
  'refinance_prepayment_penalty',
  'bona_fide_third_party_charge',
  'bona_fide_discount_points',
] as const;
export type PointsAndFeesItemKind = (typeof POINTS_AND_FEES_ITEM_KIND_KEYS)[number];

export interface PointsAndFeesItemKindInfo {
  label: string;
  /** Whether an item of this kind is counted (discount points: unless excluded, see `explanation`). */
  counts: boolean;
  citation: string;
  explanation: string;
}

export const POINTS_AND_FEES_ITEM_KINDS: Readonly<
  Record<PointsAndFeesItemKind, PointsAndFeesItemKindInfo>
> = {
  creditor_origination: {
    label: 'Creditor’s origination charges and points',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(i)',
    explanation:
      'Items in the finance charge (12 CFR 1026.4(a) and (b)), such as origination, underwriting and processing fees and points, other than interest, government and qualifying private mortgage insurance premiums, and the exclusions for bona fide third-party charges and discount points.',
  },
  loan_originator_compensation: {
    label: 'Loan originator compensation',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(ii)',
    explanation:
      'Compensation paid directly or indirectly by the consumer or the creditor to a loan originator (a mortgage broker, for example), known at or before consummation, except the compensation the regulation leaves out (such as a creditor’s pay to its own loan officers).',
  },
  affiliate_real_estate_fee: {
    label: 'Real-estate-related fees paid to an affiliate of the creditor',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(iii)',
    explanation:
      'Fees of 12 CFR 1026.4(c)(7) (title, appraisal, document preparation and the like, other than escrow for future taxes) count unless the charge is reasonable, the creditor receives no compensation from it and it is not paid to an affiliate of the creditor: one paid to an affiliate counts.',
  },
  credit_insurance_premium: {
    label: 'Credit insurance and debt cancellation premiums',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(iv)',
    explanation:
      'Premiums or charges payable at or before consummation for credit life, disability, unemployment or property insurance, other life, accident, health or loss-of-income insurance of which the creditor is a beneficiary, or a debt cancellation or suspension agreement.',
  },
  maximum_prepayment_penalty: {
    label: 'Maximum prepayment penalty',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(v)',
    explanation: 'The largest prepayment penalty the loan’s terms allow the creditor to charge.',
  },
  refinance_prepayment_penalty: {
    label: 'Prepayment penalty on the loan being refinanced by the same creditor',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(vi)',
    explanation:
      'The total prepayment penalty the consumer incurs on an existing loan refinanced by its current holder, a servicer acting for it, or an affiliate of either.',
  },
  bona_fide_third_party_charge: {
    label: 'Bona fide third-party charges not retained by the creditor or an affiliate',
    counts: false,
    citation: '12 CFR 1026.32(b)(1)(i)(D)',
    explanation:
      'Excluded when not retained by the creditor, the loan originator or an affiliate of either; a real-estate-related fee of 12 CFR 1026.4(c)(7) is excluded only if it is also reasonable and the creditor is not compensated from it (otherwise list it as an affiliate fee).',
  },
  bona_fide_discount_points: {
    label: 'Bona fide discount points',
    counts: true,
    citation: '12 CFR 1026.32(b)(1)(i)(E)',
    explanation:
      'Counted, except up to two bona fide discount points when the interest rate before the discount does not exceed the APOR by more than 1 percentage point ((b)(1)(i)(E)), or up to one when it does not exceed the APOR by more than 2 ((b)(1)(i)(F)). Needs the undiscounted rate and the APOR; without them the points are counted.',
  },
};

const MONEY_LIMIT = 1_000_000_000;
const hasCents = (value: number) => decimalOf(value).scale <= 2;

/** Dollars, not negative, at most two decimals. */
export const moneySchema = z
  .number('Enter an amount in dollars, such as 1250.00.')
  .min(0, 'An amount cannot be negative.')
  .max(MONEY_LIMIT, 'Enter an amount under $1,000,000,000.')
  .refine(hasCents, 'An amount has at most two decimals (cents).');

/** A dollar amount above zero. */
export const positiveMoneySchema = moneySchema.refine(
  (value) => value > 0,
  'The amount must be above zero.',
);

/** A rate in percent. */
export const percentRateSchema = z
  .number('Enter a rate as a percentage, such as 6.125.')
  .min(0, 'Enter a rate as a percentage, such as 6.125.')
  .max(100, 'Enter a rate as a percentage, such as 6.125.');

export const pointsAndFeesItemSchema = z.object({
  kind: z.enum(POINTS_AND_FEES_ITEM_KIND_KEYS, 'Choose what kind of charge this is.'),
  amount: moneySchema,
  /** The user's name for the charge ("Origination fee"). */
  description: z.string().trim().max(200).optional(),
});
export type PointsAndFeesItem = z.infer<typeof pointsAndFeesItemSchema>;

export const consummationDateSchema = z
  .string('Enter the consummation date as YYYY-MM-DD.')
  .refine(isIsoDay, 'The consummation date must be a real date written YYYY-MM-DD.');

export const qmPointsAndFeesInputSchema = z.object({
  consummationDate: consummationDateSchema,
  /** Total loan amount, 12 CFR 1026.32(b)(4)(i): the percentages apply to it. */
  totalLoanAmount: positiveMoneySchema,
  /** The loan amount of the note; chooses the tier. When missing, the total loan amount is used. */
  loanAmount: positiveMoneySchema.optional(),
  items: z.array(pointsAndFeesItemSchema).max(200),
  /** The interest rate before any bona fide discount, percent (for (b)(1)(i)(E)/(F)). */
  undiscountedRate: percentRateSchema.optional(),
  /** The APOR as of the date the discounted rate was set, percent (for (b)(1)(i)(E)/(F)). */
  apor: percentRateSchema.optional(),
});
export type QmPointsAndFeesInput = z.infer<typeof qmPointsAndFeesInputSchema>;

/* ----------------------------------------------------------------------------------------- */
/* Adding up                                                                                  */
/* ----------------------------------------------------------------------------------------- */

export interface PointsAndFeesItemResult {
  kind: PointsAndFeesItemKind;
  description: string | null;
  amount: number;
  counted: number;
  excluded: number;
}

export interface PointsAndFeesTotal {
  totalCents: bigint;
  excludedCents: bigint;
  items: PointsAndFeesItemResult[];
  steps: CalculationStep[];
  notes: string[];
}

const CITE_TOTAL = '12 CFR 1026.32(b)(1)';
const CITE_TOTAL_LOAN_AMOUNT = '12 CFR 1026.32(b)(4)(i)';

/**
 * Adds the counted items. Bona fide discount points are excluded up to two points (1 percent of
 * `loanAmount` each, 12 CFR 1026.32(b)(3)(i)) when the undiscounted rate is not more than 1
 * point over the APOR, or up to one point when not more than 2 points over; the exclusion is
 * rounded down to the cent so it never excludes more than the rule allows.
 */
export function addUpPointsAndFees(input: {
  items: readonly PointsAndFeesItem[];
  loanAmount: number;
  loanAmountIsNote: boolean;
  undiscountedRate?: number | undefined;
  apor?: number | undefined;
}): PointsAndFeesTotal {
  const steps: CalculationStep[] = [];
  const notes: string[] = [];
  const results: PointsAndFeesItemResult[] = input.items.map((item) => ({
    kind: item.kind,
    description: item.description ?? null,
    amount: item.amount,
    counted: 0,
    excluded: 0,
  }));
  const cents = input.items.map((item) => toCents(item.amount));

  for (const kind of POINTS_AND_FEES_ITEM_KIND_KEYS) {
    if (kind === 'bona_fide_discount_points') continue;
    const positions = input.items.flatMap((item, position) =>
      item.kind === kind ? [position] : [],
    );
    if (positions.length === 0) continue;
    const info = POINTS_AND_FEES_ITEM_KINDS[kind];
    const sum = positions.reduce((total, position) => total + (cents[position] ?? 0n), 0n);
    for (const position of positions) {
      const result = results[position];
      if (!result) continue;
      if (info.counts) result.counted = result.amount;
      else result.excluded = result.amount;
    }
    const names = positions
      .map((position) => input.items[position]?.description)
      .filter((name): name is string => Boolean(name));
    steps.push({
      label: info.label,
      value: `${formatUsd(centsToDollars(sum))} ${info.counts ? 'counted' : 'excluded'}`,
      detail: `${names.length > 0 ? `${names.join(', ')}. ` : ''}${info.explanation}`,
      citation: info.citation,
    });
  }

  const discountPositions = input.items.flatMap((item, position) =>
    item.kind === 'bona_fide_discount_points' ? [position] : [],
  );
  let excludedDiscountCents = 0n;
  if (discountPositions.length > 0) {
    const discountCents = discountPositions.reduce(
      (total, position) => total + (cents[position] ?? 0n),
      0n,
    );
    const loanAmountCents = toCents(input.loanAmount);
    const onePoint = `1 percent of the ${input.loanAmountIsNote ? 'loan amount' : 'total loan amount'} of ${formatUsd(input.loanAmount)}`;
    let points = 0n;
    let detail: string;
    let citation = '12 CFR 1026.32(b)(1)(i)(E)';
    if (input.undiscountedRate === undefined || input.apor === undefined) {
      detail =
        'Counted in full: to exclude bona fide discount points the test needs the interest rate before the discount and the APOR as of the date the discounted rate was set.';
      notes.push(
        'Bona fide discount points were counted in full because the undiscounted interest rate or the APOR was not given (12 CFR 1026.32(b)(1)(i)(E) and (F)).',
      );
    } else {
      const over = subtract(decimalOf(input.undiscountedRate), decimalOf(input.apor));
      const overText = decimalText(over);
      if (compare(over, decimalOf(1)) <= 0) {
        points = 2n;
        detail = `The undiscounted rate of ${input.undiscountedRate}% exceeds the APOR of ${input.apor}% by ${overText} percentage points, not more than 1: up to two bona fide discount points (each ${onePoint}) are excluded.`;
      } else if (compare(over, decimalOf(2)) <= 0) {
        points = 1n;
        citation = '12 CFR 1026.32(b)(1)(i)(F)';
        detail = `The undiscounted rate of ${input.undiscountedRate}% exceeds the APOR of ${input.apor}% by ${overText} percentage points, more than 1 but not more than 2: up to one bona fide discount point (${onePoint}) is excluded.`;
      } else {
        detail = `The undiscounted rate of ${input.undiscountedRate}% exceeds the APOR of ${input.apor}% by ${overText} percentage points, more than 2: no discount point is excluded.`;
      }
      const allowance = (loanAmountCents * points) / 100n;
      excludedDiscountCents = discountCents < allowance ? discountCents : allowance;
    }
    const countedDiscount = discountCents - excludedDiscountCents;
    let excludedLeft = excludedDiscountCents;
    for (const position of discountPositions) {
      const result = results[position];
      const itemCents = cents[position] ?? 0n;
      if (!result) continue;
      const excluded = itemCents < excludedLeft ? itemCents : excludedLeft;
      excludedLeft -= excluded;
      result.excluded = centsToDollars(excluded);
      result.counted = centsToDollars(itemCents - excluded);
    }
    steps.push({
      label: POINTS_AND_FEES_ITEM_KINDS.bona_fide_discount_points.label,
      value: `${formatUsd(centsToDollars(countedDiscount))} counted, ${formatUsd(centsToDollars(excludedDiscountCents))} excluded`,
      detail: `${formatUsd(centsToDollars(discountCents))} of discount points. ${detail}`,
      citation,
    });
    notes.push(
      'Discount points are excluded only if they are bona fide: paid by the consumer and reducing the rate by an amount consistent with established industry practice (12 CFR 1026.32(b)(3)). That is your answer when you list them as bona fide.',
    );
    if (!input.loanAmountIsNote) {
      notes.push(
        'A discount point was valued at 1 percent of the total loan amount, because the loan amount of the note was not given; this can only exclude less than the rule allows.',
      );
    }
  }

  const totalCents = results.reduce((total, result) => total + toCents(result.counted), 0n);
  const excludedCents = results.reduce((total, result) => total + toCents(result.excluded), 0n);
  steps.push({
    label: 'Total points and fees',
    value: formatUsd(centsToDollars(totalCents)),
    detail:
      input.items.length === 0
        ? 'No charge was listed.'
        : `The counted items above add up to ${formatUsd(centsToDollars(totalCents))}${excludedCents > 0n ? `; ${formatUsd(centsToDollars(excludedCents))} is excluded` : ''}.`,
    citation: CITE_TOTAL,
  });
  return { totalCents, excludedCents, items: results, steps, notes };
}

/* ----------------------------------------------------------------------------------------- */
/* Limits                                                                                    */
/* ----------------------------------------------------------------------------------------- */

/** `percent` of an amount in cents, rounded down to the cent, with whether it was rounded. */
export function percentOfCents(amountCents: bigint, percent: bigint) {
  const product = amountCents * percent;
  return { cents: product / 100n, rounded: product % 100n !== 0n };
}

export type QmTierKey = 'A' | 'B' | 'C' | 'D' | 'E';

export interface QmPointsAndFeesTestFigures {
  /** The consummation year, whose adjusted figures apply. */
  year: number;
  totalLoanAmount: number;
  /** The amount that chose the tier: the note's loan amount, or the total loan amount. */
  tierLoanAmount: number;
  /** Counted points and fees. */
  pointsAndFees: number;
  /** Listed but excluded. */
  excluded: number;
  tier: { key: QmTierKey; description: string; citation: string } | null;
  /** The limit in dollars (a percentage is rounded down to the cent), or null without figures. */
  limit: number | null;
  /** limit − points and fees: 0 or more passes. */
  margin: number | null;
  withinLimit: boolean | null;
  source: AnnualThresholdsSource | null;
  items: PointsAndFeesItemResult[];
}

const usd0 = (dollars: number) => formatUsd(dollars).replace(/\.00$/, '');

export function qmPointsAndFeesTest(
  input: QmPointsAndFeesInput,
): LoanTestResult<QmPointsAndFeesTestFigures> {
  const loan = qmPointsAndFeesInputSchema.parse(input);
  const year = Number(loan.consummationDate.slice(0, 4));
  const tierLoanAmount = loan.loanAmount ?? loan.totalLoanAmount;
  const notes: string[] = [];

  const totalLoanStep: CalculationStep = {
    label: 'Total loan amount',
    value: formatUsd(loan.totalLoanAmount),
    detail:
      'As you entered it. Under 12 CFR 1026.32(b)(4)(i) it is the amount financed (12 CFR 1026.18(b)) less any points and fees of (b)(1)(iii), (iv) or (vi) that the creditor finances. The percentage limits apply to it.',
    citation: CITE_TOTAL_LOAN_AMOUNT,
  };
  const tierAmountStep: CalculationStep = {
    label: 'Loan amount that chooses the tier',
    value: formatUsd(tierLoanAmount),
    detail:
      loan.loanAmount !== undefined
        ? 'The loan amount of the note (the principal the consumer will borrow) chooses the tier; the percentage then applies to the total loan amount.'
        : 'The note’s loan amount was not given, so the total loan amount chooses the tier. The rule uses the note’s loan amount (12 CFR 1026.43(b)(5)), which can put a loan near a boundary in a different tier.',
    citation: '12 CFR 1026.43(e)(3)(i)',
  };
  if (loan.loanAmount === undefined) {
    notes.push(
      'The tier was chosen with the total loan amount because the note’s loan amount was not given; the rule chooses it with the loan amount (12 CFR 1026.43(b)(5)).',
    );
  }

  const total = addUpPointsAndFees({
    items: loan.items,
    loanAmount: tierLoanAmount,
    loanAmountIsNote: loan.loanAmount !== undefined,
    undiscountedRate: loan.undiscountedRate,
    apor: loan.apor,
  });
  notes.push(...total.notes);
  const pointsAndFees = centsToDollars(total.totalCents);
  const baseFigures = {
    year,
    totalLoanAmount: loan.totalLoanAmount,
    tierLoanAmount,
    pointsAndFees,
    excluded: centsToDollars(total.excludedCents),
    items: total.items,
  };

  const thresholds = annualThresholdsFor(year);
  if (!thresholds) {
    const steps = [totalLoanStep, ...total.steps];
    return {
      outcome: 'not_determined',
      headline: missingYearHeadline(year, 'points-and-fees test'),
      figures: {
        ...baseFigures,
        tier: null,
        limit: null,
        margin: null,
        withinLimit: null,
        source: null,
      },
      steps,
      citations: citationsOf(steps, ['12 CFR 1026.43(e)(3)(ii)']),
      notes: [
        `The limits are adjusted every January 1 (12 CFR 1026.43(e)(3)(ii)). The product has the figures for loans consummated in ${annualThresholdYears().join(', ')}, and never uses another year’s.`,
        ...notes,
      ],
    };
  }

  const qm = thresholds.qm;
  const tierCents = toCents(tierLoanAmount);
  const totalLoanCents = toCents(loan.totalLoanAmount);
  const at = (dollars: number) => tierCents >= BigInt(dollars) * 100n;
  let tier: { key: QmTierKey; description: string; citation: string };
  let limitCents: bigint;
  let limitDetail: string;
  const percentLimit = (percent: bigint) => {
    const { cents, rounded } = percentOfCents(totalLoanCents, percent);
    return {
      cents,
      detail: `${percent} percent of the total loan amount of ${formatUsd(loan.totalLoanAmount)} is ${formatUsd(centsToDollars(cents))}${rounded ? ' (rounded down to the cent: points and fees in whole cents are within the exact limit exactly when they are within this)' : ''}.`,
    };
  };
  if (at(qm.threePercentFrom)) {
    tier = {
      key: 'A',
      description: `3 percent of the total loan amount, for a loan amount of ${usd0(qm.threePercentFrom)} or more`,
      citation: '12 CFR 1026.43(e)(3)(i)(A)',
    };
    ({ cents: limitCents, detail: limitDetail } = percentLimit(3n));
  } else if (at(qm.upperDollarFrom)) {
    tier = {
      key: 'B',
      description: `${usd0(qm.upperDollarLimit)}, for a loan amount of ${usd0(qm.upperDollarFrom)} or more but less than ${usd0(qm.threePercentFrom)}`,
      citation: '12 CFR 1026.43(e)(3)(i)(B)',
    };
    limitCents = BigInt(qm.upperDollarLimit) * 100n;
    limitDetail = `A fixed limit of ${formatUsd(qm.upperDollarLimit)}.`;
  } else if (at(qm.fivePercentFrom)) {
    tier = {
      key: 'C',
      description: `5 percent of the total loan amount, for a loan amount of ${usd0(qm.fivePercentFrom)} or more but less than ${usd0(qm.upperDollarFrom)}`,
      citation: '12 CFR 1026.43(e)(3)(i)(C)',
    };
    ({ cents: limitCents, detail: limitDetail } = percentLimit(5n));
  } else if (at(qm.lowerDollarFrom)) {
    tier = {
      key: 'D',
      description: `${usd0(qm.lowerDollarLimit)}, for a loan amount of ${usd0(qm.lowerDollarFrom)} or more but less than ${usd0(qm.fivePercentFrom)}`,
      citation: '12 CFR 1026.43(e)(3)(i)(D)',
    };
    limitCents = BigInt(qm.lowerDollarLimit) * 100n;
    limitDetail = `A fixed limit of ${formatUsd(qm.lowerDollarLimit)}.`;
  } else {
    tier = {
      key: 'E',
      description: `8 percent of the total loan amount, for a loan amount of less than ${usd0(qm.lowerDollarFrom)}`,
      citation: '12 CFR 1026.43(e)(3)(i)(E)',
    };
    ({ cents: limitCents, detail: limitDetail } = percentLimit(8n));
  }

  const marginCents = limitCents - total.totalCents;
  const withinLimit = marginCents >= 0n;
  const limit = centsToDollars(limitCents);
  const margin = centsToDollars(marginCents);
  const steps: CalculationStep[] = [
    totalLoanStep,
    tierAmountStep,
    {
      label: `Adjusted figures for ${year}`,
      value: thresholds.source.citation,
      detail: `Loans consummated in ${year} (consummation on ${formatLongDay(loan.consummationDate)}) use the figures of the CFPB’s annual adjustment published at ${thresholds.source.citation}: 3 percent from ${usd0(qm.threePercentFrom)}; ${usd0(qm.upperDollarLimit)} from ${usd0(qm.upperDollarFrom)}; 5 percent from ${usd0(qm.fivePercentFrom)}; ${usd0(qm.lowerDollarLimit)} from ${usd0(qm.lowerDollarFrom)}; 8 percent below.`,
      citation: '12 CFR 1026.43(e)(3)(ii)',
    },
    {
      label: 'Tier',
      value: `(${tier.key}) ${tier.description}`,
      detail: `The loan amount of ${formatUsd(tierLoanAmount)} falls in tier (${tier.key}).`,
      citation: tier.citation,
    },
    {
      label: 'Points-and-fees limit',
      value: formatUsd(limit),
      detail: limitDetail,
      citation: tier.citation,
    },
    ...total.steps,
    {
      label: 'Within the limit?',
      value: withinLimit ? `Yes, by ${formatUsd(margin)}` : `No, over by ${formatUsd(-margin)}`,
      detail: `Limit ${formatUsd(limit)} − points and fees ${formatUsd(pointsAndFees)} = ${formatUsd(margin)}. The rule says the points and fees may not exceed the limit, so points and fees equal to the limit pass.`,
      citation: '12 CFR 1026.43(e)(3)(i)',
    },
  ];

  return {
    outcome: withinLimit ? 'pass' : 'fail',
    headline: withinLimit
      ? `Points and fees of ${formatUsd(pointsAndFees)} are within the qualified-mortgage limit of ${formatUsd(limit)} (tier ${tier.key}, ${year}) by ${formatUsd(margin)}.`
      : `Points and fees of ${formatUsd(pointsAndFees)} exceed the qualified-mortgage limit of ${formatUsd(limit)} (tier ${tier.key}, ${year}) by ${formatUsd(-margin)}, so the loan cannot be a qualified mortgage.`,
    figures: {
      ...baseFigures,
      tier,
      limit,
      margin,
      withinLimit,
      source: thresholds.source,
    },
    steps,
    citations: citationsOf(steps),
    notes: [
      'Which charges are finance charges, which third-party charges are bona fide and not retained, and which affiliates receive fees are your entries; the test adds and compares them.',
      ...notes,
    ],
  };
}
