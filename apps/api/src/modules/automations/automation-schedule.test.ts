import { AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { describe, expect, it } from 'vitest';
import { fireTimesBetween, scheduleProblem } from './automation-schedule.ts';

describe('automation schedules', () => {
  it('accepts five-field cron at most hourly and says what is wrong otherwise', () => {
    expect(scheduleProblem('0 8 * * 1')).toBeNull();
    expect(scheduleProblem('30 * * * *')).toBeNull();
    expect(scheduleProblem('')).toBe(AUTOMATION_MESSAGES.cron_required);
    expect(scheduleProblem('*/5 * * * *')).toBe(AUTOMATION_MESSAGES.cron_too_often);
    expect(scheduleProblem('0 0 8 * * 1')).toBe(AUTOMATION_MESSAGES.cron_invalid);
    expect(scheduleProblem('0 25 * * *')).toBe(AUTOMATION_MESSAGES.cron_invalid);
    expect(scheduleProblem('every monday')).toBe(AUTOMATION_MESSAGES.cron_invalid);
  });

  it('fires in US Eastern: 8:00 on Mondays is 13:00 UTC in winter and 12:00 UTC in summer', () => {
    expect(
      fireTimesBetween(
        '0 8 * * 1',
        new Date('2026-11-27T00:00:00Z'),
        new Date('2026-12-08T00:00:00Z'),
      ).map((at) => at.toISOString()),
    ).toEqual(['2026-11-30T13:00:00.000Z', '2026-12-07T13:00:00.000Z']);
    expect(
      fireTimesBetween(
        '0 8 * * 1',
        new Date('2026-07-01T00:00:00Z'),
        new Date('2026-07-07T00:00:00Z'),
      ).map((at) => at.toISOString()),
    ).toEqual(['2026-07-06T12:00:00.000Z']);
  });

  it('never fires at the window’s start and stops at its limit', () => {
    const from = new Date('2026-11-27T13:00:00Z');
    const times = fireTimesBetween('0 * * * *', from, new Date('2026-11-30T13:00:00Z'), 5);
    expect(times).toHaveLength(5);
    expect(times[0]!.toISOString()).toBe('2026-11-27T14:00:00.000Z');
  });
});
