/**
 * How the HMDA Platform reads a value, so that our edits agree with its results: numbers as
 * Java's `toInt` / `toDouble` read them (a sign, digits, a decimal point, an exponent; nothing
 * else), dates as eight digits of a real calendar day. Read character by character: a LAR of a
 * million rows reads tens of millions of values, and a regular expression per value is the
 * check's largest cost.
 */

const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;

const isDigit = (code: number) => code >= ZERO && code <= NINE;

/** The value as a 32-bit integer the way Java's `String.toInt` reads it ("+5" yes, "5.0" and "" no), or NaN. */
export function toInteger(value: string): number {
  const length = value.length;
  let index = 0;
  const first = value.charCodeAt(0);
  if (first === PLUS || first === MINUS) index = 1;
  if (index === length) return Number.NaN;
  for (; index < length; index += 1) {
    if (!isDigit(value.charCodeAt(index))) return Number.NaN;
  }
  const number = Number(value);
  return number >= INT_MIN && number <= INT_MAX ? number : Number.NaN;
}

export const isInteger = (value: string): boolean => !Number.isNaN(toInteger(value));

/** The value as a number the way Java's `String.toDouble` reads a decimal, or NaN. */
export function toNumber(value: string): number {
  const length = value.length;
  let index = 0;
  let code = value.charCodeAt(0);
  if (code === PLUS || code === MINUS) index = 1;
  let digits = 0;
  let dot = false;
  for (; index < length; index += 1) {
    code = value.charCodeAt(index);
    if (isDigit(code)) digits += 1;
    else if (code === DOT && !dot) dot = true;
    else break;
  }
  if (digits === 0) return Number.NaN;
  if (index < length) {
    if (code !== LOWER_E && code !== UPPER_E) return Number.NaN;
    index += 1;
    code = value.charCodeAt(index);
    if (code === PLUS || code === MINUS) index += 1;
    if (index === length) return Number.NaN;
    for (; index < length; index += 1) {
      if (!isDigit(value.charCodeAt(index))) return Number.NaN;
    }
  }
  return Number(value);
}

/** A number (integer or decimal) as the platform's numeric checks accept it. */
export const isNumeric = (value: string): boolean => !Number.isNaN(toNumber(value));

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYYMMDD` naming a day that exists (20250229 does not). */
export function isDate(value: string): boolean {
  if (value.length !== 8) return false;
  for (let index = 0; index < 8; index += 1) {
    if (!isDigit(value.charCodeAt(index))) return false;
  }
  const number = Number(value);
  const year = Math.floor(number / 10_000);
  const month = Math.floor(number / 100) % 100;
  const day = number % 100;
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month !== 2 || day <= 28 || leap;
}
