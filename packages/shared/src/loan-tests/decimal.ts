/**
 * Exact decimal arithmetic for the loan tests. A rate or an amount is taken as the decimal a
 * person typed (the shortest text that reads back as the same number: 6.125, 4.36, 1380.5),
 * never as the binary fraction the computer stores, so 6.125 − 4.36 is exactly 1.765 and an
 * APR exactly 1.5 points over the APOR is exactly at the threshold.
 */

/** `units / 10^scale`, exactly. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** The decimal written by the shortest text of a finite number (`String(6.125)` is "6.125"). */
export function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) throw new RangeError(`Not a decimal number: ${value}`);
  const [, sign = '', whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  let digits = `${whole}${fraction}`;
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits) * (sign === '-' ? -1n : 1n);
  return normalised({ units, scale });
}

/** The same value with no trailing zero in its fraction (1.500 → 1.5). */
function normalised(value: Decimal): Decimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

const TEN = 10n;
const pow10 = (power: number): bigint => TEN ** BigInt(power);

/** `value` written with `scale` digits after the point (the scale may only grow). */
function rescaled(value: Decimal, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

/** How many digits the number has after the decimal point, as typed. */
export const decimalPlaces = (value: number): number => decimalOf(value).scale;

export function subtract(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return normalised({ units: rescaled(a, scale) - rescaled(b, scale), scale });
}

/** −1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = rescaled(a, scale);
  const right = rescaled(b, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Rounded to `places` decimals, half away from zero (Java's `RoundingMode.HALF_UP`, which the
 * CFPB's rate spread calculator uses): 1.2345 → 1.235, −1.2345 → −1.235.
 */
export function roundHalfUp(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return { units: rescaled(value, places), scale: places };
  const divisor = pow10(value.scale - places);
  const negative = value.units < 0n;
  const magnitude = negative ? -value.units : value.units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return { units: negative ? -quotient : quotient, scale: places };
}

/** The decimal as text with exactly `places` decimals, rounding half away from zero. */
export function formatDecimal(value: Decimal, places: number): string {
  const rounded = roundHalfUp(value, places);
  const negative = rounded.units < 0n;
  const digits = (negative ? -rounded.units : rounded.units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** The decimal as a JavaScript number (the nearest one; for figures, never for comparisons). */
export const toNumber = (value: Decimal): number =>
  Number(formatDecimal(value, Math.max(value.scale, 0)));

/** The decimal as plain text, without trailing zeros ("1.5", "-0.25", "3"). */
export const decimalText = (value: Decimal): string => {
  const plain = normalised(value);
  return formatDecimal(plain, plain.scale);
};

/** A dollar amount with at most two decimals as whole cents; refuses a fraction of a cent. */
export function toCents(amount: number): bigint {
  const value = decimalOf(amount);
  if (value.scale > 2) throw new RangeError(`${amount} has a fraction of a cent`);
  return rescaled(value, 2);
}

/** Whole cents back to dollars, as a number (exact for any realistic amount). */
export const centsToDollars = (cents: bigint): number => Number(cents) / 100;
