/**
 * The TRID timeline (TILA-RESPA Integrated Disclosures, 12 CFR 1026.19(e) and (f)): when the
 * Loan Estimate is due, when each disclosure is received, and the earliest day consummation may
 * occur, each date with the business days it counted and the days it skipped.
 *
 * Which business day applies where (12 CFR 1026.2(a)(6)): the Loan Estimate’s three days after
 * application (1026.19(e)(1)(iii)(A)) and the revised Loan Estimate’s three days after a changed
 * circumstance (1026.19(e)(4)(i)) use the general definition, because 1026.2(a)(6) does not list
 * them among the provisions that use the specific one (comment 19(e)(1)(iii)-1 says so for the
 * first). Everything else here, the seven-day wait (1026.19(e)(1)(iii)(B)), the mailbox rule
 * ((e)(1)(iv), (f)(1)(iii)), the revised Loan Estimate’s four days ((e)(4)(ii)) and the Closing
 * Disclosure’s three days ((f)(1)(ii)), uses the specific definition.
 *
 * Counting forward and counting back. The regulation states the waiting periods backward from
 * consummation ("not later than the seventh business day before consummation", "no later than
 * three business days before consummation"); the commentary also states them forward from
 * delivery ("consummation may occur on or after Tuesday, June 9, the seventh business day
 * following delivery", comment 19(e)(1)(iii)-2; "consummation may occur at any time on the third
 * business day following delivery", comment 19(f)(1)(iii)-1). The two agree whenever delivery
 * and consummation fall on business days. They can differ only when a disclosure is handed over
 * (or, for the seven-day wait, sent) on a Sunday or a legal public holiday, or consummation is
 * set on one. This module applies both and keeps the later date, so it never passes a loan that
 * either reading fails, and it says so in the result’s notes when the two differ.
 */

import { z } from 'zod';
import { addDays, isIsoDay } from '../calendar-days.ts';
import {
  MONDAY_TO_FRIDAY,
  SPECIFIC_BUSINESS_DAYS,
  WEEKDAYS,
  addBusinessDays,
  countBusinessDays,
  type BusinessDayCount,
  type BusinessDayRule,
} from './business-days.ts';
import {
  citationsOf,
  formatLongDay,
  type CalculationStep,
  type LoanTestOutcome,
  type LoanTestResult,
} from './explanation.ts';

export const DELIVERY_METHODS = ['in_person', 'mail', 'email'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * Why a Closing Disclosure was corrected before consummation. The first three are the changes of
 * 12 CFR 1026.19(f)(2)(ii)(A)–(C) that start a new three-business-day wait; any other correction
 * is provided at or before consummation with no new wait (1026.19(f)(2)(i)).
 */
export const CORRECTION_REASONS = [
  'apr_inaccurate',
  'loan_product_changed',
  'prepayment_penalty_added',
  'other',
] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];

/** The rule in force from October 3, 2015 for applications received on or after that day. */
export const TRID_EFFECTIVE_DATE = '2015-10-03';
const LAST_DAY = '2099-12-31';

export const TRID_TIMING_MESSAGES = {
  application_date: 'Enter the application date as YYYY-MM-DD.',
  before_trid:
    'The TRID rule applies to applications received on or after October 3, 2015: enter a later application date.',
  too_late: 'Enter dates no later than December 31, 2099.',
  days_open: 'Choose at least one day the offices are open.',
  weekday: 'Choose the days the offices are open from Monday to Sunday.',
  closed_on_holidays: 'Say whether the offices close on federal holidays.',
  loan_estimate_date: 'Enter the day the Loan Estimate was delivered or mailed as YYYY-MM-DD.',
  loan_estimate_method:
    'Choose how the Loan Estimate was delivered: in person, by mail or by email.',
  loan_estimate_before_application:
    'The Loan Estimate cannot be delivered before the application date.',
  changed_circumstance_date:
    'Enter the day the creditor learned of the changed circumstance as YYYY-MM-DD.',
  changed_circumstance_before_application:
    'The changed circumstance cannot be learned of before the application date.',
  closing_disclosure_date:
    'Enter the day the Closing Disclosure was delivered or mailed as YYYY-MM-DD.',
  closing_disclosure_method:
    'Choose how the Closing Disclosure was delivered: in person, by mail or by email.',
  closing_disclosure_before_application:
    'The Closing Disclosure cannot be delivered before the application date.',
  closing_disclosure_before_loan_estimate:
    'The Closing Disclosure cannot be delivered before the Loan Estimate.',
  corrected_date: 'Enter the day the corrected Closing Disclosure was delivered as YYYY-MM-DD.',
  corrected_method:
    'Choose how the corrected Closing Disclosure was delivered: in person, by mail or by email.',
  corrected_reason: 'Choose why the Closing Disclosure was corrected.',
  corrected_without_first: 'Enter the first Closing Disclosure’s delivery before a corrected one.',
  corrected_before_first:
    'The corrected Closing Disclosure cannot be delivered before the first one.',
  consummation_date: 'Enter the planned consummation date as YYYY-MM-DD.',
  consummation_before_application:
    'The planned consummation cannot be before the application date.',
} as const;

const M = TRID_TIMING_MESSAGES;

const day = (message: string) =>
  z
    .string({ error: message })
    .refine(isIsoDay, { message, abort: true })
    .refine((value) => value <= LAST_DAY, M.too_late);

const delivery = (dateMessage: string, methodMessage: string) =>
  z.object({
    date: day(dateMessage),
    method: z.enum(DELIVERY_METHODS, { error: methodMessage }),
  });

export const tridTimingInputSchema = z
  .object({
    /** The day the creditor received the application’s six pieces (1026.2(a)(3)(ii)). */
    applicationDate: day(M.application_date).refine(
      (value) => value >= TRID_EFFECTIVE_DATE,
      M.before_trid,
    ),
    daysOpen: z
      .array(z.enum(WEEKDAYS, { error: M.weekday }), { error: M.days_open })
      .min(1, M.days_open)
      .transform((days) => WEEKDAYS.filter((weekday) => days.includes(weekday)))
      .default([...MONDAY_TO_FRIDAY]),
    closedOnFederalHolidays: z.boolean({ error: M.closed_on_holidays }).default(true),
    loanEstimateDelivery: delivery(M.loan_estimate_date, M.loan_estimate_method).optional(),
    changedCircumstanceDate: day(M.changed_circumstance_date).optional(),
    closingDisclosureDelivery: delivery(
      M.closing_disclosure_date,
      M.closing_disclosure_method,
    ).optional(),
    correctedClosingDisclosure: delivery(M.corrected_date, M.corrected_method)
      .extend({ reason: z.enum(CORRECTION_REASONS, { error: M.corrected_reason }) })
      .optional(),
    plannedConsummation: day(M.consummation_date).optional(),
  })
  .superRefine((input, context) => {
    const issue = (message: string, path: (string | number)[]) =>
      context.addIssue({ code: 'custom', message, path });
    const application = input.applicationDate;
    const le = input.loanEstimateDelivery;
    const cd = input.closingDisclosureDelivery;
    const corrected = input.correctedClosingDisclosure;
    if (le && le.date < application) {
      issue(M.loan_estimate_before_application, ['loanEstimateDelivery', 'date']);
    }
    if (input.changedCircumstanceDate && input.changedCircumstanceDate < application) {
      issue(M.changed_circumstance_before_application, ['changedCircumstanceDate']);
    }
    if (cd && cd.date < application) {
      issue(M.closing_disclosure_before_application, ['closingDisclosureDelivery', 'date']);
    } else if (cd && le && cd.date < le.date) {
      issue(M.closing_disclosure_before_loan_estimate, ['closingDisclosureDelivery', 'date']);
    }
    if (corrected && !cd) issue(M.corrected_without_first, ['closingDisclosureDelivery']);
    if (corrected && cd && corrected.date < cd.date) {
      issue(M.corrected_before_first, ['correctedClosingDisclosure', 'date']);
    }
    if (input.plannedConsummation && input.plannedConsummation < application) {
      issue(M.consummation_before_application, ['plannedConsummation']);
    }
  });

/** What a caller sends (defaults not yet applied). */
export type TridTimingInput = z.input<typeof tridTimingInputSchema>;
/** The input once validated, with its defaults. */
export type TridTimingValues = z.output<typeof tridTimingInputSchema>;

export interface TimingIssue {
  /** Stable key: 'loan_estimate_late', 'consummation_before_loan_estimate_wait', … */
  code:
    | 'loan_estimate_late'
    | 'consummation_before_loan_estimate_wait'
    | 'closing_disclosure_late'
    | 'consummation_before_corrected_disclosure_wait';
  message: string;
  citation: string;
}

export interface TridTimelineFigures {
  /** Third general business day after the application (1026.19(e)(1)(iii)(A)). */
  loanEstimateDueBy: string;
  /** Received (in person) or presumed received (mail, email) (1026.19(e)(1)(iv)). */
  loanEstimateReceivedOn: string | null;
  /** Seventh specific business day after delivery or mailing (1026.19(e)(1)(iii)(B)). */
  earliestConsummationAfterLoanEstimate: string | null;
  /** Third general business day after learning of the changed circumstance (1026.19(e)(4)(i)). */
  revisedLoanEstimateDueBy: string | null;
  /** Four specific business days before the planned consummation (1026.19(e)(4)(ii)). */
  revisedLoanEstimateReceiveBy: string | null;
  /** Three specific business days before the planned consummation (1026.19(f)(1)(ii)(A)). */
  closingDisclosureReceiveBy: string | null;
  /** Three more specific business days earlier, for the mailbox rule (1026.19(f)(1)(iii)). */
  closingDisclosureMailBy: string | null;
  closingDisclosureReceivedOn: string | null;
  correctedClosingDisclosureReceivedOn: string | null;
  /** Third specific business day after the Closing Disclosure’s receipt (1026.19(f)(1)(ii)(A)). */
  earliestConsummationAfterClosingDisclosure: string | null;
  /** Third specific business day after a corrected disclosure’s receipt (1026.19(f)(2)(ii)). */
  earliestConsummationAfterCorrectedClosingDisclosure: string | null;
  /** The latest of the waits above; null until both the Loan Estimate and the Closing Disclosure are entered. */
  earliestConsummation: string | null;
  plannedConsummation: string | null;
  /** Whether the Loan Estimate went out by its due date; null when its delivery is not entered. */
  loanEstimateOnTime: boolean | null;
  /** Whether the planned consummation respects every wait; null when it cannot be told yet. */
  consummationAllowed: boolean | null;
  timingIssues: TimingIssue[];
}

const CITE = {
  application: '12 CFR 1026.2(a)(3)(ii)',
  leDue: '12 CFR 1026.19(e)(1)(iii)(A)',
  leWait: '12 CFR 1026.19(e)(1)(iii)(B)',
  leReceipt: '12 CFR 1026.19(e)(1)(iv)',
  leReceiptEmail: '12 CFR 1026.19(e)(1)(iv), comment 19(e)(1)(iv)-2',
  revisedDue: '12 CFR 1026.19(e)(4)(i)',
  revisedReceive: '12 CFR 1026.19(e)(4)(ii)',
  cdReceive: '12 CFR 1026.19(f)(1)(ii)(A)',
  cdMail: '12 CFR 1026.19(f)(1)(iii)',
  cdReceiptEmail: '12 CFR 1026.19(f)(1)(iii), comment 19(f)(1)(iii)-2',
  correctedNoWait: '12 CFR 1026.19(f)(2)(i)',
  generalDefinition: '12 CFR 1026.2(a)(6)',
  specificDefinition: '12 CFR 1026.2(a)(6), comment 2(a)(6)-2',
} as const;

const CORRECTION_CITATIONS: Record<Exclude<CorrectionReason, 'other'>, string> = {
  apr_inaccurate: '12 CFR 1026.19(f)(2)(ii)(A)',
  loan_product_changed: '12 CFR 1026.19(f)(2)(ii)(B)',
  prepayment_penalty_added: '12 CFR 1026.19(f)(2)(ii)(C)',
};

const CORRECTION_LABELS: Record<CorrectionReason, string> = {
  apr_inaccurate: 'the annual percentage rate became inaccurate',
  loan_product_changed: 'the loan product changed',
  prepayment_penalty_added: 'a prepayment penalty was added',
  other: 'a change that does not start a new waiting period',
};

const METHOD_WORDS: Record<DeliveryMethod, string> = {
  in_person: 'delivered in person',
  mail: 'placed in the mail',
  email: 'sent by email',
};

const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "2026-11-27" → "Fri Nov 27", for lists of counted and skipped days. */
function shortDay(value: string): string {
  const parts = shortDayFormat.formatToParts(new Date(`${value}T00:00:00.000Z`));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('weekday')} ${part('month')} ${part('day')}`;
}

const listed = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A skip reason inside parentheses: "Thanksgiving Day, a legal public holiday". */
const inParentheses = (reason: string) =>
  reason
    .replace(/^Offices/, 'offices')
    .replace(' (legal public holiday, observed)', ', a legal public holiday, observed')
    .replace(' (legal public holiday)', ', a legal public holiday');

function ruleWords(rule: BusinessDayRule): string {
  if (rule.kind === 'specific') {
    return 'specific business days (every day but Sundays and legal public holidays)';
  }
  const open = rule.daysOpen.map((weekday) => weekday[0]!.toUpperCase() + weekday.slice(1, 3));
  return `general business days (days the offices are open: ${open.join(', ')}${
    rule.closedOnFederalHolidays ? ', closed on federal holidays' : ''
  })`;
}

/** "Counted Fri Nov 27, Mon Nov 30 and Tue Dec 1 …; skipped Thu Nov 26 (…)". */
function countDetail(from: string, count: BusinessDayCount, rule: BusinessDayRule): string {
  const direction = count.result < from ? 'back from' : 'after';
  const counted = `Counted ${count.counted.length} ${ruleWords(rule)} ${direction} ${formatLongDay(from)}: ${listed(count.counted.map(shortDay))}`;
  const skipped = count.skipped.length
    ? `; skipped ${listed(count.skipped.map((skip) => `${shortDay(skip.day)} (${inParentheses(skip.reason)})`))}`
    : '; no day skipped';
  return `${counted}${skipped}.`;
}

/**
 * The earliest consummation a wait of `days` specific business days after `start` allows, under
 * both the forward reading (the `days`th business day after `start`) and the backward one
 * (`start` no later than `days` business days before consummation). See the module comment.
 */
function earliestAfter(start: string, days: number) {
  const forward = addBusinessDays(start, days, SPECIFIC_BUSINESS_DAYS);
  let earliest = forward;
  while (addBusinessDays(earliest, -days, SPECIFIC_BUSINESS_DAYS) < start) {
    earliest = addDays(earliest, 1);
  }
  return { earliest, forward, count: countBusinessDays(start, days, SPECIFIC_BUSINESS_DAYS) };
}

/** The counting behind a wait, and, when the two readings differ, which day is used. */
function waitDetail(start: string, wait: ReturnType<typeof earliestAfter>): string {
  const counted = countDetail(start, wait.count, SPECIFIC_BUSINESS_DAYS);
  return wait.earliest === wait.forward
    ? counted
    : `${counted} ${formatLongDay(start)} is not a business day, so counting back from consummation gives a later day, ${formatLongDay(wait.earliest)}, which the test uses (see the notes).`;
}

function receipt(delivered: { date: string; method: DeliveryMethod }) {
  if (delivered.method === 'in_person') return { day: delivered.date, count: null };
  const count = countBusinessDays(delivered.date, 3, SPECIFIC_BUSINESS_DAYS);
  return { day: count.result, count };
}

const latest = (days: (string | null)[]) =>
  days.reduce<string | null>((max, value) => (value && (!max || value > max) ? value : max), null);

/**
 * The TRID timeline of one loan: the due dates, the receipt dates, the earliest consummation,
 * and every timing requirement the entered dates miss.
 */
export function tridTimeline(rawInput: TridTimingInput): LoanTestResult<TridTimelineFigures> {
  const input = tridTimingInputSchema.parse(rawInput);
  const general: BusinessDayRule = {
    kind: 'general',
    daysOpen: input.daysOpen,
    closedOnFederalHolidays: input.closedOnFederalHolidays,
  };
  const specific = SPECIFIC_BUSINESS_DAYS;
  const steps: CalculationStep[] = [];
  const notes: string[] = [];
  const issues: TimingIssue[] = [];
  const planned = input.plannedConsummation ?? null;
  const le = input.loanEstimateDelivery ?? null;
  const cd = input.closingDisclosureDelivery ?? null;
  const corrected = input.correctedClosingDisclosure ?? null;

  steps.push({
    label: 'Application received',
    value: formatLongDay(input.applicationDate),
    detail:
      'The day the creditor received the six pieces of information that make an application: name, income, Social Security number, property address, estimated property value and loan amount.',
    citation: CITE.application,
  });

  // Loan Estimate: due by the third general business day after the application.
  const leDue = countBusinessDays(input.applicationDate, 3, general);
  const loanEstimateOnTime = le ? le.date <= leDue.result : null;
  steps.push({
    label: 'Loan Estimate due by',
    value: formatLongDay(leDue.result),
    detail: `${countDetail(input.applicationDate, leDue, general)} The Loan Estimate must be delivered or placed in the mail by this day.${
      le
        ? ` It was ${METHOD_WORDS[le.method]} on ${formatLongDay(le.date)}: ${loanEstimateOnTime ? 'on time' : 'late'}.`
        : ''
    }`,
    citation: CITE.leDue,
  });
  if (le && !loanEstimateOnTime) {
    issues.push({
      code: 'loan_estimate_late',
      message: `The Loan Estimate was ${METHOD_WORDS[le.method]} on ${formatLongDay(le.date)}, after it was due on ${formatLongDay(leDue.result)}, the third business day after the application.`,
      citation: CITE.leDue,
    });
  }

  let loanEstimateReceivedOn: string | null = null;
  let leWait: ReturnType<typeof earliestAfter> | null = null;
  if (le) {
    const received = receipt(le);
    loanEstimateReceivedOn = received.day;
    steps.push({
      label: 'Loan Estimate received',
      value: formatLongDay(received.day),
      detail: received.count
        ? `${le.method === 'email' ? 'Sent by email' : 'Placed in the mail'} on ${formatLongDay(le.date)}, so presumed received three business days later. ${countDetail(le.date, received.count, specific)}`
        : `Delivered in person on ${formatLongDay(le.date)}, so received that day.`,
      citation: le.method === 'email' ? CITE.leReceiptEmail : CITE.leReceipt,
    });
    leWait = earliestAfter(le.date, 7);
    steps.push({
      label: 'Earliest consummation after the Loan Estimate',
      value: formatLongDay(leWait.earliest),
      detail: `The seven-business-day wait runs from the day the Loan Estimate was ${METHOD_WORDS[le.method]}, not from its receipt. ${waitDetail(le.date, leWait)}`,
      citation: CITE.leWait,
    });
    if (leWait.earliest !== leWait.forward) {
      notes.push(
        `The Loan Estimate went out on ${formatLongDay(le.date)}, not a specific business day. Counting seven business days forward from it gives ${formatLongDay(leWait.forward)} (comment 19(e)(1)(iii)-2), but on that day it would not have gone out "not later than the seventh business day before consummation" (1026.19(e)(1)(iii)(B)); the test uses the later day, ${formatLongDay(leWait.earliest)}.`,
      );
    }
  }

  // Revised Loan Estimate after a changed circumstance.
  let revisedLoanEstimateDueBy: string | null = null;
  if (input.changedCircumstanceDate) {
    const count = countBusinessDays(input.changedCircumstanceDate, 3, general);
    revisedLoanEstimateDueBy = count.result;
    steps.push({
      label: 'Revised Loan Estimate due by',
      value: formatLongDay(count.result),
      detail: `Within three business days of receiving information sufficient to establish the changed circumstance on ${formatLongDay(input.changedCircumstanceDate)}. ${countDetail(input.changedCircumstanceDate, count, general)}`,
      citation: CITE.revisedDue,
    });
    if (cd && count.result >= cd.date) {
      notes.push(
        `A revised Loan Estimate may not be provided on or after the day the Closing Disclosure is provided (${formatLongDay(cd.date)}), so a revision due by ${formatLongDay(count.result)} could only be given before that day (1026.19(e)(4)(ii)).`,
      );
    }
  }
  let revisedLoanEstimateReceiveBy: string | null = null;
  if (planned) {
    const count = countBusinessDays(planned, -4, specific);
    revisedLoanEstimateReceiveBy = count.result;
    const sendBy = addBusinessDays(count.result, -3, specific);
    steps.push({
      label: 'Any revised Loan Estimate must be received by',
      value: formatLongDay(count.result),
      detail: `No later than four business days before the planned consummation. ${countDetail(planned, count, specific)} Sent by mail or email, it is presumed received three business days after sending, so it would have to go out by ${formatLongDay(sendBy)}.`,
      citation: CITE.revisedReceive,
    });
  }

  // Closing Disclosure.
  let closingDisclosureReceiveBy: string | null = null;
  let closingDisclosureMailBy: string | null = null;
  if (planned) {
    const receiveBy = countBusinessDays(planned, -3, specific);
    closingDisclosureReceiveBy = receiveBy.result;
    steps.push({
      label: 'Closing Disclosure must be received by',
      value: formatLongDay(receiveBy.result),
      detail: `No later than three business days before the planned consummation. ${countDetail(planned, receiveBy, specific)}`,
      citation: CITE.cdReceive,
    });
    const mailBy = countBusinessDays(receiveBy.result, -3, specific);
    closingDisclosureMailBy = mailBy.result;
    steps.push({
      label: 'Closing Disclosure mailed or emailed by',
      value: formatLongDay(mailBy.result),
      detail: `Not delivered in person, it is presumed received three business days after it is delivered or placed in the mail, so it must go out by this day to be presumed received by ${formatLongDay(receiveBy.result)}. ${countDetail(receiveBy.result, mailBy, specific)}`,
      citation: CITE.cdMail,
    });
  }

  let closingDisclosureReceivedOn: string | null = null;
  let cdWait: ReturnType<typeof earliestAfter> | null = null;
  if (cd) {
    const received = receipt(cd);
    closingDisclosureReceivedOn = received.day;
    steps.push({
      label: 'Closing Disclosure received',
      value: formatLongDay(received.day),
      detail: received.count
        ? `${cd.method === 'email' ? 'Sent by email' : 'Placed in the mail'} on ${formatLongDay(cd.date)}, so presumed received three business days later. ${countDetail(cd.date, received.count, specific)}`
        : `Delivered in person on ${formatLongDay(cd.date)}, so received that day.`,
      citation: cd.method === 'email' ? CITE.cdReceiptEmail : CITE.cdMail,
    });
    cdWait = earliestAfter(received.day, 3);
    steps.push({
      label: 'Earliest consummation after the Closing Disclosure',
      value: formatLongDay(cdWait.earliest),
      detail: `Consummation may occur on the third business day after the consumer receives the Closing Disclosure. ${waitDetail(received.day, cdWait)}`,
      citation: CITE.cdReceive,
    });
    if (cdWait.earliest !== cdWait.forward) {
      notes.push(
        `The Closing Disclosure was received on ${formatLongDay(received.day)}, not a specific business day. Counting three business days forward gives ${formatLongDay(cdWait.forward)} (comment 19(f)(1)(iii)-1), but the consumer would not then have received it "no later than three business days before consummation" (1026.19(f)(1)(ii)(A)); the test uses the later day, ${formatLongDay(cdWait.earliest)}.`,
      );
    }
  }

  let correctedClosingDisclosureReceivedOn: string | null = null;
  let correctedWait: ReturnType<typeof earliestAfter> | null = null;
  let correctedCitation: string | null = null;
  if (corrected) {
    const received = receipt(corrected);
    correctedClosingDisclosureReceivedOn = received.day;
    if (corrected.reason === 'other') {
      steps.push({
        label: 'Corrected Closing Disclosure received',
        value: formatLongDay(received.day),
        detail: `Corrected because of ${CORRECTION_LABELS.other}: it must be provided at or before consummation, with no new three-business-day wait.${
          received.count
            ? ` ${corrected.method === 'email' ? 'Sent by email' : 'Placed in the mail'} on ${formatLongDay(corrected.date)}, so presumed received three business days later.`
            : ''
        }`,
        citation: CITE.correctedNoWait,
      });
      if (planned && received.day > planned) {
        notes.push(
          `The corrected Closing Disclosure is received after the planned consummation; a correction after consummation falls under 1026.19(f)(2)(iii)–(v), which this test does not check.`,
        );
      }
    } else {
      correctedCitation = CORRECTION_CITATIONS[corrected.reason];
      correctedWait = earliestAfter(received.day, 3);
      steps.push({
        label: 'Earliest consummation after the corrected Closing Disclosure',
        value: formatLongDay(correctedWait.earliest),
        detail: `Corrected because ${CORRECTION_LABELS[corrected.reason]}, which starts a new three-business-day wait from its receipt on ${formatLongDay(received.day)}${
          received.count
            ? ` (${corrected.method === 'email' ? 'sent by email' : 'placed in the mail'} on ${formatLongDay(corrected.date)} and presumed received three business days later)`
            : ''
        }. ${waitDetail(received.day, correctedWait)}`,
        citation: correctedCitation,
      });
      if (correctedWait.earliest !== correctedWait.forward) {
        notes.push(
          `The corrected Closing Disclosure was received on ${formatLongDay(received.day)}, not a specific business day; the test uses ${formatLongDay(correctedWait.earliest)}, the later of counting three business days forward and back.`,
        );
      }
    }
  }

  // The earliest consummation: the latest of the waits, once both disclosures are entered.
  const waits: { day: string; citation: string }[] = [];
  if (leWait) waits.push({ day: leWait.earliest, citation: CITE.leWait });
  if (cdWait) waits.push({ day: cdWait.earliest, citation: CITE.cdReceive });
  if (correctedWait && correctedCitation) {
    waits.push({ day: correctedWait.earliest, citation: correctedCitation });
  }
  const binding = waits.reduce<{ day: string; citation: string } | null>(
    (max, wait) => (!max || wait.day > max.day ? wait : max),
    null,
  );
  const earliestConsummation = le && cd && binding ? binding.day : null;
  if (earliestConsummation && binding) {
    steps.push({
      label: 'Earliest consummation',
      value: formatLongDay(earliestConsummation),
      detail: `The latest of the waiting periods: ${listed(
        [
          leWait && `${formatLongDay(leWait.earliest)} after the Loan Estimate`,
          cdWait && `${formatLongDay(cdWait.earliest)} after the Closing Disclosure`,
          correctedWait &&
            `${formatLongDay(correctedWait.earliest)} after the corrected Closing Disclosure`,
        ].filter((text): text is string => Boolean(text)),
      )}.`,
      citation: binding.citation,
    });
  }

  // The planned consummation against each wait.
  if (planned) {
    if (leWait && planned < leWait.earliest) {
      issues.push({
        code: 'consummation_before_loan_estimate_wait',
        message: `Consummation is planned for ${formatLongDay(planned)}, before ${formatLongDay(leWait.earliest)}, the seventh business day after the Loan Estimate was ${METHOD_WORDS[le!.method]}.`,
        citation: CITE.leWait,
      });
    }
    if (cdWait && planned < cdWait.earliest) {
      issues.push({
        code: 'closing_disclosure_late',
        message: `The Closing Disclosure ${cd!.method === 'in_person' ? 'is received' : 'is presumed received'} on ${formatLongDay(closingDisclosureReceivedOn!)}, later than three business days before the planned consummation on ${formatLongDay(planned)}; consummation may not occur before ${formatLongDay(cdWait.earliest)}.`,
        citation: CITE.cdReceive,
      });
    }
    if (correctedWait && correctedCitation && planned < correctedWait.earliest) {
      issues.push({
        code: 'consummation_before_corrected_disclosure_wait',
        message: `Consummation is planned for ${formatLongDay(planned)}, before ${formatLongDay(correctedWait.earliest)}, the third business day after the corrected Closing Disclosure is received (${CORRECTION_LABELS[corrected!.reason]}).`,
        citation: correctedCitation,
      });
    }
  }
  const consummationIssues = issues.filter((issue) => issue.code !== 'loan_estimate_late');
  const consummationAllowed =
    planned === null
      ? null
      : consummationIssues.length > 0
        ? false
        : earliestConsummation
          ? true
          : null;

  if (planned) {
    steps.push({
      label: 'Planned consummation',
      value: formatLongDay(planned),
      detail:
        consummationAllowed === true
          ? `On or after the earliest consummation, ${formatLongDay(earliestConsummation!)}: every waiting period is met.`
          : consummationAllowed === false
            ? `Too early. ${consummationIssues.map((issue) => issue.message).join(' ')}`
            : `Cannot be checked until the ${missingDisclosures(le, cd)} ${le || cd ? 'is' : 'are'} entered.`,
      citation: (consummationIssues[0]?.citation ?? binding?.citation) || CITE.cdReceive,
    });
  }

  // Outcome and headline.
  let outcome: LoanTestOutcome;
  let headline: string;
  if (issues.length > 0) {
    outcome = 'fail';
    const first = issues[0]!.message.replace(/\.$/, '');
    headline =
      issues.length === 1
        ? `${first}.`
        : `${first} (and ${issues.length - 1} more timing problem${issues.length > 2 ? 's' : ''}).`;
  } else if (planned && consummationAllowed) {
    outcome = 'pass';
    headline = `Consummation on ${formatLongDay(planned)} meets every TRID waiting period; the earliest allowed day is ${formatLongDay(earliestConsummation!)}.`;
  } else if (planned) {
    outcome = 'not_determined';
    headline = `Whether consummation on ${formatLongDay(planned)} meets the TRID waiting periods cannot be told until the ${missingDisclosures(le, cd)} ${le || cd ? 'is' : 'are'} entered.`;
  } else {
    outcome = 'info';
    headline = earliestConsummation
      ? `Consummation may occur on or after ${formatLongDay(earliestConsummation)}.`
      : leWait
        ? `Consummation may occur no earlier than ${formatLongDay(leWait.earliest)}, seven business days after the Loan Estimate, and three business days after the Closing Disclosure is received.`
        : `The Loan Estimate is due by ${formatLongDay(leDue.result)}, the third business day after the application on ${formatLongDay(input.applicationDate)}.`;
  }

  notes.push(
    `General business days use the offices’ days open as entered (${listed(general.daysOpen.map((weekday) => weekday[0]!.toUpperCase() + weekday.slice(1)))})${
      general.closedOnFederalHolidays
        ? ', closed on the legal public holidays of 5 U.S.C. 6103(a): on the holiday itself when it falls on a day the offices are open, otherwise on the weekday federal offices observe it (the Friday before a Saturday holiday, the Monday after a Sunday one)'
        : ', open on federal holidays'
    }. Other closings (a state holiday, weather, a day the President closes federal offices) are not known to the test.`,
    'Specific business days are every day but Sundays and the legal public holidays of 5 U.S.C. 6103(a) on their own dates; when a holiday falls on a Saturday, the Friday federal offices observe is still a business day (comment 2(a)(6)-2), and so is the Monday after a Sunday holiday. Inauguration Day is not a 6103(a) holiday.',
  );
  if ([le, cd, corrected].some((sent) => sent && sent.method !== 'in_person')) {
    notes.push(
      'Mailed and emailed disclosures are taken as received three business days after sending, the presumption of 1026.19(e)(1)(iv) and (f)(1)(iii); a creditor with evidence of earlier receipt may rely on it (comments 19(e)(1)(iv)-1 and -2, 19(f)(1)(iii)-1 and -2), and email delivery must meet the E-Sign Act’s consent requirements.',
    );
  }
  if (corrected && corrected.reason === 'apr_inaccurate') {
    notes.push(
      'An annual percentage rate is inaccurate only outside the tolerance of 12 CFR 1026.22 (for example, more than 1/8 of a percentage point for a regular transaction); a change within it is corrected at or before consummation with no new wait (comment 19(f)(2)(ii)-1).',
    );
  }
  notes.push(
    'The test does not check a waiver of the waiting periods for a bona fide personal financial emergency (1026.19(e)(1)(v), (f)(1)(iv)), nor the content of the disclosures.',
  );
  const lastDay = latest([
    planned,
    earliestConsummation,
    leWait?.earliest ?? null,
    cdWait?.earliest ?? null,
    correctedWait?.earliest ?? null,
    revisedLoanEstimateDueBy,
    leDue.result,
  ]);
  if (lastDay && input.applicationDate <= '2021-06-19' && lastDay >= '2021-06-17') {
    notes.push(
      'Juneteenth became a legal public holiday on June 17, 2021. The CFPB’s interpretive rule (86 FR 44267) lets a period that began on or before June 17, 2021 count Saturday, June 19, 2021 as a business day; this test treats it as a holiday, which the rule says is also compliant.',
    );
  }

  const figures: TridTimelineFigures = {
    loanEstimateDueBy: leDue.result,
    loanEstimateReceivedOn,
    earliestConsummationAfterLoanEstimate: leWait?.earliest ?? null,
    revisedLoanEstimateDueBy,
    revisedLoanEstimateReceiveBy,
    closingDisclosureReceiveBy,
    closingDisclosureMailBy,
    closingDisclosureReceivedOn,
    correctedClosingDisclosureReceivedOn,
    earliestConsummationAfterClosingDisclosure: cdWait?.earliest ?? null,
    earliestConsummationAfterCorrectedClosingDisclosure: correctedWait?.earliest ?? null,
    earliestConsummation,
    plannedConsummation: planned,
    loanEstimateOnTime,
    consummationAllowed,
    timingIssues: issues,
  };

  return {
    outcome,
    headline,
    figures,
    steps,
    citations: citationsOf(steps, [
      ...issues.map((issue) => issue.citation),
      CITE.generalDefinition,
      CITE.specificDefinition,
    ]),
    notes,
  };
}

function missingDisclosures(le: { date: string } | null, cd: { date: string } | null): string {
  if (!le && !cd) return 'Loan Estimate’s and the Closing Disclosure’s deliveries';
  return le ? 'Closing Disclosure’s delivery' : 'Loan Estimate’s delivery';
}
