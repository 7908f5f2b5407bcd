import { describe, expect, it } from 'vitest';
import { dayToDate } from '../calendar-days.ts';
import {
  federalHolidayObservedOn,
  federalHolidays,
  inaugurationDay,
  legalPublicHolidayOn,
  observedDay,
} from './federal-holidays.ts';

const observedDays = (year: number) => federalHolidays(year).map((holiday) => holiday.observed);
const dates = (year: number) => federalHolidays(year).map((holiday) => holiday.date);

describe('the legal public holidays of 5 U.S.C. 6103(a)', () => {
  it('lists the eleven holidays by their statutory names, in date order', () => {
    // 5 U.S.C. 6103(a) as codified after the Juneteenth National Independence Day Act (2021).
    expect(federalHolidays(2026).map((holiday) => holiday.name)).toEqual([
      'New Year’s Day',
      'Birthday of Martin Luther King, Jr.',
      'Washington’s Birthday',
      'Memorial Day',
      'Juneteenth National Independence Day',
      'Independence Day',
      'Labor Day',
      'Columbus Day',
      'Veterans Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
  });

  it('gives the 2025 days OPM published', () => {
    // OPM, Federal Holidays 2025 (opm.gov/policy-data-oversight/pay-leave/federal-holidays):
    // Wed Jan 1, Mon Jan 20, Mon Feb 17, Mon May 26, Thu Jun 19, Fri Jul 4, Mon Sep 1, Mon Oct 13,
    // Tue Nov 11, Thu Nov 27, Thu Dec 25. No holiday fell on a weekend.
    const expected = [
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-10-13',
      '2025-11-11',
      '2025-11-27',
      '2025-12-25',
    ];
    expect(dates(2025)).toEqual(expected);
    expect(observedDays(2025)).toEqual(expected);
  });

  it('gives the 2026 days OPM published, with Independence Day observed on Friday, July 3', () => {
    // OPM, Federal Holidays 2026: Thu Jan 1, Mon Jan 19, Mon Feb 16, Mon May 25, Fri Jun 19,
    // Fri Jul 3 (July 4 is a Saturday), Mon Sep 7, Mon Oct 12, Wed Nov 11, Thu Nov 26, Fri Dec 25.
    expect(observedDays(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(federalHolidays(2026)[5]).toEqual({
      name: 'Independence Day',
      date: '2026-07-04',
      observed: '2026-07-03',
    });
  });

  it('gives the 2027 days OPM published, with three weekend holidays moved', () => {
    // OPM, Federal Holidays 2027, footnotes: June 19 falls on a Saturday (Friday, June 18 is
    // treated as the holiday); July 4 falls on a Sunday (Monday, July 5); December 25 falls on a
    // Saturday (Friday, December 24).
    expect(dates(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-19',
      '2027-07-04',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-25',
    ]);
    expect(observedDays(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
    ]);
  });

  it('matches OPM’s archived lists for 2008 and 2012', () => {
    // OPM, Federal Holidays 2008 (web archive): Jan 1, Jan 21, Feb 18, May 26, Jul 4, Sep 1,
    // Oct 13, Nov 11, Nov 27, Dec 25.
    expect(observedDays(2008)).toEqual([
      '2008-01-01',
      '2008-01-21',
      '2008-02-18',
      '2008-05-26',
      '2008-07-04',
      '2008-09-01',
      '2008-10-13',
      '2008-11-11',
      '2008-11-27',
      '2008-12-25',
    ]);
    // OPM's 2012 list (as reported by FedSmith, Jan. 2, 2012): New Year's Day and Veterans Day
    // fell on Sundays and were observed on Monday, January 2 and Monday, November 12.
    expect(observedDays(2012)).toEqual([
      '2012-01-02',
      '2012-01-16',
      '2012-02-20',
      '2012-05-28',
      '2012-07-04',
      '2012-09-03',
      '2012-10-08',
      '2012-11-12',
      '2012-11-22',
      '2012-12-25',
    ]);
  });

  it('observes a Saturday holiday on the Friday before (5 U.S.C. 6103(b)(1))', () => {
    // Christmas Day 2021 was a Saturday: observed Friday, December 24, 2021 (OPM 2021).
    expect(federalHolidays(2021).at(-1)).toEqual({
      name: 'Christmas Day',
      date: '2021-12-25',
      observed: '2021-12-24',
    });
    // Veterans Day 2023 was a Saturday: OPM's 2023 list shows Friday, November 10.
    expect(observedDays(2023)).toContain('2023-11-10');
    expect(observedDay('2026-07-04')).toBe('2026-07-03');
  });

  it('observes a Sunday holiday on the Monday after (Executive Order 11582 § 3(a))', () => {
    // New Year's Day 2023 was a Sunday: OPM's 2023 list shows Monday, January 2.
    expect(federalHolidays(2023)[0]).toEqual({
      name: 'New Year’s Day',
      date: '2023-01-01',
      observed: '2023-01-02',
    });
    // Juneteenth 2022 was a Sunday, observed Monday, June 20, 2022.
    expect(federalHolidays(2022).find((h) => h.name.startsWith('Juneteenth'))).toEqual({
      name: 'Juneteenth National Independence Day',
      date: '2022-06-19',
      observed: '2022-06-20',
    });
  });

  it('observes a Saturday New Year’s Day on December 31 of the year before', () => {
    // January 1, 2022 was a Saturday; federal offices were closed Friday, December 31, 2021.
    expect(federalHolidays(2022)[0]).toEqual({
      name: 'New Year’s Day',
      date: '2022-01-01',
      observed: '2021-12-31',
    });
    expect(federalHolidayObservedOn('2021-12-31')?.name).toBe('New Year’s Day');
    expect(legalPublicHolidayOn('2021-12-31')).toBeNull();
    expect(legalPublicHolidayOn('2022-01-01')?.name).toBe('New Year’s Day');
  });

  it('lists Juneteenth from 2021 only (Pub. L. 117-17, June 17, 2021)', () => {
    expect(federalHolidays(2020)).toHaveLength(10);
    expect(legalPublicHolidayOn('2020-06-19')).toBeNull();
    // June 19, 2021 was a Saturday: observed Friday, June 18, 2021.
    expect(federalHolidays(2021).find((h) => h.name.startsWith('Juneteenth'))).toEqual({
      name: 'Juneteenth National Independence Day',
      date: '2021-06-19',
      observed: '2021-06-18',
    });
  });

  it('lists the Birthday of Martin Luther King, Jr. from 1986 (Pub. L. 98-144)', () => {
    expect(federalHolidays(1985).map((holiday) => holiday.name)).not.toContain(
      'Birthday of Martin Luther King, Jr.',
    );
    expect(legalPublicHolidayOn('1986-01-20')?.name).toBe('Birthday of Martin Luther King, Jr.');
  });

  it('puts Veterans Day on the fourth Monday in October for 1971–1977 (Pub. L. 90-363, 94-97)', () => {
    // The Uniform Monday Holiday Act moved it from 1971; it returned to November 11 in 1978.
    expect(legalPublicHolidayOn('1971-10-25')?.name).toBe('Veterans Day');
    expect(legalPublicHolidayOn('1975-10-27')?.name).toBe('Veterans Day');
    expect(legalPublicHolidayOn('1977-10-24')?.name).toBe('Veterans Day');
    expect(legalPublicHolidayOn('1977-11-11')).toBeNull();
    expect(legalPublicHolidayOn('1978-11-11')?.name).toBe('Veterans Day');
  });

  it('keeps every year from 1971 to 2100 consistent', () => {
    for (let year = 1971; year <= 2100; year += 1) {
      const holidays = federalHolidays(year);
      const count = 9 + (year >= 1986 ? 1 : 0) + (year >= 2021 ? 1 : 0);
      expect(holidays).toHaveLength(count);
      expect(new Set(holidays.map((holiday) => holiday.name)).size).toBe(count);
      for (const holiday of holidays) {
        expect(holiday.date.startsWith(String(year))).toBe(true);
        const weekday = dayToDate(holiday.observed).getUTCDay();
        expect(weekday).toBeGreaterThanOrEqual(1);
        expect(weekday).toBeLessThanOrEqual(5);
      }
      const sorted = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
      expect(holidays).toEqual(sorted);
    }
  });

  it('refuses years before the Monday holiday rules (1971) and fractional years', () => {
    expect(() => federalHolidays(1970)).toThrow(RangeError);
    expect(() => federalHolidays(2025.5)).toThrow(RangeError);
  });

  it('returns copies, so a caller cannot change the next answer', () => {
    const first = federalHolidays(2030);
    first[0]!.observed = 'changed';
    expect(federalHolidays(2030)[0]!.observed).toBe('2030-01-01');
  });
});

describe('Inauguration Day (5 U.S.C. 6103(c))', () => {
  it('is January 20 of each fourth year after 1965', () => {
    expect(inaugurationDay(1969)).toBe('1969-01-20');
    expect(inaugurationDay(2021)).toBe('2021-01-20');
    // Monday, January 20, 2025: the same day as the Birthday of Martin Luther King, Jr.
    expect(inaugurationDay(2025)).toBe('2025-01-20');
    expect(legalPublicHolidayOn('2025-01-20')?.name).toBe('Birthday of Martin Luther King, Jr.');
    // January 20, 2029 is a Saturday; 6103(c) moves only a Sunday.
    expect(inaugurationDay(2029)).toBe('2029-01-20');
    expect(dayToDate('2029-01-20').getUTCDay()).toBe(6);
  });

  it('moves to the next day when January 20 is a Sunday', () => {
    // 6103(c): "When January 20 … falls on Sunday, the next succeeding day selected for the
    // public observance of the inauguration" is the holiday: Monday, January 21 in 1985 and 2013.
    expect(inaugurationDay(1985)).toBe('1985-01-21');
    expect(inaugurationDay(2013)).toBe('2013-01-21');
  });

  it('is null in other years, and is never one of the 6103(a) holidays', () => {
    expect(inaugurationDay(1965)).toBeNull();
    expect(inaugurationDay(2024)).toBeNull();
    expect(inaugurationDay(2026)).toBeNull();
    expect(legalPublicHolidayOn('2021-01-20')).toBeNull();
    expect(legalPublicHolidayOn('2029-01-20')).toBeNull();
  });
});
