import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { DOCX_TYPE, demoPolicyText, docxFromMarkdown } from '../apps/api/test/policy-documents.ts';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoFileServer, type DemoServer } from './support/demo-server.ts';
import { expect, signedInState, test as base } from './support/fixtures.ts';
import { startFeedServer } from '../apps/api/test/fixtures/feeds/feed-server.ts';
import { callApi, signInOperator } from './support/journeys.ts';

/**
 * Policies on the demo workspace (three policies: apps/api/src/modules/demo/demo-policies.ts),
 * on a server of the file's own.
 */
const test = base.extend<{ demo: DemoServer }>({
  // The update journey polls a feed on 127.0.0.1 (these machines have no internet).
  demo: demoFileServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' }),
});

const TITLE = 'Loan Estimate and Closing Disclosure Procedure';

test.describe('policies and their cross-reference', () => {
  test('a manager uploads a Word policy, confirms two suggested rules and submits it; an administrator approves it', async ({
    demo,
    openPage,
  }) => {
    // Two members' sessions, an upload read on the server and four accessibility scans.
    test.slow();
    const viewport = { width: 1280, height: 900 };
    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport,
    });
    await manager.goto(`${demo.url}/policy-cross-referencing`);
    const list = manager.getByRole('table', { name: 'Your institution’s policies' });
    await expect(list.locator('tbody tr')).toHaveCount(3);
    // What needs action comes first: the demo's BSA program is overdue for review.
    await expect(manager.getByText('Review overdue:')).toBeVisible();
    await expectNoSeriousAxeViolations(manager);

    await manager.getByRole('button', { name: 'Add policy' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Add a policy' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Owner').selectOption({ label: 'Sam Rivera' });
    await dialog.getByLabel('Policy file').setInputFiles({
      name: 'le-cd-procedure.docx',
      mimeType: DOCX_TYPE,
      buffer: await docxFromMarkdown(demoPolicyText('trid')),
    });
    await dialog.getByRole('button', { name: 'Add policy' }).click();
    await expect(dialog).toBeHidden();
    await expect(manager).toHaveURL(/\/policy-cross-referencing\?policy=/);
    await expect(manager.getByRole('heading', { name: TITLE })).toBeVisible();

    // The section on Loan Estimate delivery cites the rule's paragraph; the one on revised
    // estimates resembles a rule it does not cite.
    const delivery = manager.getByRole('region', { name: '3. Loan Estimate Delivery' });
    await expect(delivery.getByText('Cites 12 CFR 1026.19(e)(1)(iii)(A)')).toBeVisible();
    await delivery.getByRole('button', { name: 'Confirm TRID-LE-001' }).click();
    await expect(
      delivery.getByRole('listitem').filter({ hasText: 'TRID-LE-001' }).getByText('Confirmed', {
        exact: true,
      }),
    ).toBeVisible();
    const revised = manager.getByRole('region', { name: '4. Revised Loan Estimates' });
    await expect(
      revised
        .getByRole('listitem')
        .filter({ hasText: 'TRID-CC-002' })
        .getByText(/Not cited/),
    ).toBeVisible();
    await revised.getByRole('button', { name: 'Confirm TRID-CC-002' }).click();
    await expect(
      revised.getByRole('listitem').filter({ hasText: 'TRID-CC-002' }).getByText('Confirmed', {
        exact: true,
      }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(manager);

    await manager.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(manager.getByText('Version 1 awaits an administrator’s approval.')).toBeVisible();

    // The administrator finds it among what awaits approval and approves it.
    const admin = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport: { width: 375, height: 800 },
    });
    await admin.goto(`${demo.url}/policy-cross-referencing`);
    await admin
      .getByRole('listitem')
      .filter({ hasText: 'Awaiting approval' })
      .getByRole('button', {
        name: new RegExp(TITLE),
      })
      .click();
    await expect(admin.getByRole('heading', { name: TITLE })).toBeVisible();
    await expectNoSeriousAxeViolations(admin);
    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve version 1' });
    const nextReview = addDays(todayIn(null), 365);
    await approve.getByLabel('Next review date').fill(nextReview);
    await approve.getByRole('button', { name: 'Approve version 1' }).click();
    await expect(approve).toBeHidden();
    await expect(admin.getByText(/In force: version 1, approved/)).toBeVisible();
    await expect(admin.getByText('2 rules confirmed as covered.')).toBeVisible();

    await admin.getByRole('link', { name: 'All policies' }).click();
    const row = admin
      .getByRole('table', { name: 'Your institution’s policies' })
      .getByRole('row')
      .filter({ hasText: TITLE });
    await expect(
      row.getByRole('button', { name: `2 rules confirmed as covered by ${TITLE}` }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(admin);

    // The gap report lists the TRID rules no approved policy covers, the new one included.
    await admin.getByRole('link', { name: 'Gap report' }).click();
    await admin.getByLabel('Area').selectOption('trid');
    await expect(admin).toHaveURL(/view=gaps&area=trid/);
    const uncovered = admin.getByRole('region', {
      name: 'TILA-RESPA integrated disclosures (Loan Estimate, Closing Disclosure): not covered',
    });
    await expect(uncovered.getByRole('link', { name: /TRID-TOL-001/ })).toBeVisible();
    await expect(uncovered.getByRole('link', { name: /TRID-CC-002/ })).toHaveCount(0);
    await expect(admin.getByRole('link', { name: 'Gap report PDF' })).toHaveAttribute(
      'href',
      '/api/policies/gaps.pdf?area=trid',
    );
    await expectNoSeriousAxeViolations(admin);
  });

  test('an administrator asks every member to acknowledge a policy; a member acknowledges it; the rest are reminded', async ({
    demo,
    openPage,
  }) => {
    test.slow();
    const admin = await openPage({
      storageState: await signedInState(demo.url, demo.members.admin),
      viewport: { width: 1280, height: 900 },
    });
    await admin.goto(`${demo.url}/policy-cross-referencing`);
    await admin.getByRole('button', { name: 'TRID Disclosure Procedure', exact: true }).click();
    await admin.getByRole('button', { name: 'Ask members to acknowledge' }).click();
    const ask = admin.getByRole('dialog', { name: 'Ask every member to acknowledge version 1' });
    await ask.getByLabel('Acknowledge by (optional)').fill(addDays(todayIn(null), 14));
    await ask.getByRole('button', { name: 'Ask every member' }).click();
    await expect(ask).toBeHidden();
    await expect(admin.getByText(/0 of 3 have acknowledged/)).toBeVisible();

    // The member sees what is theirs to do first, opens the policy and acknowledges it.
    const member = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport: { width: 375, height: 800 },
    });
    await member.goto(`${demo.url}/policy-cross-referencing`);
    await member
      .getByRole('listitem')
      .filter({ hasText: 'For you to acknowledge' })
      .getByRole('button', { name: /TRID Disclosure Procedure/ })
      .click();
    await expect(member.getByText('You are asked to acknowledge version 1.')).toBeVisible();
    await expectNoSeriousAxeViolations(member);
    await member.getByRole('button', { name: 'I have read version 1: acknowledge' }).click();
    await expect(member.getByText(/1 of 3 have acknowledged/)).toBeVisible();
    await expect(member.getByRole('button', { name: /acknowledge$/ })).toHaveCount(0);

    await admin.reload();
    const table = admin.getByRole('table', { name: 'Who has acknowledged version 1' });
    await expect(table.getByRole('row').filter({ hasText: 'Sam Rivera' })).not.toContainText(
      'Not yet',
    );
    await admin.getByRole('button', { name: 'Remind the 2 who have not' }).click();
    await expect(admin.getByText('2 members were reminded.')).toBeVisible();
    await expectNoSeriousAxeViolations(admin);
  });
  test('a manager pastes an edited version of a policy in force and compares it with the one before', async ({
    demo,
    openPage,
  }) => {
    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport: { width: 1280, height: 900 },
    });
    await manager.goto(`${demo.url}/policy-cross-referencing`);
    await manager
      .getByRole('table', { name: 'Your institution’s policies' })
      .getByRole('button', { name: /rules confirmed as covered by TRID Disclosure Procedure/ })
      .click();
    await expect(
      manager.getByRole('heading', { name: 'TRID Disclosure Procedure', level: 2 }),
    ).toBeVisible();

    // Version 2: the intake section dropped, the delivery deadline shortened, training added.
    const original = demoPolicyText('trid');
    const intake = original.indexOf('## 2. Application Intake');
    const edited =
      `${original.slice(0, intake)}${original.slice(original.indexOf('## 3. Loan Estimate Delivery'))}`
        .replace(
          'no later than the third business day after',
          'no later than the second business day after',
        )
        .concat(
          '\n\n## 8. Staff Training\n\nDisclosure staff are trained on these deadlines each year.\n',
        );
    await manager.getByRole('button', { name: 'Add a version' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Add a version' });
    await dialog.getByLabel('Paste the text').check();
    await dialog.getByLabel('Text', { exact: true }).fill(edited);
    await dialog.getByLabel('What changed').fill('Loan Estimate one day earlier');
    await dialog.getByRole('button', { name: 'Add version' }).click();
    await expect(dialog).toBeHidden();

    // From the keyboard: the previous version against the newest, kept in the URL.
    await manager.getByRole('button', { name: 'Compare versions' }).focus();
    await manager.keyboard.press('Enter');
    await expect(manager).toHaveURL(/[?&]compare=1\.\.2/);
    await expect(manager.getByLabel('Compare version')).toHaveValue('1');
    await expect(manager.getByLabel('With version')).toHaveValue('2');
    await expect(
      manager.getByText(
        /Version 2 against version 1: 1 section changed, 1 added, 1 removed, 6 unchanged\./,
      ),
    ).toBeVisible();

    const delivery = manager.getByRole('region', { name: '3. Loan Estimate Delivery' });
    await expect(delivery.getByText('Changed', { exact: true })).toBeVisible();
    await expect(delivery.locator('del')).toHaveText(/third/);
    await expect(delivery.locator('ins')).toHaveText(/second/);
    // The rule confirmed on the old wording awaits a decision on the new one.
    await expect(delivery.getByText('Coverage lost').first()).toBeVisible();
    await expect(
      manager.getByRole('region', { name: '2. Application Intake' }).getByText('Removed', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      manager
        .getByRole('region', { name: '8. Staff Training' })
        .getByText('Added', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(manager);

    // A reload shows the same comparison; closing it returns to the sections of one version.
    await manager.reload();
    await expect(delivery.locator('ins')).toHaveText(/second/);
    await manager.getByRole('button', { name: 'Close the comparison' }).click();
    await expect(manager).not.toHaveURL(/compare=/);
    await expect(
      manager.getByRole('heading', { name: 'Version 2: sections and the rules they cover' }),
    ).toBeVisible();
  });

  test('a regulatory update citing a section a policy covers flags it on the dashboard and the policy; a manager records the review', async ({
    demo,
    openPage,
  }) => {
    test.slow();
    const title = 'CFPB clarifies the timing of the Loan Estimate';
    const feeds = await startFeedServer();
    try {
      feeds.route('/policy-update.xml', (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(`<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Fixture newsroom</title><link>https://www.consumerfinance.gov/</link>
<description>Fixture</description>
<item><title>${title}</title>
<link>https://www.consumerfinance.gov/about-us/newsroom/loan-estimate-timing/</link>
<description>The Bureau clarified when the Loan Estimate is delivered under 12 CFR 1026.19(e)(1)(iii).</description>
<pubDate>${new Date().toUTCString()}</pubDate>
<guid>fixture-loan-estimate-timing</guid></item>
</channel></rss>`);
      });
      const operator = await signInOperator(demo.url);
      const { id } = await callApi<{ id: string }>(
        demo.url,
        operator,
        'POST',
        '/api/admin/feed-sources',
        {
          name: 'Fixture newsroom',
          url: feeds.url('/policy-update.xml'),
          format: 'rss',
          agency: 'CFPB',
          enabled: false,
        },
      );
      await callApi(demo.url, operator, 'POST', `/api/admin/feed-sources/${id}/poll`);
    } finally {
      await feeds.close();
    }

    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport: { width: 1280, height: 900 },
    });
    await manager.goto(`${demo.url}/dashboard`);
    const toReview = manager.getByRole('region', {
      name: /Policies to review after a regulatory change/,
    });
    await expect(toReview.getByRole('link', { name: /TRID Disclosure Procedure/ })).toBeVisible();
    await toReview.getByRole('link', { name: /TRID Disclosure Procedure/ }).click();
    await expect(
      manager.getByRole('heading', { level: 2, name: 'TRID Disclosure Procedure' }),
    ).toBeVisible();
    const changes = manager.getByRole('listitem').filter({ hasText: title });
    await expect(changes.getByText('To review')).toBeVisible();
    await expect(changes.getByText(/“3. Loan Estimate Delivery” \(TRID-LE-001/)).toBeVisible();
    await changes.getByRole('button', { name: 'Record a review' }).click();
    await changes
      .getByLabel('What you concluded')
      .fill('No change needed: the procedure already delivers within three business days.');
    await changes.getByRole('button', { name: 'Record the review' }).click();
    await expect(changes.getByText('Reviewed', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(manager);
  });
});
