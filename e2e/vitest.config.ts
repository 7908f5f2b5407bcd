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
    // A poll waits for what a person would wait for: a page load and its lazy code can take
    // about a second on two shared cores, which vitest's 1 s default leaves no room for.
    expect: { poll: { timeout: 15_000 } },
    allowOnly: false,
    reporters: ['default', new URL('../scripts/no-empty-test-files.ts', import.meta.url).pathname],
  },
});
