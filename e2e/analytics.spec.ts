import { pdfText } from '../apps/api/test/pdf-text.ts';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import type { DemoServer } from './support/demo-server.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { test as base, expect, fileServer, signedInState } from './support/fixtures.ts';
import { callApi, seedDemoWorkspace, signInOperator } from './support/journeys.ts';

/*
 * Analytics on the demo workspace (professional plan; score 87% on the TRID, HMDA and QM/ATR
 * rules assessed; one deadline done on its due date and one overdue: apps/api/src/modules/demo),
 * on a server of the file's own whose email goes to a real SMTP receiver.
 */

const test = base.extend<{
  demo: DemoServer & {
    smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    setPlan: (planName: 'professional' | 'enterprise') => Promise<void>;
  };
}>({
  demo: fileServer(async () => {
    const smtp = await startSmtpReceiver();
    let server: Awaited<ReturnType<typeof startE2eServer>> | undefined;
    const stop = async () => {
      await server?.stop();
      await smtp.close();
    };
    try {
      server = await startE2eServer({ SMTP_URL: smtp.url });
      const url = server.url;
      const members = await seedDemoWorkspace(url);
      const companies = await callApi<{ items: { id: string; name: string }[] }>(
        url,
        await signInOperator(url),
        'GET',
        '/api/admin/companies?query=Demo%20Community',
      );
      const companyId = companies.items.find(
        (company) => company.name === 'Demo Community Credit Union',
      )!.id;
      const setPlan = async (planName: 'professional' | 'enterprise') => {
        await callApi(
          url,
          await signInOperator(url),
          'PUT',
          `/api/admin/companies/${companyId}/subscription`,
          { planName, status: 'active', planType: 'annual' },
        );
      };
      return { value: { url, members, smtp, setPlan }, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  }),
});

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

  test('on the enterprise plan an administrator schedules the board report, sends it now, and it arrives with its PDF', async ({
    demo,
    openPage,
  }) => {
    await demo.setPlan('enterprise');
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport: { width: 1280, height: 900 },
    });
    await page.goto(`${demo.url}/analytics/deadlines`);
    // Saved views: the view being read, under a name, for the whole institution.
    await page.getByLabel('Save this view as').fill('Deadlines this quarter');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(
      page.getByText('“Deadlines this quarter” is saved for your institution.'),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Scheduled reports' }).click();
    await expect(page).toHaveURL(/\/analytics\/reports$/);
    const form = page.getByRole('form', { name: 'Schedule a report' });
    await form.getByLabel('Name').fill('Weekly compliance summary');
    await form.getByLabel('How often').selectOption('weekly');
    // Jordan Lee is the demo's manager (the BSA Officer).
    await form.getByRole('checkbox', { name: 'Jordan Lee' }).check();
    await form.getByRole('button', { name: 'Schedule report' }).click();
    await expect(page.getByText('The report is scheduled.')).toBeVisible();
    const schedules = page.getByRole('list', { name: 'Scheduled reports' });
    await expect(
      schedules.getByRole('heading', { name: 'Weekly compliance summary' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await schedules.getByRole('button', { name: /Send now/ }).click();
    const toast = (text: string) =>
      page.getByText(new RegExp(`^\\w{3} \\d+, \\d{4} – \\w{3} \\d+, \\d{4}: ${text}$`));
    await expect(toast('1 sent\\.')).toBeVisible();
    await expect(schedules.getByText(/^Latest period, .*: 1 sent\.$/)).toBeVisible();
    const email = await demo.smtp.nextEmail(demo.members.manager.email);
    expect(email.body).toContain('is attached (PDF)');
    expect(email.body).toMatch(/Content-Type: application\/pdf;\s+name=weekly-compliance-summary-/);
    expect(email.body).toContain('/analytics/reports');
    // Sent again: nobody gets it twice.
    await schedules.getByRole('button', { name: /Send now/ }).click();
    await expect(toast('0 sent, 1 had it already\\.')).toBeVisible();
    await demo.setPlan('professional');
  });
});
