/**
 * The TRID tolerance cure: how much of what the consumer paid at closing exceeds what the good
 * faith rules of 12 CFR 1026.19(e)(3) allow against the Loan Estimate, and by when it must be
 * refunded (1026.19(f)(2)(v)).
 *
 * The three categories, as the regulation states them:
 * - Zero tolerance (1026.19(e)(3)(i)): "an estimated closing cost … is in good faith if the
 *   charge paid by or imposed on the consumer does not exceed the amount originally disclosed".
 *   The test is charge by charge, so a decrease in one charge does not offset an increase in
 *   another. (That follows from the text, and from its contrast with (e)(3)(ii), whose test is
 *   expressly aggregate; no separate comment on offsetting was found.) Charges paid to the
 *   creditor, a mortgage broker or an affiliate of either, charges for third-party services the
 *   consumer was not permitted to shop for, and transfer taxes fall here, because (e)(3)(ii) only
 *   reaches recording fees and third-party services not paid to the creditor or its affiliate
 *   that the consumer was permitted to shop for ((e)(3)(ii)(B) and (C)).
 * - 10% cumulative tolerance (1026.19(e)(3)(ii)): in good faith if "the aggregate amount of
 *   charges for third-party services and recording fees paid by or imposed on the consumer does
 *   not exceed the aggregate amount of such charges disclosed … by more than 10 percent"
 *   ((e)(3)(ii)(A)). Recording fees need meet only (A) (comment 19(e)(3)(ii)-1). The test is on
 *   the totals, "even if a particular charge does not increase by more than 10 percent", and a
 *   charge missing from the Loan Estimate counts toward the Closing Disclosure’s total (comment
 *   19(e)(3)(ii)-2, the $1,000 / $300 settlement agent / $10 notary example).
 * - No limit (1026.19(e)(3)(iii)): prepaid interest, property insurance premiums, amounts placed
 *   into escrow, charges of third-party providers the consumer chose off the creditor’s written
 *   list, and property taxes and other charges for services the creditor does not require. A
 *   charge for a service shopped off the list leaves the 10% totals altogether (comment
 *   19(e)(3)(ii)-3).
 *
 * Money is summed in whole cents. The 10% limit (1.10 × the Loan Estimate total) can fall
 * between cents, so that arithmetic is kept in tenths of a cent and only the cure is rounded:
 * half up, to the cent.
 */

import { z } from 'zod';
import { addDays, isIsoDay } from '../calendar-days.ts';
import {
  citationsOf,
  formatLongDay,
  formatUsd,
  type CalculationStep,
  type LoanTestResult,
} from './explanation.ts';

export const TOLERANCE_BUCKETS = ['zero', 'ten_percent', 'unlimited'] as const;
export type ToleranceBucket = (typeof TOLERANCE_BUCKETS)[number];

export const TOLERANCE_BUCKET_LABELS: Record<ToleranceBucket, string> = {
  zero: 'Zero tolerance',
  ten_percent: '10% cumulative tolerance',
  unlimited: 'No tolerance limit',
};

export interface FeeKindInfo {
  label: string;
  bucket: ToleranceBucket;
  citation: string;
}

/** Each kind of closing cost, the tolerance category it falls in, and the provision that puts it there. */
export const FEE_KINDS = {
  paid_to_creditor_broker_or_affiliate: {
    label: 'Paid to the creditor, the mortgage broker, or an affiliate of either',
    bucket: 'zero',
    citation: '12 CFR 1026.19(e)(3)(i)',
  },
  third_party_not_shoppable: {
    label: 'Third-party service the consumer was not permitted to shop for',
    bucket: 'zero',
    citation: '12 CFR 1026.19(e)(3)(i)',
  },
  transfer_tax: {
    label: 'Transfer taxes',
    bucket: 'zero',
    citation: '12 CFR 1026.19(e)(3)(i)',
  },
  recording_fee: {
    label: 'Recording fees',
    bucket: 'ten_percent',
    citation: '12 CFR 1026.19(e)(3)(ii)',
  },
  third_party_shopped_from_list: {
    label:
      'Third-party service the consumer could shop for, provided by a company on the creditor’s written list (or not shopped for)',
    bucket: 'ten_percent',
    citation: '12 CFR 1026.19(e)(3)(ii)',
  },
  third_party_shopped_off_list: {
    label: 'Third-party service the consumer shopped for, from a provider not on the written list',
    bucket: 'unlimited',
    citation: '12 CFR 1026.19(e)(3)(iii)',
  },
  prepaid_interest: {
    label: 'Prepaid interest',
    bucket: 'unlimited',
    citation: '12 CFR 1026.19(e)(3)(iii)',
  },
  property_insurance_premium: {
    label: 'Property insurance premiums',
    bucket: 'unlimited',
    citation: '12 CFR 1026.19(e)(3)(iii)',
  },
  escrow_deposit: {
    label: 'Amounts placed into an escrow, impound or reserve account',
    bucket: 'unlimited',
    citation: '12 CFR 1026.19(e)(3)(iii)',
  },
  not_required_service: {
    label: 'Property taxes, or a third-party service the creditor does not require',
    bucket: 'unlimited',
    citation: '12 CFR 1026.19(e)(3)(iii)',
  },
} as const satisfies Record<string, FeeKindInfo>;

export type FeeKind = keyof typeof FEE_KINDS;
const FEE_KIND_LIST = Object.keys(FEE_KINDS) as [FeeKind, ...FeeKind[]];

/** The tolerance category a kind of charge falls in: the one place a charge "moves buckets". */
export function toleranceBucket(kind: FeeKind): ToleranceBucket {
  return FEE_KINDS[kind].bucket;
}

const EARLIEST_CONSUMMATION = '2015-10-03';
const LAST_DAY = '2099-12-31';
const MAX_AMOUNT = 100_000_000;
/** Calendar days after consummation to refund an excess (1026.19(f)(2)(v)). */
export const REFUND_DAYS = 60;

export const TOLERANCE_MESSAGES = {
  consummation_date: 'Enter the consummation date as YYYY-MM-DD.',
  before_trid:
    'Enter a consummation date on or after October 3, 2015, when the TRID rule took effect.',
  too_late: 'Enter a consummation date no later than December 31, 2099.',
  fees: 'Enter at least one fee.',
  too_many_fees: 'Enter at most 500 fees.',
  fee_name: 'Name each fee.',
  fee_name_long: 'Keep each fee’s name to 200 characters.',
  fee_kind: 'Choose the kind of each fee.',
  loan_estimate_amount:
    'Enter the Loan Estimate amount in dollars (0 if it was not on the Loan Estimate).',
  closing_disclosure_amount: 'Enter the Closing Disclosure amount in dollars.',
  negative: 'Amounts cannot be negative.',
  too_large: 'Enter amounts up to $100,000,000.',
  cents: 'Enter amounts to the cent: at most two decimals.',
} as const;

const T = TOLERANCE_MESSAGES;

const toCents = (amount: number) => Math.round(amount * 100);
const hasAtMostTwoDecimals = (amount: number) =>
  Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

const money = (message: string) =>
  z
    .number({ error: message })
    .min(0, T.negative)
    .max(MAX_AMOUNT, T.too_large)
    .refine(hasAtMostTwoDecimals, T.cents);

export const toleranceInputSchema = z.object({
  consummationDate: z
    .string({ error: T.consummation_date })
    .refine(isIsoDay, { message: T.consummation_date, abort: true })
    .refine((day) => day >= EARLIEST_CONSUMMATION, T.before_trid)
    .refine((day) => day <= LAST_DAY, T.too_late),
  fees: z
    .array(
      z.object({
        name: z.string({ error: T.fee_name }).trim().min(1, T.fee_name).max(200, T.fee_name_long),
        kind: z.enum(FEE_KIND_LIST, { error: T.fee_kind }),
        /** Dollars on the Loan Estimate; 0 for a charge that was not on it. */
        loanEstimate: money(T.loan_estimate_amount),
        /** Dollars on the Closing Disclosure (paid by or imposed on the consumer). */
        closingDisclosure: money(T.closing_disclosure_amount),
      }),
      { error: T.fees },
    )
    .min(1, T.fees)
    .max(500, T.too_many_fees),
});

export type ToleranceInput = z.input<typeof toleranceInputSchema>;

export interface ToleranceBucketFigures {
  loanEstimateTotal: number;
  closingDisclosureTotal: number;
  /**
   * Zero: the sum of each charge’s Loan Estimate amount (each is its own limit). 10%: 1.10 × the
   * Loan Estimate total, which can fall between cents. No limit: null.
   */
  allowedTotal: number | null;
  /**
   * Zero: the sum over charges of max(0, Closing Disclosure − Loan Estimate). 10%: max(0,
   * Closing Disclosure total − allowed total), before rounding. No limit: 0.
   */
  excess: number;
}

export interface ToleranceItemFigures {
  name: string;
  kind: FeeKind;
  bucket: ToleranceBucket;
  loanEstimate: number;
  closingDisclosure: number;
  /** Closing Disclosure − Loan Estimate; negative for a decrease. */
  increase: number;
  /** Zero tolerance: this charge’s own excess. 10% and no limit: null (no per-charge limit). */
  excess: number | null;
}

export interface ToleranceFigures {
  buckets: Record<ToleranceBucket, ToleranceBucketFigures>;
  items: ToleranceItemFigures[];
  /** The refund owed, in dollars, rounded half up to the cent. */
  cureOwed: number;
  /** 60 calendar days after consummation (1026.19(f)(2)(v)). */
  refundDueBy: string;
}

const CITE = {
  zero: '12 CFR 1026.19(e)(3)(i)',
  tenLimit: '12 CFR 1026.19(e)(3)(ii)(A)',
  tenAggregate: '12 CFR 1026.19(e)(3)(ii)(A), comment 19(e)(3)(ii)-2',
  unlimited: '12 CFR 1026.19(e)(3)(iii)',
  refund: '12 CFR 1026.19(f)(2)(v)',
} as const;

const usdTenths = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});
/** Tenths of a cent as dollars: "$1,100.00", or "$1,100.055" when it falls between cents. */
const formatTenths = (tenths: number) =>
  tenths % 10 === 0 ? formatUsd(tenths / 1000) : usdTenths.format(tenths / 1000);
const formatCents = (cents: number) => formatUsd(cents / 100);

const listed = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Round half up to the cent: tenths of a cent → cents. */
const roundHalfUpToCents = (tenths: number) => Math.floor((tenths + 5) / 10);

/**
 * The tolerance cure owed on a loan: each category’s totals and excess, the cure rounded to the
 * cent, and the day it must be refunded by.
 */
export function toleranceCure(rawInput: ToleranceInput): LoanTestResult<ToleranceFigures> {
  const input = toleranceInputSchema.parse(rawInput);
  const rows = input.fees.map((fee) => {
    const bucket = toleranceBucket(fee.kind);
    const le = toCents(fee.loanEstimate);
    const cd = toCents(fee.closingDisclosure);
    return { ...fee, bucket, le, cd, zeroExcess: bucket === 'zero' ? Math.max(0, cd - le) : 0 };
  });
  const inBucket = (bucket: ToleranceBucket) => rows.filter((row) => row.bucket === bucket);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  const zero = inBucket('zero');
  const zeroLe = sum(zero.map((row) => row.le));
  const zeroCd = sum(zero.map((row) => row.cd));
  const zeroExcess = sum(zero.map((row) => row.zeroExcess));

  const ten = inBucket('ten_percent');
  const tenLe = sum(ten.map((row) => row.le));
  const tenCd = sum(ten.map((row) => row.cd));
  // 1.10 × the total, in tenths of a cent: cents × 10 × 1.10 = cents × 11, exactly.
  const tenAllowedTenths = tenLe * 11;
  const tenExcessTenths = Math.max(0, tenCd * 10 - tenAllowedTenths);

  const unlimited = inBucket('unlimited');
  const unlimitedLe = sum(unlimited.map((row) => row.le));
  const unlimitedCd = sum(unlimited.map((row) => row.cd));

  const cureCents = zeroExcess + roundHalfUpToCents(tenExcessTenths);
  const refundDueBy = addDays(input.consummationDate, REFUND_DAYS);

  const steps: CalculationStep[] = [];
  const describe = (row: (typeof rows)[number]) =>
    `${row.name} ${formatCents(row.le)} on the Loan Estimate, ${formatCents(row.cd)} on the Closing Disclosure`;

  steps.push({
    label: 'Zero tolerance: amount over the Loan Estimate',
    value: formatCents(zeroExcess),
    detail: zero.length
      ? `Each charge is compared with its own Loan Estimate amount. ${zero
          .map((row) =>
            row.cd > row.le
              ? `${describe(row)}: ${formatCents(row.cd - row.le)} over.`
              : row.cd < row.le
                ? `${describe(row)}: ${formatCents(row.le - row.cd)} under, which does not offset another charge’s increase.`
                : `${describe(row)}: unchanged.`,
          )
          .join(' ')}`
      : 'No zero-tolerance charge was entered.',
    citation: CITE.zero,
  });

  const newOnCd = ten.filter((row) => row.le === 0 && row.cd > 0);
  steps.push({
    label: '10% cumulative tolerance: limit',
    value: formatTenths(tenAllowedTenths),
    detail: ten.length
      ? `The Loan Estimate’s total for recording fees and third-party services in this category, ${formatCents(tenLe)} (${listed(
          ten.map((row) => `${row.name} ${formatCents(row.le)}`),
        )}), × 1.10.`
      : 'No charge was entered in the 10% category.',
    citation: CITE.tenLimit,
  });
  steps.push({
    label: '10% cumulative tolerance: amount over the limit',
    value: formatTenths(tenExcessTenths),
    detail: ten.length
      ? `The Closing Disclosure’s total for the same category is ${formatCents(tenCd)} (${listed(
          ten.map((row) => `${row.name} ${formatCents(row.cd)}`),
        )})${
          tenExcessTenths > 0
            ? `, ${formatTenths(tenExcessTenths)} over the limit of ${formatTenths(tenAllowedTenths)}`
            : `, within the limit of ${formatTenths(tenAllowedTenths)}`
        }. The test is on the totals: one charge may rise by more than 10% if the total does not.${
          newOnCd.length
            ? ` ${listed(newOnCd.map((row) => row.name))} ${newOnCd.length === 1 ? 'was' : 'were'} not on the Loan Estimate and ${newOnCd.length === 1 ? 'counts' : 'count'} toward the Closing Disclosure’s total.`
            : ''
        }`
      : 'No charge was entered in the 10% category.',
    citation: CITE.tenAggregate,
  });

  const offList = unlimited.filter((row) => row.kind === 'third_party_shopped_off_list');
  steps.push({
    label: 'Charges with no tolerance limit',
    value: formatCents(unlimitedCd),
    detail: unlimited.length
      ? `${listed(unlimited.map((row) => `${row.name} ${formatCents(row.cd)}`))}: may exceed the Loan Estimate (${formatCents(unlimitedLe)}) if estimated on the best information reasonably available.${
          offList.length
            ? ` ${listed(offList.map((row) => row.name))}: shopped from a provider not on the creditor’s written list, so left out of the 10% totals (comment 19(e)(3)(ii)-3).`
            : ''
        }`
      : 'No charge without a tolerance limit was entered.',
    citation: CITE.unlimited,
  });

  const tenRounded = roundHalfUpToCents(tenExcessTenths);
  steps.push({
    label: 'Tolerance cure owed',
    value: formatCents(cureCents),
    detail: `Zero tolerance ${formatCents(zeroExcess)} + 10% cumulative tolerance ${formatTenths(tenExcessTenths)}${
      tenExcessTenths % 10 !== 0 ? ` (rounded half up to ${formatCents(tenRounded)})` : ''
    } = ${formatCents(cureCents)}, rounded half up to the cent.`,
    citation: CITE.refund,
  });
  steps.push({
    label: 'Refund due by',
    value: formatLongDay(refundDueBy),
    detail:
      cureCents > 0
        ? `No later than 60 days after consummation on ${formatLongDay(input.consummationDate)} (calendar days). A corrected Closing Disclosure reflecting the refund must be delivered or placed in the mail by the same day.`
        : `No refund is owed. Had one been, it would be due no later than 60 days after consummation on ${formatLongDay(input.consummationDate)}.`,
    citation: CITE.refund,
  });

  const figures: ToleranceFigures = {
    buckets: {
      zero: {
        loanEstimateTotal: zeroLe / 100,
        closingDisclosureTotal: zeroCd / 100,
        allowedTotal: zeroLe / 100,
        excess: zeroExcess / 100,
      },
      ten_percent: {
        loanEstimateTotal: tenLe / 100,
        closingDisclosureTotal: tenCd / 100,
        allowedTotal: tenAllowedTenths / 1000,
        excess: tenExcessTenths / 1000,
      },
      unlimited: {
        loanEstimateTotal: unlimitedLe / 100,
        closingDisclosureTotal: unlimitedCd / 100,
        allowedTotal: null,
        excess: 0,
      },
    },
    items: rows.map((row) => ({
      name: row.name,
      kind: row.kind,
      bucket: row.bucket,
      loanEstimate: row.le / 100,
      closingDisclosure: row.cd / 100,
      increase: (row.cd - row.le) / 100,
      excess: row.bucket === 'zero' ? row.zeroExcess / 100 : null,
    })),
    cureOwed: cureCents / 100,
    refundDueBy,
  };

  const headline =
    cureCents > 0
      ? `A tolerance cure of ${formatCents(cureCents)} is owed, to be refunded by ${formatLongDay(refundDueBy)}, 60 days after consummation.`
      : `No tolerance cure is owed: no zero-tolerance charge went up${
          ten.length
            ? `, and the 10% charges total ${formatCents(tenCd)} against a limit of ${formatTenths(tenAllowedTenths)}`
            : ''
        }.`;

  return {
    outcome: cureCents > 0 ? 'fail' : 'pass',
    headline,
    figures,
    steps,
    citations: citationsOf(steps),
    notes: [
      'Each charge’s tolerance follows the kind entered for it; the test does not decide whether the consumer was permitted to shop, chose from the written list, or paid an affiliate.',
      'Charges are compared with the Loan Estimate amounts entered. Where a changed circumstance or a consumer-requested change validly reset a charge (1026.19(e)(3)(iv)), enter the revised Loan Estimate’s amount; the test does not judge the reset.',
      'Lender credits are not entered here: credits lower than the Loan Estimate’s are an increased charge to the consumer under the zero-tolerance rule (comment 19(e)(3)(i)-5).',
      'Charges with no tolerance limit must still be estimated on the best information reasonably available (comment 19(e)(3)(iii)-1); the test does not judge that.',
      'The 10% limit, 1.10 × the Loan Estimate total, can fall between cents; the cure is rounded half up to the cent, so an excess of half a cent or more becomes a cent.',
    ],
  };
}
