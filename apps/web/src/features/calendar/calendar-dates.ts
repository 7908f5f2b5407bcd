import { addDays, dayToDate, daysInMonth } from '@complivue/shared/calendar-days';

/** A month as `YYYY-MM`. */
export type MonthKey = string;

export const monthOf = (day: string): MonthKey => day.slice(0, 7);

export function shiftMonth(month: MonthKey, by: number): MonthKey {
  const year = Number(month.slice(0, 4));
  const index = year * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const isMonthKey = (text: string | null): text is MonthKey =>
  text !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(text) && text >= '2000-01' && text <= '2099-12';

/** Today in the browser's time zone (the server's answer says the member's own). */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Day of the week, 0 = Sunday. */
export const weekdayOf = (day: string) => dayToDate(day).getUTCDay();

/**
 * The weeks a month view shows: Sunday to Saturday rows from the week of the 1st to the week of
 * the last day (4 to 6 rows), each day marked in or out of the month.
 */
export function monthGrid(month: MonthKey): { day: string; inMonth: boolean }[][] {
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
  const start = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const weeks: { day: string; inMonth: boolean }[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, index) => {
        const date = addDays(day, index);
        return { day: date, inMonth: monthOf(date) === month };
      }),
    );
  }
  return weeks;
}

/** `2026-11` → `November 2026`. */
export const monthLabel = (month: MonthKey) =>
  dayToDate(`${month}-01`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** `2026-11-24` → `Tuesday, November 24, 2026`. */
export const fullDayLabel = (day: string) =>
  dayToDate(day).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function ordinal(n: number): string {
  if (n === -1) return 'last day';
  const suffix =
    n % 100 >= 11 && n % 100 <= 13
      ? 'th'
      : n % 10 === 1
        ? 'st'
        : n % 10 === 2
          ? 'nd'
          : n % 10 === 3
            ? 'rd'
            : 'th';
  return `${n}${suffix}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An RRULE in words for the common cases; the rule itself otherwise. */
export function describeRecurrence(rrule: string | null): string {
  if (!rrule) return 'Does not repeat';
  const parts = Object.fromEntries(
    rrule.split(';').map((part) => part.split('=') as [string, string]),
  );
  const keys = Object.keys(parts).filter((key) => key !== 'FREQ');
  const interval = Number(parts.INTERVAL ?? '1');
  const monthDay = parts.BYMONTHDAY;
  const simpleDay =
    monthDay && /^-?\d+$/.test(monthDay)
      ? ordinal(Number(monthDay))
      : monthDay && parts.BYSETPOS === '-1'
        ? `${ordinal(Number(monthDay.split(',').at(-1)))} (or the month’s last day)`
        : null;
  const only = (...allowed: string[]) => keys.every((key) => allowed.includes(key));
  if (parts.FREQ === 'YEARLY' && keys.length === 0) return 'Every year';
  if (parts.FREQ === 'YEARLY' && only('BYMONTH', 'BYMONTHDAY') && simpleDay && parts.BYMONTH) {
    const month = MONTHS[Number(parts.BYMONTH) - 1];
    return monthDay === '-1'
      ? `Every year on the last day of ${month}`
      : `Every year on ${month} ${Number(monthDay)}`;
  }
  if (parts.FREQ === 'MONTHLY' && only('INTERVAL', 'BYMONTHDAY', 'BYSETPOS') && simpleDay) {
    const every = interval === 1 ? 'Every month' : `Every ${interval} months`;
    return `${every} on the ${simpleDay}`;
  }
  if (parts.FREQ === 'WEEKLY' && only('INTERVAL')) {
    return interval === 1 ? 'Every week' : `Every ${interval} weeks`;
  }
  if (parts.FREQ === 'DAILY' && only('INTERVAL')) {
    return interval === 1 ? 'Every day' : `Every ${interval} days`;
  }
  return `Repeats: ${rrule}`;
}
