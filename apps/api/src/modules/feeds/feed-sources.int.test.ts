import { auditLog } from '@complivue/db/schema/audit';
import { feedItems, feedItemSources, feedSources } from '@complivue/db/schema/feeds';
import {
  COMPANY_FEED_SOURCES_MAX,
  FEED_SOURCE_MESSAGES,
} from '@complivue/shared/schemas/feed-sources';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serveFixture,
  startFeedServer,
  type FeedServer,
} from '../../../test/fixtures/feeds/feed-server.ts';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEFAULT_FEED_SOURCES, seedDefaultFeedSources } from './default-feed-sources.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('feed sources API', () => {
  let t: TestApp;
  let server: FeedServer;
  let superAdmin: string;
  let alpha: { cookie: string; companyId: string };
  let beta: { cookie: string; companyId: string };

  beforeAll(async () => {
    t = await createTestApp();
    server = await startFeedServer();
    server.route(
      '/cfpb/newsroom.xml',
      serveFixture('cfpb-newsroom.rss.xml', 'application/rss+xml', { etag: '"n1"' }),
    );
    server.route('/alpha/occ.xml', serveFixture('occ-news.windows-1252.rss.xml', 'text/xml'));
    superAdmin = (await signedInMember(t.app, { companyId: null, role: 'super_admin' })).cookie;
    const a = await signUpThroughApi(t.app, { companyName: 'Alpha Credit Union' });
    const b = await signUpThroughApi(t.app, { companyName: 'Beta Savings Bank' });
    alpha = { cookie: a.cookie, companyId: a.body.session.company.id };
    beta = { cookie: b.cookie, companyId: b.body.session.company.id };
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const call = (cookie: string, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  const source = (overrides: Record<string, unknown> = {}) => ({
    name: 'CFPB newsroom (test)',
    url: server.url('/cfpb/newsroom.xml'),
    format: 'rss',
    agency: 'CFPB',
    pollIntervalMinutes: 30,
    ...overrides,
  });

  describe('shared sources (super admin)', () => {
    let sharedId: string;

    it('adds a source, validates it and refuses a duplicate address', async () => {
      const created = await call(superAdmin, 'POST', '/api/admin/feed-sources', source());
      expect(created.statusCode).toBe(201);
      sharedId = created.json().id;
      expect(created.json()).toMatchObject({
        shared: true,
        status: 'pending',
        enabled: true,
        pollIntervalMinutes: 30,
        itemCount: 0,
        lastError: null,
      });

      const duplicate = await call(
        superAdmin,
        'POST',
        '/api/admin/feed-sources',
        // The same address written differently (fragment) is the same feed.
        source({ name: 'Again', url: `${server.url('/cfpb/newsroom.xml')}#latest` }),
      );
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toMatchObject({
        code: 'duplicate_source',
        message: FEED_SOURCE_MESSAGES.duplicate_shared,
      });

      for (const [payload, message] of [
        [source({ url: 'ftp://ftp.example.gov/feed.xml' }), FEED_SOURCE_MESSAGES.url_invalid],
        [source({ url: 'not a url' }), FEED_SOURCE_MESSAGES.url_invalid],
        [
          source({ url: 'https://user:secret@www.example.gov/feed' }),
          FEED_SOURCE_MESSAGES.url_credentials,
        ],
        [source({ pollIntervalMinutes: 5 }), FEED_SOURCE_MESSAGES.interval],
        [source({ pollIntervalMinutes: 2000 }), FEED_SOURCE_MESSAGES.interval],
      ] as const) {
        const response = await call(superAdmin, 'POST', '/api/admin/feed-sources', payload);
        expect(response.statusCode).toBe(400);
        expect(response.body).toContain(message);
      }
      const badFormat = await call(
        superAdmin,
        'POST',
        '/api/admin/feed-sources',
        source({ url: server.url('/x.xml'), format: 'csv' }),
      );
      expect(badFormat.statusCode).toBe(400);
    });

    it('polls now, showing the items and status in the list', async () => {
      const polled = await call(superAdmin, 'POST', `/api/admin/feed-sources/${sharedId}/poll`);
      expect(polled.statusCode).toBe(200);
      expect(polled.json()).toMatchObject({
        status: 'ok',
        itemsSeen: 3,
        newItems: 3,
        skipped: 3,
        error: null,
        source: { id: sharedId, status: 'ok', itemCount: 3 },
      });
      const again = await call(superAdmin, 'POST', `/api/admin/feed-sources/${sharedId}/poll`);
      expect(again.json()).toMatchObject({ status: 'not_modified', newItems: 0 });

      // While the job holds the source, "Poll now" waits its turn.
      await t.db
        .update(feedSources)
        .set({ leasedUntil: new Date(Date.now() + 60_000) })
        .where(eq(feedSources.id, sharedId));
      const busy = await call(superAdmin, 'POST', `/api/admin/feed-sources/${sharedId}/poll`);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.message).toBe(FEED_SOURCE_MESSAGES.busy);
      await t.db.update(feedSources).set({ leasedUntil: null }).where(eq(feedSources.id, sharedId));

      const list = await call(superAdmin, 'GET', '/api/admin/feed-sources');
      expect(list.statusCode).toBe(200);
      const row = list.json().items.find((item: { id: string }) => item.id === sharedId);
      expect(row).toMatchObject({ status: 'ok', itemCount: 3, consecutiveFailures: 0 });
      expect(row.lastPolledAt).not.toBeNull();
    });

    it('shows a failing source with its error after "Poll now"', async () => {
      const created = await call(
        superAdmin,
        'POST',
        '/api/admin/feed-sources',
        source({ name: 'Gone', url: server.url('/gone.xml') }),
      );
      const polled = await call(
        superAdmin,
        'POST',
        `/api/admin/feed-sources/${created.json().id}/poll`,
      );
      expect(polled.json()).toMatchObject({
        status: 'failed',
        error: 'The server answered HTTP 404 Not Found.',
        source: {
          status: 'failing',
          lastError: 'The server answered HTTP 404 Not Found.',
          consecutiveFailures: 1,
        },
      });

      // An institution sees that it fails and when it is retried, not the technical reason or
      // the long address: the site it reads.
      const seen = (await call(alpha.cookie, 'GET', '/api/feeds/sources'))
        .json()
        .shared.find((row: { id: string }) => row.id === created.json().id);
      expect(seen).toMatchObject({
        status: 'failing',
        lastError: null,
        url: new URL(server.url('/gone.xml')).host,
        consecutiveFailures: 1,
      });
    });

    it('edits a source: a new address starts over, the interval and switch apply', async () => {
      const patched = await call(superAdmin, 'PATCH', `/api/admin/feed-sources/${sharedId}`, {
        name: 'CFPB newsroom',
        pollIntervalMinutes: 120,
        enabled: false,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({
        name: 'CFPB newsroom',
        pollIntervalMinutes: 120,
        enabled: false,
        status: 'ok',
      });
      const moved = await call(superAdmin, 'PATCH', `/api/admin/feed-sources/${sharedId}`, {
        url: server.url('/cfpb/newsroom-v2.xml'),
      });
      expect(moved.json()).toMatchObject({ status: 'pending', consecutiveFailures: 0 });
      const [row] = await t.db.select().from(feedSources).where(eq(feedSources.id, sharedId));
      expect(row!.etag).toBeNull();
      // Moved back: the address is free again.
      const back = await call(superAdmin, 'PATCH', `/api/admin/feed-sources/${sharedId}`, {
        url: server.url('/cfpb/newsroom.xml'),
        enabled: true,
      });
      expect(back.statusCode).toBe(200);
      const empty = await call(superAdmin, 'PATCH', `/api/admin/feed-sources/${sharedId}`, {});
      expect(empty.statusCode).toBe(400);
      const missing = await call(
        superAdmin,
        'PATCH',
        `/api/admin/feed-sources/${crypto.randomUUID()}`,
        { name: 'x' },
      );
      expect(missing.statusCode).toBe(404);
    });

    it('removes a source but keeps its items, and records every change', async () => {
      const itemIds = (
        await t.db
          .select({ itemId: feedItemSources.itemId })
          .from(feedItemSources)
          .where(eq(feedItemSources.sourceId, sharedId))
      ).map((row) => row.itemId);
      expect(itemIds).toHaveLength(3);
      const removed = await call(superAdmin, 'DELETE', `/api/admin/feed-sources/${sharedId}`);
      expect(removed.statusCode).toBe(204);
      const list = await call(superAdmin, 'GET', '/api/admin/feed-sources');
      expect(list.json().items.some((item: { id: string }) => item.id === sharedId)).toBe(false);
      expect(
        await t.db
          .select({ id: feedItems.id })
          .from(feedItems)
          .where(eq(feedItems.id, itemIds[0]!)),
      ).toHaveLength(1);
      expect(
        await t.db.select().from(feedItemSources).where(eq(feedItemSources.sourceId, sharedId)),
      ).toHaveLength(3);
      expect(
        (await call(superAdmin, 'POST', `/api/admin/feed-sources/${sharedId}/poll`)).statusCode,
      ).toBe(404);
      // The address may be added again.
      const readded = await call(superAdmin, 'POST', '/api/admin/feed-sources', source());
      expect(readded.statusCode).toBe(201);

      const actions = await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, sharedId));
      expect(actions.map((row) => row.action).sort()).toEqual([
        'feeds.source_created',
        'feeds.source_deleted',
        'feeds.source_updated',
        'feeds.source_updated',
        'feeds.source_updated',
      ]);
    });

    it('is for super admins only', async () => {
      const companyAdmin = alpha.cookie;
      const companyUser = (
        await signedInMember(t.app, { companyId: alpha.companyId, role: 'user' })
      ).cookie;
      for (const cookie of [companyAdmin, companyUser]) {
        for (const [method, url] of [
          ['GET', '/api/admin/feed-sources'],
          ['POST', '/api/admin/feed-sources'],
          ['PATCH', `/api/admin/feed-sources/${crypto.randomUUID()}`],
          ['DELETE', `/api/admin/feed-sources/${crypto.randomUUID()}`],
          ['POST', `/api/admin/feed-sources/${crypto.randomUUID()}/poll`],
        ] as const) {
          const response = await call(cookie, method, url, method === 'GET' ? undefined : source());
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json().error.code).toBe('role_required');
        }
      }
    });
  });

  describe("an institution's own sources", () => {
    let alphaSourceId: string;

    it('lets an administrator add one, refusing an address the shared sources have', async () => {
      const created = await call(alpha.cookie, 'POST', '/api/feeds/sources', {
        name: 'OCC news (our copy)',
        url: server.url('/alpha/occ.xml'),
        format: 'rss',
        agency: 'OCC',
      });
      expect(created.statusCode).toBe(201);
      alphaSourceId = created.json().id;
      expect(created.json()).toMatchObject({ shared: false, pollIntervalMinutes: 60 });

      const again = await call(alpha.cookie, 'POST', '/api/feeds/sources', {
        name: 'Twice',
        url: server.url('/alpha/occ.xml'),
        format: 'rss',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(FEED_SOURCE_MESSAGES.duplicate_own);

      const shared = await call(alpha.cookie, 'POST', '/api/feeds/sources', {
        name: 'CFPB',
        url: server.url('/cfpb/newsroom.xml'),
        format: 'rss',
      });
      expect(shared.statusCode).toBe(409);
      expect(shared.json().error.message).toBe(FEED_SOURCE_MESSAGES.duplicate_of_shared);

      // Another institution may follow the same address on its own.
      const betaCopy = await call(beta.cookie, 'POST', '/api/feeds/sources', {
        name: 'OCC news',
        url: server.url('/alpha/occ.xml'),
        format: 'rss',
      });
      expect(betaCopy.statusCode).toBe(201);
      await call(beta.cookie, 'DELETE', `/api/feeds/sources/${betaCopy.json().id}`);

      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.targetId, alphaSourceId), eq(auditLog.action, 'feeds.source_created')),
        );
      expect(audit).toMatchObject({ companyId: alpha.companyId });
    });

    it('lists the shared sources read-only and only the institution’s own', async () => {
      const alphaList = await call(alpha.cookie, 'GET', '/api/feeds/sources');
      expect(alphaList.statusCode).toBe(200);
      expect(alphaList.json().canManage).toBe(true);
      expect(alphaList.json().own.map((row: { id: string }) => row.id)).toEqual([alphaSourceId]);
      expect(alphaList.json().shared.every((row: { shared: boolean }) => row.shared)).toBe(true);
      expect(alphaList.json().shared.length).toBeGreaterThan(0);

      const betaList = await call(beta.cookie, 'GET', '/api/feeds/sources');
      expect(betaList.json().own).toEqual([]);
      expect(betaList.json().shared.some((row: { id: string }) => row.id === alphaSourceId)).toBe(
        false,
      );

      const member = await signedInMember(t.app, { companyId: alpha.companyId, role: 'user' });
      const memberList = await call(member.cookie, 'GET', '/api/feeds/sources');
      expect(memberList.statusCode).toBe(200);
      expect(memberList.json()).toMatchObject({ canManage: false });
      const denied = await call(member.cookie, 'POST', '/api/feeds/sources', {
        name: 'Mine',
        url: server.url('/mine.xml'),
        format: 'rss',
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('role_required');
    });

    it("answers 404 for another institution's source and for shared ones", async () => {
      for (const [method, payload] of [
        ['PATCH', { name: 'Taken over' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(
          beta.cookie,
          method,
          `/api/feeds/sources/${alphaSourceId}`,
          payload,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(FEED_SOURCE_MESSAGES.not_found);
      }
      const [sharedRow] = await t.db
        .select({ id: feedSources.id })
        .from(feedSources)
        .where(and(isNull(feedSources.companyId), isNull(feedSources.deletedAt)));
      const sharedEdit = await call(alpha.cookie, 'PATCH', `/api/feeds/sources/${sharedRow!.id}`, {
        enabled: false,
      });
      expect(sharedEdit.statusCode).toBe(404);
      const [row] = await t.db.select().from(feedSources).where(eq(feedSources.id, alphaSourceId));
      expect(row).toMatchObject({ name: 'OCC news (our copy)', deletedAt: null });
    });

    it('lets the administrator change and remove it', async () => {
      const patched = await call(alpha.cookie, 'PATCH', `/api/feeds/sources/${alphaSourceId}`, {
        pollIntervalMinutes: 240,
        enabled: false,
      });
      expect(patched.json()).toMatchObject({ pollIntervalMinutes: 240, enabled: false });
      const removed = await call(alpha.cookie, 'DELETE', `/api/feeds/sources/${alphaSourceId}`);
      expect(removed.statusCode).toBe(204);
      expect((await call(alpha.cookie, 'GET', '/api/feeds/sources')).json().own).toEqual([]);
    });
  });

  describe('limits', () => {
    it(`caps an institution at ${COMPANY_FEED_SOURCES_MAX} sources of its own`, async () => {
      const gamma = await signUpThroughApi(t.app, { companyName: 'Gamma Federal Credit Union' });
      const add = (index: number) =>
        call(gamma.cookie, 'POST', '/api/feeds/sources', {
          name: `Feed ${index}`,
          url: server.url(`/gamma/${index}.xml`),
          format: 'rss',
          enabled: false,
        });
      const ids: string[] = [];
      for (let index = 0; index < COMPANY_FEED_SOURCES_MAX; index += 1) {
        const created = await add(index);
        expect(created.statusCode).toBe(201);
        ids.push(created.json().id);
      }
      const refused = await add(COMPANY_FEED_SOURCES_MAX);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'too_many_sources',
        message: FEED_SOURCE_MESSAGES.too_many,
      });
      // Another institution is not affected; a removed source frees its place.
      const other = await call(beta.cookie, 'POST', '/api/feeds/sources', {
        name: 'Beta feed',
        url: server.url('/beta/one.xml'),
        format: 'rss',
        enabled: false,
      });
      expect(other.statusCode).toBe(201);
      await call(beta.cookie, 'DELETE', `/api/feeds/sources/${other.json().id}`);
      expect((await call(gamma.cookie, 'DELETE', `/api/feeds/sources/${ids[0]}`)).statusCode).toBe(
        204,
      );
      expect((await add(COMPANY_FEED_SOURCES_MAX)).statusCode).toBe(201);
      const rows = await t.db
        .select({ id: feedSources.id })
        .from(feedSources)
        .where(
          and(
            eq(feedSources.companyId, gamma.body.session.company.id as string),
            isNull(feedSources.deletedAt),
          ),
        );
      expect(rows).toHaveLength(COMPANY_FEED_SOURCES_MAX);
    });
  });

  describe('in production', () => {
    it('refuses sources on private or local addresses', async () => {
      const production = await createTestApp({ env: { FEED_ALLOW_PRIVATE_ADDRESSES: 'false' } });
      try {
        const admin = await signUpThroughApi(production.app);
        for (const url of [
          'http://127.0.0.1:8080/feed.xml',
          'http://localhost/feed.xml',
          'http://169.254.169.254/latest/meta-data/',
          'http://[::1]/feed',
        ]) {
          const response = await production.app.inject({
            method: 'POST',
            url: '/api/feeds/sources',
            headers: { cookie: admin.cookie },
            payload: { name: 'Internal', url, format: 'rss' },
          });
          expect(response.statusCode, url).toBe(400);
          expect(response.json().error.message).toBe(FEED_SOURCE_MESSAGES.url_private);
        }
      } finally {
        await production.close();
      }
    });
  });

  describe('default sources', () => {
    it('adds the defaults once, keeping edits and removals', async () => {
      const shared = () =>
        t.db
          .select()
          .from(feedSources)
          .where(isNull(feedSources.companyId))
          .then((rows) =>
            rows.filter((row) => DEFAULT_FEED_SOURCES.some((d) => d.url === row.url)),
          );
      expect(await seedDefaultFeedSources(t.db)).toBe(DEFAULT_FEED_SOURCES.length);
      expect(await seedDefaultFeedSources(t.db)).toBe(0);
      const [first, second] = await shared();
      await t.db
        .update(feedSources)
        .set({ name: 'Renamed', pollIntervalMinutes: 240 })
        .where(eq(feedSources.id, first!.id));
      await t.db
        .update(feedSources)
        .set({ deletedAt: new Date() })
        .where(eq(feedSources.id, second!.id));
      expect(await seedDefaultFeedSources(t.db)).toBe(0);
      const after = await shared();
      expect(after).toHaveLength(DEFAULT_FEED_SOURCES.length);
      expect(after.find((row) => row.id === first!.id)).toMatchObject({
        name: 'Renamed',
        pollIntervalMinutes: 240,
      });
      expect(after.find((row) => row.id === second!.id)!.deletedAt).not.toBeNull();
      expect(
        DEFAULT_FEED_SOURCES.every(
          (source) =>
            new URL(source.url).protocol === 'https:' &&
            source.url === new URL(source.url).toString(),
        ),
      ).toBe(true);
    });
  });
});
