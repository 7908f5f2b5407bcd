import { describe, expect, it } from 'vitest';
import { isDate, isInteger, isNumeric, toInteger, toNumber } from './lar-values.ts';

describe('reading values as the HMDA Platform does', () => {
  it('reads integers as Java’s toInt: a sign and digits, within 32 bits', () => {
    expect(toInteger('02')).toBe(2);
    expect(toInteger('+5')).toBe(5);
    expect(toInteger('-1')).toBe(-1);
    expect(toInteger('2147483647')).toBe(2_147_483_647);
    for (const value of ['', '+', '5.0', '1e3', ' 5', 'NA', '2147483648', '0x1F']) {
      expect(isInteger(value), value).toBe(false);
    }
  });

  it('reads numbers as Java’s toDouble reads a decimal', () => {
    expect(toNumber('110500.00')).toBe(110_500);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber('5.')).toBe(5);
    expect(toNumber('-1.5e2')).toBe(-150);
    expect(toNumber('1E+3')).toBe(1000);
    for (const value of ['', '.', '+', '1e', '1.2.3', 'NA', 'Exempt', '1,000', '12a']) {
      expect(isNumeric(value), value).toBe(false);
    }
  });

  it('reads dates as YYYYMMDD days that exist', () => {
    expect(isDate('20250113')).toBe(true);
    expect(isDate('20240229')).toBe(true);
    expect(isDate('20000229')).toBe(true);
    for (const value of [
      '20250229',
      '19000229',
      '20251301',
      '20250100',
      '20250431',
      '2025011',
      'NA',
    ]) {
      expect(isDate(value), value).toBe(false);
    }
  });
});
