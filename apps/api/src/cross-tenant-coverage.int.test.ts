import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CROSS_TENANT_COVERAGE } from '../test/cross-tenant-coverage.ts';
import { createTestApp } from '../test/test-app.ts';

/*
 * Every operation with an id in its path has a test in which another institution tries a real
 * id of the first one and is refused (DESIGN.md, convention 6). The list of which test covers
 * which operation is kept in test/cross-tenant-coverage.ts; this file holds it to the API as
 * published (the OpenAPI document, plus any route hidden from it) and to the test files as
 * they are.
 */

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const LIST = 'apps/api/test/cross-tenant-coverage.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `source` declares a test (`it(` or `test(`, not skipped) with exactly this title. */
function declaresTest(source: string, title: string): boolean {
  return new RegExp(`(?<![\\w.$])(?:it|test)\\(\\s*(['"\`])${escapeRegExp(title)}\\1\\s*,`).test(
    source,
  );
}

describe('cross-tenant tests', () => {
  /** `METHOD /path/{param}` of every operation with a path parameter. */
  let operations: string[] = [];

  beforeAll(async () => {
    const t = await createTestApp();
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, unknown>>;
      }>();
      const published = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      // A route left out of the document (`hide: true`) is still reachable: it counts too.
      const registered = t.app.apiRoutes.map(
        (route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
      );
      operations = [...new Set([...published, ...registered])]
        .filter((operation) => operation.includes('{'))
        .sort();
    } finally {
      await t.close();
    }
  });

  it('names a cross-tenant test, or a reason, for every operation with a path parameter', () => {
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.filter((operation) => !(operation in CROSS_TENANT_COVERAGE));
    expect(
      missing,
      `operations with a path parameter and no cross-tenant test: write a test in which another institution tries a real id and is refused, and name it in ${LIST}`,
    ).toEqual([]);
  });

  it('names only operations that exist', () => {
    const stale = Object.keys(CROSS_TENANT_COVERAGE).filter(
      (operation) => !operations.includes(operation),
    );
    expect(stale, `entries of ${LIST} for operations the API no longer has`).toEqual([]);
  });

  it('names tests that are in the files named', () => {
    const sources = new Map<string, string | null>();
    const read = (file: string) => {
      if (!sources.has(file)) {
        try {
          sources.set(file, readFileSync(`${REPOSITORY}${file}`, 'utf8'));
        } catch {
          sources.set(file, null);
        }
      }
      return sources.get(file)!;
    };
    const broken: string[] = [];
    for (const [operation, entry] of Object.entries(CROSS_TENANT_COVERAGE)) {
      if ('exempt' in entry) continue;
      const source = read(entry.file);
      if (source === null) broken.push(`${operation}: there is no file ${entry.file}`);
      else if (!entry.file.endsWith('.int.test.ts'))
        broken.push(`${operation}: ${entry.file} is not an API integration test file`);
      else if (!declaresTest(source, entry.test))
        broken.push(`${operation}: ${entry.file} has no test titled "${entry.test}"`);
    }
    expect(broken, `entries of ${LIST} that name no test (renamed, removed or skipped?)`).toEqual(
      [],
    );
  });

  it('says why an operation is exempt', () => {
    const unexplained = Object.entries(CROSS_TENANT_COVERAGE)
      .filter(([, entry]) => 'exempt' in entry && entry.exempt.trim().length < 20)
      .map(([operation]) => operation);
    expect(unexplained, `exemptions in ${LIST} without a reason`).toEqual([]);
  });
});
