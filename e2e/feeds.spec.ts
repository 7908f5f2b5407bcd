import {
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../apps/api/test/fixtures/feeds/feed-server.ts';
import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  expect,
  fileServer,
  signedInState,
  test as base,
  type Page,
  type PageOptions,
} from './support/fixtures.ts';
import { callApi, seedDemoWorkspace, signInOperator } from './support/journeys.ts';

/**
 * Regulatory feeds on the demo workspace, on a server of the file's own, whose institution has
 * three real CFPB documents from a source of its own. The platform operator sets the
 * institution's plan at the start of each test: basic (feeds, no change management), then
 * professional (an update becomes a change). The members are signed in once, through the API.
 */
type Member = 'admin' | 'manager' | 'user';

interface FeedsWorld {
  url: string;
  /** The fixture feeds' server on 127.0.0.1 (these machines have no internet). */
  feeds: FeedServer;
  companyId: string;
  signedIn: Record<Member, NonNullable<PageOptions['storageState']>>;
}

const test = base.extend<{
  world: FeedsWorld;
  /** Sets the demo institution's plan, as the platform operator. */
  setPlan(planName: 'basic' | 'professional'): Promise<void>;
  /** A browser signed in as a demo member, on the dashboard. */
  signedIn(member: Member, viewport?: { width: number; height: number }): Promise<Page>;
}>({
  world: fileServer(async () => {
    const feeds = await startFeedServer();
    feeds.route('/newsroom.xml', serveFixture('cfpb-newsroom.rss.xml', 'application/rss+xml'));
    const server = await startE2eServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' }).catch(
      async (error: unknown) => {
        await feeds.close();
        throw error;
      },
    );
    const stop = async () => {
      await server.stop();
      await feeds.close();
    };
    try {
      const members = await seedDemoWorkspace(server.url);
      const companies = await callApi<{ items: { id: string; name: string }[] }>(
        server.url,
        await signInOperator(server.url),
        'GET',
        '/api/admin/companies?query=Demo%20Community',
      );
      const companyId = companies.items.find(
        (company) => company.name === 'Demo Community Credit Union',
      )!.id;
      const signedIn = {
        admin: await signedInState(server.url, members.admin),
        manager: await signedInState(server.url, members.manager),
        user: await signedInState(server.url, members.user),
      };
      return { value: { url: server.url, feeds, companyId, signedIn }, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  }),
  setPlan: async ({ world }, use) => {
    await use(async (planName) => {
      await callApi(
        world.url,
        await signInOperator(world.url),
        'PUT',
        `/api/admin/companies/${world.companyId}/subscription`,
        { planName, status: 'active', planType: 'monthly' },
      );
    });
  },
  signedIn: async ({ world, openPage }, use) => {
    await use(async (member, viewport = { width: 1280, height: 900 }) => {
      const page = await openPage({ storageState: world.signedIn[member], viewport });
      await page.goto(`${world.url}/dashboard`);
      return page;
    });
  },
});

const TRID_TITLE =
  'Federal Mortgage Disclosure Requirements Under the Truth in Lending Act (Regulation Z)';
const HMDA_TITLE =
  'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold';

test.describe('regulatory feeds', () => {
  test('lets an active basic user read, star and open an update; change management needs an upgrade', async ({
    world: { url },
    setPlan,
    signedIn,
  }) => {
    await setPlan('basic');
    const page = await signedIn('user');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Regulatory Feeds' }).click();
    await expect(page.getByRole('heading', { name: 'Regulatory Feeds', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Regulatory updates' });
    await expect(list.getByRole('link', { name: TRID_TITLE })).toBeVisible();
    await expect(list.getByRole('link', { name: HMDA_TITLE })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // The date filters have room for a whole date and the calendar button (~140 px in
    // Chromium): at 1440 px they had 124 px and cut it.
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const label of ['From', 'To']) {
        const box = await page.getByLabel(label, { exact: true }).boundingBox();
        expect(box?.width, `${label} at ${width} px`).toBeGreaterThanOrEqual(150);
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // Federal Register notices (meetings, information collections) have a type of their own.
    expect(
      await page.getByLabel('Type', { exact: true }).locator('option').allTextContents(),
    ).toEqual([
      'All types',
      'Proposed rule',
      'Final rule',
      'Guidance',
      'Notice',
      'Enforcement action',
      'Press release',
    ]);

    // Star it from the list; the starred filter keeps it, in the address too.
    await page.getByRole('button', { name: `Star ${TRID_TITLE}` }).click();
    await expect(page.getByRole('button', { name: `Unstar ${TRID_TITLE}` })).toBeVisible();
    // The filter lives in the address: the box shows it once the navigation has happened.
    await page.getByLabel('Starred only').click();
    await expect(page.getByLabel('Starred only')).toBeChecked();
    await expect(page).toHaveURL((address) => address.searchParams.get('starred') === 'true');
    await expect(page.getByRole('status').filter({ hasText: '1 update match' })).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(1);

    // Its detail: the original opens in a new tab, safely; starting a change needs Professional.
    await list.getByRole('link', { name: TRID_TITLE }).click();
    const panel = page.getByRole('dialog', { name: TRID_TITLE });
    await expect(panel).toBeVisible();
    expect(new URL(page.url()).searchParams.get('item')).toMatch(/^[0-9a-f-]{36}$/);
    const original = panel.getByRole('link', { name: /Read the original/ });
    await expect(original).toHaveAttribute(
      'href',
      'https://www.federalregister.gov/documents/2018/05/02/2018-09243/federal-mortgage-disclosure-requirements-under-the-truth-in-lending-act-regulation-z',
    );
    await expect(original).toHaveAttribute('target', '_blank');
    await expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(panel.getByText('Start a change — Professional plan')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Starred' })).toBeVisible();
    // The relevance says, in words, that it explains itself; asked, it does.
    const why = panel.getByText(/^Why\?/);
    await expect(why).toBeVisible();
    await why.click();
    await expect(panel.locator('details[open]')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    const itemAddress = page.url();
    await panel.getByRole('button', { name: 'Close the update' }).click();
    await expect(panel).toHaveCount(0);
    // Opening it marked it read.
    await expect(list.getByRole('button', { name: `Mark as unread: ${TRID_TITLE}` })).toBeVisible();
    // Focus goes back to the update's title in the list, not to the page's body.
    await expect(list.getByRole('link', { name: TRID_TITLE })).toBeFocused();

    // Opened straight from its address (an alert's link), closed with Escape: the same.
    await page.goto(itemAddress);
    await expect(panel).toBeVisible();
    // The list behind the modal panel is hidden from the accessibility tree: found by its id.
    const itemId = new URL(itemAddress).searchParams.get('item');
    await expect(page.locator(`[id="feed-item-${itemId}-title"]`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(list.getByRole('link', { name: TRID_TITLE })).toBeFocused();

    await page.goto(`${url}/change-management`);
    await expect(heading(page)).toHaveText('Upgrade Required');
  });

  test('opens at 375 px wide with the watchlist and sources usable', async ({
    world: { url },
    setPlan,
    signedIn,
  }) => {
    await setPlan('basic');
    const page = await signedIn('admin', { width: 375, height: 800 });
    await page.goto(`${url}/regulatory-feeds?tab=watchlist`);
    await expect(page.getByRole('heading', { name: 'Watchlist', level: 2 })).toBeVisible();
    await page.getByLabel('New keyword').fill('escrow cushion');
    await page.getByLabel('New keyword').press('Enter');
    await expect(page.getByRole('button', { name: 'Remove keyword escrow cushion' })).toBeVisible();
    await page.getByRole('button', { name: 'Save watchlist' }).click();
    await expect(page.getByText('Watchlist saved.', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate<number>(
      // A string: the e2e project is typed for Node, not the DOM.
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: 'Sources' }).click();
    await expect(
      page.getByText('Federal Register: CFPB mortgage rules (demo selection)', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a source' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('tab', { name: 'Updates' }).click();
    await expect(page.getByRole('list', { name: 'Regulatory updates' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const listOverflow = await page.evaluate<number>(
      // A string: the e2e project is typed for Node, not the DOM.
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(listOverflow).toBeLessThanOrEqual(0);
  });

  test('polls a fixture feed whose update is starred and turned into a change on the professional plan', async ({
    world: { url, feeds },
    setPlan,
    signedIn,
  }) => {
    // The operator adds a shared source on the fixture server and polls it now.
    const operator = await signInOperator(url);
    const { id } = await callApi<{ id: string }>(url, operator, 'POST', '/api/admin/feed-sources', {
      name: 'Fixture CFPB newsroom',
      url: feeds.url('/newsroom.xml'),
      format: 'rss',
      agency: 'CFPB',
      enabled: false,
    });
    await callApi(url, operator, 'POST', `/api/admin/feed-sources/${id}/poll`);

    await setPlan('professional');
    const page = await signedIn('manager');
    await page.goto(`${url}/regulatory-feeds`);
    const title = 'CFPB Finalizes Updates to “Know Before You Owe” Mortgage Disclosure Rule';
    const list = page.getByRole('list', { name: 'Regulatory updates' });
    await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Star ${title}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Unstar ${title}`, exact: true })).toBeVisible();

    await list.getByRole('link', { name: title, exact: true }).click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.getByRole('link', { name: 'Start a change' }).click();
    // A draft the manager confirms: what the publication says is filled in; the judgements
    // (risk, due date) are left to the manager, and nothing exists until they confirm.
    const draft = page.getByRole('dialog', { name: 'Start a change from a feed item' });
    await expect(draft.getByLabel('Title')).toHaveValue(title);
    await expect(draft.getByLabel('Risk rating')).toHaveValue('');
    await expect(draft.getByLabel('Risk rating').locator('option:checked')).toHaveText('Not rated');
    await expect(draft.getByLabel('Due date')).toHaveValue('');
    await expectNoSeriousAxeViolations(page);
    await draft.getByRole('button', { name: 'Create change' }).click();
    await page.waitForURL((address) => address.searchParams.has('change'));
    expect(new URL(page.url()).searchParams.get('change')).toMatch(/^[0-9a-f-]{36}$/);
    const change = page.getByRole('dialog', { name: title });
    await expect(change).toBeVisible();
    await expect(change.getByText('Not rated', { exact: true }).first()).toBeVisible();
    await expect(change.getByText('No due date', { exact: true })).toBeVisible();
    await expect(change.getByText(/Overdue/)).toHaveCount(0);
    // Starting again from the same publication opens that change, not a second one.
    await page.goto(`${url}/regulatory-feeds`);
    await list.getByRole('link', { name: title, exact: true }).click();
    await panel.getByRole('link', { name: 'Start a change' }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Start a change from a feed item' })).toHaveCount(
      0,
    );
    await expectNoSeriousAxeViolations(page);
  });
});
