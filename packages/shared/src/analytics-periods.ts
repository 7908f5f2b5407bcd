import { addDays, isIsoDay } from './calendar-days.ts';

/**
 * The periods analytics reports on: calendar quarters (what a board and an examiner read), and,
 * on the enterprise plan, any range of days. Days are `YYYY-MM-DD` in the institution's day
 * (US Eastern, `institutionToday`), both ends included.
 */
export interface Period {
  /** `2026-Q4`, or `2026-10-01..2026-11-15` for a custom range. */
  key: string;
  /** "Q4 2026", or "Oct 1, 2026 – Nov 15, 2026". */
  label: string;
  from: string;
  to: string;
}

const QUARTER_KEY = /^(\d{4})-Q([1-4])$/;

export const isQuarterKey = (text: string): boolean => QUARTER_KEY.test(text);

/** The quarter `2026-Q4`: Oct 1 through Dec 31. */
export function quarterPeriod(key: string): Period {
  const match = QUARTER_KEY.exec(key);
  if (!match) throw new Error(`not a quarter: ${key}`);
  const year = Number(match[1]);
  const quarter = Number(match[2]);
  const firstMonth = (quarter - 1) * 3 + 1;
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const nextStart =
    quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(firstMonth + 3).padStart(2, '0')}-01`;
  return { key, label: `Q${quarter} ${year}`, from, to: addDays(nextStart, -1) };
}

/** The quarter a day falls in. */
export function quarterOf(day: string): Period {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return quarterPeriod(`${year}-Q${Math.floor((month - 1) / 3) + 1}`);
}

/** The quarter before `period`'s first day. */
export const previousQuarter = (period: Period): Period => quarterOf(addDays(period.from, -1));

/** The `count` quarters up to and including today's, newest first: the quarter picker's list. */
export function recentQuarters(today: string, count: number): Period[] {
  const quarters = [quarterOf(today)];
  while (quarters.length < count) quarters.push(previousQuarter(quarters.at(-1)!));
  return quarters;
}

/** The longest custom range (two years): a snapshot a day keeps the read bounded. */
export const MAX_RANGE_DAYS = 731;

export function rangeKey(from: string, to: string): string {
  return `${from}..${to}`;
}

/** A custom range: the period of the same length just before it, for the comparison. */
export function previousRange(period: Period, label: (from: string, to: string) => string): Period {
  const length = Math.round(
    (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000,
  );
  const to = addDays(period.from, -1);
  const from = addDays(to, -length);
  return { key: rangeKey(from, to), label: label(from, to), from, to };
}

export const isDayRange = (from: string, to: string): boolean =>
  isIsoDay(from) && isIsoDay(to) && from <= to;

/**
 * The last whole period of a report's frequency before `today` (the institution's day): the
 * week Monday to Sunday, the calendar month, the quarter. A weekly report sent on a Monday is on
 * the week that ended the day before.
 */
export function completedPeriod(
  frequency: 'weekly' | 'monthly' | 'quarterly',
  today: string,
  label: (from: string, to: string) => string,
): Period {
  if (frequency === 'quarterly') return previousQuarter(quarterOf(today));
  if (frequency === 'monthly') {
    const to = addDays(`${today.slice(0, 7)}-01`, -1);
    const from = `${to.slice(0, 7)}-01`;
    return { key: rangeKey(from, to), label: label(from, to), from, to };
  }
  // getUTCDay: 0 is Sunday; the week starts on Monday.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const to = addDays(today, -weekday - 1);
  const from = addDays(to, -6);
  return { key: rangeKey(from, to), label: label(from, to), from, to };
}
