import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  expect,
  fileServer,
  signedInState,
  test as base,
  type PageOptions,
} from './support/fixtures.ts';
import { callApi, createChange, seedDemoWorkspace, signInThroughApi } from './support/journeys.ts';

/**
 * Change management on the demo workspace (professional plan), on a server of the file's own:
 * board, workflow, history. Its user and admin are signed in once, through the API; each test
 * works on changes it made, under a title of its own.
 */
interface Demo {
  url: string;
  members: Awaited<ReturnType<typeof seedDemoWorkspace>>;
  signedIn: Record<'user' | 'admin', NonNullable<PageOptions['storageState']>>;
}

const test = base.extend<{
  demo: Demo;
  /** A browser signed in as the demo's user or admin, on the board. */
  signedIn(who: 'user' | 'admin', viewport?: { width: number; height: number }): Promise<Page>;
}>({
  demo: fileServer(async () => {
    const server = await startE2eServer();
    try {
      const members = await seedDemoWorkspace(server.url);
      const signedIn = {
        user: await signedInState(server.url, members.user),
        admin: await signedInState(server.url, members.admin),
      };
      return { value: { url: server.url, members, signedIn }, stop: () => server.stop() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }),
  signedIn: async ({ demo, openPage }, use) => {
    await use(async (who, viewport = { width: 1280, height: 900 }) => {
      const page = await openPage({ storageState: demo.signedIn[who], viewport });
      await page.goto(`${demo.url}/change-management`);
      await expect(
        page.getByRole('heading', { name: 'Change Management', level: 1 }),
      ).toBeVisible();
      return page;
    });
  },
});

const column = (page: Page, status: string) =>
  page.getByRole('region', { name: new RegExp(`^${status}`) });
const card = (page: Page | Locator, title: string) => page.getByRole('article', { name: title });

/** The demo's regulatory updates (three real Federal Register documents), as its user sees them. */
async function demoFeedItems(demo: Demo) {
  const caller = await signInThroughApi(demo.url, demo.members.user);
  const { items } = await callApi<{ items: { id: string; title: string; link: string }[] }>(
    demo.url,
    caller,
    'GET',
    '/api/feeds/items',
  );
  return { caller, items };
}

/** Opens the card's Move menu and chooses a move, with the keyboard only. */
async function moveWithKeyboard(page: Page, title: string, move: string) {
  await card(page, title)
    .getByRole('button', { name: /^Move CHG-/ })
    .press('Enter');
  const item = page.getByRole('menuitem', { name: move });
  await expect(item).toBeVisible();
  await item.press('Enter');
}

/** Waits until the card's Move button, in the given column, has the keyboard focus. */
async function expectMoveButtonFocused(page: Page, status: string, title: string) {
  const button = card(column(page, status), title).getByRole('button', { name: /^Move CHG-/ });
  await expect(button).toBeFocused();
}

test.describe('change management', () => {
  test('creates a change, moves it across the board to review, and an admin closes it', async ({
    signedIn,
  }) => {
    const title = `Escrow cushion limits under 12 CFR 1024.17 (${crypto.randomUUID().slice(0, 6)})`;
    const page = await signedIn('user');
    await expect(page.getByRole('region', { name: 'Board of changes by status' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'New change' }).click();
    const form = page.getByRole('dialog', { name: 'New change' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('RESPA').check();
    await form.getByLabel('Risk rating').selectOption('high');
    await form.getByLabel('Policies affected').fill('Escrow administration policy');
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Create change' }).click();

    const panel = page.getByRole('dialog', { name: title });
    await panel.getByRole('tab', { name: /^History/ }).click();
    await expect(panel.getByText('created the change', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await panel.getByRole('button', { name: 'Close the change' }).click();
    await expect(panel).toHaveCount(0);

    await expect(card(column(page, 'Identified'), title)).toBeVisible();
    // Each move redraws the card in its new column; focus follows it to its Move button.
    await moveWithKeyboard(page, title, 'Move to Assessing');
    await expect(card(column(page, 'Assessing'), title)).toBeVisible();
    await expectMoveButtonFocused(page, 'Assessing', title);
    await moveWithKeyboard(page, title, 'Move to Implementing');
    await expect(card(column(page, 'Implementing'), title)).toBeVisible();
    await expectMoveButtonFocused(page, 'Implementing', title);
    await moveWithKeyboard(page, title, 'Move to Review');
    await expect(card(column(page, 'Review'), title)).toBeVisible();
    await expectMoveButtonFocused(page, 'Review', title);

    // A member cannot approve: the move is offered disabled, reachable by the keyboard, with
    // the reason as its description; choosing it does nothing.
    await page.keyboard.press('Enter');
    const approve = page.getByRole('menuitem', { name: 'Approve and close' });
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(approve).toBeFocused();
    await expect(approve).toHaveAccessibleDescription(
      'Only a manager or an administrator can approve a change in review and close it.',
    );
    await page.keyboard.press('Enter');
    await expect(approve).toBeFocused();
    await page.keyboard.press('Escape');

    const adminPage = await signedIn('admin');
    await expect(card(column(adminPage, 'Review'), title)).toBeVisible();
    await moveWithKeyboard(adminPage, title, 'Approve and close');
    await expect(card(column(adminPage, 'Closed'), title)).toBeVisible();
    await expectMoveButtonFocused(adminPage, 'Closed', title);
    await expectNoSeriousAxeViolations(adminPage);

    await card(adminPage, title).getByRole('button', { name: title }).click();
    const detail = adminPage.getByRole('dialog', { name: title });
    await detail.getByRole('tab', { name: /^History/ }).click();
    const history = detail.getByRole('list', { name: 'History, newest first' });
    await expect(history.getByText('moved the change from Review to Closed')).toBeVisible();
    for (const step of [
      'moved the change from Identified to Assessing',
      'moved the change from Assessing to Implementing',
      'moved the change from Implementing to Review',
    ]) {
      await expect(history.getByText(step)).toBeVisible();
    }
    await expect(history.getByText(/moved the change from/)).toHaveCount(4);

    // A comment that @mentions a colleague, picked with the keyboard.
    await detail.getByRole('tab', { name: /^Discussion/ }).click();
    const comment = detail.getByRole('textbox', { name: 'Comment' });
    await comment.fill('Approved. @Jor');
    await expect(
      detail
        .getByRole('listbox', { name: 'Members to mention' })
        .getByRole('option', { name: /Jordan Lee/ }),
    ).toBeVisible();
    await comment.press('Enter');
    await comment.pressSequentially('please file the evidence.');
    await expect(comment).toHaveValue('Approved. @Jordan Lee please file the evidence.');
    await detail.getByRole('button', { name: 'Post comment' }).click();
    await expect(
      detail.getByRole('list', { name: 'Comments' }).getByText('@Jordan Lee', { exact: true }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(adminPage);
    expect(new URL(adminPage.url()).searchParams.get('change')).toBeTruthy();
  });

  test('reads a change from a feed item as sentences: names, labels, Jan 1, 2026, titled links', async ({
    signedIn,
    demo,
  }) => {
    const { caller, items } = await demoFeedItems(demo);
    const item = items[0]!;
    const title = `Threshold adjustments review (${crypto.randomUUID().slice(0, 6)})`;
    const nextYear = new Date().getUTCFullYear() + 1;
    const change = await createChange(demo.url, caller, {
      feedItemId: item.id,
      title,
      effectiveDate: `${nextYear}-01-01`,
    });
    await callApi(demo.url, caller, 'PATCH', `/api/changes/${change.id}`, {
      dueDate: `${nextYear}-03-01`,
      riskRating: 'medium',
    });

    const page = await signedIn('user');
    await page.goto(`${demo.url}/change-management?change=${change.id}`);
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByRole('tab', { name: /^History/ }).click();
    const history = detail.getByRole('list', { name: 'History, newest first' });
    await expect(
      history.getByText(`Sam Rivera set Due date to Mar 1, ${nextYear} and set Risk to Medium`),
    ).toBeVisible();
    await expect(history.getByText(`Effective date to Jan 1, ${nextYear}`)).toBeVisible();
    // The publication under its own title, not its address (in the sentence, and in the summary
    // the draft quoted).
    const publications = history.getByRole('link', { name: item.title });
    await expect(publications).toHaveCount(2);
    for (const link of await publications.all()) {
      await expect(link).toHaveAttribute('href', item.link);
    }
    const text = (await history.textContent()) ?? '';
    expect(text).not.toMatch(/demo: true|\b\d{4}-\d{2}-\d{2}\b|https?:\/\/|source: feed/);
    await expectNoSeriousAxeViolations(page);
  });

  test('lays the detail out in tabs under an action bar that stays in view; the source opens in the app', async ({
    signedIn,
    demo,
  }) => {
    const { caller, items } = await demoFeedItems(demo);
    const item = items.at(-1)!;
    const title = `Disclosure timing review (${crypto.randomUUID().slice(0, 6)})`;
    const change = await createChange(demo.url, caller, { feedItemId: item.id, title });
    for (let index = 1; index <= 8; index += 1) {
      await callApi(demo.url, caller, 'POST', `/api/changes/${change.id}/tasks`, {
        title: `Sample closing file ${index}`,
      });
    }

    const page = await signedIn('user', { width: 1280, height: 720 });
    await page.goto(`${demo.url}/change-management?change=${change.id}`);
    const detail = page.getByRole('dialog', { name: title });
    const bar = detail.getByRole('region', { name: 'Status and actions' });
    const advance = bar.getByRole('button', { name: 'Move to Assessing' });
    await expect(advance).toBeVisible();

    // The sections are tabs a keyboard moves between; the first is the overview.
    const overview = detail.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    await expect(detail.getByRole('tab', { name: 'Impact' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const tasks = detail.getByRole('tab', { name: 'Tasks and evidence (0/8)' });
    await expect(tasks).toBeFocused();
    await expect(tasks).toHaveAttribute('aria-selected', 'true');
    const tasksPanel = detail.getByRole('tabpanel', { name: /^Tasks and evidence/ });
    await expect(tasksPanel.getByText('Sample closing file 8', { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Scrolled to the end of a long section, the moves are still in view.
    const files = tasksPanel.getByRole('heading', { name: 'Files and evidence' });
    await files.scrollIntoViewIfNeeded();
    await expect(files).toBeInViewport();
    await expect(
      tasksPanel.getByText('Sample closing file 1', { exact: true }),
    ).not.toBeInViewport();
    await expect(advance).toBeInViewport();

    // The source: the feed item in the app, and the publication on its site beside it.
    await overview.click();
    await expect(detail.getByRole('link', { name: /Federal Register document/ })).toHaveAttribute(
      'href',
      item.link,
    );
    await detail.getByRole('link', { name: `Feed item: ${item.title}` }).click();
    await page.waitForURL((url) => url.pathname === '/regulatory-feeds');
    expect(new URL(page.url()).searchParams.get('item')).toBe(item.id);
    await expect(page.getByRole('dialog', { name: item.title })).toBeVisible();
  });

  test('marks a change not applicable with its reason; focus follows the card', async ({
    signedIn,
  }) => {
    const page = await signedIn('admin');
    const other = `Reg CC funds availability change (${crypto.randomUUID().slice(0, 6)})`;
    await page.getByRole('button', { name: 'New change' }).click();
    const form = page.getByRole('dialog', { name: 'New change' });
    await form.getByLabel('Title').fill(other);
    await form.getByRole('button', { name: 'Create change' }).click();
    const panel = page.getByRole('dialog', { name: other });
    await panel.getByRole('button', { name: 'Close the change' }).click();
    await expect(panel).toHaveCount(0);

    await expect(card(column(page, 'Identified'), other)).toBeVisible();
    await moveWithKeyboard(page, other, 'Mark not applicable');
    const reason = page.getByRole('dialog', { name: /not applicable$/ });
    await reason.getByLabel('Why it does not apply').fill('We hold no transaction accounts.');
    await reason.getByRole('button', { name: 'Mark not applicable' }).press('Enter');
    await expect(card(column(page, 'Not applicable'), other)).toBeVisible();
    await expect(reason).toHaveCount(0);
    await expectMoveButtonFocused(page, 'Not applicable', other);
  });

  test('works at 375 px: list view with filters in the URL, and the detail', async ({
    signedIn,
    demo,
  }) => {
    const title = `Escrow account analysis timing (${crypto.randomUUID().slice(0, 6)})`;
    await createChange(demo.url, await signInThroughApi(demo.url, demo.members.user), {
      title,
      areas: ['respa'],
      riskRating: 'high',
    });
    const page = await signedIn('user', { width: 375, height: 812 });
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByLabel('Risk').selectOption('high');
    await expect(page).toHaveURL((url) => url.searchParams.get('risk') === 'high');
    expect(new URL(page.url()).searchParams.get('view')).toBe('list');
    await page.getByRole('button', { name: title }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail.getByRole('link', { name: 'Printable report (PDF)' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await detail.getByRole('button', { name: 'Close the change' }).click();
    await expectNoSeriousAxeViolations(page);
  });

  test('finds a change from the header search by its words and opens it with the keyboard', async ({
    signedIn,
    demo,
  }) => {
    const caller = await signInThroughApi(demo.url, demo.members.user);
    const word = `Quillfeather${crypto.randomUUID().slice(0, 6)}`;
    const title = `${word} escrow cushion review`;
    const change = await createChange(demo.url, caller, { title, areas: ['respa'] });

    const page = await signedIn('user');
    const box = page.getByRole('combobox', { name: 'Search compliance articles, regulations...' });
    await box.fill(word);
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    const option = suggestions
      .getByRole('group', { name: 'Changes' })
      .getByRole('option', { name: new RegExp(`^CHG-${change.number} “${title}”`) });
    await expect(option).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('change')).toBe(change.id);

    // The number people quote finds it too, and the results page lists it above the library.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: title })).toBeHidden();
    await box.fill(`CHG-${change.number}`);
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    const records = page.getByRole('region', { name: 'Your institution’s records' });
    await expect(
      records.getByRole('link', { name: `CHG-${change.number} “${title}”` }),
    ).toBeVisible();
  });
});
