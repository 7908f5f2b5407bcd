import type { Db } from '@complivue/db/database';
import { userCookieConsent } from '@complivue/db/schema/activity';
import { cookieConsentSchema } from '@complivue/shared/schemas/cookie-consent';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

type CookieConsent = z.infer<typeof cookieConsentSchema>;

/** Keeps the member's cookie choice on their account (one row per user, the latest wins). */
export async function saveCookieConsent(db: Db, userId: string, consent: CookieConsent) {
  await db
    .insert(userCookieConsent)
    .values({ userId, consentData: consent })
    .onConflictDoUpdate({
      target: userCookieConsent.userId,
      set: { consentData: consent, updatedAt: sql`now()` },
    });
}

/**
 * The choice kept on the member's account, or null. A stored choice of an older shape than
 * today's schema counts as none: the banner asks again rather than guess.
 */
export async function findCookieConsent(db: Db, userId: string): Promise<CookieConsent | null> {
  const [row] = await db
    .select({ consentData: userCookieConsent.consentData })
    .from(userCookieConsent)
    .where(eq(userCookieConsent.userId, userId));
  const parsed = cookieConsentSchema.safeParse(row?.consentData);
  return parsed.success ? parsed.data : null;
}
