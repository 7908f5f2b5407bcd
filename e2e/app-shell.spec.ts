import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base } from './support/fixtures.ts';
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
 * The signed-in frame on a server of the file's own, whose first user is the platform operator
 * (created through first-run setup), so that the operator can act on a member and the member's
 * notifications arrive live.
 */
const test = base.extend<{ server: { url: string } }>({
  server: fileServer(async () => {
    const server = await startE2eServer();
    // The operator first, while the server has no user (see signInOperator).
    await signInOperator(server.url).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return { value: server, stop: () => server.stop() };
  }),
});

async function signUpAdmin(page: Page, url: string) {
  await signUpInBrowser(page, url, { email: uniqueEmail('shell') });
  await page.waitForURL(`${url}/dashboard`);
  await expect(page.getByText('System Active')).toBeVisible();
}

test.describe('app shell and dashboard', () => {
  test('shows the dashboard figures, keeps the sidebar collapsed across reloads and hides Super Admin', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpAdmin(page, server.url);
    for (const text of [
      'Compliance score',
      'Active Alerts',
      'Upcoming Deadlines',
      'Team Activity',
    ]) {
      await expect(page.getByRole('heading', { name: text })).toBeVisible();
    }
    await expect(page.getByText('Actions this week')).toBeVisible();
    await expect(page.getByText('Next 30 days', { exact: false })).toBeVisible();
    await expect(page.getByText('Start Here')).toBeVisible();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: 'Super Admin' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(280);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(80);
    await page.reload();
    await expect(page.getByText('System Active')).toBeVisible();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(80);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(280);
  });

  test('delivers a notification live and lowers the badge when it is read', async ({
    page,
    server,
  }) => {
    await signUpAdmin(page, server.url);
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
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('menuitem', { name: /Your role is now Manager/ }).click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await page.goto(`${server.url}/notifications`);
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('0 unread')).toBeVisible();
    await expect(page.getByText('Your role is now Manager')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('marks every notification read from the bell, and the badge goes away', async ({
    page,
    server,
  }) => {
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
    await expect(page.getByTestId('notification-badge')).toHaveText('2');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await page.getByRole('menuitem', { name: 'Mark all read' }).click();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/notifications`);
    await expect(page.getByText('0 unread')).toBeVisible();
    await expect(page.getByText('Your role is now Administrator')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Mark “.*” read$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  test('works at 375 px with the sidebar as a drawer', async ({ page, server }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpAdmin(page, server.url);
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL(`${server.url}/notifications`);
    await expectNoSeriousAxeViolations(page);
  });

  test('tells a signed-in member a page does not exist, in the app, with a way back', async ({
    page,
    pageErrors,
    server,
  }) => {
    // The browser's own line for the document's 404, which is the answer on purpose.
    pageErrors.allow(/status of 404/);
    await signUpAdmin(page, server.url);
    const response = await page.goto(`${server.url}/reports/quarterly-overview`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    // A website page is still the website's.
    await page.goto(`${server.url}/pricing`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  });

  test('opens a header menu clicked before its code arrived, and gives focus back on Escape', async ({
    page,
    server,
  }) => {
    // The menus' code loads after the first paint; hold it back to be the fastest hand.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/account-menu-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signUpAdmin(page, server.url);
    const account = page.getByRole('button', { name: /account menu/i });
    await account.click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
    release();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
    await expect(account).toBeFocused();
  });

  test('walks a new account through onboarding once, and not again after sign-out', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = uniqueEmail('onboarding');
    await signUpInBrowser(page, server.url, { email, onboarding: 'keep' });
    const wizard = onboardingDialog(page);
    await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await wizard.getByLabel('Job title').fill('Chief Compliance Officer');
    await wizard.getByRole('button', { name: 'Save and continue' }).click();

    await expect(wizard.getByText('Step 2 of 4')).toBeVisible();
    // A credit union starts without CRA, which does not apply to it.
    await expect(
      wizard.getByRole('checkbox', { name: /Community Reinvestment Act/ }),
    ).not.toBeChecked();
    await expect(
      wizard.getByRole('checkbox', { name: /Home Mortgage Disclosure Act/ }),
    ).toBeChecked();
    await wizard.getByRole('button', { name: 'Save and continue' }).click();
    await expect(wizard.getByText('Choose an asset size')).toBeVisible();
    await wizard.getByLabel('Total assets').selectOption('500m_1b');
    await wizard.getByLabel('Primary regulator').selectOption('ncua');
    await expectNoSeriousAxeViolations(page);
    await wizard.getByRole('button', { name: 'Save and continue' }).click();

    await expect(wizard.getByText('Step 3 of 4')).toBeVisible();
    await wizard.getByRole('button', { name: 'Later' }).click();
    await expect(wizard.getByText('Step 4 of 4')).toBeVisible();
    await wizard.getByRole('button', { name: /Go to your dashboard/ }).click();
    await expect(wizard).toHaveCount(0);
    // What is left of setting up stays on the dashboard.
    await expect(page.getByText('2 of 3 steps done')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Turn on two-factor authentication' }),
    ).toBeVisible();
    const company = (await (await page.request.get(`${server.url}/api/company`)).json()) as {
      primaryRegulator: string;
      regulationAreas: string[];
    };
    expect(company.primaryRegulator).toBe('ncua');
    expect(company.regulationAreas).not.toContain('cra');

    await page.reload();
    await expect(page.getByText('System Active')).toBeVisible();
    await expect(wizard).toHaveCount(0);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);
    await signInInBrowser(page, server.url, { email, password: E2E_PASSWORD });
    await expect(page.getByText('2 of 3 steps done')).toBeVisible();
    await expect(wizard).toHaveCount(0);
  });

  test('leads with what is overdue, and every dashboard number opens a list as long as the number', async ({
    page,
    server,
  }) => {
    const { user, admin } = await seedDemoWorkspace(server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInInBrowser(page, server.url, user);
    const dashboard = page.url();
    /** The number a figure's link stands for, from its label ("Active Alerts: 3, open the list"). */
    const figure = async (name: string) => {
      const link = page.getByRole('link', { name: new RegExp(`^${name}: \\d+, open the list$`) });
      const label = await link.getAttribute('aria-label');
      return { link, count: Number(/: (\d+),/.exec(label ?? '')?.[1]) };
    };

    // "Needs action" comes before the figures, each overdue item with its owner and due date.
    const needsAction = page.getByRole('heading', { name: 'Needs action' });
    const figures = page.getByRole('heading', { name: 'Compliance score' });
    expect((await needsAction.boundingBox())!.y).toBeLessThan((await figures.boundingBox())!.y);
    const overdue = await figure('Overdue deadlines');
    expect(overdue.count).toBeGreaterThan(0);
    const firstOverdue = page
      .getByRole('region', { name: /^Overdue deadlines/ })
      .getByRole('listitem')
      .first();
    await expect(firstOverdue).toContainText(
      /Due [A-Z][a-z]{2} \d{1,2}, \d{4} · (Owner: |No owner)/,
    );
    await expect(firstOverdue).toContainText(/Overdue by \d+ days?/);
    await expect(
      page.getByText('No open change is past its due date or has an overdue task.'),
    ).toBeVisible();
    // No regulatory change has touched the demo's approved policies since their approval.
    const toReview = await figure('Policies to review after a regulatory change');
    expect(toReview.count).toBe(0);
    await expect(
      page.getByText("No update or change since a policy's approval cites a section it covers."),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await overdue.link.click();
    const overdueList = page.getByRole('region', { name: /^Overdue \(/ });
    await expect(overdueList.getByRole('heading')).toHaveText(`Overdue (${overdue.count})`);
    await expect(overdueList.getByRole('listitem')).toHaveCount(overdue.count);
    await expect(page.getByRole('heading', { name: /^Upcoming/ })).toHaveCount(0);

    await page.goto(dashboard);
    const upcoming = await figure('Upcoming Deadlines');
    expect(upcoming.count).toBe(5);
    await upcoming.link.click();
    const upcomingList = page.getByRole('region', { name: /^Upcoming: the next 30 days/ });
    await expect(upcomingList.getByRole('heading')).toHaveText(
      `Upcoming: the next 30 days (${upcoming.count})`,
    );
    await expect(upcomingList.getByRole('listitem')).toHaveCount(upcoming.count);

    await page.goto(dashboard);
    const alerts = await figure('Active Alerts');
    expect(alerts.count).toBe(3);
    await alerts.link.click();
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
    ).toHaveCount(alerts.count);
    await page.goBack();
    await page.getByRole('link', { name: '2 high priority' }).click();
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
    ).toHaveCount(2);

    // The compliance score opens the library, whose table counts the rules it is made of:
    // compliant ÷ (compliant + needs review + non-compliant), of the rules that apply.
    /** The library table's sums: [apply, assessed, compliant, needs review, non-compliant]. */
    const libraryTotals = () =>
      page
        .getByRole('table', { name: /^Articles of the compliance library/ })
        .locator('tbody tr')
        .evaluateAll((rows) =>
          [2, 3, 4, 5, 6].map((column) =>
            rows.reduce(
              (sum, row) => sum + Number.parseInt(row.children[column]?.textContent ?? '', 10),
              0,
            ),
          ),
        );
    const percent = (part: number, whole: number) => Math.round((part / whole) * 100);
    await page.goto(dashboard);
    const scoreLink = page.getByRole('link', { name: /^Compliance score: \d+%, open the list$/ });
    const score = Number(/: (\d+)%/.exec((await scoreLink.getAttribute('aria-label')) ?? '')?.[1]);
    await scoreLink.click();
    await expect(page.getByRole('region', { name: 'Your compliance status' })).toContainText(
      `${score}%`,
    );
    await expect
      .poll(async () => {
        const [, , compliant = 0, review = 0, failing = 0] = await libraryTotals();
        return percent(compliant, compliant + review + failing);
      })
      .toBe(score);

    // An area tile ("92% · 12 of 13 rules assessed") opens that area's articles, whose rules
    // are the ones it counts.
    await page.goto(dashboard);
    const tile = page
      .getByRole('heading', { name: 'Compliance Status Overview' })
      .locator('xpath=..')
      .getByRole('listitem')
      .first();
    const [, areaScore, assessed, applicable] = /(\d+)% · (\d+) of (\d+) rules assessed/.exec(
      (await tile.textContent()) ?? '',
    )!;
    await tile.getByRole('link').click();
    await page.waitForURL(/\/compliance\?area=/);
    await expect
      .poll(async () => {
        const [apply, done, compliant = 0, review = 0, failing = 0] = await libraryTotals();
        return [apply, done, percent(compliant, compliant + review + failing)];
      })
      .toEqual([Number(applicable), Number(assessed), Number(areaScore)]);

    // User Activity is the administrators' page.
    await page.context().clearCookies();
    await signInInBrowser(page, server.url, admin);
    const activity = await figure('Team Activity');
    expect(activity.count).toBeGreaterThan(0);
    await activity.link.click();
    await expect(
      page.getByRole('table', { name: 'Activity entries' }).locator('tbody tr'),
    ).toHaveCount(activity.count);
  });

  test('shows a demo member the demo figures, without the Super Admin item', async ({
    page,
    server,
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInInBrowser(page, server.url, user);
    await expect(page.getByText('Demo Community Credit Union').first()).toBeVisible();
    // The demo's dashboard (docs/product.md § Dashboard): 3 alerts of which 2 high priority.
    await expect(page.getByText('2 high priority')).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveText('3');
    // Each recent regulatory update says when and from whom.
    const recent = page
      .getByRole('heading', { name: 'Recent Regulatory Updates' })
      .locator('xpath=..')
      .getByRole('listitem');
    await expect(recent).toHaveCount(3);
    for (const update of await recent.all()) {
      await expect(update.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(update.getByTitle('Consumer Financial Protection Bureau')).toHaveText('CFPB');
    }
    await expect(onboardingDialog(page)).toHaveCount(0);
    await expect(
      page.getByTestId('sidebar').getByRole('link', { name: 'Super Admin' }),
    ).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });
});
