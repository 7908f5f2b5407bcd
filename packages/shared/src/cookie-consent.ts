/**
 * Cookie consent constants and record (docs/product.md § Cookie consent), free of zod so the public
 * pages can use them without the validation library; the API's schema is in
 * schemas/cookie-consent.ts.
 */
export const COOKIE_CONSENT_VERSION = '1.0';
export const COOKIE_CONSENT_VALIDITY_DAYS = 365;

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  personalization: boolean;
  /** ISO 8601, when the visitor made the choice. */
  timestamp: string;
  version: string;
}
