/**
 * Calendar dates as `YYYY-MM-DD` strings. A deadline is a day, not an instant: all arithmetic
 * is done at midnight UTC on the date itself, so no time zone or daylight-saving change can move
 * a due date by a day. Only "which day is today" depends on a time zone.
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (no February 30th). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day as a Date at midnight UTC. */
export const dayToDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The UTC calendar date of a Date. */
export const dateToDay = (date: Date): string => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string =>
  dateToDay(new Date(dayToDate(day).getTime() + days * DAY_MS));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / DAY_MS);

/** The number of days in a month (`month` 1–12). */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Where the calendar decides "today" when the member has not chosen a time zone: US Eastern,
 * where the federal agencies' deadlines are kept.
 */
export const DEFAULT_CALENDAR_TIME_ZONE = 'America/New_York';

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than using one,
 * and "today" is asked on every dashboard and calendar request. Names are kept as given (the
 * runtime also accepts other letter cases of a zone), so both maps below are emptied once they
 * hold more than any real set of members' zones would.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const ZONES_KEPT = 1_000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormatters.size >= ZONES_KEPT) dayFormatters.clear();
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last answer per time zone, with the UTC minute it was asked in: every zone's day begins
 * on a whole minute of UTC, so within one minute the answer cannot change.
 */
const lastToday = new Map<string, { minute: number; day: string }>();

/** The calendar date at `now` in `timeZone` (an IANA name; the default when missing or unknown). */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const zone = timeZone || DEFAULT_CALENDAR_TIME_ZONE;
  const last = lastToday.get(zone);
  if (last?.minute === minute) return last.day;
  const format = (name: string) => {
    const parts = dayFormatter(name).formatToParts(now);
    const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
  let day: string;
  try {
    day = format(zone);
  } catch {
    return format(DEFAULT_CALENDAR_TIME_ZONE);
  }
  if (lastToday.size >= ZONES_KEPT) lastToday.clear();
  lastToday.set(zone, { minute, day });
  return day;
}

/** `2026-01-01` → `Jan 1, 2026`: the product's one way of writing a day (DESIGN.md rule 6). */
export function formatShortDay(day: string): string {
  return dayToDate(day).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
