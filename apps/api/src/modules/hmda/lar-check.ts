import { LAR, TS } from './lar-fields.ts';
import {
  cleanLine,
  parseLarLine,
  parseTsLine,
  type FormatError,
  type ValidValues,
} from './lar-parser.ts';
import {
  HmdaRow,
  type Edit,
  type EditCategory,
  type FileEditRun,
  type FilingContext,
  type FilingPeriod,
  type RowEdit,
} from './edits/edit.ts';

/**
 * Checks a HMDA file as the CFPB platform does, in one pass over its lines: the parser first
 * (a file with format errors gets no edits, as on the platform: the rows cannot be read), then
 * every edit the filing's year and period run. Lines stream through; what is kept per row is a
 * line number per failing edit (and a few examples with their values), so memory stays flat
 * whatever the file's size, apart from the duplicate edits' fixed-size hashes.
 */

/** At most this many format errors are kept (the count is always exact). */
export const FORMAT_ERRORS_KEPT = 1_000;
/** Rows kept with their values per edit, for the report; every row number is kept. */
export const EXAMPLES_PER_EDIT = 100;

export interface EditExample {
  row: number;
  uli: string;
  values: string[];
}

export interface FailedEdit {
  id: string;
  category: EditCategory;
  record: 'ts' | 'lar';
  fields: readonly number[];
  rows: number[];
  examples: EditExample[];
}

export interface LarCheckOutcome {
  /** The filing the edits were chosen for; null when the file could not be read that far. */
  year: number | null;
  period: FilingPeriod | null;
  lei: string;
  institutionName: string;
  larCount: number;
  formatErrors: FormatError[];
  formatErrorCount: number;
  /** Failed edits, in the order the filing runs them; empty when the file has format errors. */
  edits: FailedEdit[];
}

export interface FilingChoice {
  year: number;
  period: FilingPeriod;
}

export interface LarCheckOptions {
  validValues: ValidValues;
  /** The filing to check for, given the Transmittal Sheet's values (or a caller's choice). */
  chooseFiling(ts: HmdaRow): FilingChoice;
  /** The edits a filing runs, in order. */
  editsFor(filing: FilingChoice): readonly Edit[];
}

class EditTally {
  readonly rows: number[] = [];
  readonly examples: EditExample[] = [];
  /** A macro edit fails the file as a whole, with no row to point to. */
  failed = false;

  constructor(readonly edit: Edit) {}

  fail(row: HmdaRow) {
    this.failed = true;
    this.rows.push(row.line);
    if (this.examples.length < EXAMPLES_PER_EDIT) this.examples.push(exampleOf(this.edit, row));
  }
}

function exampleOf(edit: Edit, row: HmdaRow): EditExample {
  return {
    row: row.line,
    uli: edit.record === 'lar' ? row.text(LAR.uli) : '',
    values: edit.fields.map((field) => row.text(field)),
  };
}

/** The quarter of the Transmittal Sheet, as the filing period it names. */
export function periodOfQuarter(quarter: string): FilingPeriod {
  return quarter === '1' ? 'Q1' : quarter === '2' ? 'Q2' : quarter === '3' ? 'Q3' : 'annual';
}

export async function checkLarLines(
  lines: AsyncIterable<string> | Iterable<string>,
  options: LarCheckOptions,
): Promise<LarCheckOutcome> {
  const formatErrors: FormatError[] = [];
  let formatErrorCount = 0;
  const keepErrors = (errors: FormatError[]) => {
    formatErrorCount += errors.length;
    for (const error of errors) {
      if (formatErrors.length < FORMAT_ERRORS_KEPT) formatErrors.push(error);
    }
  };

  let lineNumber = 0;
  let ts: HmdaRow | null = null;
  let tsSeen = false;
  let filing: FilingChoice | null = null;
  let larCount = 0;
  // The row edits as two parallel arrays: the hot loop below calls ~300 tests per row.
  let rowTests: RowEdit['passes'][] = [];
  let rowTallies: EditTally[] = [];
  let fileRuns: { run: FileEditRun; tally: EditTally }[] = [];
  let tallies: EditTally[] = [];
  let context: FilingContext | null = null;

  for await (const raw of lines) {
    lineNumber += 1;
    const cleaned = cleanLine(raw);
    if (cleaned === '') continue;
    if (!tsSeen) {
      tsSeen = true;
      const parsed = parseTsLine(cleaned, lineNumber, options.validValues);
      if (!parsed.ok) {
        keepErrors(parsed.errors);
        continue;
      }
      ts = new HmdaRow(parsed.values, lineNumber);
      filing = options.chooseFiling(ts);
      context = { year: filing.year, period: filing.period, ts };
      const edits = options.editsFor(filing);
      tallies = edits.map((edit) => new EditTally(edit));
      for (const tally of tallies) {
        const edit = tally.edit;
        if (edit.kind === 'file') fileRuns.push({ run: edit.start(context), tally });
        else if (edit.record === 'lar') {
          rowTests.push(edit.passes);
          rowTallies.push(tally);
        } else if (!edit.passes(ts, context)) tally.fail(ts);
      }
      continue;
    }
    larCount += 1;
    const parsed = parseLarLine(cleaned, lineNumber, options.validValues);
    if (!parsed.ok) {
      keepErrors(parsed.errors);
      // The edits' results no longer matter: the platform runs none on an unreadable file.
      rowTests = [];
      rowTallies = [];
      fileRuns = [];
      continue;
    }
    if (formatErrorCount > 0 || context === null) continue;
    const row = new HmdaRow(parsed.values, lineNumber, cleaned);
    for (let index = 0; index < rowTests.length; index += 1) {
      if (!rowTests[index]!(row, context)) rowTallies[index]!.fail(row);
    }
    for (let index = 0; index < fileRuns.length; index += 1) fileRuns[index]!.run.add(row);
  }

  if (!tsSeen) {
    keepErrors([
      {
        line: 1,
        field: 'Incorrect Number of TS Fields',
        value: '0',
        validValues: '15 Fields',
        message: 'The file is empty: a HMDA file begins with the Transmittal Sheet row.',
      },
    ]);
  }

  const base = {
    year: filing?.year ?? null,
    period: filing?.period ?? null,
    lei: ts?.text(TS.lei) ?? '',
    institutionName: ts?.text(TS.institutionName) ?? '',
    larCount,
    formatErrors,
    formatErrorCount,
  };
  if (formatErrorCount > 0) return { ...base, edits: [] };

  for (const { run, tally } of fileRuns) {
    const outcome = run.finish();
    if (!outcome.failed) continue;
    tally.failed = true;
    for (const line of outcome.lines) tally.rows.push(line);
  }
  const edits = tallies
    .filter((tally) => tally.failed)
    .map(({ edit, rows, examples }) => ({
      id: edit.id,
      category: edit.category,
      record: edit.record,
      fields: edit.fields,
      rows,
      examples,
    }));
  return { ...base, edits };
}
