import { z } from 'zod';
import { isIsoDay } from '../calendar-days.ts';
import { neutraliseFormula } from '../csv-cells.ts';
import { APOR_TERMS, findAporWeek, isoWeekKey, type AporWeek } from './apor-table.ts';
import { decimalOf, formatDecimal, roundHalfUp, subtract, toNumber } from './decimal.ts';
import {
  citationsOf,
  formatLongDay,
  type CalculationStep,
  type LoanTestResult,
} from './explanation.ts';
import { hpmlTest } from './hpml.ts';

/**
 * The HMDA rate spread (12 CFR 1003.4(a)(12)): the APR minus the average prime offer rate for a
 * comparable transaction as of the date the interest rate was set, computed the way the CFPB's
 * rate spread calculator does it (`cfpb/hmda-platform`, `ratespread-calculator`,
 * `AporCommands.scala`):
 * - a loan term outside 1 to 50 years is refused ("bad loan term"), before anything else;
 * - the spread is "NA" unless action taken is 1 (originated), 2 (approved, not accepted) or
 *   8 (preapproval approved, not accepted), and for every reverse mortgage;
 * - the APOR is the fixed-rate or adjustable-rate table's value for the loan term, in the row
 *   whose date is in the same ISO week (and week-based year) as the lock date;
 * - spread = APR − APOR rounded half-up to three decimals. The platform subtracts binary
 *   doubles first; this subtracts the decimals as written, so 6.125 − 4.36 is exactly 1.765.
 */

export interface AporTableRef {
  id: string;
  /** What the product shows: "Fixed-rate APOR table, version 3, loaded 2026-11-20". */
  label: string;
  weeks: AporWeek[];
}

export interface RateSpreadTables {
  fixed: AporTableRef | null;
  adjustable: AporTableRef | null;
}

const BAD_LOAN_TERM = `bad loan term: the loan term must be a whole number of years from 1 to ${APOR_TERMS}`;

export const rateSpreadInputSchema = z.object({
  /** HMDA action taken, 1 to 8 (1 originated, 2 approved not accepted, 8 preapproval approved not accepted, …). */
  actionTaken: z
    .number('Enter the HMDA action taken code, 1 to 8.')
    .int('Enter the HMDA action taken code, 1 to 8.')
    .min(1, 'Enter the HMDA action taken code, 1 to 8.')
    .max(8, 'Enter the HMDA action taken code, 1 to 8.'),
  /** Years, 1 to 50: the APOR table has a column for each. */
  loanTerm: z
    .number(BAD_LOAN_TERM)
    .int(BAD_LOAN_TERM)
    .min(1, BAD_LOAN_TERM)
    .max(APOR_TERMS, BAD_LOAN_TERM),
  /** Which APOR table: fixed → FixedRate, adjustable → VariableRate. */
  amortizationType: z.enum(['fixed', 'adjustable'], 'Choose fixed-rate or adjustable-rate.'),
  /** The APR in percent (6.125). */
  apr: z
    .number('Enter the APR as a percentage, such as 6.125.')
    .min(0, 'Enter the APR as a percentage, such as 6.125.')
    .max(100, 'Enter the APR as a percentage, such as 6.125.'),
  /** The date the interest rate was last set before final action, YYYY-MM-DD. */
  lockDate: z
    .string('Enter the date the rate was set as YYYY-MM-DD.')
    .refine(isIsoDay, 'The lock date must be a real date written YYYY-MM-DD.'),
  reverseMortgage: z.boolean('Say whether the loan is a reverse mortgage.'),
});
export type RateSpreadInput = z.infer<typeof rateSpreadInputSchema>;

export interface RateSpreadFigures {
  /** APR − APOR in percentage points, three decimals; null when NA or not determined. */
  rateSpread: number | null;
  /** The APOR used, in percent. */
  apor: number | null;
  /** The date of the table row used (ISO day). */
  aporWeekStart: string | null;
  /** The lock date's ISO week ("2017-W01"), or null when the lock date is not a date. */
  isoWeek: string | null;
  table: { id: string; label: string } | null;
  /** Why the rate spread is "NA" (HMDA reporting), or null. */
  notApplicableReason: string | null;
}

const HMDA = '12 CFR 1003.4(a)(12)';
const APOR_DEFINITION = '12 CFR 1026.35(a)(2)';

const ACTION_TAKEN: Record<number, string> = {
  1: 'loan originated',
  2: 'application approved but not accepted',
  3: 'application denied',
  4: 'application withdrawn by applicant',
  5: 'file closed for incompleteness',
  6: 'purchased loan',
  7: 'preapproval request denied',
  8: 'preapproval request approved but not accepted',
};

const TABLE_NAME = { fixed: 'fixed-rate', adjustable: 'adjustable-rate' } as const;

const NOTES = [
  'Use the date the interest rate was last set before final action: the lock date, or the date it was last re-locked or extended (comment 4(a)(12)-5).',
  'The APOR comes from the table loaded in the product; confirm it is the current FFIEC/CFPB publication for the week.',
];

function emptyFigures(isoWeek: string | null): RateSpreadFigures {
  return {
    rateSpread: null,
    apor: null,
    aporWeekStart: null,
    isoWeek,
    table: null,
    notApplicableReason: null,
  };
}

/** The reason the rate spread is "NA", or null when it is to be computed. */
function notApplicable(input: RateSpreadInput): string | null {
  if (input.reverseMortgage) {
    return 'Reverse mortgage: the rate spread is not reported for reverse mortgages.';
  }
  if (![1, 2, 8].includes(input.actionTaken)) {
    return `Action taken ${input.actionTaken} (${ACTION_TAKEN[input.actionTaken] ?? 'unknown'}): a rate spread is reported only for action taken 1 (originated), 2 (approved but not accepted) or 8 (preapproval approved but not accepted).`;
  }
  return null;
}

export function rateSpread(
  input: RateSpreadInput,
  tables: RateSpreadTables,
): LoanTestResult<RateSpreadFigures> {
  const parsed = rateSpreadInputSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
      .join('; ');
    const isoWeek = typeof input.lockDate === 'string' && isIsoDay(input.lockDate);
    return {
      outcome: 'not_determined',
      headline: `The rate spread was not computed: ${message}.`,
      figures: emptyFigures(isoWeek ? isoWeekKey(input.lockDate) : null),
      steps: [],
      citations: [HMDA],
      notes: [],
    };
  }
  const loan = parsed.data;
  const isoWeek = isoWeekKey(loan.lockDate);

  const reason = notApplicable(loan);
  if (reason) {
    const steps: CalculationStep[] = [
      {
        label: 'Rate spread',
        value: 'NA',
        detail: reason,
        citation: HMDA,
      },
    ];
    return {
      outcome: 'info',
      headline: `The rate spread is not applicable (NA): ${reason}`,
      figures: { ...emptyFigures(isoWeek), notApplicableReason: reason },
      steps,
      citations: citationsOf(steps),
      notes: [],
    };
  }

  const table = tables[loan.amortizationType];
  const tableName = TABLE_NAME[loan.amortizationType];
  if (!table) {
    return {
      outcome: 'not_determined',
      headline: `No ${tableName} APOR table is loaded, so the rate spread for week ${isoWeek} was not computed.`,
      figures: emptyFigures(isoWeek),
      steps: [],
      citations: [HMDA],
      notes: NOTES,
    };
  }
  const tableRef = { id: table.id, label: table.label };
  const week = findAporWeek(table.weeks, loan.lockDate);
  const rate = week?.rates[loan.loanTerm - 1];
  if (!week || rate === undefined) {
    return {
      outcome: 'not_determined',
      headline: `The ${table.label} has no row for the week ${isoWeek} (the week of the lock date, ${formatLongDay(loan.lockDate)}), so the rate spread was not computed.`,
      figures: { ...emptyFigures(isoWeek), table: tableRef },
      steps: [],
      citations: [HMDA],
      notes: NOTES,
    };
  }

  const apr = decimalOf(loan.apr);
  const apor = decimalOf(rate);
  const spread = roundHalfUp(subtract(apr, apor), 3);
  const spreadText = formatDecimal(spread, 3);
  const aporText = formatDecimal(apor, Math.max(apor.scale, 2));
  const aprText = formatDecimal(apr, Math.max(apr.scale, 3));

  const steps: CalculationStep[] = [
    {
      label: 'APOR table',
      value: table.label,
      detail: `A ${loan.amortizationType === 'fixed' ? 'fixed-rate' : 'adjustable-rate'} loan is compared with the ${tableName} table (the platform's ${loan.amortizationType === 'fixed' ? 'FixedRate' : 'VariableRate'} table).`,
      citation: HMDA,
    },
    {
      label: 'Week of the lock date',
      value: `${isoWeek}: the row dated ${formatLongDay(week.weekStart)}`,
      detail: `The rate was set on ${formatLongDay(loan.lockDate)}, in ISO week ${isoWeek} (weeks run Monday to Sunday). The table's row for that week is dated ${week.weekStart}.`,
      citation: HMDA,
    },
    {
      label: `APOR for a ${loan.loanTerm}-year term`,
      value: `${aporText}%`,
      detail: `The row's value for a term of ${loan.loanTerm} year${loan.loanTerm === 1 ? '' : 's'} (field ${loan.loanTerm + 1} of the row, after the date).`,
      citation: APOR_DEFINITION,
    },
    {
      label: 'Rate spread',
      value: spreadText,
      detail: `APR ${aprText}% − APOR ${aporText}% = ${spreadText} percentage points, rounded half-up to three decimals as the CFPB's rate spread calculator does.`,
      citation: HMDA,
    },
  ];

  return {
    outcome: 'info',
    headline: `The rate spread is ${spreadText}: APR ${aprText}% less the APOR of ${aporText}% for a ${loan.loanTerm}-year ${tableName} loan in the week of ${week.weekStart}.`,
    figures: {
      rateSpread: toNumber(spread),
      apor: rate,
      aporWeekStart: week.weekStart,
      isoWeek,
      table: tableRef,
      notApplicableReason: null,
    },
    steps,
    citations: citationsOf(steps),
    notes: NOTES,
  };
}

/* ----------------------------------------------------------------------------------------- */
/* Batch CSV, in the layout of the CFPB calculator's batch upload                            */
/* ----------------------------------------------------------------------------------------- */

/** The CFPB calculator's batch output header (its input columns, then `rate_spread`). */
export const RATE_SPREAD_CSV_HEADER =
  'action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage,rate_spread';
/** Our columns after the CFPB's: the APOR used, its row's date, the HPML answer and any error. */
export const RATE_SPREAD_CSV_EXTRA_COLUMNS = ['apor', 'apor_week', 'hpml', 'error'] as const;
export const RATE_SPREAD_CSV_DEFAULT_MAX_ROWS = 10_000;

const INPUT_COLUMNS = 6;
const OPTIONAL_COLUMNS = 2;

/** Splits RFC 4180 text into rows of cells (quoted cells, doubled quotes, CRLF or LF). */
function* csvRows(text: string): Generator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let index = text.startsWith('\uFEFF') ? 1 : 0;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      cells.push(cell);
      yield { line: rowLine, cells };
      cells = [];
      cell = '';
      line += 1;
      rowLine = line;
    } else cell += char;
    index += 1;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield { line: rowLine, cells };
  }
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * One output cell: a plain number as it is (a negative spread must stay a number), anything
 * else through the product's formula neutralising (csv-cells.ts), then quoted when needed.
 */
function outputCell(value: string): string {
  const safe = PLAIN_NUMBER.test(value) ? value : neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

interface BatchRow {
  rateSpread: string;
  apor: string;
  aporWeek: string;
  hpml: string;
  errors: string[];
}

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Reads and computes one data row; every problem is written in the row, none is thrown. */
function batchRow(cells: readonly string[], tables: RateSpreadTables): BatchRow {
  const row: BatchRow = { rateSpread: '', apor: '', aporWeek: '', hpml: '', errors: [] };
  if (cells.length < INPUT_COLUMNS || cells.length > INPUT_COLUMNS + OPTIONAL_COLUMNS) {
    row.errors.push(
      `The row has ${cells.length} column${cells.length === 1 ? '' : 's'}; it needs the 6 of the CFPB layout (action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage), optionally followed by lien_status and jumbo.`,
    );
    return row;
  }
  const [action, term, amortization, aprText, lockDate, reverse, lienText = '', jumboText = ''] =
    cells;

  if (!INTEGER.test(action ?? '') || Number(action) < 1 || Number(action) > 8) {
    row.errors.push(`action_taken_type "${action}" is not a HMDA action taken code from 1 to 8.`);
  }
  if (!INTEGER.test(term ?? '') || Number(term) < 1 || Number(term) > APOR_TERMS) {
    row.errors.push(`${BAD_LOAN_TERM} (got "${term}").`);
  }
  const amortizationType =
    amortization === 'FixedRate' ? 'fixed' : amortization === 'VariableRate' ? 'adjustable' : null;
  if (!amortizationType) {
    row.errors.push(`amortization_type "${amortization}" must be FixedRate or VariableRate.`);
  }
  if (!DECIMAL.test(aprText ?? '') || Number(aprText) > 100) {
    row.errors.push(`apr "${aprText}" is not a percentage such as 6.125.`);
  }
  if (!isIsoDay(lockDate ?? '')) {
    row.errors.push(`lock_in_date "${lockDate}" is not a real date written YYYY-MM-DD.`);
  }
  if (reverse !== '1' && reverse !== '2') {
    row.errors.push(`reverse_mortgage "${reverse}" must be 1 (reverse mortgage) or 2 (not).`);
  }
  const lien =
    lienText === ''
      ? null
      : lienText === '1'
        ? 'first'
        : lienText === '2'
          ? 'subordinate'
          : undefined;
  if (lien === undefined) {
    row.errors.push(
      `lien_status "${lienText}" must be 1 (first lien) or 2 (subordinate lien), or empty.`,
    );
  }
  const jumbo =
    jumboText === ''
      ? null
      : /^y$/i.test(jumboText)
        ? true
        : /^n$/i.test(jumboText)
          ? false
          : undefined;
  if (jumbo === undefined) row.errors.push(`jumbo "${jumboText}" must be Y, N or empty.`);
  if (row.errors.length > 0) return row;

  const result = rateSpread(
    {
      actionTaken: Number(action),
      loanTerm: Number(term),
      amortizationType: amortizationType ?? 'fixed',
      apr: Number(aprText),
      lockDate: lockDate ?? '',
      reverseMortgage: reverse === '1',
    },
    tables,
  );
  const { figures } = result;
  if (figures.notApplicableReason) {
    row.rateSpread = 'NA';
    return row;
  }
  if (figures.rateSpread === null || figures.apor === null || !figures.aporWeekStart) {
    row.errors.push(result.headline);
    return row;
  }
  row.rateSpread = formatDecimal(decimalOf(figures.rateSpread), 3);
  row.apor = String(figures.apor);
  row.aporWeek = figures.aporWeekStart;
  if (lien === 'subordinate' || (lien === 'first' && jumbo !== null)) {
    const hpml = hpmlTest({
      apr: Number(aprText),
      apor: figures.apor,
      lien,
      jumbo: jumbo ?? false,
    });
    row.hpml = hpml.figures.isHigherPriced ? 'Y' : 'N';
  } else if (lien === 'first') {
    row.errors.push('jumbo (Y or N) is needed to test a first-lien loan for HPML.');
  }
  return row;
}

/**
 * The batch: one output row per input row, in order, with the CFPB's columns then ours
 * (`apor,apor_week,hpml,error`). An optional header row is recognised by its first cell
 * (`action_taken_type`); blank lines are skipped. A bad row gets its problems in `error` and
 * the batch goes on. More than `maxRows` data rows (default 10,000) is refused before any work.
 */
export function rateSpreadCsv(
  csvText: string,
  tables: RateSpreadTables,
  options: { maxRows?: number } = {},
): { csv: string; rows: number; errors: number } {
  const maxRows = options.maxRows ?? RATE_SPREAD_CSV_DEFAULT_MAX_ROWS;
  const dataRows: string[][] = [];
  let first = true;
  for (const { cells } of csvRows(csvText)) {
    const trimmed = cells.map((cell) => cell.trim());
    if (isBlankRow(trimmed)) continue;
    if (first) {
      first = false;
      if (trimmed[0]?.toLowerCase() === 'action_taken_type') continue;
    }
    if (dataRows.length >= maxRows) {
      throw new Error(
        `The file has more than ${maxRows.toLocaleString('en-US')} loan rows; split it into files of at most ${maxRows.toLocaleString('en-US')} rows.`,
      );
    }
    dataRows.push(trimmed);
  }

  const header = [RATE_SPREAD_CSV_HEADER, ...RATE_SPREAD_CSV_EXTRA_COLUMNS].join(',');
  const lines = [header];
  let errors = 0;
  for (const cells of dataRows) {
    const row = batchRow(cells, tables);
    if (row.errors.length > 0) errors += 1;
    const echoed = Array.from({ length: INPUT_COLUMNS }, (_, position) => cells[position] ?? '');
    lines.push(
      [...echoed, row.rateSpread, row.apor, row.aporWeek, row.hpml, row.errors.join(' ')]
        .map(outputCell)
        .join(','),
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: dataRows.length, errors };
}
