/**
 * How the HMDA Platform reads a value, so that our edits agree with its results: numbers as
 * Java's `toInt` / `toDouble` read them (a sign, digits, a decimal point, an exponent; nothing
 * else), dates as eight digits of a real calendar day.
 */

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

/** A 32-bit integer as Java's `String.toInt` accepts it ("+5" yes, "5.0" and "" no). */
export function isInteger(value: string): boolean {
  if (!INTEGER.test(value)) return false;
  const number = Number(value);
  return number >= INT_MIN && number <= INT_MAX;
}

/** A number as Java's `String.toDouble` accepts it, or NaN. */
export function toNumber(value: string): number {
  return DECIMAL.test(value) ? Number(value) : Number.NaN;
}

/** A number (integer or decimal) as the platform's numeric checks accept it. */
export const isNumeric = (value: string): boolean => DECIMAL.test(value);

/** `YYYYMMDD` naming a day that exists (20250229 does not). */
export function isDate(value: string): boolean {
  if (value.length !== 8 || !INTEGER.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
