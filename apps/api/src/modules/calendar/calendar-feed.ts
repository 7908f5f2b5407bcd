import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { calendarFeedTokens } from '@complivue/db/schema/calendar';
import { userProfiles } from '@complivue/db/schema/profiles';
import { decideAccess, PAGE_ACCESS } from '@complivue/shared/access';
import type { CalendarSubscriptionStatus } from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';

/**
 * A member's calendar subscription URL carries a secret token (32 random bytes); only its
 * SHA-256 is stored, so a copy of the database yields no working URL. One per member: creating
 * again rotates it (the old URL stops working at once); revoking deletes it.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const feedUrl = (appUrl: string, token: string) =>
  new URL(`/api/calendar/feed/${token}.ics`, appUrl).toString();

/** Creates or rotates the member's token; the token itself is returned once, never stored. */
export async function createFeedToken(
  db: Db,
  options: { userId: string; companyId: string; now?: Date },
): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = options.now ?? new Date();
  await db
    .insert(calendarFeedTokens)
    .values({
      userId: options.userId,
      companyId: options.companyId,
      tokenHash: hashFeedToken(token),
      createdAt,
    })
    .onConflictDoUpdate({
      target: calendarFeedTokens.userId,
      set: {
        companyId: options.companyId,
        tokenHash: hashFeedToken(token),
        createdAt,
        lastUsedAt: null,
      },
    });
  return { token, createdAt };
}

/** Revokes the member's token; false when there was none. */
export async function revokeFeedToken(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .delete(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId))
    .returning({ userId: calendarFeedTokens.userId });
  return removed.length > 0;
}

export async function feedTokenStatus(db: Db, userId: string): Promise<CalendarSubscriptionStatus> {
  const [row] = await db
    .select()
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId));
  return {
    active: Boolean(row),
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Whose calendar a token opens, or null: unknown or revoked tokens, and members who could no
 * longer open the calendar themselves (deactivated, moved to another institution, or whose
 * institution's plan no longer includes it), get nothing. The lookup is by the token's hash, so
 * its timing says nothing about the token; the final comparison is constant-time anyway.
 */
export async function resolveFeedToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string; companyId: string; timeZone: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashFeedToken(token);
  const [row] = await db
    .select({
      userId: calendarFeedTokens.userId,
      companyId: calendarFeedTokens.companyId,
      tokenHash: calendarFeedTokens.tokenHash,
      role: userProfiles.role,
      status: userProfiles.status,
      memberCompanyId: userProfiles.companyId,
      timeZone: userProfiles.timezone,
    })
    .from(calendarFeedTokens)
    .innerJoin(userProfiles, eq(userProfiles.userId, calendarFeedTokens.userId))
    .where(eq(calendarFeedTokens.tokenHash, hash));
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(hash, 'hex'))) {
    return null;
  }
  if (row.status !== 'active' || row.memberCompanyId !== row.companyId) return null;
  const subscription = await findCompanySubscription(db, row.companyId);
  const decision = decideAccess(PAGE_ACCESS['/regulatory-calendar']!, {
    role: row.role,
    subscription,
    now,
  });
  if (!decision.allowed) return null;
  await db
    .update(calendarFeedTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(calendarFeedTokens.userId, row.userId), eq(calendarFeedTokens.tokenHash, hash)));
  return { userId: row.userId, companyId: row.companyId, timeZone: row.timeZone };
}
