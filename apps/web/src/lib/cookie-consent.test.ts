import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  COOKIE_CONSENT_STORAGE_KEY,
  REJECT_ALL,
  buildConsent,
  findCurrentConsent,
  isConsentCurrent,
  readStoredConsent,
  storeConsent,
} from './cookie-consent.ts';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('cookie consent record', () => {
  it('builds the record of docs/product.md § Cookie consent with necessary always true and version 1.0', () => {
    expect(buildConsent(ACCEPT_ALL, NOW)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      personalization: true,
      timestamp: '2026-11-22T12:00:00.000Z',
      version: '1.0',
    });
    expect(buildConsent(REJECT_ALL, NOW)).toMatchObject({ analytics: false, marketing: false });
  });

  it('is current for 365 days and only in version 1.0', () => {
    expect(isConsentCurrent(buildConsent(REJECT_ALL, daysAgo(365)), NOW)).toBe(true);
    expect(isConsentCurrent(buildConsent(REJECT_ALL, daysAgo(366)), NOW)).toBe(false);
    expect(isConsentCurrent({ ...buildConsent(REJECT_ALL, NOW), version: '0.9' }, NOW)).toBe(false);
    expect(
      isConsentCurrent({ ...buildConsent(REJECT_ALL, NOW), timestamp: 'yesterday' }, NOW),
    ).toBe(false);
  });

  it('reads back what it stored, and nothing from broken or foreign data', () => {
    const storage = memoryStorage();
    expect(readStoredConsent(storage)).toBeUndefined();
    storeConsent(buildConsent(ACCEPT_ALL, NOW), storage);
    expect(findCurrentConsent(storage, NOW)).toMatchObject({ analytics: true });
    expect(
      readStoredConsent(memoryStorage({ [COOKIE_CONSENT_STORAGE_KEY]: '{not json' })),
    ).toBeUndefined();
    expect(
      readStoredConsent(memoryStorage({ [COOKIE_CONSENT_STORAGE_KEY]: '{"analytics":true}' })),
    ).toBeUndefined();
    const old = memoryStorage({
      [COOKIE_CONSENT_STORAGE_KEY]: JSON.stringify(buildConsent(ACCEPT_ALL, daysAgo(400))),
    });
    expect(readStoredConsent(old)).toBeDefined();
    expect(findCurrentConsent(old, NOW)).toBeUndefined();
  });

  it('does not throw when the browser refuses to store', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => storeConsent(buildConsent(ACCEPT_ALL, NOW), full)).not.toThrow();
  });
});
