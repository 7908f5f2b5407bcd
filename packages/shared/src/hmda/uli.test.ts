import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidUli, uliCheckDigit } from './uli.ts';

const VECTORS = readFileSync(
  new URL('../../../../apps/api/test/fixtures/hmda/uli-check-digit-vectors.csv', import.meta.url),
  'utf8',
)
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);

describe('ULI check digit (appendix C to 12 CFR part 1003)', () => {
  it('reproduces the CFPB’s six test vectors', () => {
    expect(VECTORS).toHaveLength(6);
    for (const uli of VECTORS) {
      expect(uliCheckDigit(uli.slice(0, -2))).toBe(uli.slice(-2));
      expect(isValidUli(uli)).toBe(true);
    }
  });

  it('computes the worked examples of the platform’s documentation', () => {
    expect(uliCheckDigit('10Bx939c5543TqA1144M999143X')).toBe('38');
    expect(uliCheckDigit('10Cx939c5543TqA1144M999143X')).toBe('10');
    expect(isValidUli('10Bx939c5543TqA1144M999143X38')).toBe(true);
  });

  it('keeps the leading zero of a one-digit check digit', () => {
    const withZero = VECTORS.find((uli) => uli.endsWith('09'))!;
    expect(uliCheckDigit(withZero.slice(0, -2))).toBe('09');
  });

  it('refuses a changed character, a wrong length and other characters', () => {
    expect(isValidUli('10Bx939c5543TqA1144M999133X38')).toBe(false);
    expect(isValidUli('10Bx939c5543TqA1144M9991')).toBe(false);
    expect(isValidUli('10Bx939c5543TqA1144M99914-X38')).toBe(false);
    expect(isValidUli('A'.repeat(46))).toBe(false);
    expect(() => uliCheckDigit('TOO-SHORT')).toThrow(RangeError);
  });
});
