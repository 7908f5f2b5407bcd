import { defineConfig } from '@playwright/test';
import { CHROME_ARGS, CHROME_PATH } from '../scripts/chromium.ts';

/**
 * Browser tests: the production build (run `npm run build` first; `npm run test:e2e` does),
 * started as real server processes, driven by Debian's Chromium. Run them with
 *   npm run test:e2e                      (build, then every spec in a random order)
 *   npx playwright test -c e2e/playwright.config.ts [file…] [--shuffle[=seed]]
 * Failures leave a trace and a screenshot under e2e/.artifacts/test-results: open a trace with
 *   npx playwright show-trace e2e/.artifacts/test-results/<test>/trace.zip
 */
export const SPEC_FILES = '**/*.spec.ts';
const ARTIFACTS = new URL('./.artifacts/', import.meta.url).pathname;

export default defineConfig({
  testDir: new URL('.', import.meta.url).pathname,
  testMatch: SPEC_FILES,
  // Each test is a unit of its own: none leans on another's data or on running after it. With
  // `--shuffle` (npm run test:e2e passes it) the tests of every file run in a random order whose
  // seed the run prints first ("shuffle seed 123"); `--shuffle=123` replays it. See
  // docs/decisions/0018-playwright-test-runner.md.
  fullyParallel: true,
  // One browser at a time: the machine has two cores and the server needs one.
  workers: 1,
  // A committed `.only` would pass the rest of the suite by silently; it fails instead.
  forbidOnly: true,
  retries: 0,
  // Two shared cores: a long journey takes 30-50 s when the machine is busy.
  timeout: 90_000,
  // A web-first assertion waits for what a person would wait for: a page load and its lazy code
  // can take about a second on two shared cores.
  expect: { timeout: 15_000 },
  globalSetup: new URL('./support/global-setup.ts', import.meta.url).pathname,
  outputDir: `${ARTIFACTS}test-results`,
  reporter: [
    ['list'],
    ['html', { outputFolder: `${ARTIFACTS}html-report`, open: 'never' }],
    [new URL('./support/no-empty-spec-files.ts', import.meta.url).pathname],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
