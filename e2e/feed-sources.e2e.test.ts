import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../apps/api/test/fixtures/feeds/feed-server.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { OPERATOR, headingText, signInInBrowser, signInOperator } from './support/journeys.ts';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';

/*
 * The console's Feed sources tab on a server of its own, whose feeds may be on 127.0.0.1 (the
 * fixture server: these machines have no internet).
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let feeds: FeedServer;
let session: BrowserSession;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route('/newsroom.xml', serveFixture('cfpb-newsroom.rss.xml', 'application/rss+xml'));
  feeds.route('/broken.xml', serveFixture('invalid.rss.xml', 'application/rss+xml'));
  server = await startE2eServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' });
  await signInOperator(server.url);
});
afterAll(async () => {
  await server?.stop();
  await feeds?.close();
});
beforeEach(async () => {
  session = await openBrowser(server.url);
});
afterEach(() => session.close());

describe('Super Admin › Feed sources', () => {
  it('adds a source, polls it, shows a failure with its error, switches it and deletes it', async () => {
    const { page } = session;
    await signInInBrowser(page, server.url, OPERATOR);
    await page.goto(`${server.url}/super-admin`);
    expect(await headingText(page)).toBe('Super Admin');
    await page.getByRole('tab', { name: 'Feed sources' }).click();
    const table = page.getByRole('table', { name: 'Shared feed sources' });
    // The default sources are added at start.
    await table.getByRole('rowheader', { name: /CFPB newsroom/ }).waitFor();
    expect(await table.textContent()).toContain('Federal Register: Comptroller of the Currency');
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
    await page.getByText('Fixture newsroom added; it is polled within a minute.').waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Fixture newsroom' });
    expect(await row.getByText('Pending').isVisible()).toBe(true);
    expect(await row.getByLabel('Fixture newsroom enabled').isChecked()).toBe(false);

    await row.getByRole('button', { name: 'Poll now Fixture newsroom' }).click();
    await page.getByText('Fixture newsroom: 3 items read, 3 new.').waitFor();
    await row.getByText('OK', { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('3');

    await row.getByRole('button', { name: 'Edit Fixture newsroom' }).click();
    const edit = page.getByRole('form', { name: 'Edit Fixture newsroom' });
    await edit.getByLabel('Address (URL)').fill(feeds.url('/broken.xml'));
    await edit.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Fixture newsroom: saved.').waitFor();
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Poll now Fixture newsroom' }).click();
    await row.getByText('Failing', { exact: true }).waitFor();
    expect(await row.textContent()).toMatch(
      /Last error \(1 in a row\): The feed is not valid XML \(line \d+, column \d+/,
    );
    // The items it brought are kept.
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('3');
    await expectNoSeriousAxeViolations(page);

    await row.getByLabel('Fixture newsroom enabled').check();
    await expect.poll(() => row.getByLabel('Fixture newsroom enabled').isChecked()).toBe(true);

    await row.getByRole('button', { name: 'Delete Fixture newsroom' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Fixture newsroom?' });
    expect(await confirm.textContent()).toContain('The 3 items it brought stay');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Fixture newsroom removed.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });
});
