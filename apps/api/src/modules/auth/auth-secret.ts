import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../../env.ts';

const SECRET_FILE = 'auth-secret';

/**
 * `AUTH_SECRET` when set. Outside production, a random secret generated once and kept in
 * `DATA_DIR`, so that sessions survive a restart; production refuses to start without one.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'AUTH_SECRET is required in production: set it to a random string of at least 32 characters (for example `openssl rand -base64 48`).',
    );
  }
  if (env.NODE_ENV === 'test') return randomBytes(32).toString('base64url');
  const file = join(env.DATA_DIR, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}
