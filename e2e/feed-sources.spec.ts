import {
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../apps/api/test/fixtures/feeds/feed-server.ts';
import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base } from './support/fixtures.ts';
import { OPERATOR, signInInBrowser, signInOperator } from './support/journeys.ts';

/*
 * The console's Feed sources tab on a server of the file's own, whose feeds may be on
 * 127.0.0.1 (the fixture server: these machines have no internet).
 */
const test = base.extend<{ sources: { server: { url: string }; feeds: FeedServer } }>({
  sources: fileServer(async () => {
    const feeds = await startFeedServer();
    feeds.route('/newsroom.xml', serveFixture('cfpb-newsroom.rss.xml', 'application/rss+xml'));
    feeds.route('/broken.xml', serveFixture('invalid.rss.xml', 'application/rss+xml'));
    const server = await startE2eServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' }).catch(
      async (error: unknown) => {
        await feeds.close();
        throw error;
      },
    );
    const stop = async () => {
      await server.stop();
      await feeds.close();
    };
    await signInOperator(server.url).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    return { value: { server, feeds }, stop };
  }),
});

test.describe('Super Admin › Feed sources', () => {
  test('adds a source, polls it, shows a failure with its error, switches it and deletes it', async ({
    page,
    sources: { server, feeds },
  }) => {
    await signInInBrowser(page, server.url, OPERATOR);
    await page.goto(`${server.url}/super-admin`);
    await expect(heading(page)).toHaveText('Super Admin');
    await page.getByRole('tab', { name: 'Feed sources' }).click();
    const table = page.getByRole('table', { name: 'Shared feed sources' });
    // The default sources are added at start.
    await expect(table.getByRole('rowheader', { name: /CFPB newsroom/ })).toBeVisible();
    await expect(table).toContainText('Federal Register: Comptroller of the Currency');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add source' }).click();
    const form = page.getByRole('form', { name: 'Add a feed source' });
    await form.getByLabel('Name').fill('Fixture newsroom');
    await form.getByLabel('Address (URL)').fill(feeds.url('/newsroom.xml'));
    await form.getByLabel('Format').selectOption('rss');
    await form.getByLabel('Agency').selectOption('CFPB');
    await form.getByLabel('Poll every (minutes)').fill('15');
    // Off, so that only "Poll now" polls it during the test.
    await form.getByLabel('Polled (enabled)').uncheck();
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(
      page.getByText('Fixture newsroom added; it is polled within a minute.'),
    ).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: 'Fixture newsroom' });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByLabel('Fixture newsroom enabled')).not.toBeChecked();

    await row.getByRole('button', { name: 'Poll now Fixture newsroom' }).click();
    await expect(page.getByText('Fixture newsroom: 3 items read, 3 new.')).toBeVisible();
    await expect(row.getByText('OK', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');

    await row.getByRole('button', { name: 'Edit Fixture newsroom' }).click();
    const edit = page.getByRole('form', { name: 'Edit Fixture newsroom' });
    await edit.getByLabel('Address (URL)').fill(feeds.url('/broken.xml'));
    await edit.getByRole('button', { name: 'Save source' }).click();
    await expect(page.getByText('Fixture newsroom: saved.')).toBeVisible();
    await expect(row.getByText('Pending')).toBeVisible();
    await row.getByRole('button', { name: 'Poll now Fixture newsroom' }).click();
    await expect(row.getByText('Failing', { exact: true })).toBeVisible();
    await expect(row).toHaveText(
      /Last error \(1 in a row\): The feed is not valid XML \(line \d+, column \d+/,
    );
    // The items it brought are kept.
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');
    await expectNoSeriousAxeViolations(page);

    // A click, not check(): the box shows the saved state, which arrives a moment later.
    const enabled = row.getByLabel('Fixture newsroom enabled');
    await enabled.click();
    await expect(enabled).toBeChecked();
    await expect(row.getByLabel('Fixture newsroom enabled')).toBeChecked();

    await row.getByRole('button', { name: 'Delete Fixture newsroom' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Fixture newsroom?' });
    await expect(confirm).toContainText('The 3 items it brought stay');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Fixture newsroom removed.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
