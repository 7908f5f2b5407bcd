import { isIsoDay } from '../calendar-days.ts';

/**
 * The FFIEC/CFPB average prime offer rate (APOR) tables, in the layout the CFPB's HMDA Platform
 * reads (`YieldTableFixed.txt`, `YieldTableAdjustable.txt`): one row a week, no header, fields
 * separated by `|`. Field 1 is the rate-set date as `M/D/YYYY`; fields 2 to 51 are the APOR, in
 * percent, for loan terms of 1 to 50 years. The fixed-rate and the adjustable-rate tables have
 * the same layout.
 */
export interface AporWeek {
  /** The row's date as an ISO day ("2017-01-02"). */
  weekStart: string;
  /** The APOR in percent for terms of 1 to 50 years: `rates[term - 1]`. */
  rates: number[];
}

export interface AporTableError {
  /** 1-based line of the text. */
  line: number;
  message: string;
}

export type AporTableParseResult =
  { ok: true; weeks: AporWeek[] } | { ok: false; errors: AporTableError[] };

export const APOR_TERMS = 50;
const FIELDS = APOR_TERMS + 1;
/** About 96 years of weekly rows: more is not an APOR table. */
export const MAX_APOR_ROWS = 5_000;
/** A broken file reports this many problems, not one for each of thousands of lines. */
const MAX_REPORTED_ERRORS = 50;

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const RATE = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** `1/2/2017` → `2017-01-02`, or null when it is not a real date. */
function isoDayOfUsDate(text: string): string | null {
  const match = US_DATE.exec(text);
  if (!match) return null;
  const [, month = '', day = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDay(iso) ? iso : null;
}

/**
 * Reads an APOR table. Tolerates a byte-order mark, CRLF or CR line ends, blank lines, spaces
 * around fields and a missing final newline; refuses, with the line, a row without 51 fields, a
 * date that is not a real `M/D/YYYY` date, a rate that is not a number and a second row in the
 * same ISO week (the platform looks rows up by ISO week, so two would be ambiguous). Rows may come
 * in any order: the weeks come back sorted by date.
 */
export function parseAporTable(text: string): AporTableParseResult {
  const errors: AporTableError[] = [];
  const weeks: AporWeek[] = [];
  const lineOfWeek = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let rows = 0;

  for (const [index, rawLine] of lines.entries()) {
    if (errors.length >= MAX_REPORTED_ERRORS) break;
    const line = index + 1;
    const content = rawLine.trim();
    if (content === '') continue;
    rows += 1;
    if (rows > MAX_APOR_ROWS) {
      errors.push({
        line,
        message: `The table has more than ${MAX_APOR_ROWS.toLocaleString('en-US')} rows; an APOR table has one row a week.`,
      });
      break;
    }
    const fields = content.split('|').map((field) => field.trim());
    if (fields.length !== FIELDS) {
      errors.push({
        line,
        message: `The row has ${fields.length} field${fields.length === 1 ? '' : 's'}; a row needs ${FIELDS}: the rate-set date (M/D/YYYY) and the APOR for terms of 1 to ${APOR_TERMS} years, separated by "|".`,
      });
      continue;
    }
    const [dateText = '', ...rateTexts] = fields;
    const weekStart = isoDayOfUsDate(dateText);
    if (!weekStart) {
      errors.push({
        line,
        message: `"${dateText.slice(0, 40)}" is not a date written M/D/YYYY (for example 1/2/2017).`,
      });
      continue;
    }
    const rates: number[] = [];
    for (const [position, rateText] of rateTexts.entries()) {
      if (!RATE.test(rateText)) {
        errors.push({
          line,
          message: `Field ${position + 2} (term ${position + 1} year${position === 0 ? '' : 's'}): "${rateText.slice(0, 40)}" is not a rate in percent.`,
        });
        break;
      }
      rates.push(Number(rateText));
    }
    if (rates.length !== APOR_TERMS) continue;
    const week = isoWeekKey(weekStart);
    const earlier = lineOfWeek.get(week);
    if (earlier !== undefined) {
      errors.push({
        line,
        message: `A second row for the week ${week} (the row on line ${earlier} is in the same ISO week); each week has one row.`,
      });
      continue;
    }
    lineOfWeek.set(week, line);
    weeks.push({ weekStart, rates });
  }

  if (errors.length > 0) return { ok: false, errors };
  if (weeks.length === 0) {
    return { ok: false, errors: [{ line: 1, message: 'The table has no rows.' }] };
  }
  weeks.sort((a, b) => (a.weekStart < b.weekStart ? -1 : a.weekStart > b.weekStart ? 1 : 0));
  return { ok: true, weeks };
}

const DAY_MS = 86_400_000;

/**
 * The ISO 8601 week of a day, as `YYYY-Www` with the week-based year (java.time's
 * `IsoFields.WEEK_BASED_YEAR` and `WEEK_OF_WEEK_BASED_YEAR`): weeks start on Monday and week 1
 * is the week with the year's first Thursday. `2017-01-08` (a Sunday) → `2017-W01`;
 * `2017-01-01` (also a Sunday) → `2016-W52`.
 */
export function isoWeekKey(day: string): string {
  if (!isIsoDay(day)) throw new RangeError(`Not a date written YYYY-MM-DD: ${day}`);
  const date = new Date(`${day}T00:00:00.000Z`);
  const mondayBased = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - mondayBased) * DAY_MS);
  const weekYear = thursday.getUTCFullYear();
  const firstOfYear = Date.UTC(weekYear, 0, 1);
  const week = Math.floor((thursday.getTime() - firstOfYear) / DAY_MS / 7) + 1;
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/**
 * The row for a lock date, as the CFPB's rate spread calculator finds it
 * (`ratespread-calculator/.../AporCommands.scala`, `aporForDateAndLoanTerm`): the row whose
 * date is in the same ISO week of the same week-based year as the date the rate was set. A
 * Sunday belongs to the week that began the Monday before.
 */
export function findAporWeek(weeks: readonly AporWeek[], lockDate: string): AporWeek | null {
  // Same ISO week and week-based year means the Monday-to-Sunday span of the lock date's week:
  // two string comparisons per row instead of a week number per row (a table is ~1,000 rows).
  if (!isIsoDay(lockDate)) throw new RangeError(`Not a date written YYYY-MM-DD: ${lockDate}`);
  const date = new Date(`${lockDate}T00:00:00.000Z`);
  const monday = date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  const first = new Date(monday).toISOString().slice(0, 10);
  const last = new Date(monday + 6 * DAY_MS).toISOString().slice(0, 10);
  return weeks.find((week) => week.weekStart >= first && week.weekStart <= last) ?? null;
}
