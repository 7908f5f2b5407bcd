import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import {
  callApi,
  payThroughSandbox,
  signInOperator,
  signUpInBrowser,
  signUpThroughApi,
  uniqueEmail,
} from './support/journeys.ts';

test.describe('plans and payment (sandbox)', () => {
  test('takes a professional sign-up through the test checkout to an active plan', async ({
    page,
    baseUrl,
  }) => {
    await signUpInBrowser(page, baseUrl, {
      email: uniqueEmail('pro'),
      query: '?plan=professional&billing=annual',
    });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/checkout?plan=professional&billing=annual',
    );
    await expect(page.getByText('$2,868')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText(/Test checkout — no charge/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL((url) => url.pathname === '/success');
    await expect(
      page.getByRole('heading', { name: 'Your Professional plan is active' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'View your subscription' }).click();
    await expect(heading(page)).toHaveText('Subscription');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Professional', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test("shows 'Invalid plan' for an unknown plan", async ({ page, baseUrl }) => {
    await signUpInBrowser(page, baseUrl, { email: uniqueEmail('invalid') });
    await page.goto(`${baseUrl}/checkout?plan=platinum&billing=monthly`);
    await expect(page.getByText('Invalid plan: platinum')).toBeVisible();
  });

  test("shows 'Subscription Required' on /profile to a company waiting for payment", async ({
    page,
    baseUrl,
  }) => {
    await signUpInBrowser(page, baseUrl, {
      email: uniqueEmail('pending'),
      query: '?plan=enterprise&billing=monthly',
    });
    await page.goto(`${baseUrl}/profile`);
    await expect(heading(page)).toHaveText('Subscription Required');
    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await expect(heading(page)).toHaveText('Subscription');
    await expect(page.getByText('Waiting for payment')).toBeVisible();
  });

  test('changes a paid plan, then cancels it at the end of the period', async ({
    page,
    baseUrl,
  }) => {
    await signUpThroughApi(baseUrl, { page, label: 'changer', plan: 'professional' });
    await payThroughSandbox(baseUrl, page, 'professional');
    await page.goto(`${baseUrl}/subscription`);
    await expect(page.getByRole('heading', { name: 'Manage your plan' })).toBeVisible();
    await expect(page.getByText('Professional', { exact: true })).toBeVisible();

    await page.getByLabel('Change plan').selectOption({ label: 'Enterprise, monthly ($499)' });
    await page.getByRole('button', { name: 'Change plan' }).click();
    await expect(page.getByText('Your plan has been changed.')).toBeVisible();
    await expect(page.getByText('Enterprise', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'End your subscription?' });
    await expectNoSeriousAxeViolations(page);
    // Keeping the plan closes the question and changes nothing.
    await confirm.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await confirm.getByRole('button', { name: 'End my subscription' }).click();
    await expect(
      page.getByText('Your subscription will end with the current period.'),
    ).toBeVisible();
    const notice = page.getByText(/^Your subscription ends on .+ and will not renew\.$/);
    await expect(notice).toBeVisible();
    // Until then the plan is still the institution's.
    await page.reload();
    await expect(notice).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel at the end of the period' })).toHaveCount(
      0,
    );
  });
  test('lets the administrator of a lapsed institution take its data from the subscription page', async ({
    page,
    pageErrors,
    baseUrl,
  }) => {
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
    await expect(heading(page)).toHaveText('Trial Expired');
    // ...but leaving with its records never needs one.
    await page.goto(`${baseUrl}/subscription`);
    await expect(page.getByRole('heading', { name: 'Your institution’s data' })).toBeVisible();
    const download = page.getByRole('link', { name: 'Download all data (ZIP)' });
    const exported = await page.request.get(
      new URL((await download.getAttribute('href'))!, baseUrl).href,
    );
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toContain('application/zip');
    await expect(page.getByRole('button', { name: 'Delete the institution…' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Search is the product's too: the palette says why it finds nothing.
    pageErrors.allow(/status of 403/);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox').fill('escrow');
    await expect(palette.getByText(/^Your 14-day free trial has ended\./)).toBeVisible();
  });
});
