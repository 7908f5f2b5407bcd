import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserOptions,
  type BrowserSession,
} from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { signUpInBrowser, uniqueEmail } from './support/journeys.ts';

/**
 * The signed-in frame on its own server, whose first user is the platform operator (created
 * through first-run setup), so that the operator can act on a member and the member's
 * notifications arrive live.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let operatorCookie: string;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startE2eServer();
  const response = await fetch(`${server.url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      email: 'operator@shell.example',
      password: 'Operator passphrase 1',
      fullName: 'Pat Operator',
      companyName: 'Complivue Operations',
    }),
  });
  expect(response.status).toBe(201);
  operatorCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
});
afterAll(() => server?.stop());
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function open(options: BrowserOptions = {}) {
  session = await openBrowser({ baseUrl: server.url, ...options });
  return session;
}

async function signUpAdmin(page: BrowserSession['page']) {
  await signUpInBrowser(page, server.url, { email: uniqueEmail('shell') });
  await page.waitForURL(`${server.url}/dashboard`);
  await page.getByText('System Active').waitFor();
}

describe('app shell and dashboard', () => {
  it('shows the dashboard figures, keeps the sidebar collapsed across reloads and hides Super Admin', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await signUpAdmin(page);
    for (const text of [
      'Compliance score',
      'Active Alerts',
      'Upcoming Deadlines',
      'Team Activity',
    ]) {
      await page.getByRole('heading', { name: text }).waitFor();
    }
    expect(await page.getByText('Actions this week').isVisible()).toBe(true);
    expect(await page.getByText('Next 30 days', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText('Start Here').isVisible()).toBe(true);
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getByRole('link', { name: 'Super Admin' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(280);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(80);
    await page.reload();
    await page.getByText('System Active').waitFor();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(80);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(280);
  });

  it('delivers a notification live and lowers the badge when it is read', async () => {
    const { page } = await open();
    await signUpAdmin(page);
    const me = (await (await page.request.get(`${server.url}/api/auth/session`)).json()) as {
      user: { id: string };
    };
    const changed = await fetch(`${server.url}/api/users/${me.user.id}/role`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: operatorCookie, origin: server.url },
      body: JSON.stringify({ role: 'manager' }),
    });
    expect(changed.status).toBe(200);
    // No reload: the event arrives over the stream.
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('menuitem', { name: /Your role is now Manager/ }).click();
    await expect.poll(() => page.getByTestId('notification-badge').count()).toBe(0);
    await page.goto(`${server.url}/notifications`);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByText('0 unread').waitFor();
    expect(await page.getByText('Your role is now Manager').isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it('works at 375 px with the sidebar as a drawer', async () => {
    const { page } = await open({ viewport: { width: 375, height: 812 } });
    await signUpAdmin(page);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(`${server.url}/notifications`);
    await expectNoSeriousAxeViolations(page);
  });
});
