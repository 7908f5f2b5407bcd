import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { resolveAuthSecret } from './auth-secret.ts';

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set', () => {
    const secret = 'x'.repeat(40);
    expect(resolveAuthSecret(parseEnv({ AUTH_SECRET: secret, NODE_ENV: 'production' }))).toBe(
      secret,
    );
  });

  it('refuses to run in production without one', () => {
    expect(() => resolveAuthSecret(parseEnv({ NODE_ENV: 'production' }))).toThrow(
      /AUTH_SECRET is required/,
    );
  });

  it('refuses a short secret at configuration time', () => {
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('generates one secret outside production, keeps it private in DATA_DIR, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'complivue-secret-'));
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(env)).toBe(first);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'auth-secret')).mode & 0o077).toBe(0);
  });
});
