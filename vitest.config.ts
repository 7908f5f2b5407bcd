import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { markdownContent } from './apps/web/vite-plugins/markdown.ts';

/*
 * unit: fast tests next to the code, no database.
 * api-pglite / api-postgres: `*.int.test.ts` through the real HTTP layer (app.inject) on a
 * fresh database per file; the PostgreSQL project runs when TEST_DATABASE_URL is set.
 * Browser tests run under Playwright Test (e2e/playwright.config.ts): once, not per engine.
 */
const integrationFiles = ['apps/api/**/*.int.test.ts', 'packages/**/*.int.test.ts'];

/**
 * Files about one engine, named here rather than skipped inside (a file that runs no test
 * passes silently). The fuzzer sends ~27,000 requests on PGlite, the default deployment; at
 * the HTTP layer PostgreSQL answers alike, and running it twice would double its CI time.
 */
const ONE_ENGINE_ONLY = {
  pglite: [
    'apps/api/src/fuzz.int.test.ts',
    'apps/api/src/cli/seed-demo.int.test.ts',
    // A migration's data move, on an embedded database of its own at the migration before.
    'packages/db/src/change-comments-migration.int.test.ts',
    // The assistant's evaluation calls retrieval directly, not through HTTP; its search is the
    // same SQL on both engines, which search.int.test.ts already runs on each.
    'apps/api/src/modules/chat/assistant-evaluation.int.test.ts',
  ],
  postgres: ['apps/api/src/modules/notifications/two-instances.int.test.ts'],
};

function integrationProject(engine: 'pglite' | 'postgres'): TestProjectConfiguration {
  return {
    test: {
      name: `api-${engine}`,
      include: integrationFiles,
      exclude: ONE_ENGINE_ONLY[engine === 'pglite' ? 'postgres' : 'pglite'],
      environment: 'node',
      env: { TEST_ENGINE: engine },
      globalSetup: ['apps/api/test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // A committed `.only` would pass the rest of the suite by silently; it fails instead.
    allowOnly: false,
    // Two files at a time on two cores (vitest's default is cores − 1 = one): the API tests
    // wait on PostgreSQL and on I/O often enough that this cuts the run by about a third.
    maxWorkers: 2,
    reporters: ['default', './scripts/no-empty-test-files.ts'],
    projects: [
      {
        // The web app's `@/` imports (apps/web/vite.config.ts) resolve the same way here.
        plugins: [markdownContent()],
        resolve: {
          alias: {
            '@content': fileURLToPath(new URL('./apps/web/content', import.meta.url)),
            '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          // scripts/: checks of the repository as a whole (docs-references.test.ts).
          include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      integrationProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('postgres')] : []),
    ],
  },
});
