import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';
import {
  callApi,
  headingText,
  payThroughSandbox,
  signInOperator,
  signUpInBrowser,
  signUpThroughApi,
  uniqueEmail,
} from './support/journeys.ts';

describe('plans and payment (sandbox)', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(() => session.close());

  it('takes a professional sign-up through the test checkout to an active plan', async () => {
    const { page, baseUrl } = session;
    await signUpInBrowser(page, baseUrl, {
      email: uniqueEmail('pro'),
      query: '?plan=professional&billing=annual',
    });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/checkout?plan=professional&billing=annual',
    );
    await page.getByText('$2,868').waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText(/Test checkout — no charge/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/success');
    await page.getByRole('heading', { name: 'Your Professional plan is active' }).waitFor();

    await page.getByRole('link', { name: 'View your subscription' }).click();
    await expect.poll(() => headingText(page)).toBe('Subscription');
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByText('Professional', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it("shows 'Invalid plan' for an unknown plan", async () => {
    const { page, baseUrl } = session;
    await signUpInBrowser(page, baseUrl, { email: uniqueEmail('invalid') });
    await page.goto(`${baseUrl}/checkout?plan=platinum&billing=monthly`);
    await page.getByText('Invalid plan: platinum').waitFor();
  });

  it("shows 'Subscription Required' on /profile to a company waiting for payment", async () => {
    const { page, baseUrl } = session;
    await signUpInBrowser(page, baseUrl, {
      email: uniqueEmail('pending'),
      query: '?plan=enterprise&billing=monthly',
    });
    await page.goto(`${baseUrl}/profile`);
    await expect.poll(() => headingText(page)).toBe('Subscription Required');
    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await expect.poll(() => headingText(page)).toBe('Subscription');
    await page.getByText('Waiting for payment').waitFor();
  });

  it('changes a paid plan, then cancels it at the end of the period', async () => {
    const { page, baseUrl } = session;
    await signUpThroughApi(baseUrl, { page, label: 'changer', plan: 'professional' });
    await payThroughSandbox(baseUrl, page, 'professional');
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('heading', { name: 'Manage your plan' }).waitFor();
    expect(await page.getByText('Professional', { exact: true }).isVisible()).toBe(true);

    await page.getByLabel('Change plan').selectOption({ label: 'Enterprise, monthly ($499)' });
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByText('Your plan has been changed.').waitFor();
    await page.getByText('Enterprise', { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'End your subscription?' });
    await expectNoSeriousAxeViolations(page);
    // Keeping the plan closes the question and changes nothing.
    await confirm.getByRole('button', { name: 'Keep my plan' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await confirm.getByRole('button', { name: 'End my subscription' }).click();
    await page.getByText('Your subscription will end with the current period.').waitFor();
    const notice = page.getByText(/^Your subscription ends on .+ and will not renew\.$/);
    await notice.waitFor();
    // Until then the plan is still the institution's.
    await page.reload();
    await notice.waitFor();
    expect(await page.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(
      await page.getByRole('button', { name: 'Cancel at the end of the period' }).count(),
    ).toBe(0);
  });
  it('lets the administrator of a lapsed institution take its data from the subscription page', async () => {
    const { page, baseUrl } = session;
    const account = await signUpThroughApi(baseUrl, { page, label: 'lapsed' });
    await callApi(
      baseUrl,
      await signInOperator(baseUrl),
      'PUT',
      `/api/admin/companies/${account.companyId}/subscription`,
      {
        planName: 'trial',
        status: 'expired',
        trialEnd: new Date(Date.now() - 86_400_000).toISOString(),
      },
    );
    // Settings is closed to an institution without a plan...
    await page.goto(`${baseUrl}/settings`);
    await expect.poll(() => headingText(page)).toBe('Trial Expired');
    // ...but leaving with its records never needs one.
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('heading', { name: 'Your institution’s data' }).waitFor();
    const download = page.getByRole('link', { name: 'Download all data (ZIP)' });
    const exported = await page.request.get(
      new URL((await download.getAttribute('href'))!, baseUrl).href,
    );
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toContain('application/zip');
    await page.getByRole('button', { name: 'Delete the institution…' }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // Search is the product's too: the palette says why it finds nothing.
    session.allowConsoleErrors(/status of 403/);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox').fill('escrow');
    await palette.getByText(/^Your 14-day free trial has ended\./).waitFor();
  });
});
