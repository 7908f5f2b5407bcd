import { addDays, dateToDay, daysBetween, dayToDate } from '@complivue/shared/calendar-days';
import { CALENDAR_LIMITS } from '@complivue/shared/schemas/calendar';
import * as rruleModule from 'rrule';
import { AppError } from '../../lib/app-error.ts';

// Node loads rrule's CommonJS build, whose exports Node cannot list: they are on `default`.
type RRuleModule = typeof rruleModule;
const { RRule } = (rruleModule as RRuleModule & { default?: RRuleModule }).default ?? rruleModule;
type ParsedOptions = InstanceType<typeof RRule>['options'];
type Options = rruleModule.Options;

/**
 * Recurrence of calendar events: RFC 5545 RRULEs over whole days, expanded by the `rrule`
 * package. Every expansion is bounded, whatever the rule: by the window asked for, by a cap on
 * occurrences, and by a cap on the periods rrule may step through (a rule that can never match,
 * such as the 30th of February every day, would otherwise step through eight thousand years).
 */

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const TOO_FINE = ['HOURLY', 'MINUTELY', 'SECONDLY'];
const WEEKDAY = '(MO|TU|WE|TH|FR|SA|SU)';
const list = (item: string) => new RegExp(`^${item}(,${item})*$`);
const signed = (max: number) => (value: string) => {
  const number = Number(value);
  return Number.isInteger(number) && number !== 0 && Math.abs(number) <= max;
};
const allSigned = (max: number) => (value: string) => value.split(',').every(signed(max));

/** Each part of a rule we accept, with the check of its value. */
const PARTS: Record<string, (value: string) => boolean> = {
  FREQ: (value) => (FREQUENCIES as readonly string[]).includes(value),
  INTERVAL: (value) => /^\d{1,3}$/.test(value) && Number(value) >= 1,
  COUNT: (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000,
  UNTIL: (value) => /^\d{8}(T\d{6}Z?)?$/.test(value),
  BYDAY: (value) =>
    list(`[+-]?(\\d{1,2})?${WEEKDAY}`).test(value) &&
    value.split(',').every((day) => {
      const ordinal = day.slice(0, -2);
      return ordinal === '' || signed(53)(ordinal);
    }),
  BYMONTHDAY: (value) => list('[+-]?\\d{1,2}').test(value) && allSigned(31)(value),
  BYMONTH: (value) =>
    list('\\d{1,2}').test(value) && value.split(',').every((month) => signed(12)(month)),
  BYYEARDAY: (value) => list('[+-]?\\d{1,3}').test(value) && allSigned(366)(value),
  BYWEEKNO: (value) => list('[+-]?\\d{1,2}').test(value) && allSigned(53)(value),
  BYSETPOS: (value) => list('[+-]?\\d{1,3}').test(value) && allSigned(366)(value),
  WKST: (value) => new RegExp(`^${WEEKDAY}$`).test(value),
};

/** A horizon in which a valid rule must produce at least one date. */
const FIRST_DATE_HORIZON_DAYS = 10 * 366;

function invalid(message: string): AppError {
  return new AppError('invalid_rrule', message);
}

/**
 * Checks an RRULE's syntax strictly (the `rrule` parser accepts much that is not a rule) and
 * returns it normalized: upper case, without an "RRULE:" prefix, UNTIL as a date.
 */
export function normalizeRrule(text: string): string {
  const body = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (body === '') throw invalid('The recurrence rule is empty.');
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const part of body.split(';')) {
    if (part === '') continue;
    const [name, value, extra] = part.split('=');
    if (!name || value === undefined || extra !== undefined || value === '') {
      throw invalid(`“${part}” is not a NAME=VALUE part of an RRULE.`);
    }
    if (name === 'DTSTART' || name === 'TZID') {
      throw invalid('Leave DTSTART out: the event’s date is where the recurrence starts.');
    }
    if (['BYHOUR', 'BYMINUTE', 'BYSECOND'].includes(name)) {
      throw invalid('Deadlines are whole days: times of day (BYHOUR, BYMINUTE) are not used.');
    }
    const check = PARTS[name];
    if (!check) throw invalid(`${name} is not a recurrence rule part this calendar understands.`);
    if (seen.has(name)) throw invalid(`${name} appears twice in the rule.`);
    seen.add(name);
    if (name === 'FREQ' && TOO_FINE.includes(value)) {
      throw invalid(
        'A deadline repeats at most daily: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.',
      );
    }
    if (!check(value)) throw invalid(`${name}=${value} is not a valid value.`);
    parts.push(`${name}=${name === 'UNTIL' ? value.slice(0, 8) : value}`);
  }
  if (!seen.has('FREQ')) throw invalid('The rule needs a FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).');
  if (seen.has('COUNT') && seen.has('UNTIL')) {
    throw invalid('Use COUNT or UNTIL, not both.');
  }
  const freq = parts.find((part) => part.startsWith('FREQ='))!.slice(5);
  const numbered = /(^|,)[+-]?\d/.test(
    parts.find((part) => part.startsWith('BYDAY='))?.slice(6) ?? '',
  );
  if (numbered && !['MONTHLY', 'YEARLY'].includes(freq)) {
    throw invalid('Numbered weekdays (such as 1MO or -1FR) need FREQ=MONTHLY or YEARLY.');
  }
  if (seen.has('BYWEEKNO') && freq !== 'YEARLY') throw invalid('BYWEEKNO needs FREQ=YEARLY.');
  if (seen.has('BYYEARDAY') && ['DAILY', 'WEEKLY', 'MONTHLY'].includes(freq)) {
    throw invalid('BYYEARDAY needs FREQ=YEARLY.');
  }
  if (seen.has('UNTIL')) {
    const until = parts.find((part) => part.startsWith('UNTIL='))!.slice(6);
    const day = `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`;
    if (dateToDay(dayToDate(day)) !== day) throw invalid(`UNTIL=${until} is not a real date.`);
  }
  return parts.join(';');
}

/** Each frequency's shortest period in days, to bound how many periods a window needs. */
const SHORTEST_PERIOD_DAYS: Record<(typeof FREQUENCIES)[number], number> = {
  DAILY: 1,
  WEEKLY: 7,
  MONTHLY: 28,
  YEARLY: 365,
};

function frequencyOf(rrule: string): (typeof FREQUENCIES)[number] {
  return /FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)/.exec(rrule)![1] as (typeof FREQUENCIES)[number];
}

/**
 * rrule's options with a budget of periods: rrule reads `interval` once at the start and twice
 * per period (to check for 0, then to step), so answering 0 at a check read after `maxPeriods`
 * periods ends the iteration there with what it found. The unit tests pin this behaviour.
 */
function withPeriodBudget(options: ParsedOptions, maxPeriods: number): ParsedOptions {
  let reads = 0;
  const interval = options.interval;
  return new Proxy(options, {
    get(target, property, receiver) {
      if (property !== 'interval') return Reflect.get(target, property, receiver);
      reads += 1;
      return reads > 2 * maxPeriods && reads % 2 === 0 ? 0 : interval;
    },
  });
}

interface Recurring {
  startsOn: string;
  rrule: string | null;
}

const hasPart = (rrule: string, name: string) => new RegExp(`(^|;)${name}=`).test(rrule);
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Where iteration may start instead of the event's date, and the rule to iterate, without
 * changing which dates fall in [from, …], so that the cost of a query depends on the window and
 * not on how far it is from the event's start. Rules with COUNT start at their own date (they
 * count from it; COUNT is at most 1,000). Otherwise the start moves a whole number of intervals
 * forward, still at least one period before `from`:
 * - DAILY and WEEKLY: by days (a multiple of 1 or 7 days times INTERVAL);
 * - MONTHLY: to the first day of a month a multiple of INTERVAL months after the start's month;
 * - YEARLY: to January 1 of a year a multiple of INTERVAL years after the start's year.
 * A MONTHLY or YEARLY rule without a day part (BYMONTHDAY, BYDAY, BYYEARDAY, BYWEEKNO) takes its
 * day (and a YEARLY one its month) from its start (RFC 5545): those are written into the rule
 * before the start moves. Whole periods are kept, so BYSETPOS sees the same sets. The unit tests
 * compare the result with expansion from the event's own start.
 */
export function iterationStart(
  event: Recurring,
  rrule: string,
  from: string,
): { start: string; rrule: string } {
  const unchanged = { start: event.startsOn, rrule };
  if (hasPart(rrule, 'COUNT') || from <= event.startsOn) return unchanged;
  const freq = frequencyOf(rrule);
  const interval = Number(/INTERVAL=(\d+)/.exec(rrule)?.[1] ?? '1');
  if (freq === 'DAILY' || freq === 'WEEKLY') {
    const step = (freq === 'DAILY' ? 1 : 7) * interval;
    const gap = daysBetween(event.startsOn, from) - 7;
    if (gap < step) return unchanged;
    return { start: addDays(event.startsOn, Math.floor(gap / step) * step), rrule };
  }
  const startYear = Number(event.startsOn.slice(0, 4));
  const startMonth = Number(event.startsOn.slice(5, 7));
  const startDay = Number(event.startsOn.slice(8, 10));
  const fromYear = Number(from.slice(0, 4));
  const fromMonth = Number(from.slice(5, 7));
  const dayless = !['BYMONTHDAY', 'BYDAY', 'BYYEARDAY', 'BYWEEKNO'].some((name) =>
    hasPart(rrule, name),
  );
  if (freq === 'MONTHLY') {
    // Whole months from the start's month to the month before `from`'s.
    const months = (fromYear - startYear) * 12 + (fromMonth - startMonth) - 1;
    const steps = Math.floor(months / interval);
    if (steps <= 0) return unchanged;
    const index = startYear * 12 + (startMonth - 1) + steps * interval;
    return {
      start: `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`,
      rrule: dayless ? `${rrule};BYMONTHDAY=${startDay}` : rrule,
    };
  }
  const steps = Math.floor((fromYear - startYear - 1) / interval);
  if (steps <= 0) return unchanged;
  const defaults = dayless
    ? `${hasPart(rrule, 'BYMONTH') ? '' : `;BYMONTH=${startMonth}`};BYMONTHDAY=${startDay}`
    : '';
  return { start: `${startYear + steps * interval}-01-01`, rrule: `${rrule}${defaults}` };
}

interface Expansion {
  dates: string[];
  truncated: boolean;
}

/**
 * Recent expansions of recurring events. Expansion is a pure function of the rule, the start,
 * the window and the limit, and every dashboard and calendar read expands the same few rules
 * over the same windows: parsing a rule and stepping through it costs far more than a lookup.
 * The least recently used go first once the entries hold more than `DATES_KEPT` dates in all
 * (a rule checked on saving may expand to a thousand dates).
 */
const expansions = new Map<string, Expansion>();
const DATES_KEPT = 50_000;
let datesKept = 0;

function keepExpansion(key: string, expansion: Expansion): void {
  expansions.set(key, expansion);
  datesKept += expansion.dates.length + 1;
  for (const [oldest, old] of expansions) {
    if (datesKept <= DATES_KEPT) break;
    expansions.delete(oldest);
    datesKept -= old.dates.length + 1;
  }
}

/**
 * The due dates of an event in [from, to] (both included), at most `limit` of them.
 * `truncated` says the limit cut the list short.
 */
export function occurrencesBetween(
  event: Recurring,
  from: string,
  to: string,
  limit: number = CALENDAR_LIMITS.maxOccurrences,
): Expansion {
  if (!event.rrule) {
    return {
      dates: event.startsOn >= from && event.startsOn <= to && limit > 0 ? [event.startsOn] : [],
      truncated: false,
    };
  }
  if (to < event.startsOn) return { dates: [], truncated: false };
  const key = `${event.startsOn} ${event.rrule} ${from} ${to} ${limit}`;
  let expansion = expansions.get(key);
  if (expansion) {
    // Used again: to the back of the queue.
    expansions.delete(key);
    expansions.set(key, expansion);
  } else {
    expansion = expand({ startsOn: event.startsOn, rrule: event.rrule }, from, to, limit);
    keepExpansion(key, expansion);
  }
  // A copy: callers may change their list without changing the one kept here.
  return { dates: [...expansion.dates], truncated: expansion.truncated };
}

function expand(
  event: Recurring & { rrule: string },
  from: string,
  to: string,
  limit: number,
): Expansion {
  const normalized = normalizeRrule(event.rrule);
  const { start, rrule } = iterationStart(event, normalized, from);
  const rule = new RRule(
    { ...(RRule.parseString(rrule) as Partial<Options>), dtstart: dayToDate(start) },
    true,
  );
  const periods =
    Math.ceil((daysBetween(start, to) + 1) / SHORTEST_PERIOD_DAYS[frequencyOf(rrule)]) + 2;
  rule.options = withPeriodBudget(rule.options, periods);
  const dates = new Set<string>();
  let truncated = false;
  rule.between(dayToDate(from), dayToDate(to), true, (date) => {
    if (dates.size >= limit) {
      truncated = true;
      return false;
    }
    dates.add(dateToDay(date));
    return true;
  });
  return { dates: [...dates].sort(), truncated };
}

/** Whether `date` is one of the event's due dates. */
export const isOccurrence = (event: Recurring, date: string): boolean =>
  occurrencesBetween(event, date, date, 1).dates.length === 1;

/**
 * Validates an event's recurrence for saving: the rule's syntax, and that it produces a date
 * within ten years of the start. Returns the rule normalized and the start moved to the rule's
 * first date on or after it (RFC 5545 leaves a start that the rule does not produce undefined,
 * and calendar apps disagree about it). COUNT is saved as the UNTIL of its last date (at the
 * latest the end of 2099): the same dates, and a rule every later query can start near its
 * window rather than counting from the event's start.
 */
export function validateRecurrence(
  startsOn: string,
  rrule: string | null,
): { startsOn: string; rrule: string | null } {
  if (!rrule) return { startsOn, rrule: null };
  const normalized = normalizeRrule(rrule);
  const [first] = occurrencesBetween(
    { startsOn, rrule: normalized },
    startsOn,
    addDays(startsOn, FIRST_DATE_HORIZON_DAYS),
    1,
  ).dates;
  if (!first) {
    throw invalid(
      'This rule produces no date in the ten years after the event’s date. Check BYMONTH, BYMONTHDAY and BYDAY.',
    );
  }
  if (first > CALENDAR_LIMITS.lastDay) throw invalid('The first date of this rule is after 2099.');
  if (!hasPart(normalized, 'COUNT')) return { startsOn: first, rrule: normalized };
  const count = Number(/COUNT=(\d+)/.exec(normalized)![1]);
  const last = occurrencesBetween(
    { startsOn: first, rrule: normalized },
    first,
    CALENDAR_LIMITS.lastDay,
    count,
  ).dates.at(-1)!;
  return {
    startsOn: first,
    rrule: normalized.replace(/COUNT=\d+/, `UNTIL=${last.replaceAll('-', '')}`),
  };
}
