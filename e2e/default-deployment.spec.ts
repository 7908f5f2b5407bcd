import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startDefaultDeployment } from './support/e2e-server.ts';
import { expect, test } from './support/fixtures.ts';
import { signUpInBrowser, uniqueEmail } from './support/journeys.ts';

/*
 * The default deployment in a browser. Every other browser file runs on PostgreSQL in CI; this
 * one runs what a newcomer meets first (`npm start`: the compiled server on PGlite in a data
 * directory on disk, nothing configured), and restarts the server in the middle of the work:
 * the session, the assessment, the uploaded file and the change must all still be there.
 */
/** The rule assessed: its title is its link and its page's heading. */
const LE_001 = 'Deliver the Loan Estimate within three business days of application';

const EVIDENCE = {
  name: 'q3-trid-file-review.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(
    'Q3 TRID file review: 25 files sampled; every Loan Estimate delivered within three business days.\n',
  ),
};

test.describe('the default deployment (npm start, PGlite on disk)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('signs up, assesses a rule with an uploaded file, opens a change, and finds it all after a restart', async ({
    page,
    pageErrors,
  }) => {
    // Two starts of the server on PGlite, one of them a restart, in one journey.
    test.slow();
    const deployment = await startDefaultDeployment();
    const { url } = deployment;
    try {
      await signUpInBrowser(page, url, { email: uniqueEmail('default') });
      await expect(page.getByRole('heading', { name: /, Dana Reyes$/, level: 1 })).toBeVisible();
      // `npm start` made the secret that keeps sessions valid across restarts, in the data dir.
      expect(existsSync(join(deployment.dataDir, 'auth-secret'))).toBe(true);

      // The library: assess a rule and upload the evidence.
      await page.getByTestId('sidebar').getByRole('link', { name: 'Compliance Library' }).click();
      await page.getByLabel('Area').selectOption('trid');
      await page
        .getByRole('link', {
          name: 'Loan Estimate: application, delivery timing and the seven-day waiting period',
        })
        .click();
      await page.getByRole('list', { name: 'Rules' }).getByRole('link', { name: LE_001 }).click();
      await expect(page.getByRole('heading', { name: LE_001, level: 1 })).toBeVisible();
      const rulePage = page.url();
      await page.getByLabel('Status').selectOption('compliant');
      await page.getByRole('button', { name: 'Save assessment' }).click();
      await expect(page.getByText('The assessment has been saved.')).toBeVisible();
      await page.getByLabel('Upload a file').setInputFiles(EVIDENCE);
      await expect(page.getByRole('link', { name: EVIDENCE.name })).toBeVisible();

      // A change.
      const title = `Escrow analysis after the servicing transfer (${crypto.randomUUID().slice(0, 6)})`;
      await page.getByTestId('sidebar').getByRole('link', { name: 'Change Management' }).click();
      await page.getByRole('button', { name: 'New change' }).click();
      const form = page.getByRole('dialog', { name: 'New change' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('RESPA').check();
      await form.getByRole('button', { name: 'Create change' }).click();
      const panel = page.getByRole('dialog', { name: title });
      await panel.getByRole('tab', { name: /^History/ }).click();
      await expect(panel.getByText('created the change', { exact: false })).toBeVisible();
      await panel.getByRole('button', { name: 'Close the change' }).click();

      // While the server is down the page's live-update stream cannot reconnect; the browser
      // logs each refused attempt, and a request that arrives while the server is closing gets
      // Fastify's 503. That is the restart, not a fault of the page.
      pageErrors.allow(/net::ERR_CONNECTION_REFUSED|status of 503 \(Service Unavailable\)/);
      await deployment.restart();

      // Still signed in, and the change is on the board.
      await page.reload();
      await expect(
        page.getByRole('heading', { name: 'Change Management', level: 1 }),
      ).toBeVisible();
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      // The assessment kept its status, and the file downloads with the bytes uploaded.
      await page.goto(rulePage);
      await expect(page.getByRole('heading', { name: LE_001, level: 1 })).toBeVisible();
      await expect(page.getByLabel('Status')).toHaveValue('compliant');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: EVIDENCE.name }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(EVIDENCE.name);
      expect(await readFile(await download.path())).toEqual(EVIDENCE.buffer);
    } finally {
      await deployment.stop();
    }
  });
});
