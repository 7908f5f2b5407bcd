import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The current code for an otpauth:// URI, computed with the library better-auth itself uses. */
export async function totpCodeFor(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return createOTP(base32.decode(secret)).totp();
}
