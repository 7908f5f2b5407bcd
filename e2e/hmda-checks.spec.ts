import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState } from './support/fixtures.ts';

/*
 * HMDA checks on the demo workspace (professional plan): a manager uploads a LAR with a
 * validity and a quality edit, reads the report, verifies the quality edit, exports every
 * finding and opens a change for the validity edit.
 */

/** Three loans of the CFPB's clean 2025 test file, the first a $300,000 second lien (Q607), the second with a credit score of 270 under a FICO model (V720-1). */
function larWithErrors(): Buffer {
  const clean = readFileSync(
    fileURLToPath(
      new URL(
        '../apps/api/test/fixtures/hmda/lar-2025-annual-clean-bank0-100rows.txt',
        import.meta.url,
      ),
    ),
    'utf8',
  ).split('\n');
  const ts = clean[0]!.replace('|9|100|', '|9|3|');
  const first = clean[1]!.split('|');
  first[9] = '300000';
  const second = clean[2]!.split('|');
  second[61] = '270';
  second[63] = '1';
  return Buffer.from([ts, first.join('|'), second.join('|'), clean[3]].join('\n') + '\n');
}

test.describe('HMDA checks', () => {
  test('a manager checks a LAR, verifies a quality edit, exports the findings and opens a change for a validity edit', async ({
    demo,
    openPage,
  }) => {
    test.slow();
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/hmda-checks`);
    await expect(page.getByRole('heading', { name: 'HMDA checks', level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Nothing chosen: the form says what it needs.
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByLabel('HMDA file', { exact: true })).toHaveAccessibleDescription(
      'Choose the HMDA file to check.',
    );
    await page.getByLabel('HMDA file', { exact: true }).setInputFiles({
      name: 'bank0-2025-lar.txt',
      mimeType: 'text/plain',
      buffer: larWithErrors(),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();

    await expect(page.getByRole('heading', { name: 'bank0-2025-lar.txt', level: 1 })).toBeVisible();
    await expect(page.getByText('2025 annual filing', { exact: false })).toBeVisible();
    await expect(page.getByText('Edits to fix', { exact: true })).toBeVisible();
    const fix = page.getByRole('region', { name: /Syntactical and validity edits to fix/ });
    const v720 = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /V720-1/ }) });
    await expect(v720).toContainText('Must be fixed');
    await expect(v720).toContainText('1 row: 3');
    await v720.getByText(/Rows and values/).click();
    await expect(v720.getByRole('table', { name: 'Rows failing V720-1' })).toContainText('270');
    await expect(fix).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Q607 is unusual, not wrong: the manager verifies it with the reason.
    const q607 = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Q607/ }) });
    await expect(q607).toContainText('Not verified');
    await q607
      .getByLabel('Why the data is accurate as reported')
      .fill('Confirmed against the note: a $300,000 home equity second lien.');
    await q607.getByRole('button', { name: 'Verify Q607' }).click();
    await expect(q607).toContainText('Verified by');
    await expect(q607).toContainText('home equity second lien');

    // Every finding as CSV, with the row's values.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export every finding (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bank0-2025-lar-findings.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('V720-1,Validity,3,');
    expect(csv).toContain('Credit Score of Applicant or Borrower: 270');

    // The validity edit becomes a regulatory change to work.
    await v720.getByRole('button', { name: 'Open a change for V720-1' }).click();
    await v720.getByRole('link', { name: 'Change opened' }).click();
    await expect(
      page.getByRole('dialog', { name: 'HMDA edit V720-1: bank0-2025-lar.txt' }),
    ).toBeVisible();

    // The history lists the check with what is left.
    await page.goto(`${demo.url}/hmda-checks`);
    const history = page.getByRole('table', { name: 'HMDA checks, newest first' });
    await expect(history.getByRole('row').filter({ hasText: 'bank0-2025-lar.txt' })).toContainText(
      'Edits to fix',
    );
    await expectNoSeriousAxeViolations(page);
  });

  test('the ULI tool computes a check digit and validates a ULI', async ({ demo, openPage }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${demo.url}/hmda-checks/uli`);
    await page.getByLabel('Loan IDs, one per line').fill('10Bx939c5543TqA1144M999143X');
    const results = page.getByRole('table', { name: 'Check digits and validations' });
    await expect(results.getByRole('row').nth(1)).toContainText(
      'Check digit 38: ULI 10Bx939c5543TqA1144M999143X38',
    );
    await page.getByLabel('Validate ULIs').check();
    await page
      .getByLabel('ULIs, one per line')
      .fill('10Bx939c5543TqA1144M999143X38\n10Bx939c5543TqA1144M999133X38');
    await expect(results.getByRole('row').nth(1)).toContainText('Valid ULI');
    await expect(results.getByRole('row').nth(2)).toContainText('Not a valid ULI');
    await expectNoSeriousAxeViolations(page);
  });
});
