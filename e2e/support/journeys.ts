import type { Page } from 'playwright-core';

export const E2E_PASSWORD = 'Examiner-ready 2026';

export const uniqueEmail = (label: string) =>
  `${label}-${crypto.randomUUID().slice(0, 8)}@firstcu.org`;

/**
 * Signs up through the form; resolves once the app has navigated away from /signup. A new
 * account landing on the dashboard meets the onboarding wizard, which is skipped unless the
 * test wants it (`onboarding: 'keep'`).
 */
export async function signUpInBrowser(
  page: Page,
  baseUrl: string,
  options: { email: string; query?: string; institution?: string; onboarding?: 'skip' | 'keep' },
) {
  await page.goto(`${baseUrl}/signup${options.query ?? ''}`);
  await page.getByLabel('Full name').fill('Dana Reyes');
  await page.getByLabel('Work email').fill(options.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page
    .getByLabel('Institution name')
    .fill(options.institution ?? 'First Community Credit Union');
  await page.getByLabel('Institution type').selectOption('credit_union');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/signup');
  if (options.onboarding !== 'keep' && new URL(page.url()).pathname === '/dashboard') {
    await skipOnboarding(page);
  }
}

export const onboardingDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Welcome to Complivue' });

/** Dismisses the onboarding wizard; resolves once the server has recorded it. */
export async function skipOnboarding(page: Page) {
  const dialog = onboardingDialog(page);
  await dialog.getByRole('button', { name: 'Skip for now' }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function headingText(page: Page, level = 1): Promise<string> {
  const locator = page.getByRole('heading', { level }).first();
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

/** First-run setup through the API: the platform operator, and their session cookie. */
export async function createOperator(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: 'operator@complivue.example',
      password: 'Operator passphrase 1',
      fullName: 'Pat Operator',
      companyName: 'Complivue Operations',
    }),
  });
  if (response.status !== 201) throw new Error(`setup failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export interface DemoMember {
  role: 'user' | 'manager' | 'admin';
  email: string;
  password: string;
}

/** Creates (or resets) the demo workspace as the operator; its members with new passwords. */
export async function seedDemoWorkspace(baseUrl: string, operatorCookie: string) {
  const response = await fetch(`${baseUrl}/api/setup/demo-workspace`, {
    method: 'POST',
    headers: { cookie: operatorCookie, origin: baseUrl },
  });
  if (response.status !== 201) throw new Error(`demo seed failed: ${response.status}`);
  const { members } = (await response.json()) as { members: DemoMember[] };
  const byRole = (role: DemoMember['role']) => members.find((member) => member.role === role)!;
  return { admin: byRole('admin'), manager: byRole('manager'), user: byRole('user') };
}

/** Signs in through /login; resolves on the dashboard. */
export async function signInInBrowser(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string },
) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}
