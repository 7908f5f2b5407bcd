import { queryRows, type Db } from '@complivue/db/database';
import { createOTP } from '@better-auth/utils/otp';
import { sql } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { readSecondFactor } from './second-factor.ts';

/** better-auth's TOTP: 30-second steps, one step of drift either way. */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

/** The time step whose code `code` is, among those better-auth accepts now; null if none. */
async function matchedStep(secret: string, code: string, now: number): Promise<number | null> {
  const otp = createOTP(secret);
  const current = Math.floor(now / (PERIOD_SECONDS * 1000));
  for (let offset = -WINDOW_STEPS; offset <= WINDOW_STEPS; offset += 1) {
    if ((await otp.hotp(current + offset)) === code) return current + offset;
  }
  return null;
}

/**
 * Records that the user's TOTP code `code` has been used, and tells whether it was fresh: a
 * code of a step at or before the last accepted one is a replay (RFC 6238 §5.2) — someone who
 * watched the code being typed, or a second request racing the first. The compare-and-set is
 * one statement, so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(
  deps: { db: Db; auth: Auth },
  userId: string,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const { db } = deps;
  const factor = await readSecondFactor(deps, userId);
  if (!factor) return false;
  const step = await matchedStep(factor.totpSecret, code, now);
  if (step === null) return false;
  const claimed = await queryRows<{ step: number }>(
    db,
    sql`INSERT INTO two_factor_last_step (user_id, step) VALUES (${userId}, ${step})
        ON CONFLICT (user_id) DO UPDATE SET step = EXCLUDED.step, accepted_at = now()
        WHERE two_factor_last_step.step < EXCLUDED.step
        RETURNING step`,
  );
  return claimed.length === 1;
}
