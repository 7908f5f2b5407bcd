import { feedItems, feedItemSources, feedSources } from '@complivue/db/schema/feeds';
import { searchDocuments } from '@complivue/db/schema/library';
import { notifications } from '@complivue/db/schema/notifications';
import type { FeedFormat } from '@complivue/shared/regulatory-monitoring';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  endlessBody,
  neverAnswer,
  serveFixture,
  startFeedServer,
  type FeedRoute,
  type FeedServer,
} from '../../../test/fixtures/feeds/feed-server.ts';
import { signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { FEED_ALERT_TYPE } from './feed-alerts.ts';
import { dedupeKey, linkKey, normalizeLink } from './feed-ingest.ts';
import { setCompanyPlan } from '../../../test/feed-items.ts';
import { visibleToCompany } from './feed-items-visibility.ts';
import {
  backoffMinutes,
  leaseDueSources,
  pollDueFeedSources,
  type FeedPollDependencies,
} from './feed-poll.ts';

const RSS = 'application/rss+xml; charset=utf-8';
const ATOM = 'application/atom+xml';
const JSON_TYPE = 'application/json; charset=utf-8';
const MINUTE = 60_000;

/** A feed written in the test (its items inline). */
const rss = (items: string) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Test feed</title>${items}</channel></rss>`;

const serveText =
  (body: string, contentType = RSS): FeedRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(body);
  };

const TRID_LINK =
  'https://www.consumerfinance.gov/about-us/newsroom/cfpb-finalizes-updates-know-before-you-owe-mortgage-disclosure-rule/';

describe('feed polling and ingestion', () => {
  let t: TestApp;
  let server: FeedServer;
  let clock: Date;
  let deps: FeedPollDependencies;

  beforeAll(async () => {
    t = await createTestApp();
    server = await startFeedServer();
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });
  beforeEach(async () => {
    // Each test polls only its own sources.
    await t.db.update(feedSources).set({ enabled: false });
    clock = new Date();
    deps = {
      db: t.db,
      log: t.app.log,
      notify: notifyDependencies(t.app),
      // The fixtures are on 127.0.0.1: the production guard is off, as in every test.
      fetch: { blockPrivateAddresses: false, timeoutMs: 2000 },
      now: () => clock,
    };
  });

  const advance = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };

  async function addSource(
    path: string,
    format: FeedFormat,
    options: { companyId?: string | null; agency?: string | null; interval?: number } = {},
  ) {
    const [row] = await t.db
      .insert(feedSources)
      .values({
        companyId: options.companyId ?? null,
        name: `Fixture ${path}`,
        url: server.url(`${path}?run=${crypto.randomUUID()}`),
        format,
        agency: options.agency ?? null,
        pollIntervalMinutes: options.interval ?? 60,
        nextPollAt: clock,
      })
      .returning();
    return row!;
  }

  const sourceRow = async (id: string) =>
    (await t.db.select().from(feedSources).where(eq(feedSources.id, id)))[0]!;

  const itemsOf = (sourceId: string) =>
    t.db
      .select({ item: feedItems })
      .from(feedItemSources)
      .innerJoin(feedItems, eq(feedItems.id, feedItemSources.itemId))
      .where(eq(feedItemSources.sourceId, sourceId))
      // Newest first, as the feed shows them (the tests read items by position).
      .orderBy(desc(feedItems.sortAt), asc(feedItems.id))
      .then((rows) => rows.map((row) => row.item));

  it('stores RSS, Atom and Federal Register items, classified, with the validators', async () => {
    server.route(
      '/cfpb/newsroom.xml',
      serveFixture('cfpb-newsroom.rss.xml', RSS, {
        etag: '"newsroom-1"',
        lastModified: 'Tue, 17 Nov 2026 20:00:00 GMT',
      }),
    );
    server.route('/ffiec/atom.xml', serveFixture('agency-news.atom.xml', ATOM));
    server.route('/fr/documents.json', serveFixture('federal-register-documents.json', JSON_TYPE));
    const rss = await addSource('/cfpb/newsroom.xml', 'rss', { agency: 'CFPB' });
    const atom = await addSource('/ffiec/atom.xml', 'atom', { agency: 'FFIEC' });
    const fr = await addSource('/fr/documents.json', 'federal_register');

    const outcome = await pollDueFeedSources(deps);
    expect(outcome).toEqual({ polled: 3, failed: 0, newItems: 11 });

    const rssRow = await sourceRow(rss.id);
    expect(rssRow).toMatchObject({
      status: 'ok',
      lastError: null,
      consecutiveFailures: 0,
      etag: '"newsroom-1"',
      lastModified: 'Tue, 17 Nov 2026 20:00:00 GMT',
      leasedUntil: null,
    });
    expect(rssRow.lastPolledAt?.getTime()).toBe(clock.getTime());
    expect(rssRow.nextPollAt.getTime()).toBe(clock.getTime() + 60 * MINUTE);

    const rssItems = await itemsOf(rss.id);
    expect(rssItems).toHaveLength(3);
    const trid = rssItems.find((item) => item.link === TRID_LINK)!;
    expect(trid).toMatchObject({
      documentType: 'final_rule',
      areas: ['trid', 'tila'],
      citations: ['12 CFR 1026.19(e)(4)', '12 CFR 1026.37', '12 CFR 1026.38'],
      agencies: ['CFPB'],
      dedupeKey: `url:${normalizeLink(TRID_LINK)}`,
    });
    expect(trid.publishedAt?.toISOString()).toBe('2026-11-17T15:00:00.000Z');
    expect(trid.sortAt.toISOString()).toBe('2026-11-17T15:00:00.000Z');
    const enforcement = rssItems.find((item) => item.title.includes('Lakeside'))!;
    expect(enforcement).toMatchObject({ documentType: 'enforcement_action', areas: ['respa'] });
    // Kept without a date: it sorts as first seen.
    const undated = rssItems.find((item) => item.title.startsWith('Statement on the Home'))!;
    expect(undated.publishedAt).toBeNull();
    expect(undated.sortAt.getTime()).toBe(clock.getTime());

    const atomItems = await itemsOf(atom.id);
    expect(atomItems.map((item) => item.title).sort()).toEqual([
      'Agencies Issue Interagency Questions and Answers on Flood Insurance',
      'Community Reinvestment Act: Interagency Examination Procedures',
      'FFIEC Announces Availability of 2025 HMDA Data',
    ]);
    expect(atomItems.find((item) => item.title.startsWith('Agencies'))).toMatchObject({
      documentType: 'guidance',
      areas: ['flood'],
    });

    const frItems = await itemsOf(fr.id);
    expect(frItems).toHaveLength(5);
    expect(frItems.find((item) => item.title.startsWith('Home Mortgage'))).toMatchObject({
      documentType: 'final_rule',
      areas: ['hmda'],
      effectiveDate: '2027-01-01',
      agencies: ['CFPB'],
    });
    expect(frItems.find((item) => item.title.startsWith('Truth in Lending'))).toMatchObject({
      documentType: 'proposed_rule',
      areas: ['qm_atr', 'tila'],
      commentsCloseOn: '2027-01-19',
    });
    expect(frItems.find((item) => item.title.startsWith('Anti-Money'))!.areas).toEqual(['bsa_aml']);

    // Shared items join the search index for everyone.
    const indexed = await t.db
      .select()
      .from(searchDocuments)
      .where(eq(searchDocuments.refId, trid.id));
    expect(indexed).toEqual([
      expect.objectContaining({
        kind: 'feed_item',
        companyId: null,
        area: 'trid',
        path: `/regulatory-feeds?item=${trid.id}`,
      }),
    ]);
    expect(indexed[0]!.citationTerms).toContain('cfr1026s19pe');
  });

  it('stores an item carried by two sources once, linked to both', async () => {
    server.route('/dedupe/newsroom.xml', serveFixture('cfpb-newsroom.rss.xml', RSS));
    server.route('/dedupe/activity.xml', serveFixture('cfpb-activity-log.rss.xml', RSS));
    const newsroom = await addSource('/dedupe/newsroom.xml', 'rss');
    const activity = await addSource('/dedupe/activity.xml', 'rss');
    await pollDueFeedSources(deps);

    const copies = await t.db
      .select({ id: feedItems.id })
      .from(feedItems)
      .where(eq(feedItems.link, TRID_LINK));
    expect(copies).toHaveLength(1);
    const links = await t.db
      .select({ sourceId: feedItemSources.sourceId })
      .from(feedItemSources)
      .where(
        and(
          eq(feedItemSources.itemId, copies[0]!.id),
          inArray(feedItemSources.sourceId, [newsroom.id, activity.id]),
        ),
      );
    expect(links).toHaveLength(2);
    expect(await itemsOf(activity.id)).toHaveLength(2);
  });

  it('dedupes by normalised link and by guid scoped to its site', () => {
    expect(normalizeLink('HTTPS://WWW.Example.gov/news/a/?utm_source=rss&id=3#top')).toBe(
      'www.example.gov/news/a?id=3',
    );
    expect(dedupeKey({ guid: null, link: 'http://www.example.gov/a/' })).toBe(
      dedupeKey({
        guid: 'https://www.example.gov/a',
        link: 'https://www.example.gov/a?utm_medium=x',
      }),
    );
    expect(dedupeKey({ guid: '1', link: 'https://one.example.gov/p/1' })).not.toBe(
      dedupeKey({ guid: '1', link: 'https://two.example.gov/p/1' }),
    );
    // A company's own source keys within the company: never a shared item's or another's key.
    const item = { guid: 'https://www.example.gov/a', link: 'https://www.example.gov/a' };
    const companyId = crypto.randomUUID();
    expect(dedupeKey(item, companyId)).toBe(`company:${companyId}:url:www.example.gov/a`);
    expect(linkKey(item.link, companyId)).toBe(dedupeKey(item, companyId));
    expect(dedupeKey(item, crypto.randomUUID())).not.toBe(dedupeKey(item, companyId));
  });

  it('dedupes by guid OR link: one publication under different keys is one item', async () => {
    const run = crypto.randomUUID();
    const link = `https://www.agency.example.gov/news/${run}`;
    // An opaque guid here, no guid there, and a guid that is another address of the same page.
    server.route(
      '/keys/opaque.xml',
      serveText(
        rss(`<item><title>Agency statement ${run}</title><link>${link}</link>
          <guid isPermaLink="false">statement-${run}</guid></item>`),
      ),
    );
    server.route(
      '/keys/no-guid.xml',
      serveText(
        rss(`<item><title>Agency statement ${run}</title><link>${link}?utm_source=rss</link>
          <description>The statement in full.</description></item>`),
      ),
    );
    server.route(
      '/keys/url-guid.xml',
      serveText(
        rss(`<item><title>Agency statement ${run}</title><link>${link}/</link>
          <guid>https://www.agency.example.gov/p?id=${run}</guid></item>`),
      ),
    );
    const sources = [
      await addSource('/keys/opaque.xml', 'rss'),
      await addSource('/keys/no-guid.xml', 'rss'),
      await addSource('/keys/url-guid.xml', 'rss'),
    ];
    // Polled in one run, at the same time (on PostgreSQL in concurrent transactions).
    expect(await pollDueFeedSources(deps)).toMatchObject({ polled: 3, failed: 0, newItems: 1 });

    const stored = await t.db
      .select()
      .from(feedItems)
      .where(sql`${feedItems.title} = ${`Agency statement ${run}`}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      linkKey: `url:${normalizeLink(link)}`,
      // The second copy completed the summary the first lacked.
      summary: 'The statement in full.',
    });
    const carriers = await t.db
      .select({ sourceId: feedItemSources.sourceId })
      .from(feedItemSources)
      .where(eq(feedItemSources.itemId, stored[0]!.id));
    expect(carriers.map((row) => row.sourceId).sort()).toEqual(
      sources.map((source) => source.id).sort(),
    );
  });

  it('keeps what a company’s own source says out of what other companies see', async () => {
    const attacker = await signUpThroughApi(t.app, { companyName: 'Mallory Credit Union' });
    const victim = await signUpThroughApi(t.app, { companyName: 'Victim Community Bank' });
    const attackerId = attacker.body.session.company.id as string;
    const victimId = victim.body.session.company.id as string;
    for (const [company, cookie] of [
      [attackerId, attacker.cookie],
      [victimId, victim.cookie],
    ] as const) {
      await setCompanyPlan(t.db, company, 'basic');
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/feeds/watchlist',
        headers: { cookie },
        payload: { areas: [], keywords: ['escrow'], agencies: [] },
      });
      expect(saved.statusCode).toBe(200);
    }
    const run = crypto.randomUUID();
    const link = `https://www.agency.example.gov/escrow/${run}`;
    const published = new Date(clock.getTime() - 3_600_000).toUTCString();
    // The company's source comes first, reusing the real publication's guid (opaque: keyed by
    // the link's host) and its address as a guid, with a phishing link and a date years ahead.
    server.route(
      '/plant/own.xml',
      serveText(
        rss(`<item><title>URGENT: verify your escrow account ${run}</title>
            <link>${link}</link><guid isPermaLink="false">escrow-${run}</guid>
            <description>Sign in at https://phish.example.com to keep your charter.</description>
            <pubDate>Fri, 01 Jan 2100 12:00:00 GMT</pubDate></item>
          <item><title>URGENT: escrow deadline ${run}</title>
            <link>https://phish.example.com/${run}</link><guid>${link}/faq</guid>
            <pubDate>Fri, 01 Jan 2100 12:00:00 GMT</pubDate></item>`),
      ),
    );
    server.route(
      '/plant/shared.xml',
      serveText(
        rss(`<item><title>Agency issues escrow guidance ${run}</title><link>${link}</link>
            <guid isPermaLink="false">escrow-${run}</guid>
            <description>Guidance on escrow accounts.</description>
            <pubDate>${published}</pubDate></item>
          <item><title>Escrow questions and answers ${run}</title><link>${link}/faq</link>
            <pubDate>${published}</pubDate></item>`),
      ),
    );
    await addSource('/plant/own.xml', 'rss', { companyId: attackerId });
    await pollDueFeedSources(deps);
    await addSource('/plant/shared.xml', 'rss');
    await pollDueFeedSources(deps);

    const seenBy = (companyId: string) =>
      t.db
        .select({ title: feedItems.title, link: feedItems.link, sortAt: feedItems.sortAt })
        .from(feedItems)
        .where(and(visibleToCompany(companyId), sql`${feedItems.title} LIKE ${`%${run}`}`));
    const shared = [
      { title: `Agency issues escrow guidance ${run}`, link },
      { title: `Escrow questions and answers ${run}`, link: `${link}/faq` },
    ];
    const victimSees = await seenBy(victimId);
    expect(victimSees.map(({ title, link: itemLink }) => ({ title, link: itemLink }))).toEqual(
      expect.arrayContaining(shared),
    );
    expect(victimSees).toHaveLength(2);
    const own = await seenBy(attackerId);
    expect(own.map((item) => item.title).sort()).toEqual([
      `Agency issues escrow guidance ${run}`,
      `Escrow questions and answers ${run}`,
      `URGENT: escrow deadline ${run}`,
      `URGENT: verify your escrow account ${run}`,
    ]);
    // A date ahead sorts as first seen, not at the top for ever.
    expect(own.every((item) => item.sortAt.getTime() <= clock.getTime())).toBe(true);

    const alerts = (companyId: string) =>
      t.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.companyId, companyId),
            eq(notifications.type, FEED_ALERT_TYPE),
            sql`${notifications.title} LIKE ${`%${run}`}`,
          ),
        );
    const alertTitles = async (companyId: string) =>
      (await alerts(companyId)).map((alert) => alert.title.replace(/^[^:]+: /, '')).sort();
    const sharedTitles = shared.map((item) => item.title).sort();
    expect(await alertTitles(victimId)).toEqual(sharedTitles);
    // Items dated years ahead are listed but not announced, even to their own company.
    expect(await alertTitles(attackerId)).toEqual(sharedTitles);
  });

  it('links a company’s source to an item a shared source brought, without changing it', async () => {
    const a = await signUpThroughApi(t.app, { companyName: 'Linking Credit Union' });
    const companyA = a.body.session.company.id as string;
    const run = crypto.randomUUID();
    const link = `https://www.agency.example.gov/bulletin/${run}`;
    server.route(
      '/link/shared.xml',
      serveText(
        rss(`<item><title>Bulletin ${run}</title><link>${link}</link>
          <description>The agency's words.</description></item>`),
      ),
    );
    server.route(
      '/link/own.xml',
      serveText(
        rss(`<item><title>Bulletin ${run}, retold</title><link>${link}?utm_medium=email</link>
          <description>Someone else's words.</description>
          <pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>`),
      ),
    );
    const shared = await addSource('/link/shared.xml', 'rss');
    await pollDueFeedSources(deps);
    const own = await addSource('/link/own.xml', 'rss', { companyId: companyA });
    expect(await pollDueFeedSources(deps)).toMatchObject({ polled: 1, newItems: 0 });

    const stored = await t.db
      .select()
      .from(feedItems)
      .where(sql`${feedItems.title} LIKE ${`Bulletin ${run}%`}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      title: `Bulletin ${run}`,
      summary: "The agency's words.",
      publishedAt: null,
    });
    const carriers = await t.db
      .select({ sourceId: feedItemSources.sourceId, companyId: feedItemSources.companyId })
      .from(feedItemSources)
      .where(eq(feedItemSources.itemId, stored[0]!.id));
    expect(carriers).toEqual(
      expect.arrayContaining([
        { sourceId: shared.id, companyId: null },
        { sourceId: own.id, companyId: companyA },
      ]),
    );
  });

  it('leases the shared sources first, then each company’s in turn', async () => {
    server.route('/fair/feed.xml', serveFixture('cfpb-activity-log.rss.xml', RSS));
    const busy = await signUpThroughApi(t.app, { companyName: 'Many Feeds Credit Union' });
    const quiet = await signUpThroughApi(t.app, { companyName: 'One Feed Bank' });
    const busyId = busy.body.session.company.id as string;
    const minutesAgo = (minutes: number) => new Date(clock.getTime() - minutes * MINUTE);
    const due = async (companyId: string | null, overdueMinutes: number) => {
      const source = await addSource('/fair/feed.xml', 'rss', { companyId });
      await t.db
        .update(feedSources)
        .set({ nextPollAt: minutesAgo(overdueMinutes) })
        .where(eq(feedSources.id, source.id));
      return source.id;
    };
    // The busy company's sources are the most overdue; the shared ones the least.
    const busySources: string[] = [];
    for (let index = 0; index < 30; index += 1) busySources.push(await due(busyId, 600 + index));
    const quietSource = await due(quiet.body.session.company.id as string, 5);
    const sharedSources = [await due(null, 1), await due(null, 2)];

    const leased = (await leaseDueSources(t.db, clock, 5)).map((source) => source.id);
    expect(leased).toHaveLength(5);
    expect(leased).toEqual(expect.arrayContaining([...sharedSources, quietSource]));
    expect(leased.filter((id) => busySources.includes(id))).toHaveLength(2);
  });

  it('sends the ETag back and keeps the items on 304 Not Modified', async () => {
    server.route(
      '/conditional/newsroom.xml',
      serveFixture('cfpb-newsroom.rss.xml', RSS, { etag: '"cond-1"' }),
    );
    const source = await addSource('/conditional/newsroom.xml', 'rss', { interval: 30 });
    await pollDueFeedSources(deps);
    const before = await itemsOf(source.id);
    expect(before).toHaveLength(3);

    advance(30);
    const outcome = await pollDueFeedSources(deps);
    expect(outcome).toEqual({ polled: 1, failed: 0, newItems: 0 });
    const request = server.requests.filter((r) => r.path === '/conditional/newsroom.xml').at(-1)!;
    expect(request.headers['if-none-match']).toBe('"cond-1"');
    const after = await itemsOf(source.id);
    expect(after.map((item) => item.id).sort()).toEqual(before.map((item) => item.id).sort());
    const row = await sourceRow(source.id);
    expect(row).toMatchObject({ status: 'ok', etag: '"cond-1"', consecutiveFailures: 0 });
    expect(row.nextPollAt.getTime()).toBe(clock.getTime() + 30 * MINUTE);
  });

  it('marks a source that times out failing while another in the same run succeeds', async () => {
    server.route('/slow/feed.xml', neverAnswer);
    server.route('/fast/feed.json', serveFixture('federal-register-documents.json', JSON_TYPE));
    const slow = await addSource('/slow/feed.xml', 'rss', { interval: 60 });
    const fast = await addSource('/fast/feed.json', 'federal_register');
    deps.fetch = { blockPrivateAddresses: false, timeoutMs: 300 };

    const outcome = await pollDueFeedSources(deps);
    expect(outcome.polled).toBe(2);
    expect(outcome.failed).toBe(1);
    const slowRow = await sourceRow(slow.id);
    expect(slowRow).toMatchObject({
      status: 'failing',
      lastError: 'The server did not send the whole feed within 300 ms (timed out).',
      consecutiveFailures: 1,
      leasedUntil: null,
    });
    // Back-off: the interval doubled after one failure.
    expect(slowRow.nextPollAt.getTime()).toBe(clock.getTime() + 120 * MINUTE);
    expect((await sourceRow(fast.id)).status).toBe('ok');
    expect(await itemsOf(fast.id)).toHaveLength(5);
  });

  it('stops an endless response and refuses a wrong content type, recording why', async () => {
    server.route('/endless/feed.xml', endlessBody('application/rss+xml'));
    server.route('/html/feed.xml', serveFixture('web-page.html', 'text/html; charset=utf-8'));
    const endless = await addSource('/endless/feed.xml', 'rss');
    const html = await addSource('/html/feed.xml', 'rss');
    deps.fetch = { blockPrivateAddresses: false, timeoutMs: 5000, maxBytes: 512 * 1024 };

    expect(await pollDueFeedSources(deps)).toMatchObject({ polled: 2, failed: 2 });
    expect(await sourceRow(endless.id)).toMatchObject({
      status: 'failing',
      lastError: 'The feed is larger than 512 KB; reading stopped there.',
    });
    expect(await sourceRow(html.id)).toMatchObject({
      status: 'failing',
      lastError:
        'The server sent content of type text/html, not an XML type such as application/rss+xml or text/xml.',
    });
  });

  it('keeps the stored items when the feed turns into invalid XML, and recovers', async () => {
    server.route(
      '/broken/feed.xml',
      serveFixture('cfpb-activity-log.rss.xml', RSS, { etag: '"good"' }),
    );
    const source = await addSource('/broken/feed.xml', 'rss', { interval: 15 });
    await pollDueFeedSources(deps);
    const stored = await itemsOf(source.id);
    expect(stored).toHaveLength(2);

    server.route('/broken/feed.xml', serveFixture('invalid.rss.xml', RSS, { etag: '"bad"' }));
    for (const failures of [1, 2, 3]) {
      clock = (await sourceRow(source.id)).nextPollAt;
      expect(await pollDueFeedSources(deps)).toMatchObject({ polled: 1, failed: 1 });
      const row = await sourceRow(source.id);
      expect(row).toMatchObject({
        status: 'failing',
        consecutiveFailures: failures,
        etag: '"good"',
      });
      expect(row.lastError).toMatch(/^The feed is not valid XML \(line \d+, column \d+/);
      expect(row.nextPollAt.getTime()).toBe(clock.getTime() + 15 * 2 ** failures * MINUTE);
    }
    const after = await itemsOf(source.id);
    expect(after.map((item) => [item.id, item.title, item.summary])).toEqual(
      stored.map((item) => [item.id, item.title, item.summary]),
    );

    server.route('/broken/feed.xml', serveFixture('cfpb-activity-log.rss.xml', RSS));
    clock = (await sourceRow(source.id)).nextPollAt;
    await pollDueFeedSources(deps);
    expect(await sourceRow(source.id)).toMatchObject({
      status: 'ok',
      lastError: null,
      consecutiveFailures: 0,
    });
  });

  it('caps the back-off at a day', () => {
    expect(backoffMinutes(60, 1)).toBe(120);
    expect(backoffMinutes(60, 4)).toBe(960);
    expect(backoffMinutes(60, 5)).toBe(1440);
    expect(backoffMinutes(15, 60)).toBe(1440);
  });

  it('leases a due source to one poller only, and skips disabled, removed and not-due ones', async () => {
    server.route('/lease/feed.xml', serveFixture('cfpb-activity-log.rss.xml', RSS));
    const due = await addSource('/lease/feed.xml', 'rss');
    const disabled = await addSource('/lease/feed.xml', 'rss');
    const removed = await addSource('/lease/feed.xml', 'rss');
    const later = await addSource('/lease/feed.xml', 'rss');
    await t.db.update(feedSources).set({ enabled: false }).where(eq(feedSources.id, disabled.id));
    await t.db.update(feedSources).set({ deletedAt: clock }).where(eq(feedSources.id, removed.id));
    await t.db
      .update(feedSources)
      .set({ nextPollAt: new Date(clock.getTime() + MINUTE) })
      .where(eq(feedSources.id, later.id));

    const [first, second] = await Promise.all([
      leaseDueSources(t.db, clock),
      leaseDueSources(t.db, clock),
    ]);
    expect([...first!, ...second!].map((source) => source.id)).toEqual([due.id]);
    // Leased: the job's next run (a minute later) does not take it again.
    advance(1);
    expect((await leaseDueSources(t.db, clock)).map((source) => source.id)).toEqual([later.id]);
  });

  it('shows the items of a company’s own source only to that company, search included', async () => {
    const a = await signUpThroughApi(t.app, { companyName: 'Alpha Credit Union' });
    const b = await signUpThroughApi(t.app, { companyName: 'Beta Savings Bank' });
    const companyA = a.body.session.company.id as string;
    server.route('/own/occ.xml', serveFixture('occ-news.windows-1252.rss.xml', 'text/xml'));
    const own = await addSource('/own/occ.xml', 'rss', { companyId: companyA, agency: 'OCC' });
    await pollDueFeedSources(deps);

    const items = await itemsOf(own.id);
    expect(items.map((item) => item.title)).toEqual([
      'OCC Issues Bulletin on Banks’ Flood Insurance Compliance',
      'OCC Assesses Civil Money Penalty Against Prairie State Bank',
    ]);
    const links = await t.db
      .select()
      .from(feedItemSources)
      .where(
        inArray(
          feedItemSources.itemId,
          items.map((item) => item.id),
        ),
      );
    expect(links.every((link) => link.companyId === companyA)).toBe(true);

    const search = (cookie: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/search?q=Prairie%20State', headers: { cookie } })
        .then(
          (response) =>
            response.json() as { total: number; items: { kind: string; path: string }[] },
        );
    const forA = await search(a.cookie);
    expect(forA.total).toBe(1);
    expect(forA.items[0]).toMatchObject({ kind: 'feed_item' });
    expect((await search(b.cookie)).total).toBe(0);

    // A shared source carrying the same publication stores the shared copy (its own words),
    // found by everyone; the company's copy stays the company's.
    server.route('/shared/occ.xml', serveFixture('occ-news.windows-1252.rss.xml', 'text/xml'));
    await addSource('/shared/occ.xml', 'rss', { agency: 'OCC' });
    await pollDueFeedSources(deps);
    const forB = await search(b.cookie);
    expect(forB.total).toBe(1);
    expect(forB.items[0]!.path).not.toContain(items[1]!.id);
    expect((await search(a.cookie)).total).toBe(2);
    const documents = await t.db
      .select({ companyId: searchDocuments.companyId })
      .from(searchDocuments)
      .where(sql`${searchDocuments.refId} LIKE ${`${items[1]!.id}%`}`);
    expect(documents).toEqual([{ companyId: companyA }]);
  });
});
