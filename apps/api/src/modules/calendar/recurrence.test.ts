import { presetRrule } from '@complivue/shared/schemas/calendar';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { addDays, dateToDay, dayToDate } from '@complivue/shared/calendar-days';
import * as rruleModule from 'rrule';
import {
  isOccurrence,
  iterationStart,
  normalizeRrule,
  occurrencesBetween,
  validateRecurrence,
} from './recurrence.ts';

type RRuleModule = typeof rruleModule;
const { RRule } = (rruleModule as RRuleModule & { default?: RRuleModule }).default ?? rruleModule;

/** The dates rrule itself finds iterating from the event's own start: the reference. */
function fromTheStart(event: { startsOn: string; rrule: string }, from: string, to: string) {
  const rule = new RRule({ ...RRule.parseString(event.rrule), dtstart: dayToDate(event.startsOn) });
  return rule.between(dayToDate(from), dayToDate(to), true).map(dateToDay);
}

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).code).toBe('invalid_rrule');
    return (error as AppError).message;
  }
  throw new Error('expected the rule to be refused');
}

describe('normalizeRrule', () => {
  it('accepts and normalizes the rules a calendar needs', () => {
    expect(normalizeRrule('RRULE:freq=yearly;bymonth=3;bymonthday=1')).toBe(
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
    );
    expect(normalizeRrule('FREQ=MONTHLY;BYDAY=-1FR')).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(normalizeRrule('FREQ=WEEKLY;UNTIL=20271231T235959Z')).toBe('FREQ=WEEKLY;UNTIL=20271231');
    expect(normalizeRrule('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1')).toBe(
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
    );
  });

  it('refuses what is not a valid daily-or-coarser rule, saying why', () => {
    expect(rejection(() => normalizeRrule('FREQ=HOURLY'))).toMatch(/at most daily/);
    expect(rejection(() => normalizeRrule('FREQ=MINUTELY;INTERVAL=5'))).toMatch(/at most daily/);
    expect(rejection(() => normalizeRrule('garbage'))).toMatch(/NAME=VALUE/);
    expect(rejection(() => normalizeRrule(''))).toMatch(/empty/);
    expect(rejection(() => normalizeRrule('BYMONTH=3'))).toMatch(/needs a FREQ/);
    expect(rejection(() => normalizeRrule('FREQ=FORTNIGHTLY'))).toMatch(/not a valid value/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;BYDAY=XX'))).toMatch(/BYDAY=XX/);
    expect(rejection(() => normalizeRrule('FREQ=MONTHLY;INTERVAL=0'))).toMatch(/INTERVAL/);
    expect(rejection(() => normalizeRrule('FREQ=MONTHLY;BYMONTHDAY=32'))).toMatch(/BYMONTHDAY/);
    expect(rejection(() => normalizeRrule('FREQ=YEARLY;BYMONTH=13'))).toMatch(/BYMONTH/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;COUNT=5;UNTIL=20270101'))).toMatch(
      /COUNT or UNTIL/,
    );
    expect(rejection(() => normalizeRrule('FREQ=DAILY;UNTIL=20270230'))).toMatch(/real date/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;BYHOUR=9'))).toMatch(/whole days/);
    expect(rejection(() => normalizeRrule('DTSTART:20260101;FREQ=DAILY'))).toMatch(/NAME=VALUE/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;DTSTART=20260101'))).toMatch(/DTSTART/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;FREQ=WEEKLY'))).toMatch(/twice/);
    expect(rejection(() => normalizeRrule('FREQ=WEEKLY;BYDAY=1MO'))).toMatch(/Numbered/);
    expect(rejection(() => normalizeRrule('FREQ=DAILY;X-NAME=1'))).toMatch(/understands/);
  });
});

describe('occurrencesBetween', () => {
  it('expands a yearly deadline as calendar dates, without time zone drift', () => {
    const hmda = { startsOn: '2027-03-01', rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1' };
    expect(occurrencesBetween(hmda, '2026-01-01', '2029-12-31').dates).toEqual([
      '2027-03-01',
      '2028-03-01',
      '2029-03-01',
    ]);
    expect(isOccurrence(hmda, '2028-03-01')).toBe(true);
    expect(isOccurrence(hmda, '2028-03-02')).toBe(false);
  });

  it('expands a one-off event to its date only', () => {
    const event = { startsOn: '2026-12-15', rrule: null };
    expect(occurrencesBetween(event, '2026-12-01', '2026-12-31').dates).toEqual(['2026-12-15']);
    expect(occurrencesBetween(event, '2026-12-16', '2026-12-31').dates).toEqual([]);
  });

  it('keeps a month-end deadline on the last day of shorter months (the preset)', () => {
    const event = { startsOn: '2027-01-31', rrule: presetRrule('monthly', '2027-01-31') };
    expect(occurrencesBetween(event, '2027-01-01', '2027-05-31').dates).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(event.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    const quarterly = { startsOn: '2027-01-31', rrule: presetRrule('quarterly', '2027-01-31') };
    expect(occurrencesBetween(quarterly, '2027-01-01', '2027-12-31').dates).toEqual([
      '2027-01-31',
      '2027-04-30',
      '2027-07-31',
      '2027-10-31',
    ]);
    const leap = { startsOn: '2028-02-29', rrule: presetRrule('yearly', '2028-02-29') };
    expect(occurrencesBetween(leap, '2028-01-01', '2032-12-31').dates).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
    // The 30th, not a month's end: the 30th, or February's last day.
    const thirtieth = { startsOn: '2027-01-30', rrule: presetRrule('monthly', '2027-01-30') };
    expect(occurrencesBetween(thirtieth, '2027-01-01', '2027-04-30').dates).toEqual([
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
      '2027-04-30',
    ]);
  });

  it('expands a never-ending daily rule only inside the window, capped', () => {
    const daily = { startsOn: '2000-01-01', rrule: 'FREQ=DAILY' };
    const started = performance.now();
    const { dates, truncated } = occurrencesBetween(daily, '2099-01-01', '2099-12-31');
    expect(dates).toHaveLength(365);
    expect(dates[0]).toBe('2099-01-01');
    expect(dates.at(-1)).toBe('2099-12-31');
    expect(truncated).toBe(false);
    // A pathological case, so a bound stays, generous for two shared cores: stepping through a
    // century of days takes seconds; fast-forwarded, milliseconds (figures: npm run bench).
    expect(performance.now() - started).toBeLessThan(2_000);

    const capped = occurrencesBetween(daily, '2026-01-01', '2026-12-31', 10);
    expect(capped.dates).toHaveLength(10);
    expect(capped.truncated).toBe(true);
  });

  it('fast-forwards weekly rules without changing which dates fall in the window', () => {
    const rules = [
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,FR;BYSETPOS=-1',
      'FREQ=DAILY;INTERVAL=10',
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
    ];
    for (const rrule of rules) {
      const event = { startsOn: '2026-01-07', rrule };
      // The same window read from the start (one long query) and directly.
      const all = occurrencesBetween(event, '2026-01-01', '2028-12-31').dates;
      const late = occurrencesBetween(event, '2028-06-01', '2028-12-31').dates;
      expect(late, rrule).toEqual(all.filter((date) => date >= '2028-06-01'));
    }
  });

  it('fast-forwards monthly and yearly rules without changing which dates fall in the window', () => {
    const rules = [
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;INTERVAL=3',
      'FREQ=MONTHLY;INTERVAL=5',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU;BYSETPOS=1,-1',
      'FREQ=MONTHLY;BYMONTH=2,8',
      'FREQ=MONTHLY;UNTIL=20600101',
      'FREQ=YEARLY',
      'FREQ=YEARLY;INTERVAL=3',
      'FREQ=YEARLY;BYMONTH=5',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
      'FREQ=YEARLY;BYDAY=1MO;BYMONTH=9',
      'FREQ=YEARLY;INTERVAL=2;BYYEARDAY=100,-1',
      'FREQ=YEARLY;BYWEEKNO=1,52;BYDAY=MO',
      'FREQ=YEARLY;BYDAY=-1FR;BYSETPOS=-1',
    ];
    // Month ends, a leap day and an ordinary day as starts.
    const starts = ['2001-01-31', '2004-02-29', '2003-07-15', '2000-12-30'];
    const windows = ['2001-02-01', '2031-03-01', '2056-02-10', '2099-12-01'];
    for (const rrule of rules) {
      for (const startsOn of starts) {
        const event = { startsOn, rrule };
        for (const from of windows) {
          const to = addDays(from, 399);
          const last = to > '2099-12-31' ? '2099-12-31' : to;
          expect(
            occurrencesBetween(event, from, last).dates,
            `${rrule} from ${startsOn}, ${from}`,
          ).toEqual(fromTheStart(event, from, last));
        }
      }
    }
  });

  it('starts iterating near the window, whatever the distance from the start', () => {
    const monthly = { startsOn: '2000-01-31', rrule: 'FREQ=MONTHLY;INTERVAL=5' };
    expect(iterationStart(monthly, monthly.rrule, '2099-12-31')).toEqual({
      start: '2099-08-01',
      rrule: 'FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=31',
    });
    const yearly = { startsOn: '2000-02-29', rrule: 'FREQ=YEARLY' };
    expect(iterationStart(yearly, yearly.rrule, '2099-12-31')).toEqual({
      start: '2098-01-01',
      rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
    });
    // COUNT counts from the start: it stays.
    const counted = { startsOn: '2000-01-15', rrule: 'FREQ=MONTHLY;COUNT=1000' };
    expect(iterationStart(counted, counted.rrule, '2090-01-01').start).toBe('2000-01-15');
    // One due date checked at the far end of the century is as cheap as one near the start.
    const started = performance.now();
    for (let index = 0; index < 50; index += 1) {
      isOccurrence({ startsOn: '2000-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' }, '2099-12-31');
      isOccurrence({ startsOn: '2000-01-31', rrule: 'FREQ=YEARLY;BYDAY=-1FR' }, '2099-12-25');
    }
    // Pathological without the fast-forward (a century stepped 100 times); generous bound.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('stops quickly on a rule that can never produce a date', () => {
    const impossible = { startsOn: '2026-01-01', rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' };
    const started = performance.now();
    expect(occurrencesBetween(impossible, '2026-01-01', '2027-01-31').dates).toEqual([]);
    // Without the period budget rrule steps through every day to the year 9999 (many
    // seconds): a pathological case, so a bound stays, generous for two shared cores.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('honours COUNT and UNTIL', () => {
    expect(
      occurrencesBetween(
        { startsOn: '2026-01-15', rrule: 'FREQ=MONTHLY;COUNT=3' },
        '2026-01-01',
        '2026-12-31',
      ).dates,
    ).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    expect(
      occurrencesBetween(
        { startsOn: '2026-01-15', rrule: 'FREQ=MONTHLY;UNTIL=20260315' },
        '2026-01-01',
        '2026-12-31',
      ).dates,
    ).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
  });
});

describe('occurrencesBetween, asked again', () => {
  it('answers the same, and a caller changing its list does not change the next answer', () => {
    const event = { startsOn: '2026-01-05', rrule: 'FREQ=WEEKLY;BYDAY=MO' };
    const first = occurrencesBetween(event, '2026-03-01', '2026-03-31');
    expect(first.dates).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    first.dates.splice(0, 5, '1999-01-01');
    expect(occurrencesBetween(event, '2026-03-01', '2026-03-31')).toEqual({
      dates: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'],
      truncated: false,
    });
    // Another rule from the same start is another expansion.
    expect(
      occurrencesBetween({ ...event, rrule: 'FREQ=WEEKLY;BYDAY=TU' }, '2026-03-01', '2026-03-07')
        .dates,
    ).toEqual(['2026-03-03']);
  });
});

describe('validateRecurrence', () => {
  it('moves the start to the rule’s first date on or after it', () => {
    expect(validateRecurrence('2026-11-22', 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1')).toEqual({
      startsOn: '2027-03-01',
      rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
    });
    expect(validateRecurrence('2026-11-22', null)).toEqual({ startsOn: '2026-11-22', rrule: null });
  });

  it('saves COUNT as the UNTIL of its last date, so later queries need not count from the start', () => {
    expect(validateRecurrence('2026-01-15', 'FREQ=MONTHLY;COUNT=3')).toEqual({
      startsOn: '2026-01-15',
      rrule: 'FREQ=MONTHLY;UNTIL=20260315',
    });
    // A rule that rarely matches: its dates up to the end of 2099, no further.
    const rare = validateRecurrence('2000-01-01', 'FREQ=DAILY;COUNT=1000;BYMONTH=2;BYMONTHDAY=29');
    expect(rare).toEqual({
      startsOn: '2000-02-29',
      rrule: 'FREQ=DAILY;UNTIL=20960229;BYMONTH=2;BYMONTHDAY=29',
    });
    expect(isOccurrence(rare, '2096-02-29')).toBe(true);
    expect(isOccurrence(rare, '2095-02-28')).toBe(false);
  });

  it('refuses a rule with no date within ten years, quickly', () => {
    const started = performance.now();
    expect(
      rejection(() => validateRecurrence('2026-01-01', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')),
    ).toMatch(/no date in the ten years/);
    // Pathological (a search that could run to the year 9999); generous bound.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
