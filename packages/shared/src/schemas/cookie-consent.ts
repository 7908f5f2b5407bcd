import { z } from 'zod';

/**
 * The record of docs/product.md § Cookie consent (its type and constants: ../cookie-consent.ts).
 */
export const cookieConsentSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  personalization: z.boolean(),
  /** ISO 8601, when the visitor made the choice. */
  timestamp: z.iso.datetime({ offset: true }),
  version: z.string().max(20),
});

export const cookieConsentSavedSchema = z.object({
  /** False when nobody is signed in: the choice then lives only in the browser. */
  saved: z.boolean(),
});

/** Third-party scripts the operator configured; each loads only with the matching consent. */
export const siteConfigSchema = z.object({
  analyticsScriptUrl: z.url().nullable(),
  marketingPixelUrl: z.url().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const storedCookieConsentSchema = z.object({ consent: cookieConsentSchema.nullable() });
