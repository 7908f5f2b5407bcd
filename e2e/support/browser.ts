/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Waits for the page's finite animations and transitions (a toast sliding in) to end. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

interface SeriousViolation {
  text: string;
  /** Every element it was found on is in a toast (sonner's live region). */
  inToasts: boolean;
}

async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const found: SeriousViolation[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const targets = violation.nodes.map((node) => node.target.join(' '));
    const inToasts = await page.evaluate(
      (selectors) =>
        selectors.every((selector) => {
          const element = document.querySelector(selector);
          return element?.closest('[data-sonner-toaster]') != null;
        }),
      targets,
    );
    found.push({ text: `${violation.id}: ${violation.help} at ${targets.join(', ')}`, inToasts });
  }
  return found;
}

/**
 * axe-core's serious and critical findings on the page as it stands. A toast that appeared
 * while axe ran is measured half-faded; such findings are read again once it has settled, and
 * count if they are still there.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await settle(page);
  let serious = await seriousViolations(page);
  if (serious.length > 0 && serious.every((violation) => violation.inToasts)) {
    await settle(page);
    serious = await seriousViolations(page);
  }
  expect(
    serious.map((violation) => violation.text),
    'serious or critical axe-core violations',
  ).toEqual([]);
}

/**
 * Resolves once a public page's code has run (apps/web/src/site/site-app.tsx marks it). The
 * prerendered heading appears before that: a check that something is absent (the cookie banner,
 * a script) means nothing until the code that would add it has had its chance.
 */
export async function waitUntilInteractive(page: Page): Promise<void> {
  await expect(page.locator('html[data-interactive]')).toHaveCount(1);
}

/** The page's first heading of a level (its title, for level 1), for web-first assertions. */
export const heading = (page: Page, level = 1) => page.getByRole('heading', { level }).first();
