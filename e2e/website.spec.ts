import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { expectNoSeriousAxeViolations, waitUntilInteractive } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base, type Page } from './support/fixtures.ts';
import { signUpInBrowser, uniqueEmail } from './support/journeys.ts';

const CONTACT_EMAIL = 'team@complivue.example';
const CONSENT_KEY = 'complivue.cookie-consent';
const ARTIFACTS = new URL('./.artifacts/', import.meta.url).pathname;

/** Stands in for a third-party analytics provider: serves a script and counts requests. */
async function startScriptHost() {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end('window.analyticsLoaded = true;');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/analytics.js`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The public website on a server of the file's own, whose contact form mails a real SMTP
 * receiver and whose analytics script comes from a stand-in host.
 */
const test = base.extend<{
  site: {
    server: { url: string };
    smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    scripts: Awaited<ReturnType<typeof startScriptHost>>;
  };
}>({
  site: fileServer(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const smtp = await startSmtpReceiver();
    const scripts = await startScriptHost();
    let server: Awaited<ReturnType<typeof startE2eServer>> | undefined;
    const stop = async () => {
      await server?.stop();
      await smtp.close();
      await scripts.close();
    };
    try {
      server = await startE2eServer({
        SMTP_URL: smtp.url,
        CONTACT_EMAIL,
        ANALYTICS_SCRIPT_URL: scripts.url,
      });
    } catch (error) {
      await stop();
      throw error;
    }
    return { value: { server, smtp, scripts }, stop };
  }),
});

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

test.describe('public website', () => {
  test('reaches every page from the navigation and the footer, each without serious axe violations', async ({
    page,
    site: { server },
  }) => {
    // Sixteen pages, each loaded and checked with axe: three times the usual time on a busy
    // machine, not a wait for anything in particular.
    test.slow();
    const nav: [string, string, string][] = [
      ['Features', '/features', 'Everything a mortgage compliance program runs on'],
      ['Pricing', '/pricing', 'Plans for every size of compliance team'],
      ['About', '/about', 'About'],
      ['Blog', '/blog', 'Notes for mortgage compliance officers'],
      ['Contact', '/contact', 'Talk to the Complivue team'],
    ];
    for (const [label, path, heading] of nav) {
      await page.goto(server.url);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: label })
        .click();
      await page.waitForURL(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      await expectNoSeriousAxeViolations(page);
    }
    await page.goto(server.url);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await page.waitForURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL(`${server.url}/signup?join=true&plan=basic&billing=monthly`);

    const footer: [string, string][] = [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
      ['Blog', '/blog'],
      ['Help & Support', '/help'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
    ];
    for (const [label, path] of footer) {
      await page.goto(server.url);
      await page.locator('footer').getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('footer')).toContainText('not legal advice');
      await expectNoSeriousAxeViolations(page);
    }
  });

  test('prerenders each page with its own title, description and canonical URL', async ({
    site: { server },
  }) => {
    const response = await fetch(`${server.url}/pricing`);
    const html = await response.text();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('<title>Pricing | Complivue</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/pricing" />');
    expect(html).toContain('property="og:title"');
    // The plans are in the HTML itself, before any JavaScript runs.
    expect(html).toContain('Choose your plan');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>http://localhost:3000/blog/');
    expect(sitemap).not.toContain('/dashboard');
    // A post carries the not-legal-advice line once: the site footer's.
    const post = /<loc>http:\/\/localhost:3000(\/blog\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
    const postHtml = await (await fetch(`${server.url}${post}`)).text();
    expect(postHtml.match(/not legal advice/g)).toHaveLength(1);
  });

  test('shows the landing page, not indexed, for an unknown path', async ({
    page,
    site: { server },
  }) => {
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: /Mortgage compliance/ }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const missingAsset = await fetch(`${server.url}/assets/no-such-chunk.js`);
    expect(missingAsset.status).toBe(404);
  });

  test('switches the plans to annual prices and scrolls to #choose-your-plan', async ({
    page,
    site: { server },
  }) => {
    await page.goto(`${server.url}/pricing#choose-your-plan`);
    const plans = page.getByRole('heading', { name: 'Choose your plan' });
    await expect(plans).toBeVisible();
    await expect
      .poll(() => plans.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(200);
    await expect(page.getByTestId('price-basic')).toHaveText('$99 /month');
    await page.getByRole('button', { name: 'Annual' }).click();
    await expect(page.getByTestId('price-basic')).toHaveText('$948 /year');
    await expect(page.getByTestId('price-professional')).toHaveText('$2,868 /year');
    await expect(page.getByTestId('price-enterprise')).toHaveText('$4,788 /year');
    await expect(page.getByRole('link', { name: 'Choose Professional' })).toHaveAttribute(
      'href',
      '/signup?join=true&plan=professional&billing=annual',
    );
  });

  test('recommends a plan from the questionnaire and keeps the answers for sign-up', async ({
    page,
    site: { server },
  }) => {
    await page.goto(`${server.url}/questionnaire`);
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByLabel('Credit union').check();
    await next.click();
    await page.getByLabel('$500 million – $1 billion').check();
    await next.click();
    await page.getByLabel('NCUA').check();
    await next.click();
    await page.getByLabel('First-lien mortgages').check();
    await page.getByLabel('Home equity loans and lines of credit').check();
    await next.click();
    await page.getByLabel('500 to 1,999').check();
    await next.click();
    await page.getByLabel('Yes').check();
    await next.click();
    await page.getByLabel('Keeping up with new and amended regulations').check();
    await page.getByLabel('Getting rule changes implemented across departments').check();
    await next.click();
    await page.getByLabel('Work email').fill(' Officer@CU.example ');
    await page.getByRole('button', { name: 'See my recommendation' }).click();
    await expect(
      page.getByRole('heading', { name: 'We recommend the Professional plan' }),
    ).toBeVisible();

    const stored = await page.evaluate(() =>
      localStorage.getItem('questionnaire_data_temp_officer@cu.example'),
    );
    expect(JSON.parse(stored ?? 'null')).toMatchObject({
      institutionType: 'credit_union',
      assetsSize: '500m_1b',
      primaryRegulator: 'ncua',
      products: ['first_mortgages', 'home_equity'],
      annualLoanVolume: '500_1999',
      hmdaReporter: 'yes',
      painPoints: ['tracking_changes', 'implementing_changes'],
      recommendedPlan: 'professional',
    });
    await page.getByRole('link', { name: 'Continue with Professional' }).click();
    await page.waitForURL(
      /\/signup\?join=true&plan=professional&billing=monthly&email=officer%40cu\.example/,
    );
    await expect(page.getByLabel('Email')).toHaveValue('officer@cu.example');
  });

  test('validates the contact form, stores the message and delivers it to the team', async ({
    page,
    site: { server, smtp },
  }) => {
    await page.goto(`${server.url}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(await page.getByText('Please choose what your message is about.').isVisible()).toBe(
      true,
    );

    await page.getByLabel('Name').fill('Dana Whitfield');
    await page.getByLabel('Work email').fill('dana@prairie-cu.example');
    await page.getByLabel('Institution').fill('Prairie Federal Credit Union');
    await page.getByLabel('Topic').selectOption('demo');
    await page
      .getByLabel('Message')
      .fill('We would like a walkthrough of the HMDA calendar for our team of four.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const email = await smtp.nextEmail();
    expect(email.to).toEqual([CONTACT_EMAIL]);
    expect(email.body).toContain('Dana Whitfield');
    expect(email.body).toContain('walkthrough of the HMDA calendar');
    expect(email.body).toMatch(/Reply-To: dana@prairie-cu\.example/i);
  });
});

test.describe('cookie consent', () => {
  test.use({ cookieConsent: 'undecided' });

  test('asks on the first visit; Accept All stores the record, hides the banner and loads analytics', async ({
    page,
    site: { server, scripts },
  }) => {
    const before = scripts.requests.length;
    await page.goto(server.url);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(scripts.requests.length).toBe(before);
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      necessary: true,
      analytics: true,
      marketing: true,
      personalization: true,
      version: '1.0',
    });
    await expect.poll(() => scripts.requests.length).toBe(before + 1);
    await expect.poll(() => page.evaluate(() => 'analyticsLoaded' in globalThis)).toBe(true);
    // The choice holds on the next page.
    await page.goto(`${server.url}/features`);
    await waitUntilInteractive(page);
    await expect(banner).toHaveCount(0);
  });

  test('stores Reject All, and loads nothing', async ({ page, site: { server, scripts } }) => {
    const before = scripts.requests.length;
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Reject All' }).click();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    expect(await storedConsent(page)).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      personalization: false,
      version: '1.0',
    });
    await page.reload();
    await waitUntilInteractive(page);
    // A consented script would follow a request for the site's configuration: let the page's
    // requests settle before saying that none was added.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script[data-consent]')).toHaveCount(0);
    expect(scripts.requests.length).toBe(before);
  });

  test('saves the preferences chosen in Customize, and Cookie Settings reopens them', async ({
    page,
    site: { server },
  }) => {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Necessary (always on)')).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel('Personalization').check();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({
      analytics: false,
      marketing: false,
      personalization: true,
    });
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cookie Settings' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Personalization')).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('keeps the choice on the account when the visitor signs up', async ({
    page,
    site: { server },
  }) => {
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await signUpInBrowser(page, server.url, { email: uniqueEmail('consent') });
    await expect
      .poll(async () => {
        const response = await page.request.get(`${server.url}/api/cookie-consent`);
        return response.ok() ? ((await response.json()) as { consent: unknown }).consent : null;
      })
      .toMatchObject({ necessary: true, analytics: true, marketing: true, version: '1.0' });
  });

  test('asks again when the stored choice is older than 365 days or of another version', async ({
    page,
    site: { server },
  }) => {
    await page.goto(server.url);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    for (const record of [
      { timestamp: new Date(Date.now() - 366 * 86_400_000).toISOString(), version: '1.0' },
      { timestamp: new Date().toISOString(), version: '0.9' },
    ]) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: CONSENT_KEY,
        value: JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          personalization: false,
          ...record,
        }),
      });
      await page.reload();
      await expect(banner).toBeVisible();
    }
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: CONSENT_KEY,
      value: JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        personalization: false,
        timestamp: new Date(Date.now() - 364 * 86_400_000).toISOString(),
        version: '1.0',
      }),
    });
    await page.reload();
    await waitUntilInteractive(page);
    await expect(banner).toHaveCount(0);
  });
});

test.describe('small screens', () => {
  test('opens the menu below 768 px and saves screenshots at 375 and 1280 px', async ({
    openPage,
    site: { server },
  }) => {
    for (const width of [375, 1280]) {
      const page = await openPage({ viewport: { width, height: 900 } });
      for (const path of ['/', '/pricing']) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const name = path === '/' ? 'landing' : 'pricing';
        await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
      }
      if (width === 375) {
        const menuButton = page.getByRole('button', { name: 'Open menu' });
        await menuButton.click();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Blog' })
          .click();
        await page.waitForURL(`${server.url}/blog`);
        await expectNoSeriousAxeViolations(page);
      }
      await page.context().close();
    }
  });
});
