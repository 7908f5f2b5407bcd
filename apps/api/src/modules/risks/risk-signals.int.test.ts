import { changeItems } from '@complivue/db/schema/changes';
import { feedItemRelevance } from '@complivue/db/schema/feeds';
import { riskFindings } from '@complivue/db/schema/findings';
import { libraryRules } from '@complivue/db/schema/library';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { OccurrencesResponse } from '@complivue/shared/schemas/calendar';
import {
  RISK_SIGNAL_KINDS,
  type RiskSignal,
  type RiskSignalKind,
  type RiskSignalsResponse,
} from '@complivue/shared/schemas/risk-signals';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { insertFeedItem, insertFeedSource } from '../../../test/feed-items.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('risk signals API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { call, institution, create } = changeTestKit(() => t);
  const today = todayIn(null);
  const AREA = 'fair_lending';

  const signals = async (cookie: string, area = AREA) => {
    const response = await call(cookie, 'GET', `/api/risks/signals?area=${area}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RiskSignalsResponse>();
    expect(body.areas.map((entry) => entry.area)).toEqual([area]);
    return Object.fromEntries(
      body.areas[0]!.signals.map((signal) => [signal.kind, signal]),
    ) as Record<RiskSignalKind, RiskSignal>;
  };

  /** The calendar list's "Overdue" due dates of events in the area. */
  const calendarOverdueInArea = async (cookie: string) => {
    const response = await call(
      cookie,
      'GET',
      `/api/calendar/occurrences?from=${addDays(today, -364)}&to=${today}`,
    );
    const body = response.json<OccurrencesResponse>();
    const inArea = new Set(body.events.filter((e) => e.area === AREA).map((e) => e.id));
    return body.occurrences.filter((item) => item.overdue && inArea.has(item.eventId));
  };

  it('counts what the institution’s own records say needs action in an area, each with its records', async () => {
    const { admin, manager, companyId } = await institution();

    // Assessments: one non-compliant, one compliant whose review date has passed, one fine.
    const rules = await t.db
      .select({ id: libraryRules.id })
      .from(libraryRules)
      .where(eq(libraryRules.area, AREA))
      .orderBy(asc(libraryRules.id))
      .limit(3);
    expect(rules).toHaveLength(3);
    const assess = async (ruleId: string, body: Record<string, unknown>) => {
      const response = await call(
        manager.cookie,
        'PATCH',
        `/api/library/rules/${ruleId}/assessment`,
        body,
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await assess(rules[0]!.id, { status: 'non_compliant' });
    await assess(rules[1]!.id, { status: 'compliant', nextReviewDate: addDays(today, -2) });
    await assess(rules[2]!.id, { status: 'compliant', nextReviewDate: addDays(today, 30) });

    // Changes: one past due, one on time, one closed (not looked at).
    const late = await create(admin.cookie, {
      title: 'Adverse action notice wording',
      areas: [AREA],
      dueDate: addDays(today, 20),
    });
    await t.db
      .update(changeItems)
      .set({ dueDate: addDays(today, -4) })
      .where(eq(changeItems.id, late.id));
    await create(admin.cookie, { title: 'On time', areas: [AREA], dueDate: addDays(today, 20) });

    // A deadline of the area, missed five days ago.
    const event = await call(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Fair lending self-assessment to the board',
      startsOn: addDays(today, -5),
      area: AREA,
    });
    expect(event.statusCode, event.body).toBe(201);

    // Updates: relevant and untouched; relevant and read; relevant with a change started;
    // not relevant; relevant but too old.
    const source = await insertFeedSource(t.db);
    const item = (title: string, daysAgo = 1) =>
      insertFeedItem(t.db, {
        sourceIds: [source],
        title,
        areas: [AREA],
        sortAt: new Date(`${addDays(today, -daysAgo)}T12:00:00Z`),
      });
    const untouched = await item('Interagency statement on special purpose credit programs');
    const read = await item('Redlining settlement announced');
    const started = await item('Appraisal bias guidance');
    const unrelated = await item('Not for us');
    const old = await item('Older guidance', 120);
    await t.db.insert(feedItemRelevance).values([
      { companyId, itemId: untouched, score: 80 },
      { companyId, itemId: read, score: 80 },
      { companyId, itemId: started, score: 45 },
      { companyId, itemId: unrelated, score: 10 },
      { companyId, itemId: old, score: 90 },
    ]);
    const opened = await call(manager.cookie, 'PUT', `/api/feeds/items/${read}/state`, {
      read: true,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await create(admin.cookie, {
      title: 'Appraisal bias review',
      areas: ['hmda'],
      dueDate: addDays(today, 40),
    }).then((change) =>
      t.db.update(changeItems).set({ feedItemId: started }).where(eq(changeItems.id, change.id)),
    );

    // Findings: one open for ten days, one closed.
    const [openFinding] = await t.db
      .insert(riskFindings)
      .values([
        {
          companyId,
          number: 1,
          title: 'Adverse action notices without the statement of reasons',
          source: 'complaint',
          severity: 'high',
          area: AREA,
          createdAt: new Date(`${addDays(today, -10)}T12:00:00Z`),
        },
        {
          companyId,
          number: 2,
          title: 'Spousal signature taken on an individual application',
          source: 'internal_audit',
          severity: 'moderate',
          area: AREA,
          closedAt: new Date(),
        },
      ])
      .returning({ id: riskFindings.id });

    const found = await signals(admin.cookie);
    expect(Object.keys(found)).toEqual([...RISK_SIGNAL_KINDS]);

    expect(found.findings).toMatchObject({ count: 1, considered: 2 });
    expect(found.findings.items).toEqual([
      {
        label: 'FND-1 Adverse action notices without the statement of reasons',
        detail: 'High · open 10 days',
        href: `/risk-scoring?view=findings&finding=${openFinding!.id}`,
      },
    ]);

    expect(found.assessments).toMatchObject({ count: 2, considered: 3, moreHref: null });
    expect(found.assessments.items.map((i) => i.href)).toEqual([
      `/compliance/rules/${rules[0]!.id}`,
      `/compliance/rules/${rules[1]!.id}`,
    ]);
    expect(found.assessments.items[0]!.detail).toBe('Non-compliant');
    expect(found.assessments.items[1]!.detail).toMatch(/^Compliant · review was due /);

    expect(found.changes).toMatchObject({ count: 1, considered: 2 });
    expect(found.changes.items).toEqual([
      expect.objectContaining({
        label: `CHG-${late.number} Adverse action notice wording`,
        href: `/change-management?change=${late.id}`,
      }),
    ]);

    // The same missed due dates as the calendar's list shows for the area.
    const missed = await calendarOverdueInArea(admin.cookie);
    expect(found.deadlines.count).toBe(missed.length);
    expect(found.deadlines.items.map((i) => i.label)).toContain(
      'Fair lending self-assessment to the board',
    );

    expect(found.feed).toMatchObject({ count: 1, considered: 3 });
    expect(found.feed.items).toEqual([
      expect.objectContaining({ href: `/regulatory-feeds?item=${untouched}` }),
    ]);

    // Another institution's records never count here, nor ours there.
    const other = await institution();
    const theirs = await signals(other.admin.cookie);
    expect(theirs.findings).toMatchObject({ count: 0, considered: 0 });
    expect(theirs.assessments).toMatchObject({ count: 0, considered: 0 });
    expect(theirs.changes).toMatchObject({ count: 0, considered: 0 });
    expect(theirs.feed).toMatchObject({ count: 0, considered: 0 });
  });

  it('answers for every area when none is asked, and only on the professional plan', async () => {
    const { user } = await institution();
    const response = await call(user.cookie, 'GET', '/api/risks/signals');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RiskSignalsResponse>();
    expect(body.today).toBe(today);
    expect(body.areas.length).toBeGreaterThan(5);
    for (const entry of body.areas) {
      expect(entry.signals.map((signal) => signal.kind)).toEqual([...RISK_SIGNAL_KINDS]);
    }

    const unknown = await call(user.cookie, 'GET', '/api/risks/signals?area=astrology');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { path: '/area', message: 'Choose a regulation area from the list.' },
    ]);

    const basic = await institution('basic');
    expect((await call(basic.user.cookie, 'GET', '/api/risks/signals')).statusCode).toBe(403);
  });
});
