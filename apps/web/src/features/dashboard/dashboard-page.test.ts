import { describe, expect, it } from 'vitest';
import { isNewAccount } from './dashboard-page.tsx';

describe('the onboarding window (SPEC.md §4: 168 hours)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('counts an account of 167 hours as new and one of 169 hours as not', () => {
    expect(isNewAccount(hoursAgo(167), now)).toBe(true);
    expect(isNewAccount(hoursAgo(169), now)).toBe(false);
    expect(isNewAccount(hoursAgo(168), now)).toBe(false);
  });
});
