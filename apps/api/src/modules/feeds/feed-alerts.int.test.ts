import { openDatabase, type Database } from '@complivue/db/database';
import { feedItemRelevance } from '@complivue/db/schema/feeds';
import { notifications } from '@complivue/db/schema/notifications';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, testEnv, type TestApp } from '../../../test/test-app.ts';
import { createApp } from '../../app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import {
  ALERT_MAX_AGE_DAYS,
  ALERT_MAX_INDIVIDUAL,
  FEED_ALERT_TYPE,
  onNewFeedItems,
} from './feed-alerts.ts';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';

const onPostgres = process.env.TEST_ENGINE === 'postgres';

/**
 * DESIGN.md's scale-out path: two API instances (each with its own connection pool) on one
 * PostgreSQL database process the same new items at the same moment, as two pollers that
 * fetched the same feed would. Each matching item is announced once.
 */
describe.runIf(onPostgres)('feed alerts with two API instances', () => {
  let t: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    // A pool of its own on the same server database: what a second instance has.
    secondDatabase = await openDatabase({ databaseUrl: t.testDatabase.url!, dataDir: 'unused' });
    second = await createApp({ env: testEnv(), database: secondDatabase, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await t?.close();
  });

  it('alerts each member once per matching item', async () => {
    const admin = await signUpThroughApi(t.app, { companyName: 'Two Instance Credit Union' });
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'basic');
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/feeds/watchlist',
      headers: { cookie: admin.cookie },
      payload: { areas: ['hmda'], keywords: [], agencies: [] },
    });
    expect(saved.statusCode).toBe(200);

    const source = await insertFeedSource(t.db, { name: 'Federal Register: CFPB' });
    const items: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      items.push(
        await insertFeedItem(t.db, {
          sourceIds: [source],
          title: `HMDA data point clarification ${index}`,
          documentType: 'final_rule',
          areas: ['hmda'],
        }),
      );
    }

    await Promise.all([
      onNewFeedItems(notifyDependencies(t.app), items),
      onNewFeedItems(notifyDependencies(second), items),
      onNewFeedItems(notifyDependencies(second), [...items].reverse()),
    ]);

    const alerts = await t.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.type, FEED_ALERT_TYPE)));
    const userIds = [admin.body.session.user.id as string, member.userId];
    const expected = userIds.flatMap((userId) =>
      items.map((item) => ({ userId, link: `/regulatory-feeds?item=${item}` })),
    );
    expect(alerts).toHaveLength(expected.length);
    expect(alerts).toEqual(expect.arrayContaining(expected));

    const claimed = await t.db
      .select({ itemId: feedItemRelevance.itemId })
      .from(feedItemRelevance)
      .where(
        and(eq(feedItemRelevance.companyId, companyId), isNotNull(feedItemRelevance.alertedAt)),
      );
    expect(claimed).toHaveLength(items.length);
  });
});

/** What one run announces when a source brings many matches at once, or old ones. */
describe('feed alerts in bulk', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function companyWatchingHmda(name: string) {
    const admin = await signUpThroughApi(t.app, { companyName: name });
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'basic');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/feeds/watchlist',
      headers: { cookie: admin.cookie },
      payload: { areas: ['hmda'], keywords: [], agencies: [] },
    });
    expect(saved.statusCode).toBe(200);
    return companyId;
  }

  const alertsOf = (companyId: string) =>
    t.db
      .select({
        title: notifications.title,
        link: notifications.link,
        priority: notifications.priority,
      })
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.type, FEED_ALERT_TYPE)));

  it('sums up more than a handful of matches in one notification', async () => {
    const companyId = await companyWatchingHmda('Busy Day Credit Union');
    const source = await insertFeedSource(t.db, { name: 'Federal Register: CFPB', companyId });
    const items: string[] = [];
    for (let index = 0; index <= ALERT_MAX_INDIVIDUAL; index += 1) {
      items.push(
        await insertFeedItem(t.db, {
          sourceIds: [source],
          title: `HMDA filing instructions update ${index}`,
          documentType: index === 0 ? 'final_rule' : 'guidance',
          areas: ['hmda'],
        }),
      );
    }
    await onNewFeedItems(notifyDependencies(t.app), items);

    const alerts = await alertsOf(companyId);
    expect(alerts).toEqual([
      {
        title: `${ALERT_MAX_INDIVIDUAL + 1} new regulatory updates match your watchlist`,
        link: '/regulatory-feeds?unread=true',
        priority: 'high',
      },
    ]);
  });

  it('releases the claim when notifying fails, so a later run announces it', async () => {
    const companyId = await companyWatchingHmda('Flaky Mail Credit Union');
    const source = await insertFeedSource(t.db, { name: 'Federal Register: CFPB', companyId });
    const items = [
      await insertFeedItem(t.db, {
        sourceIds: [source],
        title: 'HMDA reporting threshold change',
        documentType: 'final_rule',
        areas: ['hmda'],
      }),
      await insertFeedItem(t.db, {
        sourceIds: [source],
        title: 'HMDA data field clarification',
        areas: ['hmda'],
      }),
    ];
    // The notifications table refuses writes once, after the first alert (a database hiccup).
    const working = notifyDependencies(t.app);
    let writes = 0;
    const flakyDb = new Proxy(working.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'insert') {
          return (table: unknown) => {
            if (table === notifications && (writes += 1) === 2) {
              throw new Error('notifications table unavailable');
            }
            return target.insert(table as typeof notifications);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await onNewFeedItems({ ...working, db: flakyDb }, items);

    const claims = async () =>
      (
        await t.db
          .select({ itemId: feedItemRelevance.itemId, alertedAt: feedItemRelevance.alertedAt })
          .from(feedItemRelevance)
          .where(eq(feedItemRelevance.companyId, companyId))
      )
        .filter((row) => row.alertedAt !== null)
        .map((row) => row.itemId);
    // The first announced stays claimed; the other's claim was released.
    const sent = (await alertsOf(companyId)).map((alert) => alert.link);
    expect(sent).toHaveLength(1);
    expect((await claims()).map((item) => `/regulatory-feeds?item=${item}`)).toEqual(sent);

    await onNewFeedItems(working, items);
    expect((await alertsOf(companyId)).map((alert) => alert.link).sort()).toEqual(
      items.map((item) => `/regulatory-feeds?item=${item}`).sort(),
    );
    expect((await claims()).sort()).toEqual([...items].sort());
  });

  it('rescores the feed when the institution changes its profile', async () => {
    const admin = await signUpThroughApi(t.app, { companyName: 'Profile Change Bank' });
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'basic');
    const source = await insertFeedSource(t.db, { name: 'Federal Register: CFPB', companyId });
    const item = await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'Home Mortgage Disclosure (Regulation C) technical amendments',
      areas: ['hmda'],
    });
    const reasonsOf = async () => {
      const [row] = await t.db
        .select({ reasons: feedItemRelevance.reasons })
        .from(feedItemRelevance)
        .where(and(eq(feedItemRelevance.companyId, companyId), eq(feedItemRelevance.itemId, item)));
      return row?.reasons ?? [];
    };
    const setAreas = (regulationAreas: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/company',
        headers: { cookie: admin.cookie },
        payload: { regulationAreas },
      });

    expect((await setAreas(['trid'])).statusCode).toBe(200);
    expect(await reasonsOf()).not.toContain('Your profile: HMDA');
    expect((await setAreas(['trid', 'hmda'])).statusCode).toBe(200);
    expect(await reasonsOf()).toContain('Your profile: HMDA');
  });

  it('scores but does not announce items published long before they arrived', async () => {
    const companyId = await companyWatchingHmda('Archive Credit Union');
    const source = await insertFeedSource(t.db, { name: 'Federal Register: CFPB', companyId });
    const old = await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'HMDA final rule from last year',
      documentType: 'final_rule',
      areas: ['hmda'],
      sortAt: new Date(Date.now() - (ALERT_MAX_AGE_DAYS + 30) * 86_400_000),
    });
    await onNewFeedItems(notifyDependencies(t.app), [old]);

    expect(await alertsOf(companyId)).toEqual([]);
    const [scored] = await t.db
      .select({ watchlistMatch: feedItemRelevance.watchlistMatch })
      .from(feedItemRelevance)
      .where(and(eq(feedItemRelevance.companyId, companyId), eq(feedItemRelevance.itemId, old)));
    expect(scored?.watchlistMatch).toBe(true);
  });
});
