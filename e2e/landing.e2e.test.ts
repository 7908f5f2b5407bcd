import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';

describe('landing page', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session.close());

  it('shows the product, its capabilities and the disclaimer', async () => {
    const { page, baseUrl } = session;
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Mortgage compliance');
    expect(
      await page
        .getByRole('heading', { name: 'One place for the whole compliance program' })
        .isVisible(),
    ).toBe(true);
    // Below the fold the section renders when scrolled to (content-visibility).
    const citation = page.getByText('12 CFR 1026.43');
    await citation.scrollIntoViewIfNeeded();
    expect(await citation.isVisible()).toBe(true);
    expect(await page.locator('footer').textContent()).toContain('not legal advice');
    await expectNoSeriousAxeViolations(page);
  });

  it('shows the landing page for an unknown path', async () => {
    const { page, baseUrl } = session;
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Mortgage compliance');
  });

  it('lets a keyboard user skip to the content', async () => {
    const { page, baseUrl } = session;
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
  });
});

describe('serving the built app', () => {
  it('caches hashed assets for a year and never caches the HTML', async () => {
    const baseUrl = inject('baseUrl');
    const html = await fetch(baseUrl);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
    const asset = (await html.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('reports health with the engine it runs on', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: string };
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});
