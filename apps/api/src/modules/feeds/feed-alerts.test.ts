import { describe, expect, it } from 'vitest';
import { ALERT_MAX_AGE_DAYS, alertPriority, isFreshForAlert } from './feed-alerts.ts';

const now = new Date('2026-11-22T15:00:00Z');

describe('alertPriority', () => {
  it('is high for a final rule or an enforcement action in a watched area', () => {
    expect(alertPriority({ documentType: 'final_rule', effectiveDate: null }, ['trid'], now)).toBe(
      'high',
    );
    expect(
      alertPriority({ documentType: 'enforcement_action', effectiveDate: null }, ['hmda'], now),
    ).toBe('high');
  });

  it('is normal for a final rule matched only by a keyword or an agency', () => {
    expect(alertPriority({ documentType: 'final_rule', effectiveDate: null }, [], now)).toBe(
      'normal',
    );
  });

  it('is high when the effective date is today or within 90 days, not after or before', () => {
    const guidance = (effectiveDate: string) =>
      alertPriority({ documentType: 'guidance', effectiveDate }, [], now);
    expect(guidance('2026-11-22')).toBe('high');
    expect(guidance('2027-02-20')).toBe('high'); // 90 days
    expect(guidance('2027-02-21')).toBe('normal'); // 91 days
    expect(guidance('2026-11-21')).toBe('normal'); // already in effect
  });
});

describe('isFreshForAlert', () => {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it('announces news, not the archive a newly added source brings', () => {
    expect(isFreshForAlert({ publishedAt: daysAgo(ALERT_MAX_AGE_DAYS) }, now)).toBe(true);
    expect(isFreshForAlert({ publishedAt: daysAgo(ALERT_MAX_AGE_DAYS + 1) }, now)).toBe(false);
  });

  it('does not announce an item dated more than a day ahead (a lure or a mistake)', () => {
    const ahead = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
    expect(isFreshForAlert({ publishedAt: ahead(20) }, now)).toBe(true);
    expect(isFreshForAlert({ publishedAt: ahead(25) }, now)).toBe(false);
    expect(isFreshForAlert({ publishedAt: ahead(24 * 365) }, now)).toBe(false);
  });

  it('treats an undated item as new to us', () => {
    expect(isFreshForAlert({ publishedAt: null }, now)).toBe(true);
  });
});
