import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState } from './support/fixtures.ts';

/*
 * Findings and corrective actions on the demo workspace (three findings: one with an overdue
 * action, one validated: apps/api/src/modules/demo/demo-findings.ts), on a server of the file's
 * own.
 */

const TITLE = 'CTR aggregation missed multiple cash deposits';
const PLAN =
  'Turn on same-business-day aggregation across branches in the core and retrain tellers.';

test.describe('findings and corrective actions', () => {
  test('a manager records a finding with an action, its owner completes it with evidence, an administrator validates it', async ({
    demo,
    openPage,
  }) => {
    // Three members' sessions and five accessibility scans in one journey.
    test.slow();
    const viewport = { width: 1280, height: 900 };
    // The dashboard's count opens the list it counts.
    const admin = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport,
    });
    await admin.goto(`${demo.url}/dashboard`);
    const overdueLink = admin.getByRole('link', {
      name: 'Overdue corrective actions: 1, open the list',
    });
    await expect(overdueLink).toBeVisible();
    await overdueLink.click();
    await expect(admin).toHaveURL(/\/risk-scoring\?view=findings&overdue=true$/);
    await expect(admin.getByRole('table', { name: 'Findings' }).locator('tbody tr')).toHaveCount(1);
    await expect(admin.getByRole('checkbox', { name: 'Overdue actions only' })).toBeChecked();

    // The manager records a finding, then its corrective action for Sam Rivera.
    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport,
    });
    await manager.goto(`${demo.url}/risk-scoring?view=findings`);
    await expect(manager.getByRole('link', { name: 'Findings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const table = manager.getByRole('table', { name: 'Findings' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(manager.getByText('1 finding has an overdue corrective action')).toBeVisible();
    await expectNoSeriousAxeViolations(manager);

    await manager.getByRole('button', { name: 'Record finding' }).click();
    const form = manager.getByRole('dialog', { name: 'Record a finding' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Source').selectOption('internal_audit');
    await form.getByLabel('Severity').selectOption('high');
    await form.getByLabel('Regulation area').selectOption('bsa_aml');
    await form
      .getByLabel('What was found')
      .fill('The audit found two days of multiple cash deposits over $10,000 with no CTR filed.');
    await form
      .getByLabel('Root cause')
      .fill('The core aggregates cash only within a branch, not across branches.');
    await expectNoSeriousAxeViolations(manager);
    await form.getByRole('button', { name: 'Record finding' }).click();

    const finding = manager.getByRole('dialog', { name: TITLE });
    await expect(finding.getByText('Open', { exact: true })).toBeVisible();
    await finding.getByRole('button', { name: 'Add corrective action' }).click();
    await finding.getByLabel('Corrective action').fill(PLAN);
    await finding.getByLabel('Owner').selectOption({ label: 'Sam Rivera' });
    const due = addDays(todayIn(null), 14);
    await finding.getByLabel('Due date').fill(due);
    await finding.getByRole('button', { name: 'Add action' }).click();
    await expect(finding.getByText('Action in progress', { exact: true })).toBeVisible();
    await expect(finding.getByText(/^Owner: Sam Rivera · Due /)).toBeVisible();
    const findingUrl = manager.url();
    expect(findingUrl).toMatch(/view=findings&finding=[0-9a-f-]{36}$/);
    await expectNoSeriousAxeViolations(manager);

    // The owner, a member, completes it with evidence and a file; a member cannot validate.
    const owner = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 375, height: 800 },
    });
    await owner.goto(findingUrl);
    const ownersView = owner.getByRole('dialog', { name: TITLE });
    await ownersView.getByRole('button', { name: 'Complete with evidence' }).click();
    await ownersView
      .getByLabel('Evidence of completion')
      .fill('Aggregation turned on across branches on the core; 14 tellers trained.');
    await ownersView.getByLabel('Evidence file (optional)').setInputFiles({
      name: 'teller-training-roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Teller,Trained on\nA. Diaz,2026-11-20\n'),
    });
    await ownersView.getByRole('button', { name: 'Mark completed' }).click();
    await expect(ownersView.getByText('Completed, awaiting validation')).toBeVisible();
    await expect(
      ownersView.getByRole('link', { name: 'teller-training-roster.csv' }),
    ).toBeVisible();
    await expect(ownersView.getByRole('button', { name: 'Validate' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(owner);

    // An administrator (neither the owner nor who completed it) validates it.
    await admin.goto(findingUrl);
    const adminsView = admin.getByRole('dialog', { name: TITLE });
    await expect(adminsView.getByText('Ready for validation', { exact: true })).toBeVisible();
    await adminsView.getByRole('button', { name: 'Validate' }).click();
    await adminsView
      .getByLabel('Validation note (optional)')
      .fill('Tested the next 5 business days of cash activity: aggregated correctly.');
    await adminsView.getByRole('button', { name: 'Validate' }).click();
    await expect(adminsView.getByText('Validated', { exact: true }).first()).toBeVisible();
    await expect(adminsView.getByText(/^Validated by Alex Morgan/)).toBeVisible();
    await expect(adminsView.getByText('validated a corrective action')).toBeVisible();
    await expectNoSeriousAxeViolations(admin);
  });
});
