import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ONLY_ENV_NAMES } from '../apps/api/src/env.ts';

const DIST = new URL('../apps/web/dist', import.meta.url).pathname;

const KEY_PATTERNS: RegExp[] = [
  /sk_live_[0-9a-zA-Z]{8,}/,
  /sk_test_[0-9a-zA-Z]{8,}/,
  /rk_live_[0-9a-zA-Z]{8,}/,
  /whsec_[0-9a-zA-Z]{8,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /postgres(ql)?:\/\/[^\s"'`]*:[^\s"'`]*@/,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the built web assets', () => {
  const files = filesUnder(DIST).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('exist (the scan below would pass vacuously otherwise)', () => {
    expect(files.some((file) => file.path.endsWith('.js'))).toBe(true);
  });

  it('contain no key-shaped secret', () => {
    const hits = files.flatMap((file) =>
      KEY_PATTERNS.filter((pattern) => pattern.test(file.text)).map((p) => `${file.path}: ${p}`),
    );
    expect(hits).toEqual([]);
  });

  it('contain the value of no server-only environment variable', () => {
    const secrets = [...SERVER_ONLY_ENV_NAMES, 'TEST_DATABASE_URL']
      .map((name) => [name, process.env[name]] as const)
      .filter((entry): entry is readonly [string, string] => (entry[1]?.length ?? 0) >= 8);
    const hits = files.flatMap((file) =>
      secrets
        .filter(([, value]) => file.text.includes(value))
        .map(([name]) => `${file.path}: ${name}`),
    );
    expect(hits).toEqual([]);
  });
});
