import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the production build, started once as a real server process, driven by
 * Debian's Chromium through playwright-core. Run after `npm run build` (see `npm run test:e2e`).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    dir: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: [new URL('./support/global-setup.ts', import.meta.url).pathname],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    // Files, and the tests in each file, run in a random order, so that no test can lean on
    // another's data. The order comes from a seed, printed at the top of the run as
    // `Running tests with seed "1732586400000"`; to replay a failing order, pass it back:
    //   npm exec -- vitest run --config e2e/vitest.config.ts --sequence.seed=1732586400000
    // (naming one file replays that file's order of tests).
    sequence: { shuffle: { files: true, tests: true } },
    // A poll waits for what a person would wait for: a page load and its lazy code can take
    // about a second on two shared cores, which vitest's 1 s default leaves no room for.
    expect: { poll: { timeout: 15_000 } },
    allowOnly: false,
    reporters: ['default', new URL('../scripts/no-empty-test-files.ts', import.meta.url).pathname],
  },
});
