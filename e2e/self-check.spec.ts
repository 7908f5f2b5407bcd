import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, signedInState, test as base, type Page } from './support/fixtures.ts';
import { seedDemoWorkspace } from './support/journeys.ts';

/**
 * `/qa-test`: the self-check page, for administrators, without the app's frame. On a server of
 * the file's own, whose demo workspace's administrator and user are signed in once, through the
 * API; the tests only read.
 */
const test = base.extend<{
  demo: { url: string; admin: SignedIn; user: SignedIn };
}>({
  demo: fileServer(async () => {
    const server = await startE2eServer();
    try {
      const members = await seedDemoWorkspace(server.url);
      return {
        value: {
          url: server.url,
          admin: await signedInState(server.url, members.admin),
          user: await signedInState(server.url, members.user),
        },
        stop: () => server.stop(),
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }),
});
type SignedIn = Awaited<ReturnType<typeof signedInState>>;

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test.describe('self-check page', () => {
  test('shows an administrator the checks with their statuses, runs them again, and is accessible', async ({
    demo,
    openPage,
  }) => {
    const page = await openPage({
      storageState: demo.admin,
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/qa-test`);
    await expect(page.getByRole('heading', { level: 1, name: 'System self-check' })).toBeVisible();
    // No layout: neither the sidebar nor the app's header.
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);

    for (const title of [
      'Database reachable',
      'Database migrations current',
      'File storage writable and readable',
      'Realtime notifications delivering',
      'Plan features in the database match the published plans',
    ]) {
      await expect(row(page, title).getByText('Pass', { exact: true })).toBeVisible();
    }
    // The server runs without SMTP here: the outbox mode is a warning, with where to go.
    const email = row(page, 'Email delivery');
    await expect(email.getByText('Warning', { exact: true })).toBeVisible();
    await expect(email.getByRole('link', { name: /Tell the platform operator/ })).toHaveAttribute(
      'href',
      '/support',
    );
    // The institution's own configuration is there too.
    await expect(row(page, 'Administrators use two-factor authentication')).toBeVisible();

    const checkedAt = page.getByTestId('checked-at');
    const first = await checkedAt.getAttribute('datetime');
    await page.getByRole('button', { name: 'Run checks again' }).click();
    await expect(checkedAt).not.toHaveAttribute('datetime', first!, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Run checks again' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('denies a plain user', async ({ demo, openPage }) => {
    const page = await openPage({
      storageState: demo.user,
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/qa-test`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Access Denied' })).toContainText(
      'Your current role is User (user)',
    );
    await expect(page.getByRole('heading', { name: 'System self-check' })).toHaveCount(0);
  });
});
