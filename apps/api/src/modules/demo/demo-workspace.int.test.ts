import { auditLog } from '@complivue/db/schema/audit';
import { companies } from '@complivue/db/schema/companies';
import { feedItems } from '@complivue/db/schema/feeds';
import { todayIn } from '@complivue/shared/calendar-days';
import type { MyWork } from '@complivue/shared/schemas/collaboration';
import type { PolicyListResponse } from '@complivue/shared/schemas/policies';
import type { FindingListResponse } from '@complivue/shared/schemas/risk-findings';
import type { RiskDetail, RiskListResponse } from '@complivue/shared/schemas/risks';
import type { SearchResponse } from '@complivue/shared/schemas/search';
import { userProfiles } from '@complivue/db/schema/profiles';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, signInThroughApi, signedInMember } from '../../../test/http.ts';
import { expectSameLastSignIn } from '../../../test/last-sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_COMPANY_NAME, seedDemoWorkspace } from './demo-workspace.ts';
import { computeDashboard } from '../dashboard/dashboard-figures.ts';
import { institutionFacts } from '../companies/institution.ts';
import { dedupeKey, linkKey } from '../feeds/feed-ingest.ts';

describe('the demo workspace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('can be seeded twice; the second passwords work and the dashboard shows the spec’s figures', async () => {
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const { companyId, credentials } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    expect(
      await t.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAME)),
    ).toHaveLength(1);
    const members = await t.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.companyId, companyId));
    expect(members.map((member) => member.role).sort()).toEqual(['admin', 'manager', 'user']);

    const member = credentials.find((credential) => credential.role === 'user')!;
    const signedIn = await signInThroughApi(t.app, member.email, member.password);
    expect(signedIn.statusCode).toBe(200);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { cookie: cookiesFrom(signedIn) },
    });
    // docs/product.md § Dashboard: 3 alerts, 2 high priority; 12 team actions (work: the sign-in
    // just made does not count).
    expect(dashboard.json()).toMatchObject({
      alerts: { active: 3, highPriority: 2 },
      teamActivity: { actionsThisWeek: 12 },
      compliance: { assessed: true, score: 87, riskLevel: 'Medium' },
      deadlines: { tracked: true, next30Days: 5 },
    });
    // Newest first: the 2026 HMDA threshold (Jan 7, 2026), Regulation Z's 2026 thresholds
    // (Dec 15, 2025), the 2018 TRID amendments.
    expect(dashboard.json().recentUpdates.map((update: { area: string }) => update.area)).toEqual([
      'HMDA',
      'QM',
      'TRID',
    ]);
    // The demo's 87% rests on the TRID, QM and HMDA rules it assessed, not on the whole library
    // that applies to it, and says so beside the score.
    const { coverage, areas } = dashboard.json().compliance;
    expect(coverage.assessed).toBe(
      areas.reduce(
        (total: number, area: { assessedRules: number }) => total + area.assessedRules,
        0,
      ),
    );
    expect(coverage.assessed).toBeLessThan(coverage.applicable);
    expect(dashboard.json().compliance.areas.map((area: { label: string }) => area.label)).toEqual([
      'TRID Compliant',
      'QM Rules Review Needed',
      'HMDA Compliant',
    ]);
  });

  it('replaces the stale 2025 HMDA threshold item of a demo seeded before with the 2026 one', async () => {
    const { companyId } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    const federalRegister = (documentNumber: string, link: string) => ({
      guid: `federalregister:${documentNumber}`,
      link,
    });
    const stale = federalRegister(
      '2024-30652',
      'https://www.federalregister.gov/documents/2024/12/27/2024-30652/home-mortgage-disclosure-regulation-c-adjustment-to-asset-size-exemption-threshold',
    );
    const currentLink =
      'https://www.consumerfinance.gov/rules-policy/final-rules/home-mortgage-disclosure-regulation-c-adjustment-asset-size-exemption-threshold/';
    const current = { guid: currentLink, link: currentLink };
    // What an earlier seeding wrote.
    await t.db.insert(feedItems).values({
      ...stale,
      dedupeKey: dedupeKey(stale, companyId),
      linkKey: linkKey(stale.link, companyId),
      title: 'Home Mortgage Disclosure (Regulation C) Adjustment to Asset-Size Exemption Threshold',
      documentType: 'final_rule',
      areas: ['hmda'],
    });
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const found = await t.db
      .select({ guid: feedItems.guid, summary: feedItems.summary })
      .from(feedItems)
      .where(
        inArray(feedItems.dedupeKey, [dedupeKey(stale, companyId), dedupeKey(current, companyId)]),
      );
    expect(found.map((item) => item.guid)).toEqual([currentLink]);
    expect(found[0]!.summary).toContain('$59 million or less on December 31, 2025');
  });

  it('has a risk register its members built, the same after every seeding, with no audit row of it', async () => {
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const { companyId, credentials } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    const today = todayIn(null);
    const manager = credentials.find((credential) => credential.role === 'manager')!;
    const cookie = cookiesFrom(await signInThroughApi(t.app, manager.email, manager.password));
    const list = await t.app.inject({ method: 'GET', url: '/api/risks', headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json<RiskListResponse>();
    // Twelve, once each: seeding again replaces the register.
    expect(items.map((risk) => risk.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    // The journey in e2e/risks.spec.ts adopts this one.
    expect(items.map((risk) => risk.title)).not.toContain(
      'Loan Estimates delivered late or fees collected too early',
    );
    const notRated = items.filter((risk) => !risk.inherent);
    expect(notRated).toHaveLength(2);
    expect(items.filter((risk) => risk.ownerId !== null)).toHaveLength(11);
    const overdue = items.filter((risk) => risk.reviewOverdue);
    expect(overdue.map((risk) => [risk.title, risk.ownerName])).toEqual([
      ['Inaccurate or late HMDA loan/application register data', 'Sam Rivera'],
    ]);
    // The controls follow the seeded assessments: TRID effective, two levels off.
    expect(items.find((risk) => risk.title.startsWith('Tolerance violations'))).toMatchObject({
      controlEffectiveness: 'effective',
      inherent: { likelihood: 3, impact: 4 },
      residual: { likelihood: 1, impact: 4, source: 'suggested' },
    });
    // Nothing on the cells the browser journey counts (likelihood 2 or 4, impact 5).
    expect(
      items.filter((risk) => risk.residual?.impact === 5 && risk.residual.likelihood % 2 === 0),
    ).toEqual([]);

    const set = items.filter((risk) => risk.residual?.source === 'set');
    expect(set).toHaveLength(1);
    const residual = await t.app.inject({
      method: 'GET',
      url: `/api/risks/${set[0]!.id}`,
      headers: { cookie },
    });
    expect(residual.json<RiskDetail>().residualReason).toContain('adverse action timing report');

    const accepted = items.filter((risk) => risk.status === 'accepted');
    expect(accepted).toHaveLength(1);
    const acceptance = (
      await t.app.inject({
        method: 'GET',
        url: `/api/risks/${accepted[0]!.id}`,
        headers: { cookie },
      })
    ).json<RiskDetail>();
    expect(acceptance.acceptedByName).toBe('Alex Morgan');
    expect(acceptance.acceptanceExpiresOn! > today).toBe(true);
    // The history reads as the members' work over the past weeks, newest first.
    expect(acceptance.history.map((entry) => [entry.event, entry.byName])).toEqual([
      ['updated', 'Alex Morgan'],
      ['updated', 'Alex Morgan'],
      ['created', 'Alex Morgan'],
    ]);
    expect(
      acceptance.history.every(
        (entry) => entry.at < new Date(Date.now() - 86_400_000).toISOString(),
      ),
    ).toBe(true);
    expect(acceptance.history[0]!.changes).toMatchObject({
      status: { from: 'open', to: 'accepted' },
    });

    const riskAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'risk.%')));
    expect(riskAudit).toEqual([]);
  });

  it('has findings its members recorded and corrected: one action overdue, one finding validated', async () => {
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const { companyId, credentials } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    const admin = credentials.find((credential) => credential.role === 'admin')!;
    const cookie = cookiesFrom(await signInThroughApi(t.app, admin.email, admin.password));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/risks/findings',
      headers: { cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json<FindingListResponse>();
    expect(
      items.map((finding) => [finding.number, finding.status, finding.overdueActions]),
    ).toEqual([
      [1, 'action_in_progress', 1],
      [3, 'action_in_progress', 0],
      [2, 'validated', 0],
    ]);
    expect(items.every((finding) => finding.riskId !== null)).toBe(true);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { cookie },
    });
    expect(dashboard.json().attention.overdueFindings).toMatchObject({
      count: 1,
      items: [{ number: 1, ownerName: 'Sam Rivera', overdueActions: 1 }],
    });
    const findingAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'finding.%')));
    expect(findingAudit).toEqual([]);
  });

  it('has three policies written for it, cross-referenced: one in force, one awaiting approval, one overdue for review', async () => {
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const { companyId, credentials } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    const admin = credentials.find((credential) => credential.role === 'admin')!;
    const cookie = cookiesFrom(await signInThroughApi(t.app, admin.email, admin.password));
    const list = await t.app.inject({ method: 'GET', url: '/api/policies', headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const { items } = list.json<PolicyListResponse>();
    expect(
      items.map((policy) => [policy.title, policy.latest.status, policy.reviewOverdue]),
    ).toEqual([
      ['BSA/AML Program (excerpt)', 'approved', true],
      ['HMDA Data Integrity Procedure', 'in_review', false],
      ['TRID Disclosure Procedure', 'approved', false],
    ]);
    expect(items.every((policy) => policy.ownerName !== null)).toBe(true);
    expect(items.find((policy) => policy.number === 1)!.coveredRules).toBe(4);
    expect(items.find((policy) => policy.number === 2)!.undecidedMatches).toBeGreaterThan(0);
    // Seeded twice, a section is found once: the first seeding's search entries went with it.
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=aggregated%20branches&type=policy_section',
      headers: { cookie },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<SearchResponse>().items.map((item) => item.title)).toEqual([
      expect.stringMatching(/BSA\/AML Program \(excerpt\) — Currency Transaction Reports$/),
    ]);
    const policyAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'policy.%')));
    expect(policyAudit).toEqual([]);
  });

  it('has a team thread, a question for the member on a rule and a task in their work, once after two seedings', async () => {
    await seedDemoWorkspace({ db: t.db, auth: t.app.auth, storage: t.app.storage });
    const { credentials } = await seedDemoWorkspace({
      db: t.db,
      auth: t.app.auth,
      storage: t.app.storage,
    });
    const member = credentials.find((credential) => credential.role === 'user')!;
    const cookie = cookiesFrom(await signInThroughApi(t.app, member.email, member.password));
    const get = async <T>(url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const threads = await get<{ threads: { title: string; comments: number }[] }>(
      '/api/collaboration/threads',
    );
    expect(threads.threads).toEqual([
      expect.objectContaining({ title: 'Examination preparation', comments: 3 }),
    ]);
    const work = await get<MyWork>('/api/collaboration/my-work');
    expect(work.tasks.filter((task) => task.kind === 'task')).toEqual([
      expect.objectContaining({
        title: 'Compare ten originated loans with the register’s action taken dates',
        overdue: false,
        subject: expect.objectContaining({ type: 'rule', id: 'HMDA-LAR-001' }),
      }),
    ]);
    expect(work.mentions).toEqual([
      expect.objectContaining({
        authorName: 'Jordan Lee',
        subject: expect.objectContaining({ id: 'HMDA-LAR-001' }),
      }),
    ]);
  });

  it("gives each member the sign-ins before their week's work, the same on Team Members and User Activity", async () => {
    const now = new Date();
    const { companyId, credentials } = await seedDemoWorkspace(
      { db: t.db, auth: t.app.auth, storage: t.app.storage },
      now,
    );
    const admin = credentials.find((credential) => credential.role === 'admin')!;
    const members = await t.db
      .select({ userId: userProfiles.userId })
      .from(userProfiles)
      .where(eq(userProfiles.companyId, companyId));
    const cookie = cookiesFrom(await signInThroughApi(t.app, admin.email, admin.password));
    for (const { userId } of members) {
      const lastSignIn = await expectSameLastSignIn(t.app, cookie, userId);
      expect(lastSignIn, userId).not.toBeNull();
      expect(Date.parse(lastSignIn!)).toBeGreaterThan(now.getTime() - 7 * 86_400_000);
    }
  });

  it('has five deadlines in the next 30 days whatever day it is seeded on', async () => {
    // Days on which seeded deadlines also fall in the window: HMDA (March 1), BSA/AML (December 31).
    for (const day of ['2027-02-10', '2027-12-05', '2027-07-01']) {
      const now = new Date(`${day}T17:00:00Z`);
      const { companyId } = await seedDemoWorkspace(
        { db: t.db, auth: t.app.auth, storage: t.app.storage },
        now,
      );
      const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
      expect(
        (
          await computeDashboard(t.db, {
            companyId,
            facts: institutionFacts(company!),
            today: day,
            // As any member sees it (the demo has no SAR deadline, which only some would see).
            userId: 'any-member',
            role: 'user',
          })
        ).deadlines.next30Days,
        day,
      ).toBe(5);
    }
  });

  it('is offered to the platform operator from first-run setup, and to no one else', async () => {
    const operator = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/setup/demo-workspace',
      headers: { cookie: operator.cookie },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.companyName).toBe(DEMO_COMPANY_NAME);
    expect(body.members.map((member: { role: string }) => member.role).sort()).toEqual([
      'admin',
      'manager',
      'user',
    ]);
    const admin = body.members.find((member: { role: string }) => member.role === 'admin');
    expect((await signInThroughApi(t.app, admin.email, admin.password)).statusCode).toBe(200);

    const companyAdmin = await signedInMember(t.app, { companyId: null, role: 'admin' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/setup/demo-workspace',
      headers: { cookie: companyAdmin.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
