import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../apps/api/test/fixtures/feeds/feed-server.ts';
import {
  callApi,
  signInOperator,
  headingText,
  seedDemoWorkspace,
  signInInBrowser,
  type DemoMember,
} from './support/journeys.ts';

/**
 * Regulatory feeds on the demo workspace, whose institution has three real CFPB documents from
 * a source of its own. The platform operator sets the institution's plan: basic (feeds, no
 * change management), then professional (an update becomes a change).
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
/** The fixture feeds' server on 127.0.0.1 (these machines have no internet). */
let feeds: FeedServer;
let members: { admin: DemoMember; manager: DemoMember; user: DemoMember };
let companyId: string;
const sessions: BrowserSession[] = [];

const TRID_TITLE =
  'Federal Mortgage Disclosure Requirements Under the Truth in Lending Act (Regulation Z)';
const HMDA_TITLE =
  'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold';

async function setPlan(planName: 'basic' | 'professional') {
  await callApi(
    server.url,
    await signInOperator(server.url),
    'PUT',
    `/api/admin/companies/${companyId}/subscription`,
    { planName, status: 'active', planType: 'monthly' },
  );
}

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route('/newsroom.xml', serveFixture('cfpb-newsroom.rss.xml', 'application/rss+xml'));
  server = await startE2eServer({ FEED_ALLOW_PRIVATE_ADDRESSES: 'true' });
  members = await seedDemoWorkspace(server.url);
  const companies = await callApi<{ items: { id: string; name: string }[] }>(
    server.url,
    await signInOperator(server.url),
    'GET',
    '/api/admin/companies?query=Demo%20Community',
  );
  companyId = companies.items.find((company) => company.name === 'Demo Community Credit Union')!.id;
});
afterAll(async () => {
  await server?.stop();
  await feeds?.close();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function signedIn(
  member: DemoMember,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
) {
  const session = await openBrowser({ baseUrl: server.url, viewport });
  sessions.push(session);
  await signInInBrowser(session.page, server.url, member);
  return session.page;
}

describe('regulatory feeds', () => {
  it('lets an active basic user read, star and open an update; change management needs an upgrade', async () => {
    await setPlan('basic');
    const page = await signedIn(members.user);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Regulatory Feeds' }).click();
    await expect(page.getByRole('heading', { name: 'Regulatory Feeds', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Regulatory updates' });
    await expect(list.getByRole('link', { name: TRID_TITLE })).toBeVisible();
    await expect(list.getByRole('link', { name: HMDA_TITLE })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
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
    await expect.poll(() => new URL(page.url()).searchParams.get('starred')).toBe('true');
    await expect(page.getByRole('status').filter({ hasText: '1 update match' })).toBeVisible();
    await expect(list.getByRole('link')).toHaveCount(1);

    // Its detail: the original opens in a new tab, safely; starting a change needs Professional.
    await list.getByRole('link', { name: TRID_TITLE }).click();
    const panel = page.getByRole('dialog', { name: TRID_TITLE });
    await expect(panel).toBeVisible();
    expect(new URL(page.url()).searchParams.get('item')).toMatch(/^[0-9a-f-]{36}$/);
    const original = panel.getByRole('link', { name: /Read the original/ });
    await expect(original).toHaveAttribute('href', 
      'https://www.federalregister.gov/documents/2018/05/02/2018-09243/federal-mortgage-disclosure-requirements-under-the-truth-in-lending-act-regulation-z',
    );
    await expect(original).toHaveAttribute('target', '_blank');
    await expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(panel.getByText('Start a change — Professional plan')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Starred' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const itemAddress = page.url();
    await panel.getByRole('button', { name: 'Close the update' }).click();
    await expect(panel).toHaveCount(0);
    // Opening it marked it read.
    await expect(list.getByRole('button', { name: `Mark as unread: ${TRID_TITLE}` })).toBeVisible();
    // Focus goes back to the update's title in the list, not to the page's body.
    const focused = () =>
      page.evaluate<string | null>(
        // A string: the e2e project is typed for Node, not the DOM.
        "document.activeElement && document.activeElement.tagName + ':' + document.activeElement.textContent",
      );
    await expect.poll(focused).toBe(`A:${TRID_TITLE}`);

    // Opened straight from its address (an alert's link), closed with Escape: the same.
    await page.goto(itemAddress);
    await expect(panel).toBeVisible();
    // The list behind the modal panel is hidden from the accessibility tree: found by its id.
    const itemId = new URL(itemAddress).searchParams.get('item');
    await expect(page.locator(`[id="feed-item-${itemId}-title"]`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect.poll(focused).toBe(`A:${TRID_TITLE}`);

    await page.goto(`${server.url}/change-management`);
    await expect(heading(page)).toHaveText('Upgrade Required');
  });

  it('opens at 375 px wide with the watchlist and sources usable', async () => {
    await setPlan('basic');
    const page = await signedIn(members.admin, { width: 375, height: 800 });
    await page.goto(`${server.url}/regulatory-feeds?tab=watchlist`);
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
    await expect(page
      .getByText('Federal Register: CFPB mortgage rules (demo selection)', { exact: true })).toBeVisible();
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

  it('polls a fixture feed whose update is starred and turned into a change on the professional plan', async () => {
    // The operator adds a shared source on the fixture server and polls it now.
    const operator = await signInOperator(server.url);
    const { id } = await callApi<{ id: string }>(
      server.url,
      operator,
      'POST',
      '/api/admin/feed-sources',
      {
        name: 'Fixture CFPB newsroom',
        url: feeds.url('/newsroom.xml'),
        format: 'rss',
        agency: 'CFPB',
        enabled: false,
      },
    );
    await callApi(server.url, operator, 'POST', `/api/admin/feed-sources/${id}/poll`);

    await setPlan('professional');
    const page = await signedIn(members.manager);
    await page.goto(`${server.url}/regulatory-feeds`);
    const title = 'CFPB Finalizes Updates to “Know Before You Owe” Mortgage Disclosure Rule';
    const list = page.getByRole('list', { name: 'Regulatory updates' });
    await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Star ${title}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Unstar ${title}`, exact: true })).toBeVisible();

    await list.getByRole('link', { name: title, exact: true }).click();
    const panel = page.getByRole('dialog', { name: title });
    await panel.getByRole('button', { name: 'Start a change' }).click();
    await page.waitForURL((url) => url.pathname === '/change-management');
    expect(new URL(page.url()).searchParams.get('change')).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
