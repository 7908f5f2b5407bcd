import { todayIn } from '@complivue/shared/calendar-days';
import {
  feedFixture,
  startFeedServer,
  type FeedServer,
} from '../apps/api/test/fixtures/feeds/feed-server.ts';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base, signedInState } from './support/fixtures.ts';
import { callApi, signInOperator, signUpThroughApi } from './support/journeys.ts';

/*
 * Automations on a server of the file's own whose feeds may be on 127.0.0.1 (the fixture
 * server: these machines have no internet). The real event is a Federal Register final rule
 * published today, read by a poll of a source on the fixture server.
 */

const TITLE =
  'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold';

/** The Federal Register fixture's HMDA final rule, published today (so it is news). */
function todaysFinalRule(): string {
  const documents = JSON.parse(feedFixture('federal-register-documents.json').toString()) as {
    results: { title: string; publication_date: string }[];
  };
  const rule = documents.results.find((document) => document.title === TITLE)!;
  rule.publication_date = todayIn(null);
  return JSON.stringify({ ...documents, count: 1, results: [rule] });
}

const test = base.extend<{ world: { url: string; feeds: FeedServer } }>({
  world: fileServer(async () => {
    const feeds = await startFeedServer();
    feeds.route('/documents.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(todaysFinalRule());
    });
    const server = await startE2eServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' }).catch(
      async (error: unknown) => {
        await feeds.close();
        throw error;
      },
    );
    return {
      value: { url: server.url, feeds },
      stop: async () => {
        await server.stop();
        await feeds.close();
      },
    };
  }),
});

test.describe('automations', () => {
  test('an administrator starts a rule from a template, dry-runs it, and a real final rule opens the change it promised', async ({
    world: { url, feeds },
    openPage,
  }) => {
    const operator = await signInOperator(url);
    const admin = await signUpThroughApi(url, { label: 'automations' });
    await callApi(url, operator, 'PUT', `/api/admin/companies/${admin.companyId}/subscription`, {
      planName: 'professional',
      status: 'active',
      planType: 'annual',
    });
    await callApi(url, admin.cookie, 'PUT', '/api/feeds/watchlist', {
      areas: ['hmda'],
      keywords: [],
      agencies: [],
    });
    const page = await openPage({
      storageState: await signedInState(url, admin),
      viewport: { width: 1280, height: 900 },
    });

    await page.goto(`${url}/automations`);
    await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'New rule' }).first().click();
    await page
      .getByRole('link', { name: 'New CFPB final rule on our watchlist → open a change' })
      .click();
    const form = page.getByRole('form', { name: 'New rule' });
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(
      'New CFPB final rule on our watchlist → open a change',
    );
    // The change's owner is a person's choice: the template leaves it unchosen.
    await expect(form.getByLabel('Owner of the change')).toHaveValue('');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Dry run' }).click();
    const dryRun = page.getByRole('region', { name: 'Dry run' });
    await expect(dryRun.getByText('Nothing was done.')).toBeVisible();
    await expect(dryRun.getByRole('status')).toContainText(
      'from the last 30 days would have run it',
    );

    await page.getByRole('button', { name: 'Save the rule' }).click();
    await expect(
      page.getByRole('heading', {
        name: 'New CFPB final rule on our watchlist → open a change',
        level: 1,
      }),
    ).toBeVisible();
    await expect(
      page.getByText(/When a regulatory update arrives, if Agency includes CFPB/).first(),
    ).toBeVisible();

    // The real event: the Federal Register publishes the final rule and the feed reads it.
    const { id } = await callApi<{ id: string }>(url, operator, 'POST', '/api/admin/feed-sources', {
      name: 'Fixture Federal Register',
      url: feeds.url('/documents.json'),
      format: 'federal_register',
      agency: 'CFPB',
      enabled: false,
    });
    await callApi(url, operator, 'POST', `/api/admin/feed-sources/${id}/poll`);

    // The run history shows the run, and the run the change it opened.
    const succeeded = page
      .getByRole('table', { name: 'Automation runs' })
      .getByRole('row')
      .filter({ hasText: 'Succeeded' });
    await expect(async () => {
      await page.goto(`${url}/automations/runs`);
      await expect(succeeded).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(succeeded).toContainText(`Final rule: ${TITLE}`);
    await expectNoSeriousAxeViolations(page);
    // The run's start time opens it.
    await succeeded.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Run of “New CFPB final rule on our watchlist → open a change”',
    );
    await expect(page.getByText(`Final rule: ${TITLE}`).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: /^CHG-\d+ opened$/ }).click();
    const change = page.getByRole('dialog', { name: TITLE });
    await expect(change).toBeVisible();
    // Opened by the rule, with no judgement made for anyone.
    await expect(change.getByText('Not rated', { exact: true }).first()).toBeVisible();
    await expect(change.getByText('No due date', { exact: true })).toBeVisible();
  });
});
