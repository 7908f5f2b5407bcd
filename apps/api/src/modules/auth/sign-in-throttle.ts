import { createHmac, timingSafeEqual } from 'node:crypto';
import { queryRows, type Db } from '@complivue/db/database';
import { SIGNIN_MESSAGES } from '@complivue/shared/schemas/auth';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { resetRateLimits } from '../../lib/rate-limiter.ts';

/**
 * Password guessing is slowed down without letting a stranger lock the real user out:
 *
 * - per account and address: a few free failures, then each attempt waits twice as long as the
 *   last (4 s, 8 s, 16 s … up to 15 minutes) — one guesser is slowed, nobody else is;
 * - per account, from anywhere: past `ACCOUNT_FAILURE_LIMIT` failures in 15 minutes, only a
 *   device that has signed in to the account before (a signed cookie) may try; a correct
 *   password there, or a completed password reset, clears the count. A botnet can make a new
 *   device wait; it cannot keep the owner out of their own browser, nor out after a reset.
 */
export const FREE_FAILURES_PER_ADDRESS = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 50;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** Failures from one address older than this are forgotten. */
const ADDRESS_MEMORY_SECONDS = 60 * 60;

export const KNOWN_DEVICE_COOKIE = 'complivue.known_device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const addressKey = (email: string, ip: string) => `sign-in:failures:${email}:${ip}`;
const accountKey = (email: string) => `sign-in:account:${email}`;

/** The delay owed after `failures` failures from one address (0 while some are free). */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES_PER_ADDRESS) return 0;
  return Math.min(4 * 2 ** (failures - FREE_FAILURES_PER_ADDRESS), MAX_DELAY_SECONDS);
}

/** The value of the known-device cookie for a user: only the server can make it. */
export function knownDeviceToken(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`known-device:${userId}`).digest('base64url');
}

export function isKnownDevice(secret: string, userId: string, cookie: string | undefined) {
  if (!cookie) return false;
  const expected = Buffer.from(knownDeviceToken(secret, userId));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Bucket {
  count: number;
  seconds_since: number;
}

async function readBucket(db: Db, key: string): Promise<Bucket | undefined> {
  const [row] = await queryRows<Bucket>(
    db,
    sql`SELECT count, extract(epoch FROM now() - window_started_at)::float8 AS seconds_since
        FROM rate_limit_buckets WHERE key = ${key}`,
  );
  return row;
}

/**
 * Refuses an attempt that must wait (429 with `Retry-After`). `knownDevice` tells whether the
 * request carries this account's known-device cookie; it is asked only when the account is over
 * its limit, so the account's user id is looked up only then.
 */
export async function assertSignInAllowed(
  db: Db,
  attempt: { email: string; ip: string; knownDevice: () => Promise<boolean> },
): Promise<void> {
  const address = await readBucket(db, addressKey(attempt.email, attempt.ip));
  if (address && address.seconds_since < ADDRESS_MEMORY_SECONDS) {
    const wait = delayAfterFailures(address.count) - address.seconds_since;
    if (wait > 0) throw AppError.rateLimited(wait, SIGNIN_MESSAGES.slow_down);
  }
  const account = await readBucket(db, accountKey(attempt.email));
  if (
    account &&
    account.seconds_since < ACCOUNT_WINDOW_SECONDS &&
    account.count >= ACCOUNT_FAILURE_LIMIT &&
    !(await attempt.knownDevice())
  ) {
    throw AppError.rateLimited(
      ACCOUNT_WINDOW_SECONDS - account.seconds_since,
      SIGNIN_MESSAGES.rate_limit,
    );
  }
}

/** Counts a wrong password against the address (delay) and the account (limit). */
export async function recordSignInFailure(db: Db, attempt: { email: string; ip: string }) {
  // The address bucket's time is the last failure (the delay runs from it); the account's is
  // the start of a fixed window.
  await db.execute(sql`INSERT INTO rate_limit_buckets (key, count, window_started_at)
    VALUES (${addressKey(attempt.email, attempt.ip)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.window_started_at
                        < now() - make_interval(secs => ${ADDRESS_MEMORY_SECONDS})
                   THEN 1 ELSE rate_limit_buckets.count + 1 END,
      window_started_at = now()`);
  await db.execute(sql`INSERT INTO rate_limit_buckets (key, count, window_started_at)
    VALUES (${accountKey(attempt.email)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.window_started_at
                        < now() - make_interval(secs => ${ACCOUNT_WINDOW_SECONDS})
                   THEN 1 ELSE rate_limit_buckets.count + 1 END,
      window_started_at = CASE WHEN rate_limit_buckets.window_started_at
                        < now() - make_interval(secs => ${ACCOUNT_WINDOW_SECONDS})
                   THEN now() ELSE rate_limit_buckets.window_started_at END`);
}

/**
 * A correct password forgets the account's failures and those of its address; a completed
 * reset (no `ip`) forgets those of every address too.
 */
export async function clearSignInFailures(db: Db, email: string, ip?: string): Promise<void> {
  if (ip !== undefined) {
    await resetRateLimits(db, [accountKey(email), addressKey(email, ip)]);
    return;
  }
  await db.execute(sql`DELETE FROM rate_limit_buckets
    WHERE key = ${accountKey(email)} OR starts_with(key, ${`sign-in:failures:${email}:`})`);
}
