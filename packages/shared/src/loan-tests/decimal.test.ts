import { describe, expect, it } from 'vitest';
import {
  compare,
  decimalOf,
  decimalText,
  formatDecimal,
  roundHalfUp,
  subtract,
  toCents,
} from './decimal.ts';

/*
 * Source: the rounding of the CFPB rate spread calculator (AporCommands.scala,
 * `BigDecimal(...).setScale(3, RoundingMode.HALF_UP)`), and the binary-fraction errors it is
 * meant to avoid (6.125 − 4.36 is 1.7649999999999997 in doubles).
 */

describe('exact decimals', () => {
  it('subtracts what was typed, not the binary fractions', () => {
    expect(6.125 - 4.36).not.toBe(1.765);
    expect(decimalText(subtract(decimalOf(6.125), decimalOf(4.36)))).toBe('1.765');
    expect(decimalText(subtract(decimalOf(5.12), decimalOf(3.62)))).toBe('1.5');
    expect(compare(subtract(decimalOf(5.12), decimalOf(3.62)), decimalOf(1.5))).toBe(0);
  });

  it('rounds half away from zero, as Java’s HALF_UP', () => {
    expect(formatDecimal(roundHalfUp(decimalOf(1.2345), 3), 3)).toBe('1.235');
    expect(formatDecimal(roundHalfUp(decimalOf(-1.2345), 3), 3)).toBe('-1.235');
    expect(formatDecimal(roundHalfUp(decimalOf(1.2344), 3), 3)).toBe('1.234');
    expect(formatDecimal(decimalOf(1.99), 3)).toBe('1.990');
    expect(formatDecimal(decimalOf(-0.25), 3)).toBe('-0.250');
  });

  it('reads exponent notation', () => {
    expect(decimalText(decimalOf(1e-7))).toBe('0.0000001');
    expect(decimalText(decimalOf(1.5e21))).toBe('1500000000000000000000');
  });

  it('turns dollars into cents and refuses a fraction of a cent', () => {
    expect(toCents(1380)).toBe(138000n);
    expect(toCents(0.1)).toBe(10n);
    expect(toCents(4138.74)).toBe(413874n);
    expect(() => toCents(1.005)).toThrow(RangeError);
  });
});
