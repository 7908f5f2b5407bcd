/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  expect(serious, 'serious or critical axe-core violations').toEqual([]);
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
