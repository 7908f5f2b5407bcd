import {
  COOKIE_CONSENT_VALIDITY_DAYS,
  COOKIE_CONSENT_VERSION,
  type CookieConsent,
} from '@complivue/shared/cookie-consent';
import { logWarning } from './log.ts';

/** Where the choice is kept in the browser (docs/product.md § Cookie consent). */
export const COOKIE_CONSENT_STORAGE_KEY = 'complivue.cookie-consent';
const OPEN_PREFERENCES_EVENT = 'complivue:open-cookie-preferences';
const DAY_MS = 86_400_000;

export type ConsentChoice = Pick<CookieConsent, 'analytics' | 'marketing' | 'personalization'>;

export const ACCEPT_ALL: ConsentChoice = {
  analytics: true,
  marketing: true,
  personalization: true,
};
export const REJECT_ALL: ConsentChoice = {
  analytics: false,
  marketing: false,
  personalization: false,
};

export function buildConsent(choice: ConsentChoice, now: Date = new Date()): CookieConsent {
  return {
    necessary: true,
    analytics: choice.analytics,
    marketing: choice.marketing,
    personalization: choice.personalization,
    timestamp: now.toISOString(),
    version: COOKIE_CONSENT_VERSION,
  };
}

function isConsentShape(value: unknown): value is CookieConsent {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    record.necessary === true &&
    typeof record.analytics === 'boolean' &&
    typeof record.marketing === 'boolean' &&
    typeof record.personalization === 'boolean' &&
    typeof record.timestamp === 'string' &&
    typeof record.version === 'string'
  );
}

/**
 * docs/product.md § Cookie consent: a stored choice counts only in version '1.0' and for 365 days;
 * otherwise the banner asks again. A timestamp in the future (a wrong clock) does not count either.
 */
export function isConsentCurrent(consent: CookieConsent, now: Date = new Date()): boolean {
  if (consent.version !== COOKIE_CONSENT_VERSION) return false;
  const madeAt = Date.parse(consent.timestamp);
  if (Number.isNaN(madeAt) || madeAt > now.getTime() + DAY_MS) return false;
  return now.getTime() - madeAt <= COOKIE_CONSENT_VALIDITY_DAYS * DAY_MS;
}

/** The stored choice, whatever its age; undefined when absent or unreadable (logged, never thrown). */
export function readStoredConsent(storage: Storage = localStorage): CookieConsent | undefined {
  try {
    const raw = storage.getItem(COOKIE_CONSENT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (isConsentShape(parsed)) return parsed;
    logWarning('Ignoring a stored cookie consent of an unknown shape');
  } catch (error) {
    logWarning('Could not read the stored cookie consent', error);
  }
  return undefined;
}

/** The choice that is in force now, or undefined when the banner must ask. */
export function findCurrentConsent(
  storage: Storage = localStorage,
  now: Date = new Date(),
): CookieConsent | undefined {
  const consent = readStoredConsent(storage);
  return consent && isConsentCurrent(consent, now) ? consent : undefined;
}

export function storeConsent(consent: CookieConsent, storage: Storage = localStorage): void {
  try {
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch (error) {
    logWarning('Could not store the cookie consent in this browser', error);
  }
}

/**
 * Keeps a signed-in visitor's choice on their account (`user_cookie_consent`). The server
 * ignores the call without a session. Loaded on demand so the public pages do not carry the
 * API client until someone chooses.
 */
export async function uploadConsent(consent: CookieConsent): Promise<void> {
  try {
    const [{ apiRequest }, { cookieConsentSavedSchema }] = await Promise.all([
      import('./api-client.ts'),
      import('@complivue/shared/schemas/cookie-consent'),
    ]);
    await apiRequest('/api/cookie-consent', {
      method: 'PUT',
      body: consent,
      schema: cookieConsentSavedSchema,
    });
  } catch (error) {
    logWarning('Could not save the cookie consent to the account', error);
  }
}

/**
 * After sign-in: a choice made in this browser goes to the account; without one, the account's
 * choice (kept when sign-out cleared the browser) comes back, so the banner does not ask again.
 */
export async function syncConsentAfterSignIn(): Promise<void> {
  const local = findCurrentConsent();
  if (local) return uploadConsent(local);
  try {
    const [{ apiRequest }, { storedCookieConsentSchema }] = await Promise.all([
      import('./api-client.ts'),
      import('@complivue/shared/schemas/cookie-consent'),
    ]);
    const { consent } = await apiRequest('/api/cookie-consent', {
      schema: storedCookieConsentSchema,
    });
    if (consent && isConsentCurrent(consent)) {
      storeConsent(consent);
      window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
    }
  } catch (error) {
    logWarning('Could not load the cookie consent of the account', error);
  }
}

export const CONSENT_CHANGED_EVENT = 'complivue:cookie-consent-changed';

/** The footer's Cookie Settings button (and the cookie policy page) reopen the preferences. */
export function openCookiePreferences(): void {
  window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT));
}

export function onOpenCookiePreferences(listener: () => void): () => void {
  window.addEventListener(OPEN_PREFERENCES_EVENT, listener);
  return () => window.removeEventListener(OPEN_PREFERENCES_EVENT, listener);
}
