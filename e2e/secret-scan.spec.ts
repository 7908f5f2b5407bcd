import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
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

/** The build's files and their text, read once per worker. */
let built: { path: string; text: string }[] | undefined;
const builtFiles = () =>
  (built ??= filesUnder(DIST).map((path) => ({ path, text: readFileSync(path, 'utf8') })));

test.describe('the built web assets', () => {
  test('exist (the scan below would pass vacuously otherwise)', () => {
    expect(builtFiles().some((file) => file.path.endsWith('.js'))).toBe(true);
  });

  test('contain no key-shaped secret', () => {
    const hits = builtFiles().flatMap((file) =>
      KEY_PATTERNS.filter((pattern) => pattern.test(file.text)).map((p) => `${file.path}: ${p}`),
    );
    expect(hits).toEqual([]);
  });

  test('contain the value of no server-only environment variable', () => {
    const secrets = [...SERVER_ONLY_ENV_NAMES, 'TEST_DATABASE_URL']
      .map((name) => [name, process.env[name]] as const)
      .filter((entry): entry is readonly [string, string] => (entry[1]?.length ?? 0) >= 8);
    const hits = builtFiles().flatMap((file) =>
      secrets
        .filter(([, value]) => file.text.includes(value))
        .map(([name]) => `${file.path}: ${name}`),
    );
    expect(hits).toEqual([]);
  });
});
