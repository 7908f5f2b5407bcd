import { analyticsSnapshots } from '@complivue/db/schema/analytics';
import { auditLog } from '@complivue/db/schema/audit';
import { calendarCompletions } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { companies } from '@complivue/db/schema/companies';
import { feedItemRelevance, feedItemUserState } from '@complivue/db/schema/feeds';
import { ruleAssessmentHistory, ruleAssessments } from '@complivue/db/schema/library';
import { previousQuarter, quarterOf } from '@complivue/shared/analytics-periods';
import { addDays, daysBetween, todayIn } from '@complivue/shared/calendar-days';
import { deadlineOutcome, doneDay, DEADLINE_OUTCOMES } from '@complivue/shared/deadline-outcomes';
import type {
  AnalyticsChanges,
  AnalyticsDeadlines,
  AnalyticsOverview,
  AnalyticsTeam,
} from '@complivue/shared/schemas/analytics';
import type { OccurrencesResponse } from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { institutionDay, snapshotAnalytics } from './analytics-snapshots.ts';

/** Noon in US Eastern on a day (17:00 UTC in winter, 16:00 in summer: the same day either way). */
const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);

describe('analytics: snapshots, figures from the records, the board report', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, create } = changeTestKit(() => t);

  async function read<Body>(cookie: string, url: string): Promise<Body> {
    const response = await call(cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Body>();
  }
  const assess = async (cookie: string, ruleId: string, status: string) => {
    const response = await call(cookie, 'PATCH', `/api/library/rules/${ruleId}/assessment`, {
      status,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  async function profiled() {
    const members = await institution();
    const profile = await call(members.admin.cookie, 'PATCH', '/api/company', {
      institutionType: 'community_bank',
      regulationAreas: ['trid', 'bsa_aml', 'hmda'],
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return members;
  }
  const snapshotsOf = (companyId: string) =>
    t.db
      .select()
      .from(analyticsSnapshots)
      .where(eq(analyticsSnapshots.companyId, companyId))
      .orderBy(analyticsSnapshots.day);

  it('keeps one snapshot per institution and day, in the institution’s day, and rebuilds the days no run wrote, marked as backfilled', async () => {
    const { admin, companyId } = await profiled();
    const today = institutionDay(new Date());
    // The institution signed up ten days ago; a rule was judged compliant four days ago.
    await t.db
      .update(companies)
      .set({ createdAt: noonOn(addDays(today, -10)) })
      .where(eq(companies.id, companyId));
    await assess(admin.cookie, 'TRID-LE-001', 'compliant');
    const [assessment] = await t.db
      .select({ id: ruleAssessments.id })
      .from(ruleAssessments)
      .where(
        and(eq(ruleAssessments.companyId, companyId), eq(ruleAssessments.ruleId, 'TRID-LE-001')),
      );
    await t.db
      .update(ruleAssessmentHistory)
      .set({ createdAt: noonOn(addDays(today, -4)) })
      .where(eq(ruleAssessmentHistory.assessmentId, assessment!.id));
    await t.db
      .update(ruleAssessments)
      .set({ createdAt: noonOn(addDays(today, -4)) })
      .where(eq(ruleAssessments.id, assessment!.id));

    // 03:00 UTC is still the day before in US Eastern: that day's row, however often it runs.
    const lateEvening = new Date(`${addDays(today, -1)}T03:00:00Z`);
    expect(institutionDay(lateEvening)).toBe(addDays(today, -2));
    await snapshotAnalytics(t.db, { companyId, now: lateEvening });
    await snapshotAnalytics(t.db, { companyId, now: lateEvening });
    await snapshotAnalytics(t.db, { companyId, now: new Date() });
    await snapshotAnalytics(t.db, { companyId, now: new Date() });

    const rows = await snapshotsOf(companyId);
    expect(rows.map((row) => row.day)).toEqual(
      Array.from({ length: 11 }, (_, index) => addDays(today, index - 10)),
    );
    // Rebuilt before the first run's day and for the day no run wrote; the runs' days are not.
    expect(rows.filter((row) => !row.backfilled).map((row) => row.day)).toEqual([
      addDays(today, -2),
      today,
    ]);
    // One rule assessed from four days ago, none before: the past is the history's.
    const assessedOn = Object.fromEntries(
      rows.map((row) => [row.day, row.figures.compliance.assessed]),
    );
    expect(assessedOn[addDays(today, -5)]).toBe(0);
    expect(assessedOn[addDays(today, -4)]).toBe(1);
    expect(assessedOn[today]).toBe(1);
    expect(rows.at(-1)!.figures.compliance).toMatchObject({ score: 100, compliant: 1 });
    expect(rows.at(-1)!.figures.compliance.applicable).toBeGreaterThan(1);
  });

  it('counts every headline figure from the records the pages list, beside the quarter before', async () => {
    const { admin, manager, user, companyId } = await profiled();
    const today = institutionDay(new Date());
    const quarter = quarterOf(today);
    const previous = previousQuarter(quarter);

    await assess(admin.cookie, 'TRID-LE-001', 'compliant');
    await assess(admin.cookie, 'TRID-LE-002', 'non_compliant');
    await assess(admin.cookie, 'BSA-PGM-001', 'not_applicable').catch(() => undefined);

    // Changes: identified last quarter and closed this one; identified this quarter and open;
    // closed at 02:00 UTC on the quarter's first day, which is the evening before in Eastern.
    const spanning = await create(manager.cookie, { title: 'Escrow rule update' });
    const fresh = await create(manager.cookie, { title: 'HMDA filing instructions' });
    const boundary = await create(manager.cookie, { title: 'CTR threshold guidance' });
    const setChange = (id: string, values: Partial<typeof changeItems.$inferInsert>) =>
      t.db.update(changeItems).set(values).where(eq(changeItems.id, id));
    await setChange(spanning.id, {
      createdAt: noonOn(addDays(previous.from, 1)),
      closedAt: noonOn(quarter.from),
      status: 'closed',
    });
    await setChange(fresh.id, { createdAt: noonOn(quarter.from) });
    await setChange(boundary.id, {
      createdAt: noonOn(addDays(previous.from, 3)),
      closedAt: new Date(`${quarter.from}T02:00:00Z`),
      status: 'closed',
    });

    // Deadlines this quarter: one done on time, one done three days late, one never done.
    const dueDay = (offset: number) => [addDays(quarter.from, offset), today].sort()[0]!;
    const event = async (title: string, startsOn: string) => {
      const response = await call(admin.cookie, 'POST', '/api/calendar/events', {
        title,
        startsOn,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; startsOn: string }>();
    };
    const complete = async (created: { id: string; startsOn: string }, doneAt: Date) => {
      const response = await call(
        admin.cookie,
        'POST',
        `/api/calendar/events/${created.id}/occurrences/${created.startsOn}/completion`,
        { evidenceNote: 'Filed with the agency', evidenceUrl: '' },
      );
      expect(response.statusCode, response.body).toBe(201);
      await t.db
        .update(calendarCompletions)
        .set({ doneAt })
        .where(eq(calendarCompletions.eventId, created.id));
    };
    const onTime = await event('Board training attestation', dueDay(0));
    const late = await event('Vendor review memo', dueDay(1));
    await event('Annual privacy notice check', dueDay(2));
    await complete(onTime, noonOn(onTime.startsOn));
    await complete(late, noonOn(addDays(late.startsOn, 3)));

    // Regulatory updates this quarter relevant to the institution: one opened by a member.
    const source = await insertFeedSource(t.db);
    const updates = await Promise.all(
      ['Opened update', 'Unread update'].map((title) =>
        insertFeedItem(t.db, {
          sourceIds: [source],
          title,
          areas: ['trid'],
          sortAt: noonOn(today),
        }),
      ),
    );
    await t.db
      .insert(feedItemRelevance)
      .values(updates.map((itemId) => ({ companyId, itemId, score: 80 })));
    await t.db
      .insert(feedItemUserState)
      .values({ userId: user.userId, itemId: updates[0]!, readAt: new Date() });

    const overview = await read<AnalyticsOverview>(admin.cookie, '/api/analytics/overview');
    expect(overview.period).toEqual(quarter);
    expect(overview.previous).toEqual(previous);

    // Changes, from the rows: by the Eastern day each was created and closed.
    const rows = await t.db.select().from(changeItems).where(eq(changeItems.companyId, companyId));
    const dayOf = (at: Date | null) => (at ? todayIn(null, at) : null);
    const inPeriod = (day: string | null, period: { from: string; to: string }) =>
      day !== null && day >= period.from && day <= period.to;
    const closedIn = (period: { from: string; to: string }) =>
      rows.filter((row) => inPeriod(dayOf(row.closedAt), period));
    expect(overview.changes.closed).toEqual({
      current: closedIn(quarter).length,
      previous: closedIn(previous).length,
    });
    expect(overview.changes.closed).toEqual({ current: 1, previous: 1 });
    expect(overview.changes.opened.current).toBe(
      rows.filter((row) => inPeriod(dayOf(row.createdAt), quarter)).length,
    );
    expect(overview.changes.medianCycleDays.current).toBe(
      daysBetween(addDays(previous.from, 1), quarter.from),
    );
    expect(overview.changes.open).toBe(
      rows.filter((row) => !['closed', 'not_applicable'].includes(row.status)).length,
    );

    // Deadlines, from the calendar's own due dates and their completions.
    const calendar = await read<OccurrencesResponse>(
      admin.cookie,
      `/api/calendar/occurrences?from=${quarter.from}&to=${quarter.to}`,
    );
    const expected = Object.fromEntries(DEADLINE_OUTCOMES.map((outcome) => [outcome, 0]));
    for (const occurrence of calendar.occurrences) {
      const done = occurrence.completion ? doneDay(occurrence.completion.doneAt) : null;
      expected[deadlineOutcome(occurrence.date, done, today)]! += 1;
    }
    expect(overview.deadlines.current).toEqual(expected);
    expect(overview.deadlines.current.on_time).toBeGreaterThanOrEqual(1);
    expect(overview.deadlines.current.late).toBeGreaterThanOrEqual(1);

    // Score and coverage: as the dashboard computes them, with the coverage beside.
    const dashboard = await read<{ compliance: { score: number | null } }>(
      admin.cookie,
      '/api/dashboard',
    );
    expect(overview.compliance.current).toMatchObject({
      score: dashboard.compliance.score,
      compliant: 1,
      nonCompliant: 1,
    });
    expect(overview.compliance.currentAsOf).toBe(today);
    expect(overview.compliance.previous).toBeNull();

    expect(overview.feeds).toEqual({
      relevant: { current: 2, previous: 0 },
      triaged: { current: 1, previous: 0 },
    });

    // Team work: the audit trail's compliance actions of the quarter's UTC days.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
    const work = audit.filter(
      (entry) =>
        !entry.action.startsWith('auth.') &&
        !entry.action.startsWith('setup.') &&
        entry.createdAt.toISOString().slice(0, 10) >= quarter.from &&
        entry.createdAt.toISOString().slice(0, 10) <= quarter.to,
    );
    expect(overview.team.actions.current).toBe(work.length);

    // The drill-downs list exactly what the overview counts.
    const changes = await read<AnalyticsChanges>(admin.cookie, '/api/analytics/changes');
    expect(
      changes.changes.filter((change) => change.cycleDays !== null).map((c) => c.title),
    ).toEqual(['Escrow rule update']);
    expect(changes.byMonth.reduce((sum, month) => sum + month.closed, 0)).toBe(1);
    const deadlines = await read<AnalyticsDeadlines>(admin.cookie, '/api/analytics/deadlines');
    expect(deadlines.counts).toEqual(expected);
    expect(
      deadlines.dueDates.find((dueDate) => dueDate.title === 'Vendor review memo'),
    ).toMatchObject({ outcome: 'late', evidenceNote: 'Filed with the agency' });
  });

  it('shows an institution only its own figures, names colleagues only to managers, and keeps custom ranges to advanced analytics', async () => {
    const a = await profiled();
    const b = await profiled();
    await assess(a.admin.cookie, 'TRID-LE-001', 'compliant');
    const onlyA = await create(a.manager.cookie, { title: 'Only A’s change' });
    await t.db
      .update(changeItems)
      .set({ ownerId: a.manager.userId })
      .where(eq(changeItems.id, onlyA.id));

    const bOverview = await read<AnalyticsOverview>(b.admin.cookie, '/api/analytics/overview');
    expect(bOverview.compliance.current).toMatchObject({ assessed: 0, score: null });
    expect(bOverview.changes.opened.current).toBe(0);
    const bTeam = await read<AnalyticsTeam>(b.admin.cookie, '/api/analytics/team');
    expect(JSON.stringify(bTeam)).not.toContain(a.manager.userId);

    const managerTeam = await read<AnalyticsTeam>(a.manager.cookie, '/api/analytics/team');
    expect(managerTeam.members?.map((member) => member.userId)).toContain(a.manager.userId);
    const userTeam = await read<AnalyticsTeam>(a.user.cookie, '/api/analytics/team');
    expect(userTeam.members).toBeNull();
    expect(userTeam.total).toBe(managerTeam.total);

    const custom = '/api/analytics/overview?from=2026-01-01&to=2026-02-15';
    const refused = await call(a.admin.cookie, 'GET', custom);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('feature_unavailable');
    await setCompanyPlan(t.db, a.companyId, 'enterprise');
    const ranged = await read<AnalyticsOverview>(a.admin.cookie, custom);
    expect(ranged.period).toMatchObject({ from: '2026-01-01', to: '2026-02-15' });
    expect(ranged.previous).toMatchObject({ from: '2025-11-16', to: '2025-12-31' });

    // One owner's work (advanced): their changes; what nobody owns; colleagues' only for managers.
    const owned = await read<AnalyticsChanges>(
      a.admin.cookie,
      `/api/analytics/changes?owner=${a.manager.userId}`,
    );
    expect(owned.changes.map((change) => change.title)).toEqual(['Only A’s change']);
    const unowned = await read<AnalyticsChanges>(
      a.admin.cookie,
      '/api/analytics/changes?owner=none',
    );
    expect(unowned.changes).toEqual([]);
    const colleague = await call(
      a.user.cookie,
      'GET',
      `/api/analytics/team?owner=${a.manager.userId}`,
    );
    expect(colleague.statusCode).toBe(403);
    const mine = await read<AnalyticsTeam>(a.user.cookie, '/api/analytics/team?owner=me');
    expect(mine.total).toBe(0);

    const backwards = await call(
      a.admin.cookie,
      'GET',
      '/api/analytics/overview?from=2026-02-01&to=2026-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.code).toBe('validation_failed');

    await setCompanyPlan(t.db, b.companyId, 'basic');
    expect((await call(b.admin.cookie, 'GET', '/api/analytics/overview')).statusCode).toBe(403);
  });

  it('writes the board report from the same figures, the score with its coverage, and audits the download', async () => {
    const { admin, companyId } = await profiled();
    await assess(admin.cookie, 'TRID-LE-001', 'compliant');
    const overview = await read<AnalyticsOverview>(admin.cookie, '/api/analytics/overview');
    const response = await call(admin.cookie, 'GET', '/api/analytics/board-report.pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`Compliance report to the board — ${overview.period.label}`);
    const { applicable } = overview.compliance.current!;
    expect(text).toContain(`100% compliant, on 1 of ${applicable} applicable rules assessed`);
    expect(text).toContain('Where each figure comes from');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, companyId),
          eq(auditLog.action, 'analytics.board_report_exported'),
        ),
      );
    expect(entry?.after).toMatchObject({ format: 'pdf', period: overview.period.key });
  });
});
