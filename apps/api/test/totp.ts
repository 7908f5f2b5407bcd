import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The current code for a base32 TOTP secret, computed with the library better-auth uses. */
export function totpCodeForSecret(secret: string): Promise<string> {
  return createOTP(base32.decode(secret)).totp();
}

/** The current code for an otpauth:// URI. */
export async function totpCodeFor(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return totpCodeForSecret(secret);
}
