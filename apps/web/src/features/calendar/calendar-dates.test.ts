import { presetRrule } from '@complivue/shared/schemas/calendar';
import { describe, expect, it } from 'vitest';
import { describeRecurrence, isMonthKey, monthGrid, shiftMonth } from './calendar-dates.ts';

describe('month grid', () => {
  it('lays out whole weeks from Sunday to Saturday around the month', () => {
    const weeks = monthGrid('2026-11');
    // November 1, 2026 is a Sunday; November 30 a Monday.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ day: '2026-11-01', inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ day: '2026-12-05', inMonth: false });
    const february = monthGrid('2026-02');
    // February 2026 starts on a Sunday and has exactly four weeks.
    expect(february).toHaveLength(4);
    expect(monthGrid('2027-05')).toHaveLength(6);
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-11', -12)).toBe('2025-11');
    expect(isMonthKey('2026-13')).toBe(false);
    expect(isMonthKey('2026-02')).toBe(true);
  });
});

describe('describeRecurrence', () => {
  it('says the presets in words', () => {
    expect(describeRecurrence(null)).toBe('Does not repeat');
    expect(describeRecurrence(presetRrule('monthly', '2026-11-15'))).toBe(
      'Every month on the 15th',
    );
    expect(describeRecurrence(presetRrule('quarterly', '2027-01-31'))).toBe(
      'Every 3 months on the last day',
    );
    expect(describeRecurrence(presetRrule('monthly', '2027-01-30'))).toBe(
      'Every month on the 30th (or the month’s last day)',
    );
    expect(describeRecurrence(presetRrule('yearly', '2027-03-01'))).toBe('Every year on March 1');
    expect(describeRecurrence(presetRrule('yearly', '2028-02-29'))).toBe(
      'Every year on the last day of February',
    );
    expect(describeRecurrence('FREQ=YEARLY')).toBe('Every year');
    expect(describeRecurrence('FREQ=WEEKLY;INTERVAL=2')).toBe('Every 2 weeks');
    expect(describeRecurrence('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Repeats: FREQ=MONTHLY;BYDAY=-1FR');
    expect(describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Every month on the 22nd');
    expect(describeRecurrence('FREQ=MONTHLY;BYMONTHDAY=11')).toBe('Every month on the 11th');
  });
});
