import {
  test as base,
  request as apiRequest,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect } from '@playwright/test';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface PageOptions {
  /**
   * `decided` (default): the visitor has already answered the cookie banner (all optional
   * cookies rejected), so it does not cover the pages under test. `undecided`: a first visit.
   */
  cookieConsent?: 'decided' | 'undecided';
  viewport?: { width: number; height: number };
  /** A signed-in session (see `signedInState`). */
  storageState?: StorageState;
}

/** Console errors and uncaught exceptions of every page a test opens. */
export interface PageErrors {
  readonly seen: string[];
  /**
   * Declares console errors this test expects, such as the browser's own line for a 401 the
   * test provokes on purpose; anything else still fails the test.
   */
  allow(pattern: RegExp): void;
  watch(context: BrowserContext): void;
}

/**
 * What a test file keeps for all its tests in one worker: its own server (and the SMTP
 * receiver, feed server… it is configured with), started by the first test that asks and
 * stopped when the worker ends. It holds infrastructure, never data a test asserts on: each
 * test makes its own records, so it passes alone and in any order. A worker restarts after a
 * failed test, and with it every file's server.
 */
export interface FileResource<T> {
  value: T;
  stop(): Promise<void>;
}

class FileResources {
  private readonly started = new Map<string, Promise<FileResource<unknown>>>();

  get<T>(key: string, start: () => Promise<FileResource<T>>): Promise<T> {
    let resource = this.started.get(key) as Promise<FileResource<T>> | undefined;
    if (!resource) {
      resource = start();
      this.started.set(key, resource);
      // A failed start is not kept: the next test tries again and reports its own error.
      resource.catch(() => this.started.delete(key));
    }
    return resource.then((started) => started.value);
  }

  async stopAll(): Promise<void> {
    const resources = [...this.started.values()];
    this.started.clear();
    const errors: unknown[] = [];
    for (const resource of resources) {
      try {
        await (await resource).stop();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw new AggregateError(errors, 'stopping the test files’ servers');
  }
}

const CONSENT_KEY = 'complivue.cookie-consent';

async function prepareContext(
  context: BrowserContext,
  cookieConsent: PageOptions['cookieConsent'],
  pageErrors: PageErrors,
) {
  pageErrors.watch(context);
  if (cookieConsent !== 'undecided') {
    await context.addInitScript(
      ({ key, consent }) => {
        try {
          if (!localStorage.getItem(key)) localStorage.setItem(key, consent);
        } catch {
          // about:blank and similar documents have no storage.
        }
      },
      {
        key: CONSENT_KEY,
        consent: JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          personalization: false,
          timestamp: new Date().toISOString(),
          version: '1.0',
        }),
      },
    );
  }
}

interface TestFixtures {
  /** The cookie banner's state for the test's `page` (see PageOptions). */
  cookieConsent: NonNullable<PageOptions['cookieConsent']>;
  /** The server shared by the files that need none of their own (global-setup.ts). */
  baseUrl: string;
  pageErrors: PageErrors;
  /** Another browser (a fresh context and its page), for a second person in a journey. */
  openPage(options?: PageOptions): Promise<Page>;
}

interface WorkerFixtures {
  fileResources: FileResources;
}

/**
 * The browser tests' `test`: Playwright's, plus a page that fails the test on any console
 * error or uncaught exception, the shared server's address, and servers of a file's own.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  cookieConsent: ['decided', { option: true }],

  // eslint-disable-next-line no-empty-pattern
  baseUrl: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is unset: run through e2e/playwright.config.ts.');
    await use(url);
  },

  pageErrors: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      await use({
        seen,
        allow: (pattern) => allowed.push(pattern),
        watch(context) {
          context.on('console', (message) => {
            if (message.type() !== 'error') return;
            const text = message.text();
            if (!allowed.some((pattern) => pattern.test(text))) seen.push(`console.error: ${text}`);
          });
          context.on('weberror', (error) => seen.push(`uncaught: ${error.error().message}`));
        },
      });
      base.expect(seen, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],

  context: async ({ context, cookieConsent, pageErrors }, use) => {
    await prepareContext(context, cookieConsent, pageErrors);
    await use(context);
  },

  openPage: async ({ browser, pageErrors }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ cookieConsent, viewport, storageState } = {}) => {
      const context = await browser.newContext({
        ...(viewport ? { viewport } : {}),
        ...(storageState ? { storageState } : {}),
      });
      contexts.push(context);
      await prepareContext(context, cookieConsent, pageErrors);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  fileResources: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const resources = new FileResources();
      await use(resources);
      await resources.stopAll();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/**
 * A fixture for a file's own server and what goes with it: `start` runs once per worker, for
 * the first test of the file that uses the fixture (see FileResources).
 */
export function fileServer<T>(start: () => Promise<FileResource<T>>) {
  const fixture = async (
    { fileResources }: { fileResources: FileResources },
    use: (value: T) => Promise<void>,
    testInfo: { file: string },
  ) => {
    await use(await fileResources.get(testInfo.file, start));
  };
  // Starting a server (and seeding it) is not the test's time.
  return [fixture, { timeout: 180_000 }] as [typeof fixture, { timeout: number }];
}

/**
 * A member's signed-in session, made through the API, as a storage state for a new page
 * (`openPage({ storageState })` or `test.use({ storageState })`): a file whose tests all act as
 * the same people signs each in once.
 */
export async function signedInState(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<StorageState> {
  const context = await apiRequest.newContext({ baseURL: baseUrl });
  try {
    const response = await context.post('/api/auth/sign-in', {
      data: { email: credentials.email, password: credentials.password },
      headers: { origin: baseUrl },
    });
    if (response.status() !== 200) {
      throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
    }
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

export type { Browser, Page };
