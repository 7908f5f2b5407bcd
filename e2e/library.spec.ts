import type { LibraryResponse, RuleDetail } from '@complivue/shared/schemas/library';
import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base, type Page } from './support/fixtures.ts';
import {
  callApi,
  seedDemoWorkspace,
  signInInBrowser,
  signInOperator,
  signUpInBrowser,
  signUpThroughApi,
  uniqueEmail,
} from './support/journeys.ts';

/** The compliance library on a server of the file's own: browse, assess with evidence, search. */
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

test.use({ viewport: { width: 1280, height: 900 } });

const LE_001 = 'Deliver the Loan Estimate within three business days of application';
const LE_ARTICLE = 'Loan Estimate: application, delivery timing and the seven-day waiting period';

/** A new institution's administrator, signed up through the form, in `page`. */
async function newAdministrator(page: Page, url: string) {
  await signUpInBrowser(page, url, { email: uniqueEmail('library') });
}

test.describe('compliance library', () => {
  test('browses to a rule, marks it compliant with evidence, and the dashboard score changes', async ({
    page,
    server,
  }) => {
    await newAdministrator(page, server.url);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Compliance Library' }).click();
    await expect(page.getByRole('heading', { name: 'Compliance Library', level: 1 })).toBeVisible();
    await expect(page.getByText('No rule is assessed yet.')).toBeVisible();
    await page.getByLabel('Area').selectOption('trid');
    await expect(page.getByRole('status').filter({ hasText: '6 articles' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page
      .getByRole('link', {
        name: 'Loan Estimate: application, delivery timing and the seven-day waiting period',
      })
      .click();
    await expect(page.getByRole('heading', { name: 'Rules (3)' })).toBeVisible();
    await expect(
      page.getByText('12 CFR 1026.19(e)(1)(iii)', { exact: true }).first(),
    ).toBeVisible();
    // A citation opens the regulation's own text, to check the article against.
    await expect(
      page
        .getByRole('link', { name: /^12 CFR 1026\.19\(e\)\(1\)\(iii\) \(opens the eCFR\)/ })
        .first(),
    ).toHaveAttribute('href', /^https:\/\/www\.ecfr\.gov\/current\/title-12\/section-1026\.19/);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('list', { name: 'Rules' }).getByRole('link', { name: LE_001 }).click();

    // The rule's title is its heading, its code beside it.
    await expect(page.getByRole('heading', { name: LE_001, level: 1 })).toBeVisible();
    await expect(page.getByText('Rule TRID-LE-001', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption('compliant');
    await page
      .getByLabel('Notes')
      .fill('Sampled 25 Q3 files; every Loan Estimate went out within three business days.');
    await page.getByRole('button', { name: 'Save assessment' }).click();
    await expect(page.getByText('The assessment has been saved.')).toBeVisible();
    await page.getByLabel('Link name').fill('Q3 TRID file review');
    await page.getByLabel('Link address').fill('https://intranet.firstcu.org/reviews/q3-trid');
    await page.getByRole('button', { name: 'Add link' }).click();
    await expect(page.getByRole('link', { name: 'Q3 TRID file review' })).toBeVisible();
    await expect(page.getByText('Status: Not assessed → Compliant')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByText('100%', { exact: true })).toBeVisible();
    // One compliant rule is 100%, "Low": never without how little of the library it rests on.
    await expect(page.getByText(/^1 of \d+ applicable rules assessed \(under 1%\)$/)).toBeVisible();
    await expect(page.getByText(/^Risk level: Low, on 1 of \d+ rules assessed$/)).toBeVisible();
    await expect(page.getByText('TRID Rules Review Needed')).toBeVisible();
    // The assessed count opens the library's articles, the one holding that rule first.
    await page.getByRole('link', { name: 'Rules assessed: 1, open the list' }).click();
    const firstArticle = page
      .getByRole('table', { name: /^Articles of the compliance library/ })
      .getByRole('rowheader')
      .first();
    await expect(firstArticle).toContainText(LE_ARTICLE);
  });

  test('lists what applies to the institution first, with counts that open the rules they count, and one disclaimer a page', async ({
    page,
    server,
  }) => {
    await signUpThroughApi(server.url, { page, label: 'counts' });
    await callApi(server.url, page, 'PATCH', '/api/company', {
      primaryRegulator: 'ncua',
      regulationAreas: ['trid', 'hmda'],
    });
    await callApi(server.url, page, 'PATCH', '/api/library/rules/TRID-LE-001/assessment', {
      status: 'compliant',
    });
    await callApi(server.url, page, 'PATCH', '/api/library/rules/TRID-LE-002/assessment', {
      status: 'non_compliant',
    });
    const library = await callApi<LibraryResponse>(server.url, page, 'GET', '/api/library');
    const applying = library.articles.filter((article) => article.appliesToInstitution).length;
    const disclaimer = page.getByText(/not legal advice/);

    await page.goto(`${server.url}/compliance`);
    await expect(page.getByLabel('Applies to us')).toBeChecked();
    await expect(
      page.getByRole('status').filter({
        hasText: `${applying} articles that apply to your institution`,
      }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: /^Articles of the compliance library/ });
    await expect(table.getByRole('link', { name: 'Delineating CRA assessment areas' })).toHaveCount(
      0,
    );
    // What needs action leads: the article with a non-compliant rule is the first row.
    const first = table.getByRole('row').nth(1);
    await expect(first.getByRole('rowheader')).toHaveText(LE_ARTICLE);
    await expect(first.getByRole('link', { name: '3 rules apply' })).toBeVisible();
    await expect(first.getByRole('link', { name: '2 assessed' })).toBeVisible();
    await expect(first.getByRole('link', { name: '1 compliant' })).toBeVisible();
    await expect(disclaimer).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);

    // Everything, on request and kept in the address: what does not apply says so.
    await page.getByLabel('Applies to us').click();
    await expect(page).toHaveURL(/applies=false/);
    await page.reload();
    await expect(page.getByLabel('Applies to us')).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: /^\d+ articles?$/ })).toHaveText(
      `${library.articles.length} articles`,
    );
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'Delineating CRA assessment areas' })
        .getByText('Does not apply to you'),
    ).toBeVisible();

    // A count opens the article with exactly the rules it counts, each by its title.
    await first.getByRole('link', { name: '1 non-compliant' }).click();
    await expect(page.getByRole('heading', { name: LE_ARTICLE, level: 1 })).toBeVisible();
    const panelRules = page.getByRole('list', { name: 'Rules' }).getByRole('listitem');
    await expect(panelRules).toHaveCount(1);
    await expect(panelRules.first()).toContainText(
      'Deliver Loan Estimate at least seven business days before consummation',
    );
    await expect(panelRules.first()).toContainText('Non-compliant');
    await expect(panelRules.first()).toContainText('TRID-LE-002');
    await page.getByRole('button', { name: 'Show all rules' }).click();
    await expect(panelRules).toHaveCount(3);
    // The rules and a table of contents stay in view beside the text.
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await page.mouse.wheel(0, 2500);
    await expect(contents).toBeInViewport();
    await contents.getByRole('link', { name: 'Evidence examiners expect' }).click();
    await expect(page).toHaveURL(/#section-evidence-examiners-expect$/);
    await expect(
      page.getByRole('heading', { name: 'Evidence examiners expect', level: 2 }),
    ).toBeInViewport();
    await expect(disclaimer).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('list', { name: 'Rules' }).getByRole('link', { name: LE_001 }).click();
    await expect(page.getByRole('heading', { name: LE_001, level: 1 })).toBeVisible();
    await expect(disclaimer).toHaveCount(1);

    // On a phone: a compact list, each count with its words, and the rules before the text.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/compliance`);
    const entry = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').first();
    await expect(entry).toContainText(LE_ARTICLE);
    await expect(entry.getByRole('link', { name: '1 non-compliant' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await entry.getByRole('link', { name: LE_ARTICLE }).click();
    const rulesTop = (await page.getByRole('list', { name: 'Rules' }).boundingBox())!.y;
    const textTop = (await page.getByRole('heading', { name: 'Overview', level: 2 }).boundingBox())!
      .y;
    expect(rulesTop).toBeLessThan(textTop);
  });

  test('removes an evidence file once asked to confirm; the file is gone and the history says so', async ({
    page,
    server,
  }) => {
    await signUpThroughApi(server.url, { page, label: 'evidence' });
    const upload = new FormData();
    upload.append(
      'file',
      new Blob(['Loan number,Loan Estimate sent\n1001,2026-07-01\n'], { type: 'text/csv' }),
      'q3-le-sample.csv',
    );
    const rule = await callApi<RuleDetail>(
      server.url,
      page,
      'POST',
      '/api/library/rules/TRID-LE-001/evidence/files',
      upload,
    );
    const fileAddress = `${server.url}/api/library/evidence/${rule.assessment.evidence[0]!.id}`;

    await page.goto(`${server.url}/compliance/rules/TRID-LE-001`);
    await expect(page.getByRole('heading', { name: LE_001, level: 1 })).toBeVisible();
    const remove = page.getByRole('button', { name: 'Remove q3-le-sample.csv' });
    const confirm = page.getByRole('alertdialog', { name: 'Remove q3-le-sample.csv?' });
    // Cancelling keeps it.
    await remove.click();
    await expect(confirm.getByText('cannot be downloaded again', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'q3-le-sample.csv' })).toBeVisible();

    await remove.click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('No evidence recorded yet.')).toBeVisible();
    await expect(page.getByText('Evidence: q3-le-sample.csv → —')).toBeVisible();
    expect((await page.request.get(fileAddress)).status()).toBe(404);
  });

  test('opens an article from the Cmd/Ctrl-K palette and from the header search', async ({
    page,
    server,
  }) => {
    await newAdministrator(page, server.url);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await palette.getByRole('combobox').fill('Closing Disclosure timing');
    const article = palette
      .getByRole('option')
      .filter({ hasText: 'Closing Disclosure timing and the three changes' });
    await expect(article).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await article.click();
    await expect(
      page.getByRole('heading', { level: 1, name: /Closing Disclosure timing/ }),
    ).toBeVisible();

    await page
      .getByRole('combobox', { name: 'Search compliance articles, regulations...' })
      .fill('1026.19(e)');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    // Articles first: rules citing the same paragraph can fill a page of ten on their own.
    await page.getByRole('button', { name: /^Articles/ }).click();
    await expect(
      page.getByRole('link', {
        name: 'Loan Estimate: application, delivery timing and the seven-day waiting period',
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Rules/ }).click();
    await expect(page.getByText('Article', { exact: true })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  test('keeps the article enhancer to administrators, who write, check and publish their own article', async ({
    page,
    openPage,
    server,
  }) => {
    const { manager } = await seedDemoWorkspace(server.url);
    const managerPage = await openPage({ viewport: { width: 1280, height: 900 } });
    await signInInBrowser(managerPage, server.url, manager);
    await managerPage.goto(`${server.url}/article-enhancer`);
    await expect(heading(managerPage)).toHaveText('Access Denied');

    await newAdministrator(page, server.url);
    await page.goto(`${server.url}/article-enhancer`);
    await expect(page.getByRole('heading', { name: 'Article Enhancer' })).toBeVisible();
    await page.getByRole('button', { name: 'New article' }).click();
    await page.getByLabel('Title').fill('Wire transfer callback procedure');
    await page.getByLabel('Address').fill('wire-transfer-callback-procedure');
    await page.getByLabel('Regulation area').selectOption('bsa_aml');
    await page
      .getByLabel('Summary')
      .fill('How tellers confirm outgoing wire instructions by calling the member back.');
    await page.getByLabel('Citations').fill('12 C.F.R. 1010.410');
    await expect(
      page.getByText('"12 C.F.R. 1010.410" is not a well-formed citation', { exact: false }),
    ).toBeVisible();
    await page.getByLabel('Citations').fill('31 CFR 1010.410');
    await expect(page.getByText('is not a well-formed citation', { exact: false })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('The draft is saved.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Publish version 1' }).click();
    await expect(page.getByText('Version 1 is published.')).toBeVisible();
    await page.getByRole('link', { name: 'Open in the library' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Wire transfer callback procedure' }),
    ).toBeVisible();
    await expect(page.getByText('Your institution’s article')).toBeVisible();
  });

  test('answers from the library in the chat widget, which opens, minimizes, closes and keeps history', async ({
    page,
    server,
  }) => {
    await newAdministrator(page, server.url);
    await page.getByRole('button', { name: 'Ask the assistant' }).click();
    const widget = page.getByTestId('chat-widget');
    await expect(widget).toHaveAttribute('data-state', 'open');
    const box = await widget.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([384, 500]);
    await expectNoSeriousAxeViolations(page);

    const input = page.getByLabel('Your message');
    await input.fill('   ');
    await input.press('Enter');
    await expect(widget.locator('[data-role="user"]')).toHaveCount(0);

    await input.fill('What is the deadline for the TRID Loan Estimate?');
    await input.press('Enter');
    const answer = widget.locator('[data-role="assistant"]').last();
    await expect(answer.getByRole('link', { name: /Loan Estimate/ }).first()).toBeVisible();
    await expect(answer).toContainText('1026.19(e)');

    await page.getByRole('button', { name: 'Minimize the assistant' }).click();
    await expect(widget).toHaveAttribute('data-state', 'minimized');
    expect(Math.round((await widget.boundingBox())!.height)).toBe(56);
    await page.getByRole('button', { name: 'Close the assistant' }).click();
    await expect(page.getByRole('button', { name: 'Ask the assistant' })).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: 'Ask the assistant' }).click();
    await expect(
      widget
        .locator('[data-role="user"]')
        .filter({ hasText: 'What is the deadline for the TRID Loan Estimate?' }),
    ).toBeVisible();
  });

  test('helps a guest on the website with plans and prices', async ({ page, server }) => {
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('button', { name: 'Ask the assistant' }).click();
    await page.getByLabel('Your message').fill('How much is the professional subscription?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = page.getByTestId('chat-widget').locator('[data-role="assistant"]').last();
    await expect(answer).toContainText('$299');
    await expect(answer).not.toContainText('$999');
    await page.getByLabel('Your message').fill('Tell me a joke');
    await page.getByLabel('Your message').press('Enter');
    await expect(
      page
        .getByText(
          'I can help you with platform questions, subscription plans, account support, and general information about the product.',
          { exact: false },
        )
        .first(),
    ).toBeVisible();
  });
});
