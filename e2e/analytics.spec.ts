import { pdfText } from '../apps/api/test/pdf-text.ts';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState } from './support/fixtures.ts';

/*
 * Analytics on the demo workspace (professional plan; score 87% on the TRID, HMDA and QM/ATR
 * rules assessed; one deadline done on its due date and one overdue: apps/api/src/modules/demo),
 * on a server of the file's own.
 */

test.describe('analytics', () => {
  test('an administrator reads the quarter, opens the records behind a number, and downloads the board report', async ({
    demo,
    openPage,
  }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/analytics`);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

    // The score never stands alone: its coverage is beside it.
    const score = page.getByRole('heading', { name: 'Compliance score' }).locator('..');
    await expect(score.getByRole('link', { name: /^87%/ })).toBeVisible();
    await expect(
      score.getByText(/On \d+ of \d+ applicable rules assessed \((under )?\d+%\)/),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Deadlines: the overdue one is missed, the one done on its due date met on time.
    await page.getByRole('link', { name: 'Deadlines', exact: true }).click();
    await expect(page).toHaveURL(/\/analytics\/deadlines$/);
    const troubled = page.getByRole('table', { name: /missed or done late/ });
    await expect(troubled.getByRole('row')).not.toHaveCount(1);
    await expect(troubled.getByText('Missed').first()).toBeVisible();
    const chart = page.getByRole('group', { name: /Due dates by month and outcome/ });
    await expect(chart).toBeVisible();
    await page.getByText('Show the figures as a table').first().click();
    await expectNoSeriousAxeViolations(page);

    // A bar of the chart opens the calendar's list with the same filters.
    await chart
      .getByRole('link', { name: /missed: \d+ — open these records/ })
      .first()
      .click();
    await expect(page).toHaveURL(
      /\/regulatory-calendar\?view=list&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&outcome=missed/,
    );

    // The board report: the same figures, the score with its coverage, and where each comes from.
    await page.goto(`${demo.url}/analytics`);
    const report = page.getByRole('link', { name: 'Board report (PDF)' });
    const pdf = await page.request.get(`${demo.url}${await report.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Compliance report to the board — Q[1-4] \d{4}/);
    expect(text).toMatch(/87% compliant, on \d+ of \d+ applicable rules assessed/);
    expect(text).toContain('Deadlines missed or done late');
    expect(text).toContain('Where each figure comes from');
  });

  test('a member sees the team’s work without colleagues’ names', async ({ demo, openPage }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${demo.url}/analytics/team`);
    await expect(page.getByRole('heading', { name: 'Compliance actions by kind' })).toBeVisible();
    await expect(
      page.getByText('Managers and administrators see each member’s share of this work.'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
