import { auditLog } from '@complivue/db/schema/audit';
import { feedItemRelevance } from '@complivue/db/schema/feeds';
import { companies } from '@complivue/db/schema/companies';
import { notifications } from '@complivue/db/schema/notifications';
import { userProfiles } from '@complivue/db/schema/profiles';
import { FEEDS_MESSAGES } from '@complivue/shared/schemas/feeds';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { FEED_ALERT_TYPE, onNewFeedItems } from './feed-alerts.ts';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { RELEVANCE_RECOMPUTE_MAX_ITEMS, recomputeCompanyRelevance } from './feed-relevance.ts';

const DAY_MS = 86_400_000;

describe('regulatory feed items, watchlists and alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (cookie: string, method: 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** An institution on the basic plan with an admin, a manager and a user. */
  async function institution(name = 'First Community Credit Union') {
    const admin = await signUpThroughApi(t.app, { companyName: name });
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'basic');
    await t.db
      .update(companies)
      .set({ primaryRegulator: 'ncua', regulationAreas: ['trid', 'qm_atr', 'hmda', 'tila'] })
      .where(eq(companies.id, companyId));
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    return {
      companyId,
      admin: { cookie: admin.cookie, userId: admin.body.session.user.id as string },
      manager,
      user,
    };
  }

  it('lists the items a company sees, newest first, with filters, sources and paging', async () => {
    const a = await institution('Filter Credit Union');
    const shared = await insertFeedSource(t.db, { name: 'Federal Register: CFPB' });
    const own = await insertFeedSource(t.db, {
      companyId: a.companyId,
      name: 'Our state regulator',
    });
    const now = Date.now();
    const trid = await insertFeedItem(t.db, {
      sourceIds: [shared, own],
      title: 'Closing Disclosure tolerance cures',
      summary: 'Guidance on cures for tolerance violations found after consummation.',
      documentType: 'guidance',
      areas: ['trid'],
      sortAt: new Date(now - 1 * DAY_MS),
    });
    const hmda = await insertFeedItem(t.db, {
      sourceIds: [shared],
      title: 'HMDA filing instructions guide',
      summary: 'Updated data fields for the loan/application register.',
      documentType: 'final_rule',
      areas: ['hmda'],
      sortAt: new Date(now - 3 * DAY_MS),
    });
    const ownOnly = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'State licensing bulletin on escrow accounts',
      areas: ['respa'],
      agencies: [],
      sortAt: new Date(now - 2 * DAY_MS),
    });

    const all = await get(a.user.cookie, '/api/feeds/items');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    const ids = body.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(trid)).toBeLessThan(ids.indexOf(ownOnly));
    expect(ids.indexOf(ownOnly)).toBeLessThan(ids.indexOf(hmda));
    expect(body.pageSize).toBe(PAGE_SIZE);
    const first = body.items.find((item: { id: string }) => item.id === trid);
    expect(first).toMatchObject({
      title: 'Closing Disclosure tolerance cures',
      areas: ['trid'],
      documentType: 'guidance',
      read: false,
      starred: false,
    });
    expect(first.sources.map((source: { name: string }) => source.name).sort()).toEqual([
      'Federal Register: CFPB',
      'Our state regulator',
    ]);
    // Relevance from the profile (TRID is one of its areas) is there even before any alerting.
    expect(first.relevance.reasons).toContain('Your profile: TRID');
    expect(first.relevance.score).toBeGreaterThan(0);

    const byArea = (await get(a.user.cookie, `/api/feeds/items?area=hmda&source=${shared}`)).json();
    expect(byArea.items.map((item: { id: string }) => item.id)).toEqual([hmda]);
    const byType = (
      await get(a.user.cookie, `/api/feeds/items?type=final_rule&source=${shared}`)
    ).json();
    expect(byType.items.map((item: { id: string }) => item.id)).toEqual([hmda]);
    const bySource = (await get(a.user.cookie, `/api/feeds/items?source=${own}`)).json();
    expect(bySource.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [trid, ownOnly].sort(),
    );
    const day = (offset: number) => new Date(now - offset * DAY_MS).toISOString().slice(0, 10);
    const byDate = (
      await get(a.user.cookie, `/api/feeds/items?from=${day(2)}&to=${day(2)}&source=${own}`)
    ).json();
    expect(byDate.items.map((item: { id: string }) => item.id)).toEqual([ownOnly]);
    const byWords = (await get(a.user.cookie, `/api/feeds/items?q=escrow&source=${own}`)).json();
    expect(byWords.items.map((item: { id: string }) => item.id)).toEqual([ownOnly]);
    const backwards = await get(a.user.cookie, `/api/feeds/items?from=${day(1)}&to=${day(3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details).toEqual([
      expect.objectContaining({ message: FEEDS_MESSAGES.date_range }),
    ]);
  });

  it('pages by 25 with the total', async () => {
    const a = await institution('Paging Bank');
    const own = await insertFeedSource(t.db, { companyId: a.companyId, name: 'Paging feed' });
    const base = Date.now() - 400 * DAY_MS;
    for (let index = 0; index < PAGE_SIZE + 2; index += 1) {
      await insertFeedItem(t.db, {
        sourceIds: [own],
        title: `Paging bulletin ${index}`,
        sortAt: new Date(base - index * 60_000),
      });
    }
    const pageTwo = (await get(a.user.cookie, `/api/feeds/items?source=${own}&page=2`)).json();
    expect(pageTwo.total).toBe(PAGE_SIZE + 2);
    expect(pageTwo.page).toBe(2);
    expect(pageTwo.items.map((item: { title: string }) => item.title)).toEqual([
      `Paging bulletin ${PAGE_SIZE}`,
      `Paging bulletin ${PAGE_SIZE + 1}`,
    ]);
  });

  it('counts the filtered total and the reader’s unread items among all the company sees', async () => {
    const a = await institution('Counting Credit Union');
    const b = await institution('Other Counting Bank');
    const shared = await insertFeedSource(t.db, { name: 'Counting shared feed' });
    const own = await insertFeedSource(t.db, { companyId: a.companyId, name: 'Counting own' });
    const ownOfB = await insertFeedSource(t.db, { companyId: b.companyId, name: 'B only' });
    const both = await insertFeedItem(t.db, {
      sourceIds: [shared, own],
      title: 'Quokka escrow bulletin carried twice',
    });
    const ownItem = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'Quokka escrow notice of our own',
    });
    const elsewhere = await insertFeedItem(t.db, {
      sourceIds: [ownOfB],
      title: 'Quokka escrow item of another institution',
    });

    const everything = (await get(a.user.cookie, '/api/feeds/items')).json();
    // Nothing read yet: every item the company sees, each once, is unread.
    expect(everything.unreadCount).toBe(everything.total);
    const filtered = (await get(a.user.cookie, '/api/feeds/items?q=quokka')).json();
    expect(filtered.total).toBe(2);
    expect(filtered.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [both, ownItem].sort(),
    );
    expect(filtered.unreadCount).toBe(everything.total);

    await send(a.user.cookie, 'PUT', `/api/feeds/items/${both}/state`, { read: true });
    // Reading an item the company does not see (it cannot: 404) changes nothing either.
    expect(
      (await send(a.user.cookie, 'PUT', `/api/feeds/items/${elsewhere}/state`, { read: true }))
        .statusCode,
    ).toBe(404);
    const after = (await get(a.user.cookie, '/api/feeds/items?q=quokka&unread=true')).json();
    expect(after.total).toBe(1);
    expect(after.unreadCount).toBe(everything.total - 1);
    // A colleague's count is their own.
    expect((await get(a.manager.cookie, '/api/feeds/items')).json().unreadCount).toBe(
      everything.total,
    );
  });

  it('keeps read and starred per user: a colleague’s state is separate', async () => {
    const a = await institution('State Credit Union');
    const own = await insertFeedSource(t.db, { companyId: a.companyId });
    const item = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'Reg B adverse action FAQ',
    });

    const starred = await send(a.user.cookie, 'PUT', `/api/feeds/items/${item}/state`, {
      starred: true,
      read: true,
    });
    expect(starred.statusCode).toBe(200);
    expect(starred.json()).toEqual({ read: true, starred: true });
    const unread = await send(a.user.cookie, 'PUT', `/api/feeds/items/${item}/state`, {
      read: false,
    });
    expect(unread.json()).toEqual({ read: false, starred: true });
    const empty = await send(a.user.cookie, 'PUT', `/api/feeds/items/${item}/state`, {});
    expect(empty.statusCode).toBe(400);

    const mine = (await get(a.user.cookie, `/api/feeds/items?source=${own}&starred=true`)).json();
    expect(mine.items.map((row: { id: string }) => row.id)).toEqual([item]);
    const colleague = (
      await get(a.manager.cookie, `/api/feeds/items?source=${own}&starred=true`)
    ).json();
    expect(colleague.items).toEqual([]);
    const colleagueAll = (await get(a.manager.cookie, `/api/feeds/items?source=${own}`)).json();
    expect(colleagueAll.items[0]).toMatchObject({ id: item, read: false, starred: false });

    // The detail marks nothing by itself.
    const detail = await get(a.manager.cookie, `/api/feeds/items/${item}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: item, read: false, citations: [] });
    expect(detail.json().sources[0]).toMatchObject({ companyOwned: true });

    // Mark all read, limited to the filters given.
    const other = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'HMDA resubmission guidelines',
      areas: ['hmda'],
    });
    const marked = await send(a.manager.cookie, 'POST', '/api/feeds/items/mark-all-read', {
      area: 'hmda',
      source: own,
    });
    expect(marked.json()).toEqual({ marked: 1 });
    const after = (
      await get(a.manager.cookie, `/api/feeds/items?source=${own}&unread=true`)
    ).json();
    expect(after.items.map((row: { id: string }) => row.id)).toEqual([item]);
    const everything = await send(a.manager.cookie, 'POST', '/api/feeds/items/mark-all-read');
    expect(everything.statusCode, everything.body).toBe(200);
    const none = (await get(a.manager.cookie, `/api/feeds/items?source=${own}&unread=true`)).json();
    expect(none.items).toEqual([]);
    expect(none.unreadCount).toBe(0);
    // The user's own state was not touched by the colleague's.
    const userView = (await get(a.user.cookie, `/api/feeds/items?source=${own}`)).json();
    expect(userView.items.find((row: { id: string }) => row.id === other)).toMatchObject({
      read: false,
    });
  });

  it('never shows another company’s own source or its items', async () => {
    const a = await institution('Owner Bank');
    const b = await institution('Neighbour Bank');
    const ownOfA = await insertFeedSource(t.db, { companyId: a.companyId, name: 'A private feed' });
    const shared = await insertFeedSource(t.db, { name: 'Shared OCC feed' });
    const secret = await insertFeedItem(t.db, { sourceIds: [ownOfA], title: 'A-only bulletin' });
    const both = await insertFeedItem(t.db, {
      sourceIds: [shared, ownOfA],
      title: 'Carried by both',
    });

    const list = (await get(b.user.cookie, '/api/feeds/items')).json();
    const ids = list.items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(secret);
    expect(ids).toContain(both);
    const carried = list.items.find((item: { id: string }) => item.id === both);
    expect(carried.sources.map((source: { name: string }) => source.name)).toEqual([
      'Shared OCC feed',
    ]);
    expect((await get(b.user.cookie, `/api/feeds/items/${secret}`)).statusCode).toBe(404);
    expect(
      (await send(b.user.cookie, 'PUT', `/api/feeds/items/${secret}/state`, { starred: true }))
        .statusCode,
    ).toBe(404);
    expect((await get(b.user.cookie, `/api/feeds/items?source=${ownOfA}`)).statusCode).toBe(404);
    expect(
      (await send(b.user.cookie, 'POST', '/api/feeds/items/mark-all-read', { source: ownOfA }))
        .statusCode,
    ).toBe(404);
    const detail = (await get(b.user.cookie, `/api/feeds/items/${both}`)).json();
    expect(detail.sources.map((source: { name: string }) => source.name)).toEqual([
      'Shared OCC feed',
    ]);
  });

  it('requires the basic plan: a trial past its end is refused', async () => {
    const a = await institution('Expired Union');
    await setCompanyPlan(t.db, a.companyId, 'trial', 'expired');
    const response = await get(a.user.cookie, '/api/feeds/items');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('trial_expired');
  });

  it('lets managers and admins edit the watchlist, audited, and keeps each company’s own', async () => {
    const a = await institution('Watch Credit Union');
    const b = await institution('Other Credit Union');
    const watchlist = {
      areas: ['trid', 'hmda'],
      keywords: ['escrow', '  small   creditor '],
      agencies: ['CFPB', 'NCUA'],
    };
    const byUser = await send(a.user.cookie, 'PUT', '/api/feeds/watchlist', watchlist);
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error.code).toBe('role_required');

    const saved = await send(a.manager.cookie, 'PUT', '/api/feeds/watchlist', watchlist);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      areas: ['trid', 'hmda'],
      keywords: ['escrow', 'small creditor'],
      agencies: ['CFPB', 'NCUA'],
      canEdit: true,
      updatedByName: 'Casey Member',
    });
    const read = (await get(a.user.cookie, '/api/feeds/watchlist')).json();
    expect(read).toMatchObject({ areas: ['trid', 'hmda'], canEdit: false });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, a.companyId), eq(auditLog.action, 'feeds.watchlist_updated')),
      );
    expect(audit?.after).toMatchObject({ keywords: ['escrow', 'small creditor'] });
    expect(audit?.before).toEqual({ areas: [], keywords: [], agencies: [] });

    const otherCompany = (await get(b.admin.cookie, '/api/feeds/watchlist')).json();
    expect(otherCompany).toMatchObject({ areas: [], keywords: [], agencies: [], updatedAt: null });

    for (const invalid of [
      { ...watchlist, areas: ['mortgages'] },
      { ...watchlist, agencies: ['SEC'] },
      { ...watchlist, keywords: ['x'] },
      { ...watchlist, keywords: ['a'.repeat(61)] },
      { ...watchlist, keywords: ['escrow', 'Escrow'] },
      { ...watchlist, keywords: Array.from({ length: 51 }, (_, index) => `keyword ${index}`) },
    ]) {
      const response = await send(a.admin.cookie, 'PUT', '/api/feeds/watchlist', invalid);
      expect(response.statusCode, JSON.stringify(invalid).slice(0, 80)).toBe(400);
    }
  });

  it('recomputes the relevance of recent items when the watchlist changes', async () => {
    const a = await institution('Recompute Union');
    const own = await insertFeedSource(t.db, { companyId: a.companyId });
    const item = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'Escrow account analysis under RESPA',
      areas: ['respa'],
      agencies: ['CFPB'],
    });
    await onNewFeedItems(notifyDependencies(t.app), [item]);
    const before = (await get(a.user.cookie, `/api/feeds/items/${item}`)).json();
    expect(before.relevance).toEqual({ score: 0, reasons: [], watchlistMatch: false });

    await send(a.admin.cookie, 'PUT', '/api/feeds/watchlist', {
      areas: [],
      keywords: ['escrow'],
      agencies: [],
    });
    const after = (await get(a.user.cookie, `/api/feeds/items/${item}`)).json();
    expect(after.relevance).toEqual({
      score: 20,
      reasons: ['Keyword: escrow'],
      watchlistMatch: true,
    });
    // A recompute never announces: alerts come only with new items.
    const alerts = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, a.companyId), eq(notifications.type, FEED_ALERT_TYPE)),
      );
    expect(alerts).toEqual([]);
  });

  it('bounds a recompute to the newest items', async () => {
    const a = await institution('Bounded Recompute Union');
    const own = await insertFeedSource(t.db, { companyId: a.companyId });
    const items: string[] = [];
    for (let index = 1; index <= 5; index += 1) {
      items.push(
        await insertFeedItem(t.db, {
          sourceIds: [own],
          title: `Bounded recompute bulletin ${index}`,
          // Newer than anything else the company sees.
          sortAt: new Date(Date.now() + index * 60_000),
        }),
      );
    }
    expect(RELEVANCE_RECOMPUTE_MAX_ITEMS).toBe(2000);
    expect(await recomputeCompanyRelevance(t.db, a.companyId, new Date(), 3)).toBe(3);
    const scored = await t.db
      .select({ itemId: feedItemRelevance.itemId })
      .from(feedItemRelevance)
      .where(
        and(eq(feedItemRelevance.companyId, a.companyId), inArray(feedItemRelevance.itemId, items)),
      );
    expect(scored.map((row) => row.itemId).sort()).toEqual(items.slice(2).sort());
  });

  it('scores new items for every company that sees them and alerts watchlist matches once', async () => {
    const a = await institution('Alert Credit Union');
    const b = await institution('Quiet Credit Union');
    const noPlan = await institution('Lapsed Credit Union');
    for (const company of [a, noPlan]) {
      const saved = await send(company.admin.cookie, 'PUT', '/api/feeds/watchlist', {
        areas: ['trid'],
        keywords: ['closing disclosure'],
        agencies: [],
      });
      expect(saved.statusCode).toBe(200);
    }
    await setCompanyPlan(t.db, noPlan.companyId, 'basic', 'inactive');
    // A deactivated member is not told.
    const former = await signedInMember(t.app, { companyId: a.companyId, role: 'user' });
    await t.db
      .update(userProfiles)
      .set({ status: 'deactivated' })
      .where(eq(userProfiles.userId, former.userId));

    const shared = await insertFeedSource(t.db, { name: 'Federal Register: CFPB' });
    const finalRule = await insertFeedItem(t.db, {
      sourceIds: [shared],
      title: 'Amendments to the TILA-RESPA integrated disclosure rule',
      summary: 'Changes to when a Closing Disclosure may reset tolerances.',
      documentType: 'final_rule',
      areas: ['trid'],
    });
    const unrelated = await insertFeedItem(t.db, {
      sourceIds: [shared],
      title: 'Flood insurance questions and answers',
      documentType: 'guidance',
      areas: ['flood'],
      agencies: ['FDIC', 'OCC'],
    });
    const soon = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const proposal = await insertFeedItem(t.db, {
      sourceIds: [shared],
      title: 'Proposed changes to Loan Estimate model forms',
      documentType: 'proposed_rule',
      areas: ['trid'],
      effectiveDate: null,
    });
    const effectiveSoon = await insertFeedItem(t.db, {
      sourceIds: [shared],
      title: 'Guidance on the closing disclosure for construction loans',
      documentType: 'guidance',
      areas: [],
      effectiveDate: soon,
    });

    const deps = notifyDependencies(t.app);
    await onNewFeedItems(deps, [finalRule, unrelated, proposal, effectiveSoon]);
    // Called again (a retry, another instance): nothing is announced twice.
    await onNewFeedItems(deps, [finalRule, unrelated, proposal, effectiveSoon]);

    const relevance = await t.db
      .select()
      .from(feedItemRelevance)
      .where(eq(feedItemRelevance.itemId, finalRule));
    const companiesScored = relevance.map((row) => row.companyId);
    expect(companiesScored).toEqual(
      expect.arrayContaining([a.companyId, b.companyId, noPlan.companyId]),
    );
    const forA = relevance.find((row) => row.companyId === a.companyId)!;
    expect(forA).toMatchObject({ watchlistMatch: true });
    expect(forA.reasons).toEqual([
      'Watched area: TRID',
      'Keyword: closing disclosure',
      'Your profile: TRID',
    ]);
    expect(forA.alertedAt).not.toBeNull();
    const forB = relevance.find((row) => row.companyId === b.companyId)!;
    expect(forB).toMatchObject({ watchlistMatch: false, alertedAt: null });

    const alertsOfA = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.companyId, a.companyId), eq(notifications.type, FEED_ALERT_TYPE)),
      );
    const recipients = new Set(alertsOfA.map((row) => row.userId));
    expect(recipients).toEqual(new Set([a.admin.userId, a.manager.userId, a.user.userId]));
    // Three items matched (final rule, proposal, the effective-soon guidance), once per member.
    expect(alertsOfA).toHaveLength(3 * 3);
    const ofUser = alertsOfA.filter((row) => row.userId === a.user.userId);
    const byLink = Object.fromEntries(ofUser.map((row) => [row.link, row]));
    expect(byLink[`/regulatory-feeds?item=${finalRule}`]).toMatchObject({
      priority: 'high',
      category: 'regulatory_updates',
      title: 'Final rule (TRID): Amendments to the TILA-RESPA integrated disclosure rule',
    });
    expect(byLink[`/regulatory-feeds?item=${proposal}`]).toMatchObject({ priority: 'normal' });
    expect(byLink[`/regulatory-feeds?item=${effectiveSoon}`]).toMatchObject({ priority: 'high' });

    for (const company of [b, noPlan]) {
      const none = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.companyId, company.companyId),
            eq(notifications.type, FEED_ALERT_TYPE),
          ),
        );
      expect(none).toEqual([]);
    }
  });

  it('scores an item of a company’s own source only for that company', async () => {
    const a = await institution('Own Source Bank');
    const b = await institution('Bystander Bank');
    const own = await insertFeedSource(t.db, { companyId: a.companyId });
    const item = await insertFeedItem(t.db, {
      sourceIds: [own],
      title: 'Internal HMDA memo',
      areas: ['hmda'],
    });
    await onNewFeedItems(notifyDependencies(t.app), [item]);
    const rows = await t.db
      .select({ companyId: feedItemRelevance.companyId })
      .from(feedItemRelevance)
      .where(eq(feedItemRelevance.itemId, item));
    expect(rows).toEqual([{ companyId: a.companyId }]);
    expect(rows.map((row) => row.companyId)).not.toContain(b.companyId);
  });

  it('shows the three newest area-tagged updates on the dashboard', async () => {
    const a = await institution('Dashboard Credit Union');
    const own = await insertFeedSource(t.db, { companyId: a.companyId });
    const future = Date.now() + 50 * DAY_MS; // newer than anything the other tests inserted
    const titles = [
      ['Newest TRID item', 'trid'],
      ['Untagged press release', null],
      ['QM thresholds', 'qm_atr'],
      ['HMDA guide', 'hmda'],
      ['Older TILA item', 'tila'],
    ] as const;
    for (const [index, [title, area]] of titles.entries()) {
      await insertFeedItem(t.db, {
        sourceIds: [own],
        title,
        areas: area ? [area] : [],
        agencies: index === 0 ? ['CFPB', 'FRB'] : ['CFPB'],
        sortAt: new Date(future - index * 60_000),
      });
    }
    const dashboard = (await get(a.user.cookie, '/api/dashboard')).json();
    // Each with what places it: its agencies and its date.
    expect(dashboard.recentUpdates[0]).toMatchObject({
      agencies: ['CFPB', 'FRB'],
      publishedAt: new Date(future).toISOString(),
    });
    expect(
      dashboard.recentUpdates.map((update: { title: string; area: string }) => [
        update.title,
        update.area,
      ]),
    ).toEqual([
      ['Newest TRID item', 'TRID'],
      ['QM thresholds', 'QM'],
      ['HMDA guide', 'HMDA'],
    ]);
  });
});
