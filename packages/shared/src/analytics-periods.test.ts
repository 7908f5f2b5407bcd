import { describe, expect, it } from 'vitest';
import {
  completedPeriod,
  previousQuarter,
  previousRange,
  quarterOf,
  quarterPeriod,
  recentQuarters,
} from './analytics-periods.ts';
import { deadlineOutcome } from './deadline-outcomes.ts';

describe('quarters', () => {
  it('runs from the first day of its first month to the last day of its third', () => {
    expect(quarterPeriod('2026-Q1')).toEqual({
      key: '2026-Q1',
      label: 'Q1 2026',
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(quarterPeriod('2024-Q1').to).toBe('2024-03-31');
    expect(quarterPeriod('2026-Q4')).toMatchObject({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('finds the quarter of a day and the one before, across a year', () => {
    expect(quarterOf('2026-11-27').key).toBe('2026-Q4');
    expect(quarterOf('2026-03-31').key).toBe('2026-Q1');
    expect(quarterOf('2026-04-01').key).toBe('2026-Q2');
    expect(previousQuarter(quarterPeriod('2026-Q1')).key).toBe('2025-Q4');
    expect(recentQuarters('2026-02-10', 3).map((quarter) => quarter.key)).toEqual([
      '2026-Q1',
      '2025-Q4',
      '2025-Q3',
    ]);
  });

  it('compares a custom range with the same number of days just before it', () => {
    const previous = previousRange(
      { key: 'x', label: 'x', from: '2026-10-01', to: '2026-10-31' },
      (from, to) => `${from}–${to}`,
    );
    expect(previous).toMatchObject({ from: '2026-08-31', to: '2026-09-30' });
  });
});

describe('the period a scheduled report is on', () => {
  const label = (from: string, to: string) => `${from}..${to}`;
  it('is the week Monday to Sunday before, the month before, the quarter before', () => {
    // Friday Nov 27, 2026.
    expect(completedPeriod('weekly', '2026-11-27', label)).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    // A Monday: the week that ended yesterday.
    expect(completedPeriod('weekly', '2026-11-30', label)).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(completedPeriod('monthly', '2026-03-01', label)).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(completedPeriod('monthly', '2027-01-15', label)).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(completedPeriod('quarterly', '2026-10-01', label).key).toBe('2026-Q3');
  });
});

describe('deadline outcomes', () => {
  it('counts done on the due date as on time and a day after as late', () => {
    expect(deadlineOutcome('2026-03-01', '2026-03-01', '2026-06-01')).toBe('on_time');
    expect(deadlineOutcome('2026-03-01', '2026-03-02', '2026-06-01')).toBe('late');
  });

  it('calls a due date before today that nobody marked done missed, and today still open', () => {
    expect(deadlineOutcome('2026-03-01', null, '2026-03-02')).toBe('missed');
    expect(deadlineOutcome('2026-03-02', null, '2026-03-02')).toBe('open');
  });
});
