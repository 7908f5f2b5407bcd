import { auditLog } from '@complivue/db/schema/audit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWorkAction } from '@complivue/shared/audit-actions';
import { LIBRARY_RULE_COUNT } from '@complivue/shared/library';
import { signInThroughApi, signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notify, notifyDependencies } from '../notifications/notify.ts';
import { teamActivitySince } from './dashboard-figures.ts';

describe('GET /api/dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const dashboard = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json();

  it('shows a new institution its own figures and nothing invented', async () => {
    // Type "other": none of the calendar's seeded regulatory deadlines applies to it.
    const admin = await signUpThroughApi(t.app, { institutionType: 'other' });
    const companyId = admin.body.session.company.id as string;
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.companyId, companyId));
    expect(await dashboard(admin.cookie)).toEqual({
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      attention: {
        overdueDeadlines: { count: 0, items: [] },
        overdueChanges: { count: 0, items: [] },
        overdueFindings: { count: 0, items: [] },
        policiesToReview: { count: 0, items: [] },
      },
      alerts: { active: 0, highPriority: 0 },
      deadlines: { tracked: true, next30Days: 0 },
      teamActivity: {
        actionsThisWeek: audited.filter((entry) => isWorkAction(entry.action)).length,
        since: teamActivitySince(),
      },
      // Nothing assessed: no score, and of the whole library (everything applies until the
      // profile says what the institution does) not one rule assessed.
      compliance: {
        assessed: false,
        score: null,
        riskLevel: null,
        coverage: { assessed: 0, applicable: LIBRARY_RULE_COUNT },
        areas: [],
      },
      recentUpdates: [],
    });
  });

  it('counts unread high and normal alerts, and only this company’s activity', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const other = await signUpThroughApi(t.app);
    const before = await dashboard(admin.cookie);
    const otherBefore = await dashboard(other.cookie);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.userId}/role`,
      payload: { role: 'manager' },
      headers: { cookie: admin.cookie },
    });
    const deps = notifyDependencies(t.app);
    for (const priority of ['high', 'high', 'normal', 'low'] as const) {
      await notify(deps, {
        companyId,
        userIds: [member.userId],
        type: 'test',
        priority,
        title: priority,
      });
    }

    // The role change: one audit event for the admin's institution, none for the other.
    expect((await dashboard(admin.cookie)).teamActivity.actionsThisWeek).toBe(
      before.teamActivity.actionsThisWeek + 1,
    );
    expect((await dashboard(other.cookie)).teamActivity).toEqual(otherBefore.teamActivity);
    // The member: the role-change notice (normal) and the test ones, the low one not counted.
    expect((await dashboard(member.cookie)).alerts).toEqual({ active: 4, highPriority: 2 });
    expect((await dashboard(other.cookie)).alerts).toEqual({ active: 0, highPriority: 0 });

    // Each figure opens the notifications list it counts.
    const listed = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/notifications?limit=100&${query}`,
          headers: { cookie: member.cookie },
        })
      ).json().items as { priority: string }[];
    expect(await listed('unread=true&priority=active')).toHaveLength(4);
    const high = await listed('unread=true&priority=high');
    expect(high.map((item) => item.priority)).toEqual(['high', 'high']);
    expect(await listed('unread=true')).toHaveLength(5);
  });

  it('counts work, not sign-ins, and opens User Activity on exactly what it counts', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const before = (await dashboard(admin.cookie)).teamActivity;
    // Signing in again and again is not work…
    for (let visit = 0; visit < 3; visit += 1) {
      expect((await signInThroughApi(t.app, member.email, 'Member passphrase 1')).statusCode).toBe(
        200,
      );
    }
    expect((await dashboard(admin.cookie)).teamActivity).toEqual(before);
    // …changing a member's role is.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.userId}/role`,
      payload: { role: 'manager' },
      headers: { cookie: admin.cookie },
    });
    const after = (await dashboard(admin.cookie)).teamActivity;
    expect(after.actionsThisWeek).toBe(before.actionsThisWeek + 1);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/team/activity?kind=work&from=${after.since}`,
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(after.actionsThisWeek);
    expect(list.json().items.map((entry: { action: string }) => entry.action)).not.toContain(
      'auth.sign_in',
    );
  });
});
