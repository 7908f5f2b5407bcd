import { describe, expect, it } from 'vitest';
import {
  MONDAY_TO_FRIDAY,
  SPECIFIC_BUSINESS_DAYS,
  WEEKDAYS,
  addBusinessDays,
  countBusinessDays,
  isBusinessDay,
  weekdayOf,
  whyNotBusinessDay,
  type BusinessDayRule,
} from './business-days.ts';

/** A creditor open Monday to Friday and closed on federal holidays: the usual bank. */
const weekdaysClosedOnHolidays: BusinessDayRule = {
  kind: 'general',
  daysOpen: MONDAY_TO_FRIDAY,
  closedOnFederalHolidays: true,
};
const specific = SPECIFIC_BUSINESS_DAYS;

describe('the weekdays', () => {
  it('run Monday to Sunday', () => {
    expect(WEEKDAYS).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(weekdayOf('2026-11-26')).toBe('thursday');
    expect(weekdayOf('2026-11-29')).toBe('sunday');
  });
});

describe('the specific definition: every day but Sundays and 6103(a) holidays', () => {
  // 12 CFR 1026.2(a)(6): "all calendar days except Sundays and the legal public holidays
  // specified in 5 U.S.C. 6103(a)".
  it('counts Saturdays and refuses Sundays', () => {
    expect(isBusinessDay('2026-11-28', specific)).toBe(true);
    expect(whyNotBusinessDay('2026-11-29', specific)).toBe('Sunday');
  });

  it('refuses a holiday on its date', () => {
    expect(whyNotBusinessDay('2026-11-26', specific)).toBe(
      'Thanksgiving Day (legal public holiday)',
    );
  });

  it('counts the Friday observed for a Saturday holiday (comment 2(a)(6)-2’s July 4 example)', () => {
    // Comment 2(a)(6)-2: "When one of these holidays (July 4, for example) falls on a Saturday,
    // Federal offices and other entities might observe the holiday on the preceding Friday
    // (July 3). In cases where the more precise rule applies, the observed holiday (in the
    // example, July 3) is a business day." July 4, 2026 is a Saturday.
    expect(isBusinessDay('2026-07-03', specific)).toBe(true);
    expect(whyNotBusinessDay('2026-07-04', specific)).toBe(
      'Independence Day (legal public holiday)',
    );
    // Christmas Day 2021 was a Saturday: Friday, December 24, 2021 is a business day.
    expect(isBusinessDay('2021-12-24', specific)).toBe(true);
    expect(isBusinessDay('2021-12-25', specific)).toBe(false);
  });

  it('counts the Monday observed for a Sunday holiday', () => {
    // The regulation excludes only the holidays "specified in 5 U.S.C. 6103(a)": June 19. The
    // Monday off comes from Executive Order 11582, a pay-and-leave rule, so Monday, June 20,
    // 2022 is a specific business day; the Sunday is excluded twice over.
    expect(isBusinessDay('2022-06-20', specific)).toBe(true);
    expect(whyNotBusinessDay('2022-06-19', specific)).toBe(
      'Sunday and Juneteenth National Independence Day (legal public holiday)',
    );
    // New Year's Day 2023 was a Sunday: Monday, January 2, 2023 is a business day.
    expect(isBusinessDay('2023-01-02', specific)).toBe(true);
  });

  it('does not exclude Inauguration Day, which is not a 6103(a) holiday', () => {
    // 5 U.S.C. 6103(c) makes it a holiday only for pay and leave of Washington-area employees.
    expect(isBusinessDay('2021-01-20', specific)).toBe(true);
    expect(isBusinessDay('2029-01-20', specific)).toBe(true); // a Saturday
    expect(isBusinessDay('2013-01-21', specific)).toBe(false); // also MLK Day 2013
    expect(whyNotBusinessDay('2025-01-20', specific)).toBe(
      'Birthday of Martin Luther King, Jr. (legal public holiday)',
    );
  });

  it('does not exclude June 19 before Juneteenth became a holiday', () => {
    expect(isBusinessDay('2020-06-19', specific)).toBe(true);
  });
});

describe('the general definition: the days the creditor’s offices are open', () => {
  it('refuses days the offices are closed, by name', () => {
    expect(whyNotBusinessDay('2026-11-28', weekdaysClosedOnHolidays)).toBe(
      'Offices closed on Saturdays',
    );
    expect(whyNotBusinessDay('2026-11-29', weekdaysClosedOnHolidays)).toBe(
      'Offices closed on Sundays',
    );
    expect(isBusinessDay('2026-11-27', weekdaysClosedOnHolidays)).toBe(true);
  });

  it('refuses holidays, on the federal observed day for a Monday–Friday office', () => {
    expect(whyNotBusinessDay('2026-11-26', weekdaysClosedOnHolidays)).toBe(
      'Thanksgiving Day (legal public holiday)',
    );
    // July 4, 2026 is a Saturday: a Monday–Friday office observing it closes Friday, July 3.
    expect(whyNotBusinessDay('2026-07-03', weekdaysClosedOnHolidays)).toBe(
      'Independence Day (legal public holiday, observed)',
    );
    // Juneteenth 2022 was a Sunday: the office closes Monday, June 20.
    expect(whyNotBusinessDay('2022-06-20', weekdaysClosedOnHolidays)).toBe(
      'Juneteenth National Independence Day (legal public holiday, observed)',
    );
    // New Year's Day 2022 (a Saturday) was observed on Friday, December 31, 2021.
    expect(whyNotBusinessDay('2021-12-31', weekdaysClosedOnHolidays)).toBe(
      'New Year’s Day (legal public holiday, observed)',
    );
  });

  it('closes an office open on Saturdays on a Saturday holiday itself, not the Friday', () => {
    // 5 U.S.C. 6103(b) does not move the holiday for a Monday–Saturday workweek.
    const openSaturdays: BusinessDayRule = {
      kind: 'general',
      daysOpen: [...MONDAY_TO_FRIDAY, 'saturday'],
      closedOnFederalHolidays: true,
    };
    expect(isBusinessDay('2026-07-03', openSaturdays)).toBe(true);
    expect(whyNotBusinessDay('2026-07-04', openSaturdays)).toBe(
      'Independence Day (legal public holiday)',
    );
  });

  it('counts holidays when the offices stay open on them', () => {
    const openOnHolidays: BusinessDayRule = {
      kind: 'general',
      daysOpen: MONDAY_TO_FRIDAY,
      closedOnFederalHolidays: false,
    };
    expect(isBusinessDay('2026-11-26', openOnHolidays)).toBe(true);
    expect(isBusinessDay('2026-07-03', openOnHolidays)).toBe(true);
  });

  it('does not close for Inauguration Day', () => {
    expect(isBusinessDay('2021-01-20', weekdaysClosedOnHolidays)).toBe(true);
  });
});

describe('counting business days', () => {
  it('counts a Monday application to a Thursday Loan Estimate (comment 19(e)(1)(iii)-1)', () => {
    // "if an application is received on Monday, the creditor satisfies this requirement by
    // either hand delivering the disclosures on or before Thursday, or placing them in the mail
    // on or before Thursday, assuming each weekday is a business day." Monday, June 1, 2026.
    expect(addBusinessDays('2026-06-01', 3, weekdaysClosedOnHolidays)).toBe('2026-06-04');
  });

  it('counts seven specific days from Monday, June 1 to Tuesday, June 9 (comment 19(e)(1)(iii)-2)', () => {
    // "if a creditor delivers the early disclosures … or places them in the mail on Monday,
    // June 1, consummation may occur on or after Tuesday, June 9, the seventh business day
    // following delivery or mailing …, because … Saturday is a business day". June 1, 2026 is a
    // Monday, as it was in 2015.
    expect(addBusinessDays('2026-06-01', 7, specific)).toBe('2026-06-09');
  });

  it('counts back three days from a Thursday consummation to Monday (comment 19(f)(1)(ii)-1)', () => {
    // "if consummation is scheduled for Thursday, the creditor satisfies this requirement by
    // hand delivering the disclosures on Monday".
    expect(addBusinessDays('2026-06-11', -3, specific)).toBe('2026-06-08');
  });

  it('counts an email sent Monday as received Thursday (comment 19(f)(1)(iii)-2)', () => {
    expect(addBusinessDays('2026-06-08', 3, specific)).toBe('2026-06-11');
  });

  it('counts a Monday changed circumstance to a Thursday revision (comment 19(e)(4)(i)-1.i)', () => {
    // The pest inspection company informs the creditor on Monday; revised disclosures by Thursday.
    expect(addBusinessDays('2026-06-01', 3, weekdaysClosedOnHolidays)).toBe('2026-06-04');
  });

  it('names every day counted and skipped over Thanksgiving weekend', () => {
    expect(countBusinessDays('2026-11-25', 3, weekdaysClosedOnHolidays)).toEqual({
      result: '2026-12-01',
      counted: ['2026-11-27', '2026-11-30', '2026-12-01'],
      skipped: [
        { day: '2026-11-26', reason: 'Thanksgiving Day (legal public holiday)' },
        { day: '2026-11-28', reason: 'Offices closed on Saturdays' },
        { day: '2026-11-29', reason: 'Offices closed on Sundays' },
      ],
    });
    // The specific definition counts the Saturday and skips the holiday and the Sunday.
    expect(countBusinessDays('2026-11-25', 3, specific)).toEqual({
      result: '2026-11-30',
      counted: ['2026-11-27', '2026-11-28', '2026-11-30'],
      skipped: [
        { day: '2026-11-26', reason: 'Thanksgiving Day (legal public holiday)' },
        { day: '2026-11-29', reason: 'Sunday' },
      ],
    });
  });

  it('counts back across a year end and a Saturday New Year’s Day', () => {
    // Back from Monday, January 3, 2022: Saturday, January 1 is a holiday and Friday,
    // December 31, 2021 is a specific business day (comment 2(a)(6)-2).
    expect(countBusinessDays('2022-01-03', -1, specific)).toEqual({
      result: '2021-12-31',
      counted: ['2021-12-31'],
      skipped: [
        { day: '2022-01-02', reason: 'Sunday' },
        { day: '2022-01-01', reason: 'New Year’s Day (legal public holiday)' },
      ],
    });
    // The general definition skips Friday, December 31, 2021 too: federal offices observed New
    // Year's Day 2022 that day.
    expect(addBusinessDays('2022-01-03', -1, weekdaysClosedOnHolidays)).toBe('2021-12-30');
  });

  it('returns the day itself for a count of 0', () => {
    expect(addBusinessDays('2026-11-29', 0, specific)).toBe('2026-11-29');
  });

  it('refuses what cannot be counted', () => {
    expect(() =>
      addBusinessDays('2026-11-25', 3, {
        kind: 'general',
        daysOpen: [],
        closedOnFederalHolidays: true,
      }),
    ).toThrow('at least one day');
    expect(() => addBusinessDays('2026-11-25', 1.5, specific)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-02-30', 1, specific)).toThrow(RangeError);
    expect(() => isBusinessDay('1970-12-31', specific)).toThrow(RangeError);
  });
});
