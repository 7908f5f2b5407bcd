import { formatShortDay } from '@complivue/shared/calendar-days';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base } from './support/fixtures.ts';
import {
  signInOperator,
  seedDemoWorkspace,
  signInInBrowser,
  signUpInBrowser,
  uniqueEmail,
} from './support/journeys.ts';

/**
 * The regulatory calendar, on a server of the file's own: events with reminders, CTR/SAR
 * deadlines, and the dashboard count.
 */
const test = base.extend<{ server: { url: string } }>({
  server: fileServer(async () => {
    const server = await startE2eServer();
    // The operator first, while the server has no user (see signInOperator).
    await signInOperator(server.url).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return { value: server, stop: () => server.stop() };
  }),
});

const DAY_MS = 86_400_000;
/** A day relative to today (UTC); the server's today is never later than UTC's. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The dashboard's "Upcoming Deadlines" figure. */
const upcomingDeadlines = (page: Page) =>
  page
    .getByRole('heading', { name: 'Upcoming Deadlines', exact: true })
    .locator('xpath=../..')
    .locator('p')
    .first();

async function openDashboard(page: Page) {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Upcoming Deadlines', exact: true }),
  ).toBeVisible();
}

async function openCalendar(page: Page) {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Regulatory Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Regulatory Calendar', level: 1 })).toBeVisible();
  // The list is the default view; these journeys work in the month grid.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('grid')).toBeVisible();
}

test.describe('regulatory calendar', () => {
  test('adds an event with a reminder and a SAR deadline; the dashboard count follows', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpInBrowser(page, server.url, { email: uniqueEmail('calendar') });
    await expect(
      page.getByRole('heading', { name: 'Upcoming Deadlines', exact: true }),
    ).toBeVisible();
    await expect(upcomingDeadlines(page)).toHaveText(/^\d+$/);
    const before = Number(await upcomingDeadlines(page).textContent());

    await openCalendar(page);
    await expectNoSeriousAxeViolations(page);

    // A company event three days out, with reminders 7 and 1 days before.
    const due = dayFromToday(3);
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an event' });
    await dialog.getByLabel('Title').fill('Board BSA/AML report');
    await dialog.getByLabel('Due date', { exact: true }).fill(due);
    await dialog.getByLabel('Regulation area').selectOption('bsa_aml');
    const reminders = dialog.getByLabel('Reminders (days before the due date)');
    // A wrong value is announced and tied to the field.
    await reminders.fill('7, soon');
    const reminderError = dialog.getByRole('alert').filter({ hasText: 'A reminder is 0 to 365' });
    await expect(reminderError).toBeVisible();
    const errorId = await reminderError.getAttribute('id');
    expect((await reminders.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    await reminders.fill('7, 1');
    // The 7-day reminder's day is already past: the form says it will not be sent.
    await expect(dialog.getByText('will not be sent', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add event' }).click();
    await expect(page.getByText('The event has been saved.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The day is selected: its deadline is listed under the grid, and opens.
    await page.getByRole('button', { name: 'Board BSA/AML report' }).click();
    const detail = page.getByRole('dialog', { name: 'Deadline' });
    await expect(detail.getByText(formatShortDay(due))).toBeVisible();
    await expect(detail.getByText('7 days before, 1 day before')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await detail.getByRole('button', { name: 'Close' }).click();

    await openDashboard(page);
    await expect(upcomingDeadlines(page)).toHaveText(String(before + 1));

    // A SAR deadline: the form shows the computed due date before saving.
    await openCalendar(page);
    await page.getByRole('button', { name: 'CTR or SAR deadline' }).click();
    const filing = page.getByRole('dialog', { name: 'CTR or SAR deadline' });
    await filing.getByRole('radio', { name: /^Suspicious activity report/ }).check();
    // The form says, before anything is saved, that a SAR is confidential and how it is kept so.
    await expect(filing.getByText('31 CFR 1020.320(e)', { exact: false })).toBeVisible();
    const detected = dayFromToday(-2);
    await filing.getByLabel('Date of initial detection', { exact: true }).fill(detected);
    const sarDue = new Date(Date.parse(`${detected}T00:00:00Z`) + 30 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    await expect(filing.getByText(`Due ${formatShortDay(sarDue)}`)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await filing.getByRole('button', { name: 'Add deadline' }).click();
    const sar = page.getByRole('dialog', { name: 'Deadline' });
    await expect(sar.getByText('31 CFR 1020.320(b)(3)', { exact: false }).first()).toBeVisible();
    await expect(sar.getByText('Confidential SAR deadline', { exact: false })).toBeVisible();

    // Marking it done takes it out of the count.
    await sar.getByLabel('Evidence note').fill('Filed through BSA E-Filing; BSA ID recorded.');
    await sar.getByRole('button', { name: 'Mark done' }).click();
    await expect(sar.getByText('Done by Dana Reyes', { exact: false })).toBeVisible();

    // Undoing it asks first, and keeps the completion on record.
    await sar.getByRole('button', { name: 'Undo “done”' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^Undo “done” for/ });
    await expect(confirm.getByText('are kept, marked undone', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(sar.getByText('Done by Dana Reyes', { exact: false })).toBeVisible();
    await sar.getByRole('button', { name: 'Undo “done”' }).click();
    await confirm.getByRole('button', { name: 'Undo “done”' }).click();
    await expect(sar.getByRole('button', { name: 'Mark done' })).toBeVisible();
    await expect(
      sar.getByRole('heading', { name: 'Undone completions (kept on record)' }),
    ).toBeVisible();
    await expect(sar.getByText('Filed through BSA E-Filing; BSA ID recorded.')).toBeVisible();
    await sar.getByLabel('Evidence note').fill('Filed again after review; BSA ID recorded.');
    await sar.getByRole('button', { name: 'Mark done' }).click();
    await expect(sar.getByText('Done by Dana Reyes', { exact: false }).first()).toBeVisible();
    await sar.getByRole('button', { name: 'Close' }).click();

    // The export and the subscription say SAR deadlines are left out.
    await expect(
      page.getByText('SAR deadlines are never included', { exact: false }),
    ).toBeVisible();
    await openDashboard(page);
    await expect(upcomingDeadlines(page)).toHaveText(String(before + 1));
  });

  test('moves through the month grid with the keyboard', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpInBrowser(page, server.url, { email: uniqueEmail('calendar-keys') });
    await page.goto(`${server.url}/regulatory-calendar?month=2027-12&day=2027-12-10`);
    await expect(page.getByRole('heading', { name: 'December 2027' })).toBeVisible();
    // A credit union whose areas are not chosen yet: the BSA/AML program's two seeded deadlines
    // and its originators' NMLS renewals (all on December 31), not HMDA's, and the calendar says
    // why.
    await expect(
      page.getByText('Your institution’s profile is not complete', { exact: false }),
    ).toBeVisible();
    await expect(
      page.getByRole('gridcell', { name: /^Friday, December 31, 2027, 3 deadlines/ }),
    ).toBeVisible();
    await page.getByRole('gridcell', { name: /^Friday, December 31, 2027/ }).click();
    await expect(
      page.getByRole('button', { name: 'BSA/AML training for appropriate personnel' }),
    ).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thursday, December 23, 2027' })).toBeVisible();
    await page.keyboard.press('PageDown');
    await expect(page.getByRole('heading', { name: 'January 2028' })).toBeVisible();
    await expect(page.locator(':focus')).toHaveText(/^Sunday, January 23, 2028/);
  });

  test('works on a phone: the demo’s five deadlines, the overdue list first, then the month grid kept', async ({
    page,
    server,
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInInBrowser(page, server.url, user);
    await expect(upcomingDeadlines(page)).toHaveText('5');

    // The list opens first: what is overdue, with how long.
    await page.goto(`${server.url}/regulatory-calendar`);
    const overdue = page.getByRole('region', { name: /^Overdue/ });
    await expect(
      overdue.getByRole('button', { name: 'Quarterly BSA/AML report to the board' }),
    ).toBeVisible();
    await expect(overdue.getByText(/Overdue by \d+ days/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoSeriousAxeViolations(page);
    expect(
      await page.locator('html').evaluate((element) => element.scrollWidth),
    ).toBeLessThanOrEqual(375);

    // The month grid, its keyboard help behind "?", and the choice kept for the next visit.
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    // Screen readers hear the help with the grid; others open it.
    await expect(page.getByRole('grid')).toHaveAccessibleDescription(/^Arrow keys move/);
    const keysHelp = page.getByRole('button', { name: 'Keyboard help' });
    await expect(keysHelp).toHaveAttribute('aria-expanded', 'false');
    await keysHelp.click();
    await expect(keysHelp).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Arrow keys move between days', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(
      await page.locator('html').evaluate((element) => element.scrollWidth),
    ).toBeLessThanOrEqual(375);
    await page.goto(`${server.url}/regulatory-calendar`);
    await expect(page.getByRole('grid')).toBeVisible();
  });
});
