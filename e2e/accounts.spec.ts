import type { Page } from '@playwright/test';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { totpCodeFor, totpCodeForSecret } from '../apps/api/test/totp.ts';
import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base } from './support/fixtures.ts';
import {
  E2E_PASSWORD as PASSWORD,
  OPERATOR,
  callApi,
  seedDemoWorkspace,
  signInOperator,
  signInThroughApi,
  signUpInBrowser,
  signUpThroughApi,
  uniqueEmail,
} from './support/journeys.ts';

/*
 * The account journeys on a server of the file's own, whose emails go to a real SMTP receiver.
 * Each test makes the accounts it needs through the API. Sign-ups are limited to 10 an hour from
 * one address: tests that need any member use the demo workspace's, and those that change an
 * account for good (two-factor, password, deletion) sign up their own.
 */
const test = base.extend<{
  accounts: { server: { url: string }; smtp: Awaited<ReturnType<typeof startSmtpReceiver>> };
}>({
  accounts: fileServer(async () => {
    const smtp = await startSmtpReceiver();
    const server = await startE2eServer({ SMTP_URL: smtp.url }).catch(async (error: unknown) => {
      await smtp.close();
      throw error;
    });
    const stop = async () => {
      await server.stop();
      await smtp.close();
    };
    // The operator first, while the server has no user (see signInOperator).
    await signInOperator(server.url).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    return { value: { server, smtp }, stop };
  }),
});

async function signUp(page: Page, url: string, email: string) {
  await signUpInBrowser(page, url, {
    email,
    query: '?join=true&plan=basic&billing=monthly',
  });
  expect(new URL(page.url()).pathname).toBe('/dashboard');
}

async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  await expect(heading(page)).toHaveText('Welcome Back');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutThroughMenu(page: Page, url: string) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${url}/`);
}

test.describe('first-run setup', () => {
  test('creates the first administrator at /database-setup, which then shows system status', async ({
    page,
  }) => {
    // Setup is open only while a server has no user at all: this journey has a server to itself.
    const smtp = await startSmtpReceiver();
    const fresh = await startE2eServer({ SMTP_URL: smtp.url });
    try {
      await page.goto(`${fresh.url}/database-setup`);
      await expect(heading(page)).toHaveText('Set up Complivue');
      await expectNoSeriousAxeViolations(page);
      await page.getByLabel('Full name').fill('Pat Operator');
      await page.getByLabel('Email').fill(OPERATOR.email);
      await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
      await page.getByLabel('Operating organisation').fill(OPERATOR.companyName);
      await page.getByRole('button', { name: 'Create administrator' }).click();
      await expect(heading(page)).toHaveText('System status');
      await expect(page.getByText('Migrations')).toBeVisible();
      await expect(page.getByText(/SMTP: messages are sent/)).toBeVisible();

      await page.getByRole('button', { name: 'Create the demo workspace' }).click();
      const members = page.getByRole('table', { name: 'Demo members and their passwords' });
      await expect(members).toBeVisible();
      await expect(members.getByRole('row')).toHaveCount(4);
      await expect(members).toContainText('Administrator');
      await expectNoSeriousAxeViolations(page);
    } finally {
      await fresh.stop();
      await smtp.close();
    }
  });
});

test.describe('accounts', () => {
  test('signs up a trial user, lands on the dashboard, and closes setup to them', async ({
    page,
    accounts: { server },
  }) => {
    await signUp(page, server.url, uniqueEmail('trial'));
    await expect(heading(page)).toHaveText(/, Dana Reyes$/);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // A trial user: the banner counts the 14 days the sign-up just started.
    await expect(
      page.getByRole('status').filter({ hasText: 'Your free trial ends in 14 days.' }),
    ).toBeVisible();
    await expect(page.getByText('First Community Credit Union')).toBeVisible();
    await expect(page.locator('footer')).toContainText('not legal advice');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${server.url}/database-setup`);
    await expect(page.getByText('Setup is complete. Sign in to continue.')).toBeVisible();
  });

  test('shows the server message in an alert for a wrong password, and toggles the password', async ({
    page,
    pageErrors,
    accounts: { server },
  }) => {
    pageErrors.allow(/status of 401/);
    await signIn(page, server.url, 'nobody@firstcu.org', 'not the password');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    const field = page.getByLabel('Password', { exact: true });
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(field).toHaveAttribute('type', 'password');
    await expectNoSeriousAxeViolations(page);
  });

  test('sends a guest to /login and back to the page they wanted', async ({
    page,
    accounts: { server },
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    // Not the dashboard, where every sign-in lands anyway.
    await page.goto(`${server.url}/notifications`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/notifications`);
  });

  test('signs out: storage cleared, history replaced, the dashboard closed again', async ({
    page,
    accounts: { server },
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, user, page);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByText('System Active')).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
    });
    await signOutThroughMenu(page, server.url);
    expect(
      await page.evaluate(
        () => localStorage.getItem('left-behind') ?? sessionStorage.getItem('left-behind'),
      ),
    ).toBeNull();
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/dashboard');
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/login`);
  });

  test('resets a forgotten password through the emailed link, once', async ({
    page,
    accounts: { server, smtp },
  }) => {
    const { email } = await signUpThroughApi(server.url, { label: 'reset' });

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(heading(page)).toHaveText('Reset your password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/we have sent a link to reset the password/)).toBeVisible();

    const mail = await smtp.nextEmail(email);
    expect(mail.to).toEqual([email]);
    const link = mail.body.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const resetUrl = `${server.url}${new URL(link!).pathname}${new URL(link!).search}`;

    await page.goto(resetUrl);
    await page.getByLabel('New password', { exact: true }).fill('A fresh passphrase 9');
    await page.getByLabel('Confirm new password').fill('A fresh passphrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();

    await signIn(page, server.url, email, 'A fresh passphrase 9');
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(resetUrl);
    await expect(
      page.getByText('This reset link is invalid or has expired. Request a new email.'),
    ).toBeVisible();
    await page.goto(`${server.url}/reset-password`);
    await expect(page.getByText('No session defined in URL')).toBeVisible();
  });

  test('edits the profile and keeps the changes', async ({ page, accounts: { server } }) => {
    const { manager } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, manager, page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(heading(page)).toHaveText('Your profile');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Job title').fill('BSA/AML Officer');
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByLabel('Mentions by email').check();
    await page.getByLabel('Email digest').selectOption('daily');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Job title')).toHaveValue('BSA/AML Officer');
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
    await expect(page.getByLabel('Mentions by email')).toBeChecked();
    await expect(page.getByLabel('Email digest')).toHaveValue('daily');
  });

  test('enrols TOTP on /profile and asks for a code at the next sign-in', async ({
    page,
    accounts: { server },
  }) => {
    const { email } = await signUpThroughApi(server.url, { page, label: 'totp' });
    await page.goto(`${server.url}/profile`);
    await page
      .getByLabel('Confirm your password to set up two-factor authentication')
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
    const secret = (await page
      .locator('#profile-two-factor ~ * code, code')
      .first()
      .textContent())!.trim();
    await page.getByLabel('6-digit code').fill(await totpCodeForSecret(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();

    await signOutThroughMenu(page, server.url);
    await signIn(page, server.url, email, PASSWORD);
    await page.getByLabel('Authentication code').fill(await totpCodeForSecret(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  test("shows 'Access Denied' on /super-admin to a company admin, naming both roles", async ({
    page,
    accounts: { server },
  }) => {
    const { admin } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, admin, page);
    await page.goto(`${server.url}/super-admin`);
    await expect(heading(page)).toHaveText('Access Denied');
    const denied = page.getByRole('region', { name: 'Access Denied' });
    await expect(denied).toContainText('super_admin');
    await expect(denied).toContainText('(admin)');
    await page.locator('#main').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  test('lets the super admin change a role and end a trial; the audit log and the member see it', async ({
    page,
    accounts: { server },
  }) => {
    const { email: memberEmail, institution } = await signUpThroughApi(server.url, {
      label: 'member',
      institution: `Lakeshore Trial Bank ${crypto.randomUUID().slice(0, 6)}`,
    });

    await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Super Admin' }).click();
    await expect(heading(page)).toHaveText('Super Admin');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users by email, name or institution').fill(memberEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^1 result ·/)).toBeVisible();
    const memberRow = page.getByRole('row').filter({ hasText: memberEmail });
    await memberRow.getByLabel(`Role of ${memberEmail}`).selectOption('manager');
    await memberRow.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText(`${memberEmail} is now Manager.`)).toBeVisible();

    await page.getByRole('tab', { name: 'Institutions' }).click();
    await page.getByLabel('Search institutions by name').fill(institution);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^1 result ·/)).toBeVisible();
    const planForm = page.getByRole('form', { name: `Plan of ${institution}` });
    await planForm.getByLabel('Status').selectOption('trialing');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await planForm.getByLabel('Trial ends').fill(yesterday);
    await planForm.getByRole('button', { name: 'Save plan' }).click();
    await expect(page.getByText(`${institution}: plan saved.`)).toBeVisible();

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Search by action, e.g. role.changed').fill('role.changed');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('{"role":"admin"} → {"role":"manager"}')).toBeVisible();

    await signOutThroughMenu(page, server.url);
    await signIn(page, server.url, memberEmail, PASSWORD);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/profile`);
    await expect(heading(page)).toHaveText('Trial Expired');
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  test('deletes the institution from Settings › Data: signed out, and the account is gone', async ({
    page,
    pageErrors,
    accounts: { server },
  }) => {
    pageErrors.allow(/status of 401/);
    const admin = await signUpThroughApi(server.url, { page, label: 'closing' });
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Delete the institution…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${admin.institution}?` });
    const deleteButton = confirm.getByRole('button', { name: 'Delete permanently' });
    await expect(deleteButton).toBeDisabled();
    await confirm.getByLabel(`Type “${admin.institution}” to confirm`).fill(admin.institution);
    await expectNoSeriousAxeViolations(page);
    await deleteButton.click();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/login`);
    await signIn(page, server.url, admin.email, admin.password);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible();
  });

  test('signs out another device from the profile; that browser is sent to sign in', async ({
    page,
    pageErrors,
    openPage,
    accounts: { server },
  }) => {
    const account = await signUpThroughApi(server.url, { page, label: 'devices' });
    const other = await openPage();
    pageErrors.allow(/status of 401/);
    await signInThroughApi(server.url, account, other);
    await other.goto(`${server.url}/dashboard`);
    await expect(other.getByText('System Active')).toBeVisible();

    await page.goto(`${server.url}/profile`);
    const devices = page.getByRole('heading', { name: 'Signed-in devices' }).locator('..');
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousAxeViolations(page);
    await devices.getByRole('button', { name: 'Sign out this device' }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('This device')).toBeVisible();

    await other.goto(`${server.url}/notifications`);
    await other.waitForURL(`${server.url}/login`);
  });

  test('signs in with a backup code, then turns two-factor authentication off with another', async ({
    page,
    accounts: { server },
  }) => {
    const account = await signUpThroughApi(server.url, { label: 'backup' });
    const { totpURI, backupCodes } = await callApi<{ totpURI: string; backupCodes: string[] }>(
      server.url,
      account.cookie,
      'POST',
      '/api/auth/two-factor/enable',
      { password: account.password },
    );
    await callApi(server.url, account.cookie, 'POST', '/api/auth/two-factor/confirm', {
      code: await totpCodeFor(totpURI),
    });

    // The authenticator is out of reach: one of the backup codes signs in instead.
    await signIn(page, server.url, account.email, account.password);
    await page.getByLabel('Authentication code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/profile`);
    const twoFactor = page
      .getByRole('heading', { name: 'Two-factor authentication' })
      .locator('..');
    await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
    await twoFactor.getByLabel('Password', { exact: true }).fill(account.password);
    // Still without the app: another backup code turns it off.
    await twoFactor.getByLabel('Code from your authenticator app').fill(backupCodes[1]!);
    await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
    await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();

    // The next sign-in asks for the password alone.
    await signOutThroughMenu(page, server.url);
    await signIn(page, server.url, account.email, account.password);
    await page.waitForURL(`${server.url}/dashboard`);
  });
});
