import { LAR_FIELD_COUNT } from '../lar-fields.ts';
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

/**
 * One row of the file, split into trimmed values; `line` is its 1-based line in the file and
 * `raw` its text as read (S305 compares rows as the platform does, by their text). Every value is
 * read as a number and as a code once, as the row is made: the edits read nearly every field,
 * many of them several times, and with nothing left to do on a read, V8 inlines each read as a
 * few instructions wherever an edit makes one.
 */
export class HmdaRow {
  /**
   * The row's readings: `2 * FIELDS` slots of a shared slab from `at`, the numbers then the codes
   * (so an edit that reads several nearby fields finds them in one or two cache lines).
   */
  private readonly slab: Float64Array;
  private readonly at: number;

  constructor(
    readonly values: readonly string[],
    readonly line: number,
    readonly raw: string = values.join('|'),
  ) {
    if (currentSlabUsed === currentSlab.length) {
      currentSlab = new Float64Array(ROWS_PER_SLAB * SLOTS_PER_ROW);
      currentSlabUsed = 0;
    }
    this.slab = currentSlab;
    this.at = currentSlabUsed;
    currentSlabUsed += SLOTS_PER_ROW;
    for (let field = 0; field < FIELDS; field += 1) {
      const text = this.text(field);
      const number = toNumber(text);
      this.slab[this.at + NUMBERS + field] = number;
      this.slab[this.at + CODES + field] = codeOf(text, number);
    }
  }

  text(field: number): string {
    return this.values[field] ?? '';
  }

  /** The value as a number (Java `toDouble`), or NaN. */
  num(field: number): number {
    return this.reading(field, NUMBERS);
  }

  /** The value as a whole number (Java `toInt`), or NaN. */
  int(field: number): number {
    const code = this.reading(field, CODES);
    // The code is the whole number, but for a blank, whose code is 0 and which is no number.
    return code === 0 && Number.isNaN(this.reading(field, NUMBERS)) ? Number.NaN : code;
  }

  /**
   * A coded field as the platform's parser reads it: blank is the empty code 0 (Ethnicity 2,
   * Reason for Denial 2, the AUS fields); anything else its whole number, or NaN.
   */
  code(field: number): number {
    return this.reading(field, CODES);
  }

  private reading(field: number, plane: number): number {
    // Past the LAR's last field (only in a row the parser refuses): read, not kept.
    if (field >= FIELDS) return readingOf(this.text(field), plane);
    return this.slab[this.at + plane + field]!;
  }
}

/** Fields a row keeps readings for: every LAR field (the Transmittal Sheet has fewer). */
const FIELDS = LAR_FIELD_COUNT;
const NUMBERS = 0;
const CODES = FIELDS;
const SLOTS_PER_ROW = 2 * FIELDS;

/**
 * The readings of rows live in slabs of ROWS_PER_SLAB rows, handed out in turn; a slab is freed
 * with the last of its rows. One typed array per row would cost more to allocate than all the
 * row's edits (its memory lives outside the JS heap); a slab costs that once per ROWS_PER_SLAB
 * rows, and the rows of a file, read one after the other, find their readings side by side.
 */
const ROWS_PER_SLAB = 128;
let currentSlab = new Float64Array(ROWS_PER_SLAB * SLOTS_PER_ROW);
let currentSlabUsed = 0;

/** A value's number or code, as `HmdaRow` keeps them. */
function readingOf(text: string, plane: number): number {
  const number = toNumber(text);
  return plane === NUMBERS ? number : codeOf(text, number);
}

/**
 * A value's code, given its number (Java `toDouble`): blank is 0; a whole number as Java's
 * `toInt` reads it (a number with no decimal point or exponent is a sign and digits, which `toInt`
 * takes when it fits in 32 bits); anything else NaN.
 */
function codeOf(text: string, number: number): number {
  if (text === '') return 0;
  if (Number.isNaN(number) || number < INT_MIN || number > INT_MAX) return Number.NaN;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === DOT || char === LOWER_E || char === UPPER_E) return Number.NaN;
  }
  return number;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const DOT = 46;
const LOWER_E = 101;
const UPPER_E = 69;

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
