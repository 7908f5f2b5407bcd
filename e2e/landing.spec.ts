import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('landing page', () => {
  test('shows the product, its capabilities and the disclaimer', async ({ page, baseUrl }) => {
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mortgage compliance');
    await expect(
      page.getByRole('heading', { name: 'One place for the whole compliance program' }),
    ).toBeVisible();
    // Below the fold the section renders when scrolled to (content-visibility).
    const citation = page.getByText('12 CFR 1026.43');
    await citation.scrollIntoViewIfNeeded();
    await expect(citation).toBeVisible();
    await expect(page.locator('footer')).toContainText('not legal advice');
    await expectNoSeriousAxeViolations(page);
  });

  test('shows the landing page for an unknown path', async ({ page, baseUrl }) => {
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mortgage compliance');
  });

  test('lets a keyboard user skip to the content', async ({ page, baseUrl }) => {
    await page.goto(baseUrl);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.hash === '#main');
  });
});

test.describe('serving the built app', () => {
  test('caches hashed assets for a year and never caches the HTML', async ({ baseUrl }) => {
    const html = await fetch(baseUrl);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
    const asset = (await html.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('answers unknown API paths with JSON, not the app', async ({ baseUrl }) => {
    const response = await fetch(`${baseUrl}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  test('reports health with the engine it runs on', async ({ baseUrl }) => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: string };
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});
