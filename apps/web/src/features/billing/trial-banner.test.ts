import { describe, expect, it } from 'vitest';
import { trialDaysLeft } from './trial-banner.tsx';

describe('trialDaysLeft', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('rounds up to whole days and never goes below zero', () => {
    expect(trialDaysLeft('2026-12-06T12:00:00Z', now)).toBe(14);
    expect(trialDaysLeft('2026-11-22T15:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('2026-11-21T12:00:00Z', now)).toBe(0);
  });
});
