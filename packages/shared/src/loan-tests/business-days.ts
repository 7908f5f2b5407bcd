/**
 * Regulation Z’s two definitions of "business day" (12 CFR 1026.2(a)(6)).
 *
 * General: "a day on which the creditor’s offices are open to the public for carrying on
 * substantially all of its business functions" (comment 2(a)(6)-1). That is a fact about the
 * creditor, so the rule takes the days of the week its offices are open and whether they close
 * on federal holidays, as the creditor states them.
 *
 * Specific (for rescission and the TRID provisions listed in 1026.2(a)(6), among them
 * 1026.19(e)(1)(iii)(B), (e)(1)(iv), (e)(4)(ii), (f)(1)(ii) and (f)(1)(iii)): "all calendar
 * days except Sundays and the legal public holidays specified in 5 U.S.C. 6103(a)".
 *
 * A holiday on a weekend, under the specific definition. Comment 2(a)(6)-2 says: "When one of
 * these holidays (July 4, for example) falls on a Saturday, Federal offices and other entities
 * might observe the holiday on the preceding Friday (July 3). In cases where the more precise
 * rule applies, the observed holiday (in the example, July 3) is a business day." So the
 * holiday excluded is the 6103(a) date itself. The commentary has no separate sentence for a
 * Sunday holiday; the regulation’s text excludes only the holidays "specified in 5 U.S.C.
 * 6103(a)", and the Monday off after a Sunday holiday comes from Executive Order 11582, a
 * pay-and-leave rule, not from 6103(a). So the Monday is a business day too (the Sunday was
 * already excluded as a Sunday). The CFPB’s announcement of its 2021 Juneteenth interpretive
 * rule (86 FR 44267) applied the same reading to Friday, June 18, 2021: "when a federal holiday
 * falls on a Saturday, the day of federal observance is considered a business day for these
 * time-sensitive consumer protections". Compliance commentators read the Sunday case the same
 * way (Monday, June 20, 2022 and Monday, July 5, 2021 counted for rescission).
 */

import { addDays, dayToDate, isIsoDay } from '../calendar-days.ts';
import {
  FIRST_HOLIDAY_YEAR,
  federalHolidayObservedOn,
  legalPublicHolidayOn,
  type FederalHoliday,
} from './federal-holidays.ts';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The days most offices are open: Monday through Friday. */
export const MONDAY_TO_FRIDAY: readonly Weekday[] = WEEKDAYS.slice(0, 5);

export type BusinessDayRule =
  | {
      /** 1026.2(a)(6), first sentence: days the creditor’s offices are open. */
      kind: 'general';
      daysOpen: readonly Weekday[];
      /** Whether the offices close for the legal public holidays of 5 U.S.C. 6103(a). */
      closedOnFederalHolidays: boolean;
    }
  | {
      /** 1026.2(a)(6), second sentence: every day but Sundays and 6103(a) holidays. */
      kind: 'specific';
    };

export const SPECIFIC_BUSINESS_DAYS: BusinessDayRule = { kind: 'specific' };

/** `Date.getUTCDay()` order: Sunday first. */
const BY_UTC_DAY: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

const capitalized = (weekday: Weekday) => weekday[0]!.toUpperCase() + weekday.slice(1);

function assertDay(day: string): void {
  if (!isIsoDay(day)) throw new RangeError(`Not a calendar day written YYYY-MM-DD: ${day}`);
  if (Number(day.slice(0, 4)) < FIRST_HOLIDAY_YEAR) {
    throw new RangeError(`Business days are counted from ${FIRST_HOLIDAY_YEAR} on; got ${day}.`);
  }
}

function assertRule(rule: BusinessDayRule): void {
  if (rule.kind === 'general' && rule.daysOpen.length === 0) {
    throw new RangeError(
      'A general business-day rule needs at least one day the offices are open.',
    );
  }
}

export function weekdayOf(day: string): Weekday {
  return BY_UTC_DAY[dayToDate(day).getUTCDay()]!;
}

/**
 * The holiday the creditor’s offices close for on `day`, under the general definition with
 * `closedOnFederalHolidays`. An office closes on the holiday itself when that is a day it is
 * open; when the holiday falls on a day it is closed anyway (a Saturday or Sunday for a
 * Monday–Friday office), it closes on the weekday federal offices observe instead (the Friday
 * before a Saturday holiday, the Monday after a Sunday one). For a Monday–Friday office this is
 * exactly the federal observed day. It is an assumption about the creditor’s practice, stated in
 * every result’s notes: the general definition turns on when the offices are actually open.
 */
function holidayClosure(day: string, daysOpen: readonly Weekday[]): FederalHoliday | null {
  const onDate = legalPublicHolidayOn(day);
  if (onDate && daysOpen.includes(weekdayOf(day))) return onDate;
  const observed = federalHolidayObservedOn(day);
  if (observed && observed.observed !== observed.date) {
    // Observed here in lieu of a weekend date the offices are not open.
    if (!daysOpen.includes(weekdayOf(observed.date))) return observed;
  }
  return null;
}

/**
 * Why `day` is not a business day under `rule`, in words for an explanation ("Sunday",
 * "Thanksgiving Day (legal public holiday)", "Offices closed on Saturdays"), or null when it is
 * one.
 */
export function whyNotBusinessDay(day: string, rule: BusinessDayRule): string | null {
  assertDay(day);
  assertRule(rule);
  const weekday = weekdayOf(day);
  if (rule.kind === 'specific') {
    const holiday = legalPublicHolidayOn(day);
    if (holiday && weekday === 'sunday') return `Sunday and ${holiday.name} (legal public holiday)`;
    if (holiday) return `${holiday.name} (legal public holiday)`;
    if (weekday === 'sunday') return 'Sunday';
    return null;
  }
  if (!rule.daysOpen.includes(weekday)) return `Offices closed on ${capitalized(weekday)}s`;
  if (rule.closedOnFederalHolidays) {
    const holiday = holidayClosure(day, rule.daysOpen);
    if (holiday) {
      return holiday.date === day
        ? `${holiday.name} (legal public holiday)`
        : `${holiday.name} (legal public holiday, observed)`;
    }
  }
  return null;
}

export function isBusinessDay(day: string, rule: BusinessDayRule): boolean {
  return whyNotBusinessDay(day, rule) === null;
}

/** One day passed over while counting, with the reason. */
export interface SkippedDay {
  day: string;
  reason: string;
}

/** A count of business days, with every day it counted and every day it passed over. */
export interface BusinessDayCount {
  /** The business day the count lands on. */
  result: string;
  /** The business days counted, in the order counted (nearest to the start first). */
  counted: string[];
  /** The days passed over between the start and the result, in the order met. */
  skipped: SkippedDay[];
}

/**
 * Counts `count` business days from `day`, excluding `day` itself: a positive count moves
 * forward (the third business day after an application), a negative one backward (three
 * business days before consummation). A count of 0 returns `day` unchanged.
 */
export function countBusinessDays(
  day: string,
  count: number,
  rule: BusinessDayRule,
): BusinessDayCount {
  assertDay(day);
  assertRule(rule);
  if (!Number.isInteger(count)) throw new RangeError(`Count whole business days; got ${count}.`);
  const step = count < 0 ? -1 : 1;
  const counted: string[] = [];
  const skipped: SkippedDay[] = [];
  let current = day;
  while (counted.length < Math.abs(count)) {
    current = addDays(current, step);
    const reason = whyNotBusinessDay(current, rule);
    if (reason === null) counted.push(current);
    else skipped.push({ day: current, reason });
  }
  return { result: current, counted, skipped };
}

/** The business day `count` business days after (count > 0) or before (count < 0) `day`. */
export function addBusinessDays(day: string, count: number, rule: BusinessDayRule): string {
  return countBusinessDays(day, count, rule).result;
}
