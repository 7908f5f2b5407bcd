import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState, type Page } from './support/fixtures.ts';
import { OPERATOR } from './support/journeys.ts';

/*
 * Loan tests on the demo workspace (professional plan, open findings), on a server of the
 * file's own: the operator loads the CFPB calculator's APOR sample in the console, then a manager
 * runs each test and saves one to a finding.
 */

/** The CFPB rate spread calculator's two-week test sample (cfpb/hmda-platform), committed here. */
const APOR_SAMPLE = readFileSync(
  fileURLToPath(
    new URL('../apps/api/test/fixtures/apor-yield-table-fixed-sample-2017.txt', import.meta.url),
  ),
);
const FINDING = 'Tolerance cures refunded after the 60-day deadline';

/** The loan terms the APOR lookup reads, which the forms leave for the person to choose. */
async function fillLoanTerms(page: Page) {
  await page.getByLabel('Loan term (years)').fill('30');
  await page.getByLabel('Amortization').selectOption('fixed');
  await page.getByLabel('Lien').selectOption('first');
}

test.describe('loan tests', () => {
  test('the operator loads an APOR table; a manager runs a TRID timeline, a tolerance cure, a rate spread and a QM test saved to a finding', async ({
    demo,
    openPage,
  }) => {
    // Two sessions, five tests and five accessibility scans in one journey.
    test.slow();
    const viewport = { width: 1280, height: 900 };

    const operator = await openPage({
      storageState: await signedInState(demo.url, OPERATOR),
      viewport,
    });
    await operator.goto(`${demo.url}/super-admin`);
    await operator.getByRole('tab', { name: 'APOR tables' }).click();
    const load = operator.getByRole('form', { name: 'Load an APOR table' });
    await load.getByLabel('Table').selectOption('fixed');
    await load.getByLabel('APOR file (pipe-delimited .txt)').setInputFiles({
      name: 'YieldTableFixed-sample.txt',
      mimeType: 'text/plain',
      buffer: APOR_SAMPLE,
    });
    await load.getByLabel('Source (optional)').fill('CFPB calculator test sample');
    await load.getByRole('button', { name: 'Load the table' }).click();
    const versions = operator.getByRole('table', { name: 'APOR table versions' });
    await expect(
      versions.getByRole('row').filter({ hasText: 'Fixed-rate, version 1' }),
    ).toContainText('In use');
    await expectNoSeriousAxeViolations(operator);

    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport,
    });
    const result = page.getByRole('region', { name: 'Result' });
    await page.goto(`${demo.url}/loan-tests`);
    await expect(page.getByRole('heading', { name: 'Loan tests', level: 1 })).toBeVisible();
    await expect(page.getByText(/Fixed-rate APOR table, version 1, loaded/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // An application the day before Thanksgiving 2026: the Loan Estimate's three business days
    // skip Thursday the 26th (12 CFR 1026.19(e)(1)(iii)(A)).
    await page.getByRole('link', { name: 'TRID timeline' }).click();
    await page.getByLabel('Application received').fill('2026-11-25');
    const loanEstimate = page.getByRole('group', { name: 'Loan Estimate (optional)' });
    await loanEstimate.getByLabel('Delivered or mailed on').fill('2026-11-30');
    await loanEstimate.getByLabel('How', { exact: true }).selectOption('in_person');
    await page.getByRole('button', { name: 'Run the test' }).click();
    const dueBy = page.getByRole('listitem').filter({ hasText: 'Loan Estimate due by' });
    await expect(dueBy).toContainText('Tuesday, December 1, 2026');
    await expect(dueBy).toContainText('Thanksgiving Day');
    await expectNoSeriousAxeViolations(page);

    // A tolerance cure: $100 over in the zero bucket, $100 over the 10% bucket's limit.
    await page.goto(`${demo.url}/loan-tests/tolerance`);
    await page.getByLabel('Consummation', { exact: true }).fill('2026-11-20');
    const fees = [
      ['Origination fee', 'paid_to_creditor_broker_or_affiliate', '1000', '1100'],
      ['Title insurance', 'third_party_shopped_from_list', '1000', '1200'],
    ] as const;
    for (const [index, [name, kind, estimate, closing]] of fees.entries()) {
      await page.getByLabel(`Fee ${index + 1}`).fill(name);
      await page.getByLabel('Kind of charge').nth(index).selectOption(kind);
      await page.getByLabel('Loan Estimate ($)').nth(index).fill(estimate);
      await page.getByLabel('Closing Disclosure ($)').nth(index).fill(closing);
    }
    await page.getByRole('button', { name: 'Run the test' }).click();
    await expect(result.getByRole('status')).toHaveText(
      'A tolerance cure of $200.00 is owed, to be refunded by Tuesday, January 19, 2027, 60 days after consummation.',
    );

    // A rate spread from the uploaded table: 6.000 − 4.36 (30 years, week of January 2, 2017).
    await page.goto(`${demo.url}/loan-tests/rate-spread`);
    // Nothing about the loan is chosen for the person: run empty, every answer is asked for.
    await page.getByRole('button', { name: 'Run the test' }).click();
    await expect(page.getByLabel('Lien')).toHaveAccessibleDescription(
      'Choose a first or a subordinate lien.',
    );
    await expect(
      page.getByLabel('Above the Freddie Mac limit (jumbo)'),
    ).toHaveAccessibleDescription(/Say whether the principal is above the Freddie Mac limit\./);
    await page.getByLabel('APR (%)').fill('6.000');
    await page.getByLabel('Rate set (lock) date').fill('2017-01-04');
    await fillLoanTerms(page);
    await page.getByLabel('Action taken').selectOption('1');
    await page.getByLabel('Reverse mortgage').selectOption('no');
    await page.getByLabel('Above the Freddie Mac limit (jumbo)').selectOption('no');
    await page.getByRole('button', { name: 'Run the test' }).click();
    await expect(
      page.getByText('APOR read from the Fixed-rate APOR table, version 1'),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: /^\d+\. Rate spread/ }),
    ).toContainText('1.640');
    // The same loan in a batch file, as the CFPB calculator's CSV: the file comes back.
    await page.getByLabel('CSV of loans').setInputFiles({
      name: 'loans.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('1,30,FixedRate,6.000,2017-01-04,2\n'),
    });
    await page.getByRole('button', { name: 'Compute the rate spreads' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'computed' })).toContainText(
      '1 loan computed.',
    );
    await expect(page.getByRole('link', { name: 'Download rate-spreads.csv' })).toBeVisible();

    // Points and fees within the 2026 QM limit, saved to an open finding.
    await page.goto(`${demo.url}/loan-tests/points-and-fees`);
    await page.getByLabel('Consummation', { exact: true }).fill('2026-06-15');
    await page.getByLabel('Total loan amount ($)').fill('200000');
    await page.getByLabel('Charge 1').selectOption('creditor_origination');
    await page.getByLabel('Amount ($)', { exact: true }).nth(0).fill('3000');
    await page.getByLabel('Charge 2').selectOption('loan_originator_compensation');
    await page.getByLabel('Amount ($)', { exact: true }).nth(1).fill('2000');
    await page.getByLabel('APR (%)').fill('6.000');
    await page.getByLabel('Rate set (lock) date').fill('2017-01-04');
    await fillLoanTerms(page);
    await page.getByRole('button', { name: 'Run the test' }).click();
    await expect(result.getByRole('status')).toContainText(
      'Points and fees of $5,000.00 are within the qualified-mortgage limit of $6,000.00',
    );
    await expectNoSeriousAxeViolations(page);

    const save = page.getByRole('form', { name: 'Save the test' });
    await save.getByLabel('Loan number or reference').fill('LN-2026-0615');
    await save.getByLabel('Save to').selectOption({ label: FINDING });
    await save.getByRole('button', { name: 'Save the test' }).click();
    await expect(
      page.getByRole('heading', { name: 'Points and fees: QM and HOEPA: loan LN-2026-0615' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The finding lists the test, and its history says who saved it.
    await page.getByRole('link', { name: FINDING }).click();
    const saved = page.getByRole('table', { name: 'Loan tests saved to this finding' });
    await expect(saved.getByRole('link', { name: 'LN-2026-0615' })).toBeVisible();
  });
});
