import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  createOperator,
  headingText,
  seedDemoWorkspace,
  signInInBrowser,
  type DemoMember,
} from './support/journeys.ts';

/** Team management on the demo workspace: its admin, manager and user. */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let operatorCookie: string;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  server = await startE2eServer();
  operatorCookie = await createOperator(server.url);
});
afterAll(() => server?.stop());
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function signedIn(member: DemoMember) {
  const session = await openBrowser({
    baseUrl: server.url,
    viewport: { width: 1280, height: 900 },
  });
  sessions.push(session);
  await signInInBrowser(session.page, server.url, member);
  return session;
}

describe('team management', () => {
  it("shows 'Access Denied' on /users/team to a user-role member, naming admin and user", async () => {
    const { user } = await seedDemoWorkspace(server.url, operatorCookie);
    const { page } = await signedIn(user);
    await page.goto(`${server.url}/users/team`);
    await expect.poll(() => headingText(page)).toBe('Access Denied');
    const text = await page.getByRole('region', { name: 'Access Denied' }).textContent();
    expect(text).toContain('(admin)');
    expect(text).toContain('(user)');
  });

  it('lets the admin change a role, see it in User Activity, and read the access matrix', async () => {
    const { admin, user } = await seedDemoWorkspace(server.url, operatorCookie);
    const { page } = await signedIn(admin);
    await page.goto(`${server.url}/users/team`);
    await page.getByRole('heading', { name: 'Team Members' }).waitFor();
    await page.getByText('3 of 25 seats in use').waitFor();
    await expectNoSeriousAxeViolations(page);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.getByLabel(`Role of ${user.email}`).selectOption('manager');
    await row.getByRole('button', { name: 'Change role' }).click();
    await page.getByText(`${user.email} is now Manager.`).waitFor();

    await page.getByTestId('sidebar').getByRole('link', { name: 'User Activity' }).click();
    await page.getByRole('heading', { name: 'User Activity' }).waitFor();
    await page.getByLabel('Action', { exact: true }).selectOption('role.changed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('cell', { name: 'role: user → manager' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Changed a role' }).count()).toBe(1);
    const csv = await page.request.get(
      `${server.url}${await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')}`,
    );
    expect(await csv.text()).toContain('Changed a role,role.changed');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${server.url}/users/roles`);
    await page.getByRole('heading', { name: 'Roles & Permissions' }).waitFor();
    expect(await page.getByLabel('Users (team, roles, activity), Manager: no').count()).toBe(1);
    expect(await page.getByLabel('Users (team, roles, activity), Administrator: yes').count()).toBe(
      1,
    );
    await expectNoSeriousAxeViolations(page);
  });

  it('deactivates a member: their open session ends and they cannot sign in', async () => {
    const { admin, manager } = await seedDemoWorkspace(server.url, operatorCookie);
    const member = await signedIn(manager);
    member.allowConsoleErrors(/status of 40[13]/);
    const memberPage = member.page;
    const { page: adminPage } = await signedIn(admin);
    await adminPage.goto(`${server.url}/users/team`);
    const row = adminPage.getByRole('row').filter({ hasText: manager.email });
    await row.getByRole('button', { name: /^Deactivate / }).click();
    const confirm = adminPage.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated').waitFor();

    // The member's next request is refused: the app sends them to sign in.
    await memberPage.goto(`${server.url}/notifications`);
    await memberPage.waitForURL(`${server.url}/login`);
    await memberPage.getByLabel('Email').fill(manager.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(manager.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await memberPage
      .getByText('This account has been deactivated. Contact your institution’s administrator.')
      .waitFor();
  });
});
