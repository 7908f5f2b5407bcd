import { toNumber } from '../lar-values.ts';

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

/** One row of the file, split into trimmed values; `line` is its 1-based line in the file. */
export class HmdaRow {
  private numbers: Float64Array | undefined;

  constructor(
    readonly values: readonly string[],
    readonly line: number,
  ) {}

  text(field: number): string {
    return this.values[field] ?? '';
  }

  /** The value as a number (Java `toDouble`), or NaN; read once per row and field. */
  num(field: number): number {
    this.numbers ??= new Float64Array(this.values.length).fill(Number.POSITIVE_INFINITY);
    let value = this.numbers[field]!;
    if (value === Number.POSITIVE_INFINITY) {
      value = toNumber(this.text(field));
      this.numbers[field] = value;
    }
    return value;
  }
}

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
