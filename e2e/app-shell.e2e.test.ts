import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserOptions,
  type BrowserSession,
} from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  E2E_PASSWORD,
  callApi,
  onboardingDialog,
  seedDemoWorkspace,
  signInInBrowser,
  signInOperator,
  signUpInBrowser,
  signUpThroughApi,
  uniqueEmail,
} from './support/journeys.ts';

/**
 * The signed-in frame on its own server, whose first user is the platform operator (created
 * through first-run setup), so that the operator can act on a member and the member's
 * notifications arrive live.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startE2eServer();
  // The operator first, while the server has no user (see signInOperator).
  await signInOperator(server.url);
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
    await callApi(
      server.url,
      await signInOperator(server.url),
      'PATCH',
      `/api/users/${me.user.id}/role`,
      {
        role: 'manager',
      },
    );
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

  it('marks every notification read from the bell, and the badge goes away', async () => {
    const { page } = await open();
    const account = await signUpThroughApi(server.url, { page, label: 'unread' });
    // Two notifications of the kind anyone gets: the operator changes their role twice.
    for (const role of ['manager', 'admin']) {
      await callApi(
        server.url,
        await signInOperator(server.url),
        'PATCH',
        `/api/users/${account.userId}/role`,
        {
          role,
        },
      );
    }
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await page.getByRole('menuitem', { name: 'Mark all read' }).click();
    await expect.poll(() => page.getByTestId('notification-badge').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/notifications`);
    await page.getByText('0 unread').waitFor();
    expect(await page.getByText('Your role is now Administrator').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Mark “.*” read$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
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

  it('opens a header menu clicked before its code arrived, and gives focus back on Escape', async () => {
    const { page } = await open();
    // The menus' code loads after the first paint; hold it back to be the fastest hand.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/account-menu-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signUpAdmin(page);
    const account = page.getByRole('button', { name: /account menu/i });
    await account.click();
    expect(await page.getByRole('menuitem', { name: 'Log out' }).count()).toBe(0);
    release();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor({ state: 'detached' });
    expect(await account.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('walks a new account through onboarding once, and not again after sign-out', async () => {
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    const email = uniqueEmail('onboarding');
    await signUpInBrowser(page, server.url, { email, onboarding: 'keep' });
    const wizard = onboardingDialog(page);
    await wizard.getByText('Step 1 of 4').waitFor();
    await expectNoSeriousAxeViolations(page);
    await wizard.getByLabel('Job title').fill('Chief Compliance Officer');
    await wizard.getByRole('button', { name: 'Save and continue' }).click();

    await wizard.getByText('Step 2 of 4').waitFor();
    // A credit union starts without CRA, which does not apply to it.
    expect(
      await wizard.getByRole('checkbox', { name: /Community Reinvestment Act/ }).isChecked(),
    ).toBe(false);
    expect(
      await wizard.getByRole('checkbox', { name: /Home Mortgage Disclosure Act/ }).isChecked(),
    ).toBe(true);
    await wizard.getByRole('button', { name: 'Save and continue' }).click();
    await wizard.getByText('Choose an asset size').waitFor();
    await wizard.getByLabel('Total assets').selectOption('500m_1b');
    await wizard.getByLabel('Primary regulator').selectOption('ncua');
    await expectNoSeriousAxeViolations(page);
    await wizard.getByRole('button', { name: 'Save and continue' }).click();

    await wizard.getByText('Step 3 of 4').waitFor();
    await wizard.getByRole('button', { name: 'Later' }).click();
    await wizard.getByText('Step 4 of 4').waitFor();
    await wizard.getByRole('button', { name: /Go to your dashboard/ }).click();
    await wizard.waitFor({ state: 'detached' });
    // What is left of setting up stays on the dashboard.
    await page.getByText('2 of 3 steps done').waitFor();
    expect(
      await page.getByRole('link', { name: 'Turn on two-factor authentication' }).isVisible(),
    ).toBe(true);
    const company = (await (await page.request.get(`${server.url}/api/company`)).json()) as {
      primaryRegulator: string;
      regulationAreas: string[];
    };
    expect(company.primaryRegulator).toBe('ncua');
    expect(company.regulationAreas).not.toContain('cra');

    await page.reload();
    await page.getByText('System Active').waitFor();
    expect(await wizard.count()).toBe(0);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);
    await signInInBrowser(page, server.url, { email, password: E2E_PASSWORD });
    await page.getByText('2 of 3 steps done').waitFor();
    expect(await wizard.count()).toBe(0);
  });

  it('shows a demo member the demo figures, without the Super Admin item', async () => {
    const { user } = await seedDemoWorkspace(server.url);
    const { page } = await open({ viewport: { width: 1280, height: 900 } });
    await signInInBrowser(page, server.url, user);
    await page.getByText('Demo Community Credit Union').first().waitFor();
    // The demo's dashboard (docs/product.md § Dashboard): 3 alerts of which 2 high priority.
    await page.getByText('2 high priority').waitFor();
    expect(await page.getByTestId('notification-badge').textContent()).toBe('3');
    expect(await onboardingDialog(page).count()).toBe(0);
    expect(
      await page.getByTestId('sidebar').getByRole('link', { name: 'Super Admin' }).count(),
    ).toBe(0);
    await expectNoSeriousAxeViolations(page);
  });
});
