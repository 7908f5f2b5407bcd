import { describe, expect, it } from 'vitest';
import { cronPeriodMinutes, describePeriod, lateness } from './job-checks.ts';

describe('job schedules', () => {
  it('reads the period of the cron shapes the job runner uses', () => {
    expect(cronPeriodMinutes('* * * * *')).toBe(1);
    expect(cronPeriodMinutes('*/15 * * * *')).toBe(15);
    expect(cronPeriodMinutes('5 * * * *')).toBe(60);
    expect(cronPeriodMinutes('0 */6 * * *')).toBe(360);
    expect(cronPeriodMinutes('30 6 * * *')).toBe(1440);
    expect(cronPeriodMinutes('0 7 * * 1')).toBe(7 * 1440);
    expect(cronPeriodMinutes('nonsense')).toBe(1440);
    expect(describePeriod(15)).toBe('every 15 minutes');
    expect(describePeriod(60)).toBe('hourly');
  });

  it('warns past two periods and fails past four, with some slack', () => {
    const minutes = (value: number) => value * 60_000;
    expect(lateness(60, minutes(90))).toBe('pass');
    expect(lateness(60, minutes(130))).toBe('warn');
    expect(lateness(60, minutes(260))).toBe('fail');
    expect(lateness(1, minutes(6))).toBe('pass');
    expect(lateness(1, minutes(8))).toBe('warn');
  });
});
