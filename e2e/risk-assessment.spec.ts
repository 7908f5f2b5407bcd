import { pdfText } from '../apps/api/test/pdf-text.ts';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, signedInState, test as base } from './support/fixtures.ts';
import { seedDemoWorkspace } from './support/journeys.ts';

/**
 * The risk assessment as a whole on the demo workspace (apps/api/src/modules/demo): its trend,
 * which starts with today's real snapshot, and its approval, on a server of the file's own.
 */
const test = base.extend<{
  demo: { url: string; members: Awaited<ReturnType<typeof seedDemoWorkspace>> };
}>({
  demo: fileServer(async () => {
    const server = await startE2eServer();
    try {
      const members = await seedDemoWorkspace(server.url);
      return { value: { url: server.url, members }, stop: () => server.stop() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }),
});

test.describe('risk assessment', () => {
  test('a manager submits the assessment, an administrator approves it and downloads the report of the frozen version', async ({
    demo,
    openPage,
  }) => {
    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport: { width: 1280, height: 900 },
    });
    await manager.goto(`${demo.url}/risk-scoring`);
    // The trend is today's real snapshot, never an invented past.
    await expect(
      manager.getByText(/The trend starts with today’s snapshot: 12 risks/),
    ).toBeVisible();
    const approval = manager.getByRole('form', { name: 'Submit the assessment' });
    await expect(manager.getByText('Draft: not submitted for approval.')).toBeVisible();
    await approval.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(approval.getByText('Write a note for the approver.')).toBeVisible();
    await approval
      .getByLabel('Note for the approver')
      .fill('Annual cycle: all twelve risks reviewed.');
    await approval.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(manager.getByText('Version 1 awaits approval')).toBeVisible();
    // Managers submit; only administrators decide.
    await expect(manager.getByRole('button', { name: 'Approve version 1' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(manager);

    const admin = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport: { width: 1280, height: 900 },
    });
    await admin.goto(`${demo.url}/risk-scoring`);
    await expect(admin.getByText('Annual cycle: all twelve risks reviewed.').first()).toBeVisible();
    const decision = admin.getByRole('form', { name: 'Approve or return the assessment' });
    await decision.getByLabel('Decision note').fill('Approved at the compliance committee.');
    await decision.getByRole('button', { name: 'Approve version 1' }).click();
    await expect(admin.getByText('Version 1 is approved')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Re-open for the next cycle' })).toBeVisible();

    // The version, read-only, as it was approved; its report downloads.
    await admin.getByRole('button', { name: 'Version 1', exact: true }).click();
    await expect(admin).toHaveURL(/version=1/);
    const version = admin.getByRole('dialog', { name: 'Risk assessment, version 1' });
    await expect(version.getByText('The register as approved (12 risks)')).toBeVisible();
    await expect(
      version.getByText('Approved at the compliance committee.', { exact: false }),
    ).toBeVisible();
    await expect(version.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(admin);
    const link = version.getByRole('link', { name: 'Download version 1 (PDF)' });
    const pdf = await admin.request.get(`${demo.url}${await link.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = pdfText(await pdf.body()).replace(/\s+/g, ' ');
    expect(text).toContain('Compliance risk assessment');
    expect(text).toContain('version 1, approved');
    expect(text).toContain('Risks assessed: 12');
    expect(text).toContain('Residual risk: number of risks by likelihood and impact');
    expect(text).toContain('Approval note: Approved at the compliance committee.');
    expect(text).toMatch(/Approved: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by /);

    // The working register's report says plainly it is not the approved one.
    await admin.keyboard.press('Escape');
    await expect(version).toHaveCount(0);
    const current = await admin.request.get(
      `${demo.url}${await admin.getByRole('link', { name: 'Assessment report (PDF)' }).getAttribute('href')}`,
    );
    expect(current.status()).toBe(200);
    expect(pdfText(await current.body()).replace(/\s+/g, ' ')).toContain(
      'The latest approved version is version 1',
    );
  });

  test('works on a phone: a member reads the trend and the approval without acting on it', async ({
    demo,
    openPage,
  }) => {
    const page = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 375, height: 800 },
    });
    await page.goto(`${demo.url}/risk-scoring`);
    await expect(page.getByRole('heading', { name: 'Residual risk over time' })).toBeVisible();
    await expect(page.getByText(/The trend starts with today’s snapshot/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Assessment approval' })).toBeVisible();
    await expect(
      page.getByText(/^(Draft: not submitted|Version \d+ (awaits approval|is approved),)/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Assessment report (PDF)' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
