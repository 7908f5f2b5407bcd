import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { seedDemoWorkspace, type DemoMember } from './support/journeys.ts';

/** `/qa-test`: the self-check page, for administrators, without the app's frame. */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let members: Awaited<ReturnType<typeof seedDemoWorkspace>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  server = await startE2eServer();
  members = await seedDemoWorkspace(server.url);
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

/** A browser whose context holds the member's session, signed in through the API. */
async function signedInThroughApi(member: DemoMember): Promise<Page> {
  const session = await openBrowser({
    baseUrl: server.url,
    viewport: { width: 1280, height: 900 },
  });
  sessions.push(session);
  const response = await session.page.request.post(`${server.url}/api/auth/sign-in`, {
    data: { email: member.email, password: member.password },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(200);
  return session.page;
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

describe('self-check page', () => {
  it('shows an administrator the checks with their statuses, runs them again, and is accessible', async () => {
    const page = await signedInThroughApi(members.admin);
    await page.goto(`${server.url}/qa-test`);
    await page.getByRole('heading', { level: 1, name: 'System self-check' }).waitFor();
    // No layout: neither the sidebar nor the app's header.
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);

    for (const title of [
      'Database reachable',
      'Database migrations current',
      'File storage writable and readable',
      'Realtime notifications delivering',
      'Plan features in the database match the published plans',
    ]) {
      await row(page, title).getByText('Pass', { exact: true }).waitFor();
    }
    // The server runs without SMTP here: the outbox mode is a warning, with where to go.
    const email = row(page, 'Email delivery');
    await email.getByText('Warning', { exact: true }).waitFor();
    expect(
      await email.getByRole('link', { name: /Tell the platform operator/ }).getAttribute('href'),
    ).toBe('/support');
    // The institution's own configuration is there too.
    await row(page, 'Administrators use two-factor authentication').waitFor();

    const checkedAt = page.getByTestId('checked-at');
    const first = await checkedAt.getAttribute('datetime');
    await page.getByRole('button', { name: 'Run checks again' }).click();
    await expect
      .poll(() => checkedAt.getAttribute('datetime'), { timeout: 20_000 })
      .not.toBe(first);
    await page.getByRole('button', { name: 'Run checks again' }).waitFor();
    await expectNoSeriousAxeViolations(page);
  });

  it('denies a plain user', async () => {
    const page = await signedInThroughApi(members.user);
    await page.goto(`${server.url}/qa-test`);
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('region', { name: 'Access Denied' }).textContent()).toContain(
      'Your current role is User (user)',
    );
    expect(await page.getByRole('heading', { name: 'System self-check' }).count()).toBe(0);
  });
});
