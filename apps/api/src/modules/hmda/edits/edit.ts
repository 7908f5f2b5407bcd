import { toInteger, toNumber } from '../lar-values.ts';

/**
 * An HMDA edit as the CFPB's platform runs it: an id (`V608-1`, `Q659-2`, exactly the
 * platform's), its category, the fields it reads (for the report's "fields and their values"),
 * and a pure test. Row edits look at one Transmittal Sheet or LAR row; file edits (duplicates,
 * counts, the macro ratios) see every row once, as it streams past, and decide at the end.
 */

export const EDIT_CATEGORIES = ['syntactical', 'validity', 'quality', 'macro'] as const;
export type EditCategory = (typeof EDIT_CATEGORIES)[number];

export const FILING_PERIODS = ['annual', 'Q1', 'Q2', 'Q3'] as const;
export type FilingPeriod = (typeof FILING_PERIODS)[number];

/**
 * One row of the file, split into trimmed values; `line` is its 1-based line in the file and
 * `raw` its text as read (S305 compares rows as the platform does, by their text). A value is
 * read as a number or a code once, whatever the number of edits that read it.
 */
export class HmdaRow {
  private numbers: Float64Array | undefined;
  private integers: Float64Array | undefined;

  constructor(
    readonly values: readonly string[],
    readonly line: number,
    readonly raw: string = values.join('|'),
  ) {}

  text(field: number): string {
    return this.values[field] ?? '';
  }

  /** The value as a number (Java `toDouble`), or NaN. */
  num(field: number): number {
    this.numbers ??= new Float64Array(this.values.length).fill(UNREAD);
    let value = this.numbers[field]!;
    if (value === UNREAD) {
      value = toNumber(this.text(field));
      this.numbers[field] = value;
    }
    return value;
  }

  /** The value as a whole number (Java `toInt`), or NaN. */
  int(field: number): number {
    this.integers ??= new Float64Array(this.values.length).fill(UNREAD);
    let value = this.integers[field]!;
    if (value === UNREAD) {
      value = toInteger(this.text(field));
      this.integers[field] = value;
    }
    return value;
  }

  /**
   * A coded field as the platform's parser reads it: blank is the empty code 0 (Ethnicity 2,
   * Reason for Denial 2, the AUS fields); anything else its whole number, or NaN.
   */
  code(field: number): number {
    return this.text(field) === '' ? 0 : this.int(field);
  }
}

/** Marks a value not read yet (no field reads as +Infinity: Java's "Infinity" is not accepted). */
const UNREAD = Number.POSITIVE_INFINITY;

/** What every edit may read besides its row: the filing it belongs to. */
export interface FilingContext {
  year: number;
  period: FilingPeriod;
  /** The Transmittal Sheet (row 1). */
  ts: HmdaRow;
}

interface EditBase {
  id: string;
  category: EditCategory;
  /** Which record the fields below index: the Transmittal Sheet's or the LAR's columns. */
  record: 'ts' | 'lar';
  /** Columns the edit reads (`LAR.loanType`), shown with their values in the report. */
  fields: readonly number[];
}

/** An edit of one row: true when the row passes. */
export interface RowEdit extends EditBase {
  kind: 'row';
  passes(row: HmdaRow, context: FilingContext): boolean;
}

export interface FileEditOutcome {
  failed: boolean;
  /** The file's lines the failure points to (may be empty for a ratio over the whole file). */
  lines: number[];
}

/** A running file edit: fed every LAR row in order (the TS is in the context). */
export interface FileEditRun {
  add(row: HmdaRow): void;
  finish(): FileEditOutcome;
}

export interface FileEdit extends EditBase {
  kind: 'file';
  start(context: FilingContext): FileEditRun;
}

export type Edit = RowEdit | FileEdit;

type RowTest = RowEdit['passes'];

/** A row edit of the LAR. */
export const larEdit = (
  id: string,
  category: EditCategory,
  fields: readonly number[],
  passes: RowTest,
): RowEdit => ({ kind: 'row', id, category, record: 'lar', fields, passes });

/** A row edit of the Transmittal Sheet. */
export const tsEdit = (
  id: string,
  category: EditCategory,
  fields: readonly number[],
  passes: RowTest,
): RowEdit => ({ kind: 'row', id, category, record: 'ts', fields, passes });
