import type { Db } from '@complivue/db/database';
import { twoFactor } from '@complivue/db/schema/auth';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Auth } from './auth.ts';

const IMPORTED_SECRET_PREFIX = 'base32:';

/**
 * The user's enrolled second factor, decrypted with better-auth's key: the TOTP secret (a
 * secret imported from elsewhere is stored as `base32:…` and decoded to the bytes better-auth
 * signs with) and the backup codes not used yet. Null when two-factor is not enrolled.
 */
export async function readSecondFactor(
  deps: { db: Db; auth: Auth },
  userId: string,
): Promise<{ totpSecret: string; backupCodes: () => Promise<string[]> } | null> {
  const [row] = await deps.db
    .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return null;
  const { secretConfig } = await deps.auth.$context;
  let totpSecret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  if (totpSecret.startsWith(IMPORTED_SECRET_PREFIX)) {
    totpSecret = new TextDecoder().decode(
      base32.decode(totpSecret.slice(IMPORTED_SECRET_PREFIX.length).toUpperCase()),
    );
  }
  return {
    totpSecret,
    // Decrypted only when asked: a TOTP code never needs them.
    backupCodes: async () => {
      const stored: unknown = JSON.parse(
        await symmetricDecrypt({ key: secretConfig, data: row.backupCodes }),
      );
      return Array.isArray(stored) ? stored.filter((code) => typeof code === 'string') : [];
    },
  };
}

/**
 * Checks a code against the user's enrolled second factor: a current code of the
 * authenticator, or one of the backup codes not used yet. A backup code is what someone who
 * lost their phone still has; turning two-factor off removes the secret and every backup code
 * with it, so the one given is spent either way.
 */
export async function isCurrentSecondFactor(
  deps: { db: Db; auth: Auth },
  userId: string,
  code: string,
): Promise<boolean> {
  const factor = await readSecondFactor(deps, userId);
  if (!factor) return false;
  if (/^\d{6}$/.test(code)) return createOTP(factor.totpSecret).verify(code, { window: 1 });
  return (await factor.backupCodes()).includes(code);
}
