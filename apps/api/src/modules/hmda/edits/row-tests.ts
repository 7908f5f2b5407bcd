import { isInteger } from '../lar-values.ts';
import type { HmdaRow } from './edit.ts';

/**
 * The ways the edits read a row's values, in one place, each as the CFPB platform reads the value
 * (its parser first, then the rule). `HmdaRow` has read every value as a number and as a code
 * (its whole number follows from those), so these helpers allocate nothing and parse nothing.
 *
 * Which reading a rule uses matters for values the parser would refuse before any edit runs
 * ("1.0" in a coded field, a blank Loan Type): the edits can be called on any row, and each keeps
 * the reading its rule was written with. Where a rule takes a number or NA / Exempt, the edits
 * test the number first: it is the common case, and a kept reading costs less than text.
 */

/** The platform's "NA": compared as written, case and all, unless a rule lower-cases first. */
export const NA = 'NA';
/** The platform's "Exempt": compared as written, so "exempt" and "EXEMPT" are not it. */
export const EXEMPT = 'Exempt';
/** The code a coded field reports for an exemption under the partial exemptions (Reg. C 1003.3(d)). */
export const EXEMPTION_CODE = 1111;
/** Java's Int.MaxValue: the fallback of the rules that read a failed `toInt` as "the largest". */
export const INT_MAX = 2_147_483_647;

/** A set of codes, for the allowed-values lists of the rules. */
export const codes = (...values: number[]): ReadonlySet<number> => new Set(values);

// ---------------------------------------------------------------------------------------------
// Coded fields

/** The field's code is one of these: the parser's reading, blank as the empty code 0. */
export const codeIn = (row: HmdaRow, field: number, allowed: ReadonlySet<number>): boolean =>
  allowed.has(row.code(field));

/** The field's code is this one (blank is the empty code 0). */
export const codeIs = (row: HmdaRow, field: number, code: number): boolean =>
  row.code(field) === code;

/**
 * A required coded field read with Java's `toInt`: unlike `codeIn`, a blank is no code at all, so
 * a list holding 0 (Type of Purchaser) does not take it. The parser refuses such a blank anyway.
 */
export const requiredCodeIn = (
  row: HmdaRow,
  field: number,
  allowed: ReadonlySet<number>,
): boolean => allowed.has(row.int(field));

/**
 * The field read as Java's `toDouble` is one of these codes, as some rules were written: "1.0"
 * then counts as code 1 and a blank as no code (the parser would have refused either in a
 * required coded field, where this reads the same as `codeIn`).
 */
export const numberIn = (row: HmdaRow, field: number, allowed: ReadonlySet<number>): boolean =>
  allowed.has(row.num(field));

/** The field read as Java's `toDouble` is this code (see `numberIn`). */
export const numberIs = (row: HmdaRow, field: number, code: number): boolean =>
  row.num(field) === code;

/**
 * The text reads, as Java's `toInt` reads it, as this whole number ("02" is 2): for a text that is
 * not a row's value (a registration's agency) or a number that is no code (a count of rows). For a
 * row's value, `row.int(field) === code` says the same without reading the text again.
 */
export function isCode(text: string, code: number): boolean {
  return text === String(code) || (isInteger(text) && Number(text) === code);
}

/** The coded field holds the exemption code 1111 (as a whole number: "01111" too, not "1111.0"). */
export const isExemptionCode = (row: HmdaRow, field: number): boolean =>
  row.code(field) === EXEMPTION_CODE;

// ---------------------------------------------------------------------------------------------
// Numbers

/** The value reads as a number (Java's `toDouble` succeeds): NA, Exempt and blank do not. */
export const isNumber = (row: HmdaRow, field: number): boolean => !Number.isNaN(row.num(field));

/** Java's `toDouble` of the value, or the rule's fallback when it fails (`Try(...).getOrElse`). */
export function numberOr(row: HmdaRow, field: number, fallback: number): number {
  const value = row.num(field);
  return Number.isNaN(value) ? fallback : value;
}

/** Java's `toInt` of the value, or the rule's fallback when it fails. */
export function intOr(row: HmdaRow, field: number, fallback: number): number {
  const value = row.int(field);
  return Number.isNaN(value) ? fallback : value;
}

// ---------------------------------------------------------------------------------------------
// Text

/** A free-text field is blank: the platform's `isEmpty` on the trimmed value. */
export const isBlank = (row: HmdaRow, field: number): boolean => row.text(field) === '';

/** Every one of the fields is blank. */
export function allBlank(row: HmdaRow, fields: readonly number[]): boolean {
  for (let index = 0; index < fields.length; index += 1) {
    if (row.text(fields[index]!) !== '') return false;
  }
  return true;
}

/** NA or Exempt exactly as written, the platform's test of the fields that accept either. */
export const isNaOrExemptText = (text: string): boolean => text === NA || text === EXEMPT;

/** The field holds NA or Exempt exactly as written. */
export const isNaOrExempt = (row: HmdaRow, field: number): boolean =>
  isNaOrExemptText(row.text(field));

/**
 * The text equals a lower-case ASCII word in any case ("na", "Na", "NA"), as the rules that
 * lower-case before comparing see it. Only two non-ASCII characters lower-case into ASCII letters
 * (the Kelvin sign into "k", İ into "i" and a dot), neither a letter of the words compared here
 * (na, exempt), so folding the ASCII letters is the whole story.
 */
export function equalsIgnoringCase(text: string, lowerCaseWord: string): boolean {
  if (text.length !== lowerCaseWord.length) return false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    const lower = char >= UPPER_A && char <= UPPER_Z ? char + CASE_OFFSET : char;
    if (lower !== lowerCaseWord.charCodeAt(index)) return false;
  }
  return true;
}

/** NA in any case: the few rules that lower-case the value first (V625-1, V716). */
export const isNaAnyCase = (text: string): boolean => equalsIgnoringCase(text, 'na');

const UPPER_A = 65;
const UPPER_Z = 90;
const CASE_OFFSET = 32;
const ZERO = 48;
const NINE = 57;

/** The character code is an ASCII digit. */
export const isDigitCode = (char: number): boolean => char >= ZERO && char <= NINE;

/** Only ASCII digits, `count` of them from `start` (the text must be long enough). */
export function digitsAt(text: string, start: number, count: number): boolean {
  for (let index = start; index < start + count; index += 1) {
    if (!isDigitCode(text.charCodeAt(index))) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reference lists

/**
 * The platform's states (hmda.model.census.Census.states: the 50 states, DC and the territories,
 * upper case only): postal abbreviation to the two FIPS digits a county code starts with.
 */
export const STATE_FIPS_CODES: ReadonlyMap<string, string> = new Map([
  ['AL', '01'],
  ['AK', '02'],
  ['AZ', '04'],
  ['AR', '05'],
  ['CA', '06'],
  ['CO', '08'],
  ['CT', '09'],
  ['DE', '10'],
  ['DC', '11'],
  ['FL', '12'],
  ['GA', '13'],
  ['HI', '15'],
  ['ID', '16'],
  ['IL', '17'],
  ['IN', '18'],
  ['IA', '19'],
  ['KS', '20'],
  ['KY', '21'],
  ['LA', '22'],
  ['ME', '23'],
  ['MD', '24'],
  ['MA', '25'],
  ['MI', '26'],
  ['MN', '27'],
  ['MS', '28'],
  ['MO', '29'],
  ['MT', '30'],
  ['NE', '31'],
  ['NV', '32'],
  ['NH', '33'],
  ['NJ', '34'],
  ['NM', '35'],
  ['NY', '36'],
  ['NC', '37'],
  ['ND', '38'],
  ['OH', '39'],
  ['OK', '40'],
  ['OR', '41'],
  ['PA', '42'],
  ['RI', '44'],
  ['SC', '45'],
  ['SD', '46'],
  ['TN', '47'],
  ['TX', '48'],
  ['UT', '49'],
  ['VT', '50'],
  ['VA', '51'],
  ['WA', '53'],
  ['WV', '54'],
  ['WI', '55'],
  ['WY', '56'],
  ['AS', '60'],
  ['FM', '64'],
  ['GU', '66'],
  ['MH', '68'],
  ['MP', '69'],
  ['PW', '70'],
  ['PR', '72'],
  ['VI', '78'],
]);
