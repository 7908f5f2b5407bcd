/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROME_ARGS, CHROME_PATH } from '../../scripts/chromium.ts';

export interface BrowserSession {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Console errors and uncaught exceptions seen in the page so far. */
  pageErrors: string[];
  /**
   * Declares console errors this test expects, such as the browser's own line for a 401 the
   * test provokes on purpose; anything else still fails the test.
   */
  allowConsoleErrors(pattern: RegExp): void;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile with one page. Every console error or uncaught exception is
 * collected; `close` fails the test if there were any.
 */
export interface BrowserOptions {
  baseUrl?: string;
  /**
   * `decided` (default): the visitor has already answered the cookie banner (all optional
   * cookies rejected), so it does not cover the pages under test. `undecided`: a first visit.
   */
  cookieConsent?: 'decided' | 'undecided';
  viewport?: { width: number; height: number };
}

const CONSENT_KEY = 'complivue.cookie-consent';

export async function openBrowser(options: BrowserOptions | string = {}): Promise<BrowserSession> {
  const {
    baseUrl = inject('baseUrl'),
    cookieConsent = 'decided',
    viewport,
  } = typeof options === 'string' ? { baseUrl: options } : options;
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `No Chromium at ${CHROME_PATH}. Install it with "apt-get install -y --no-install-recommends chromium" or set CHROME_PATH.`,
    );
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'complivue-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    args: CHROME_ARGS,
    headless: true,
    ...(viewport ? { viewport } : {}),
  });
  if (cookieConsent === 'decided') {
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
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed.some((pattern) => pattern.test(text))) pageErrors.push(`console.error: ${text}`);
  });
  page.on('pageerror', (error) => pageErrors.push(`uncaught: ${error.message}`));
  return {
    page,
    context,
    baseUrl,
    pageErrors,
    allowConsoleErrors: (pattern) => allowed.push(pattern),
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
      expect(pageErrors, 'the page logged errors').toEqual([]);
    },
  };
}

/**
 * axe-core over the current page: no serious or critical violation is allowed. Running
 * transitions and animations (a toast fading in, a dialog sliding open) finish first: a colour
 * measured halfway through a fade is not the one a person reads.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/**
 * Resolves once a public page's code has run (apps/web/src/site/site-app.tsx marks it). The
 * prerendered heading appears before that: a check that something is absent (the cookie banner,
 * a script) means nothing until the code that would add it has had its chance.
 */
export async function waitUntilInteractive(page: Page): Promise<void> {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}
