import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState } from './support/fixtures.ts';
import { callApi, signInThroughApi } from './support/journeys.ts';

/*
 * Risk scoring on the demo workspace (professional plan; every TRID rule assessed compliant; a
 * register of twelve risks, without the starter risk adopted here: apps/api/src/modules/demo/
 * demo-risks.ts), on a server of the file's own.
 */

const STARTER = 'Loan Estimates delivered late or fees collected too early';

const heatCell = (page: Page, likelihood: string, impact: string, count: string) =>
  page.getByRole('button', {
    name: new RegExp(`^Likelihood ${likelihood}, impact ${impact}: ${count}`),
  });

test.describe('risk scoring', () => {
  test('a manager adopts a starter risk, rates it, and the residual risk follows the rules’ assessments', async ({
    demo,
    openPage,
  }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/risk-scoring`);
    await expect(page.getByRole('heading', { name: 'Risk Scoring', level: 1 })).toBeVisible();
    const register = page.getByRole('table', { name: 'Risk register' });
    const starterRow = register.locator('tbody tr').filter({
      has: page.getByRole('button', { name: STARTER }),
    });
    // The demo's register leads with what needs a decision; the starter risk is not in it yet.
    await expect(register.locator('tbody tr')).toHaveCount(12);
    await expect(page.getByText('2 risks are not rated')).toBeVisible();
    await expect(page.getByText(/Review overdue: RSK-\d+ Inaccurate or late HMDA/)).toBeVisible();
    await expect(starterRow).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // The starter set: chosen, adopted not rated.
    await page.getByRole('button', { name: 'Starter risks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Starter risks' });
    await dialog.getByRole('checkbox', { name: new RegExp(STARTER) }).check();
    await dialog.getByRole('button', { name: 'Add 1 to the register' }).click();
    await expect(page.getByText('1 starter risk was added, not rated')).toBeVisible();
    // Narrowed to the risks not rated: the demo's two and the one just adopted, as RSK-13.
    await expect(register.locator('tbody tr')).toHaveCount(3);
    await expect(starterRow).toContainText('RSK-13');
    await expect(starterRow).toContainText('Not rated');
    // The export carries the register's filters.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/risks/export.csv?notRated=true',
    );

    // Rated by the manager: likelihood 4, impact 5.
    await register.getByRole('button', { name: STARTER }).click();
    const risk = page.getByRole('dialog', { name: STARTER });
    await expect(risk.getByText('TRID-LE-001')).toBeVisible();
    await risk.getByRole('button', { name: 'Edit risk' }).click();
    await risk.getByLabel('Inherent likelihood').selectOption('4');
    await risk.getByLabel('Inherent impact').selectOption('5');
    await risk.getByRole('button', { name: 'Save risk' }).click();
    await expect(risk.getByText('20 · Critical', { exact: false }).first()).toBeVisible();
    await expect(risk.getByText('Inherent likelihood: 4 Likely')).toBeVisible();

    // The demo's TRID rules are compliant: the control is effective, two levels off.
    await expect(risk.getByText('Effective', { exact: true }).first()).toBeVisible();
    await expect(risk.getByText(/^10 · High/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    // The register still shows the risks not rated (the filter the starter set left): rated now,
    // this one leaves it; the whole register has it on the map.
    await expect(starterRow).toHaveCount(0);
    await expect(register.locator('tbody tr')).toHaveCount(2);
    // A click, not uncheck(): the box follows the URL, which the router updates a moment later.
    const notRatedOnly = page.getByRole('checkbox', { name: 'Not rated only' });
    await notRatedOnly.click();
    await expect(notRatedOnly).not.toBeChecked();
    await expect(heatCell(page, '2 Unlikely', '5 Severe', '1 risk')).toBeVisible();

    // An administrator finds TRID-LE-001 non-compliant: the control fails, the risk goes back up.
    const admin = await signInThroughApi(demo.url, demo.members.admin);
    await callApi(demo.url, admin, 'PATCH', '/api/library/rules/TRID-LE-001/assessment', {
      status: 'non_compliant',
    });
    await page.reload();
    await expect(heatCell(page, '4 Likely', '5 Severe', '1 risk')).toBeVisible();
    await heatCell(page, '4 Likely', '5 Severe', '1 risk').click();
    await expect(page).toHaveURL(/cell=4-5/);
    await expect(register.locator('tbody tr')).toHaveCount(1);
    await register.getByRole('button', { name: STARTER }).click();
    await expect(risk.getByText('Ineffective', { exact: true }).first()).toBeVisible();
    await expect(
      risk.getByRole('list', { name: /^Rules of / }).getByText('Non-compliant'),
    ).toBeVisible();
    // The area's signals count the same assessment, and open the rule.
    await expect(
      risk.getByRole('heading', { name: 'What your records say about TRID' }),
    ).toBeVisible();
    await expect(
      risk
        .getByRole('list', { name: 'Assessments needing action' })
        .getByRole('link', { name: /^TRID-LE-001 / }),
    ).toHaveAttribute('href', '/compliance/rules/TRID-LE-001');
    await callApi(demo.url, admin, 'PATCH', '/api/library/rules/TRID-LE-001/assessment', {
      status: 'compliant',
    });
  });

  test('works on a phone, and a member reads without editing', async ({ demo, openPage }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 375, height: 800 },
    });
    await page.goto(`${demo.url}/risk-scoring`);
    await expect(page.getByRole('heading', { name: 'Risk Scoring', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add risk' })).toHaveCount(0);
    // A member reads the register, so exports it.
    const exported = await page.request.get(
      `${demo.url}${await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')}`,
    );
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-disposition']).toContain('risk-register-');
    expect(await exported.text()).toMatch(
      /^Number,Title,Area,.*\nRSK-\d+,[^\n]*\n[\s\S]*Inaccurate or late HMDA loan\/application register data,HMDA,Mortgage origination,Sam Rivera,Open/,
    );
    const heatMap = page.getByRole('region', { name: 'Heat map of residual risk' });
    await expect(heatMap).toBeVisible();
    // The map fits the phone: nothing to scroll sideways, the caption whole.
    expect(await heatMap.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page);

    // The overdue review opens its risk, with what the records say about its area.
    await page.getByRole('button', { name: /^RSK-\d+ Inaccurate or late HMDA/ }).click();
    const hmda = page.getByRole('dialog', { name: /^Inaccurate or late HMDA/ });
    await expect(
      hmda.getByRole('heading', { name: 'What your records say about HMDA' }),
    ).toBeVisible();
    await expect(hmda.getByText('Changes past their due date')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
