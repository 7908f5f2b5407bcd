import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { totpCodeFor, totpCodeForSecret } from '../apps/api/test/totp.ts';
import { startE2eServer } from './support/e2e-server.ts';
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
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';

/*
 * The account journeys on a server of their own, whose emails go to a real SMTP receiver. Each
 * test makes the accounts it needs through the API. Sign-ups are limited to 10 an hour from one
 * address: tests that need any member use the demo workspace's, and those that change an
 * account for good (two-factor, password, deletion) sign up their own.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let session: BrowserSession;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startE2eServer({ SMTP_URL: smtp.url });
  // The operator first, while the server has no user (see signInOperator).
  await signInOperator(server.url);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(async () => {
  session = await openBrowser(server.url);
});
afterEach(() => session.close());

async function heading(page: Page, level = 1): Promise<string> {
  const locator = page.getByRole('heading', { level });
  await locator.first().waitFor();
  return (await locator.first().textContent()) ?? '';
}

async function signUp(page: Page, email: string) {
  await signUpInBrowser(page, server.url, {
    email,
    query: '?join=true&plan=basic&billing=monthly',
  });
  expect(new URL(page.url()).pathname).toBe('/dashboard');
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  expect(await heading(page)).toBe('Welcome Back');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${server.url}/`);
}

describe('first-run setup', () => {
  // Setup is open only while a server has no user at all: this journey has a server to itself.
  let fresh: Awaited<ReturnType<typeof startE2eServer>>;
  beforeAll(async () => {
    fresh = await startE2eServer({ SMTP_URL: smtp.url });
  });
  afterAll(() => fresh?.stop());

  it('creates the first administrator at /database-setup, which then shows system status', async () => {
    const { page } = session;
    await page.goto(`${fresh.url}/database-setup`);
    expect(await heading(page)).toBe('Set up Complivue');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Full name').fill('Pat Operator');
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await page.getByLabel('Operating organisation').fill(OPERATOR.companyName);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect.poll(() => heading(page)).toBe('System status');
    expect(await page.getByText('Migrations').isVisible()).toBe(true);
    expect(await page.getByText(/SMTP: messages are sent/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create the demo workspace' }).click();
    const members = page.getByRole('table', { name: 'Demo members and their passwords' });
    await members.waitFor();
    expect(await members.getByRole('row').count()).toBe(4);
    expect(await members.textContent()).toContain('Administrator');
    await expectNoSeriousAxeViolations(page);
  });
});

describe('accounts', () => {
  it('signs up a trial user, lands on the dashboard, and closes setup to them', async () => {
    const { page } = session;
    await signUp(page, uniqueEmail('trial'));
    await expect.poll(() => heading(page)).toMatch(/, Dana Reyes$/);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // A trial user: the banner counts the 14 days the sign-up just started.
    await page
      .getByRole('status')
      .filter({ hasText: 'Your free trial ends in 14 days.' })
      .waitFor();
    expect(await page.getByText('First Community Credit Union').isVisible()).toBe(true);
    expect(await page.locator('footer').textContent()).toContain('not legal advice');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${server.url}/database-setup`);
    await page.getByText('Setup is complete. Sign in to continue.').waitFor();
  });

  it('shows the server message in an alert for a wrong password, and toggles the password', async () => {
    const { page } = session;
    session.allowConsoleErrors(/status of 401/);
    await signIn(page, 'nobody@firstcu.org', 'not the password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid email or password');
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);

    const field = page.getByLabel('Password', { exact: true });
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field.getAttribute('type')).toBe('password');
    await expectNoSeriousAxeViolations(page);
  });

  it('sends a guest to /login and back to the page they wanted', async () => {
    const { page } = session;
    const { user } = await seedDemoWorkspace(server.url);
    // Not the dashboard, where every sign-in lands anyway.
    await page.goto(`${server.url}/notifications`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/notifications`);
  });

  it('signs out: storage cleared, history replaced, the dashboard closed again', async () => {
    const { page } = session;
    const { user } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, user, page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('System Active').waitFor();
    await page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      sessionStorage.setItem('left-behind', '1');
    });
    await signOutThroughMenu(page);
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

  it('resets a forgotten password through the emailed link, once', async () => {
    const { page } = session;
    const { email } = await signUpThroughApi(server.url, { label: 'reset' });

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => heading(page)).toBe('Reset your password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/we have sent a link to reset the password/).waitFor();

    const mail = await smtp.nextEmail(email);
    expect(mail.to).toEqual([email]);
    const link = mail.body.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const resetUrl = `${server.url}${new URL(link!).pathname}${new URL(link!).search}`;

    await page.goto(resetUrl);
    await page.getByLabel('New password', { exact: true }).fill('A fresh passphrase 9');
    await page.getByLabel('Confirm new password').fill('A fresh passphrase 9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/Your password has been changed/).waitFor();

    await signIn(page, email, 'A fresh passphrase 9');
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(resetUrl);
    await page
      .getByText('This reset link is invalid or has expired. Request a new email.')
      .waitFor();
    await page.goto(`${server.url}/reset-password`);
    await page.getByText('No session defined in URL').waitFor();
  });

  it('edits the profile and keeps the changes', async () => {
    const { page } = session;
    const { manager } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, manager, page);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect.poll(() => heading(page)).toBe('Your profile');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Job title').fill('BSA/AML Officer');
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByLabel('Mentions by email').check();
    await page.getByLabel('Email digest').selectOption('daily');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Job title').inputValue()).toBe('BSA/AML Officer');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/Chicago');
    expect(await page.getByLabel('Mentions by email').isChecked()).toBe(true);
    expect(await page.getByLabel('Email digest').inputValue()).toBe('daily');
  });

  it('enrols TOTP on /profile and asks for a code at the next sign-in', async () => {
    const { page } = session;
    const { email } = await signUpThroughApi(server.url, { page, label: 'totp' });
    await page.goto(`${server.url}/profile`);
    await page
      .getByLabel('Confirm your password to set up two-factor authentication')
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByAltText('QR code for your authenticator app').waitFor();
    const secret = (await page
      .locator('#profile-two-factor ~ * code, code')
      .first()
      .textContent())!.trim();
    await page.getByLabel('6-digit code').fill(await totpCodeForSecret(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-factor authentication is on.').waitFor();

    await signOutThroughMenu(page);
    await signIn(page, email, PASSWORD);
    await page.getByLabel('Authentication code').fill(await totpCodeForSecret(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("shows 'Access Denied' on /super-admin to a company admin, naming both roles", async () => {
    const { page } = session;
    const { admin } = await seedDemoWorkspace(server.url);
    await signInThroughApi(server.url, admin, page);
    await page.goto(`${server.url}/super-admin`);
    await expect.poll(() => heading(page)).toBe('Access Denied');
    const text = await page.getByRole('region', { name: 'Access Denied' }).textContent();
    expect(text).toContain('super_admin');
    expect(text).toContain('(admin)');
    await page.locator('#main').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('lets the super admin change a role and end a trial; the audit log and the member see it', async () => {
    const { page } = session;
    const { email: memberEmail, institution } = await signUpThroughApi(server.url, {
      label: 'member',
      institution: `Lakeshore Trial Bank ${crypto.randomUUID().slice(0, 6)}`,
    });

    await signIn(page, OPERATOR.email, OPERATOR.password);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Super Admin' }).click();
    await expect.poll(() => heading(page)).toBe('Super Admin');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users by email, name or institution').fill(memberEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^1 result ·/).waitFor();
    const memberRow = page.getByRole('row').filter({ hasText: memberEmail });
    await memberRow.getByLabel(`Role of ${memberEmail}`).selectOption('manager');
    await memberRow.getByRole('button', { name: 'Change role' }).click();
    await page.getByText(`${memberEmail} is now Manager.`).waitFor();

    await page.getByRole('tab', { name: 'Institutions' }).click();
    await page.getByLabel('Search institutions by name').fill(institution);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^1 result ·/).waitFor();
    const planForm = page.getByRole('form', { name: `Plan of ${institution}` });
    await planForm.getByLabel('Status').selectOption('trialing');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await planForm.getByLabel('Trial ends').fill(yesterday);
    await planForm.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText(`${institution}: plan saved.`).waitFor();

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Search by action, e.g. role.changed').fill('role.changed');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('{"role":"admin"} → {"role":"manager"}').waitFor();

    await signOutThroughMenu(page);
    await signIn(page, memberEmail, PASSWORD);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => heading(page)).toBe('Trial Expired');
    expect(await page.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/subscription',
    );
  });

  it('deletes the institution from Settings › Data: signed out, and the account is gone', async () => {
    const { page } = session;
    session.allowConsoleErrors(/status of 401/);
    const admin = await signUpThroughApi(server.url, { page, label: 'closing' });
    await page.goto(`${server.url}/settings`);
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Delete the institution…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${admin.institution}?` });
    const deleteButton = confirm.getByRole('button', { name: 'Delete permanently' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel(`Type “${admin.institution}” to confirm`).fill(admin.institution);
    await expectNoSeriousAxeViolations(page);
    await deleteButton.click();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/login`);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
  });

  it('signs out another device from the profile; that browser is sent to sign in', async () => {
    const { page } = session;
    const account = await signUpThroughApi(server.url, { page, label: 'devices' });
    const other = await openBrowser(server.url);
    try {
      other.allowConsoleErrors(/status of 401/);
      await signInThroughApi(server.url, account, other.page);
      await other.page.goto(`${server.url}/dashboard`);
      await other.page.getByText('System Active').waitFor();

      await page.goto(`${server.url}/profile`);
      const devices = page.getByRole('heading', { name: 'Signed-in devices' }).locator('..');
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
      await expectNoSeriousAxeViolations(page);
      await devices.getByRole('button', { name: 'Sign out this device' }).click();
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
      expect(await devices.getByText('This device').isVisible()).toBe(true);

      await other.page.goto(`${server.url}/notifications`);
      await other.page.waitForURL(`${server.url}/login`);
    } finally {
      await other.close();
    }
  });

  it('signs in with a backup code, then turns two-factor authentication off with another', async () => {
    const { page } = session;
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
    await signIn(page, account.email, account.password);
    await page.getByLabel('Authentication code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/profile`);
    const twoFactor = page
      .getByRole('heading', { name: 'Two-factor authentication' })
      .locator('..');
    await twoFactor.getByText('On', { exact: true }).waitFor();
    await twoFactor.getByLabel('Password', { exact: true }).fill(account.password);
    // Still without the app: another backup code turns it off.
    await twoFactor.getByLabel('Code from your authenticator app').fill(backupCodes[1]!);
    await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText('Two-factor authentication is off.').waitFor();
    await twoFactor.getByText('Off', { exact: true }).waitFor();

    // The next sign-in asks for the password alone.
    await signOutThroughMenu(page);
    await signIn(page, account.email, account.password);
    await page.waitForURL(`${server.url}/dashboard`);
  });
});
