/**
 * The legal public holidays of 5 U.S.C. 6103(a), computed by rule, with the day federal
 * employees on a Monday–Friday week observe each one.
 *
 * The statute, as codified today, lists: New Year’s Day, January 1; Birthday of Martin Luther
 * King, Jr., the third Monday in January; Washington’s Birthday, the third Monday in February;
 * Memorial Day, the last Monday in May; Juneteenth National Independence Day, June 19;
 * Independence Day, July 4; Labor Day, the first Monday in September; Columbus Day, the second
 * Monday in October; Veterans Day, November 11; Thanksgiving Day, the fourth Thursday in
 * November; Christmas Day, December 25.
 *
 * History that changes the list for earlier years (each checked against public sources):
 * - The Monday rules for Washington’s Birthday, Memorial Day and Columbus Day date from the
 *   Uniform Monday Holiday Act (Pub. L. 90-363), effective January 1, 1971, so years before
 *   1971 are refused rather than computed by today’s rules.
 * - The same Act moved Veterans Day to the fourth Monday in October for 1971–1977; Pub. L.
 *   94-97 returned it to November 11 from 1978.
 * - The Birthday of Martin Luther King, Jr. is a legal public holiday from 1986 (Pub. L. 98-144).
 * - Juneteenth National Independence Day was added on June 17, 2021 (Pub. L. 117-17), so it is
 *   listed from 2021. For 2021 only, the CFPB’s interpretive rule (86 FR 44267, Aug. 12, 2021)
 *   lets a Regulation Z period that began on or before June 17, 2021 count Saturday, June 19,
 *   2021 as a business day; treating it as a holiday is also compliant (a longer period), which
 *   is what this module does.
 *
 * Observed day: 5 U.S.C. 6103(b)(1) makes the Friday before a Saturday holiday the holiday for
 * employees whose basic workweek is Monday through Friday; section 3(a) of Executive Order
 * 11582 (Feb. 11, 1971) makes the Monday after a Sunday holiday the holiday for them. Those are
 * pay-and-leave rules: the 6103(a) holiday itself stays on its date, which matters for
 * Regulation Z’s specific business-day definition (see business-days.ts).
 */

import { addDays, dayToDate } from '../calendar-days.ts';

export interface FederalHoliday {
  /** The name 5 U.S.C. 6103(a) gives it: "Washington’s Birthday", not "Presidents’ Day". */
  name: string;
  /** The legal public holiday itself, `YYYY-MM-DD`. */
  date: string;
  /** The day federal employees on a Monday–Friday week have off (6103(b)(1), E.O. 11582). */
  observed: string;
}

/** The first year computed: the Uniform Monday Holiday Act took effect January 1, 1971. */
export const FIRST_HOLIDAY_YEAR = 1971;
/** The last year computed (a four-digit ISO year, with room for the next year’s New Year’s Day). */
export const LAST_HOLIDAY_YEAR = 9998;

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay`. */
const dayOfWeek = (day: string) => dayToDate(day).getUTCDay();

/** The `n`th (1-based) `weekday` (0 = Sunday) of `month` (1–12). */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = isoDay(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** The last `weekday` (0 = Sunday) of `month` (1–12). */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = addDays(month === 12 ? isoDay(year + 1, 1, 1) : isoDay(year, month + 1, 1), -1);
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

/** Saturday → the Friday before (6103(b)(1)); Sunday → the Monday after (E.O. 11582 § 3(a)). */
export function observedDay(date: string): string {
  const weekday = dayOfWeek(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_HOLIDAY_YEAR || year > LAST_HOLIDAY_YEAR) {
    throw new RangeError(
      `Federal holidays are computed for the years ${FIRST_HOLIDAY_YEAR} to ${LAST_HOLIDAY_YEAR}; got ${year}.`,
    );
  }
}

const MONDAY = 1;
const THURSDAY = 4;

const byYear = new Map<number, readonly FederalHoliday[]>();

/**
 * The legal public holidays of 5 U.S.C. 6103(a) in `year` (1971 or later), in date order. A
 * holiday’s observed day can fall in the year before: New Year’s Day on a Saturday is observed
 * on Friday, December 31.
 */
export function federalHolidays(year: number): FederalHoliday[] {
  assertYear(year);
  let holidays = byYear.get(year);
  if (!holidays) {
    const dates: [string, string][] = [
      ['New Year’s Day', isoDay(year, 1, 1)],
      ...(year >= 1986
        ? [
            ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, MONDAY, 3)] as [
              string,
              string,
            ],
          ]
        : []),
      ['Washington’s Birthday', nthWeekday(year, 2, MONDAY, 3)],
      ['Memorial Day', lastWeekday(year, 5, MONDAY)],
      ...(year >= 2021
        ? [['Juneteenth National Independence Day', isoDay(year, 6, 19)] as [string, string]]
        : []),
      ['Independence Day', isoDay(year, 7, 4)],
      ['Labor Day', nthWeekday(year, 9, MONDAY, 1)],
      ['Columbus Day', nthWeekday(year, 10, MONDAY, 2)],
      // 1971–1977: the fourth Monday in October (Pub. L. 90-363); November 11 from 1978.
      ['Veterans Day', year <= 1977 ? nthWeekday(year, 10, MONDAY, 4) : isoDay(year, 11, 11)],
      ['Thanksgiving Day', nthWeekday(year, 11, THURSDAY, 4)],
      ['Christmas Day', isoDay(year, 12, 25)],
    ];
    holidays = dates
      .map(([name, date]) => ({ name, date, observed: observedDay(date) }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    byYear.set(year, holidays);
  }
  return holidays.map((holiday) => ({ ...holiday }));
}

/**
 * Inauguration Day under 5 U.S.C. 6103(c): January 20 of each fourth year after 1965 (1969,
 * 1973, … 2025, 2029), or, when January 20 falls on a Sunday, the next day (the statute says
 * "the next succeeding day selected for the public observance of the inauguration"; that has
 * been Monday, January 21, as in 1985 and 2013). Null in other years.
 *
 * It is a holiday only for pay and leave of federal and District of Columbia employees in the
 * Washington area; it is not one of the 6103(a) holidays, so Regulation Z’s specific
 * business-day definition does not exclude it.
 */
export function inaugurationDay(year: number): string | null {
  if (!Number.isInteger(year) || year <= 1965 || (year - 1965) % 4 !== 0) return null;
  const january20 = isoDay(year, 1, 20);
  return dayOfWeek(january20) === 0 ? addDays(january20, 1) : january20;
}

/** The 6103(a) holiday whose date is `day`, if any (the date itself, not the observed day). */
export function legalPublicHolidayOn(day: string): FederalHoliday | null {
  const year = Number(day.slice(0, 4));
  return federalHolidays(year).find((holiday) => holiday.date === day) ?? null;
}

/**
 * The 6103(a) holiday federal offices observe on `day`, if any. Looks in the next year too: New
 * Year’s Day on a Saturday is observed on December 31 of the year before.
 */
export function federalHolidayObservedOn(day: string): FederalHoliday | null {
  const year = Number(day.slice(0, 4));
  const candidates = year < LAST_HOLIDAY_YEAR ? [year, year + 1] : [year];
  for (const candidate of candidates) {
    const found = federalHolidays(candidate).find((holiday) => holiday.observed === day);
    if (found) return found;
  }
  return null;
}
