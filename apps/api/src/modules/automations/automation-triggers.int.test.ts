import { automationEvents } from '@complivue/db/schema/automations';
import { calendarEvents } from '@complivue/db/schema/calendar';
import { changeItems } from '@complivue/db/schema/changes';
import { policies, policyVersions } from '@complivue/db/schema/policies';
import { riskFindingActions } from '@complivue/db/schema/findings';
import { ruleAssessments } from '@complivue/db/schema/library';
import { emailOutbox } from '@complivue/db/schema/platform';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { RunSummary } from '@complivue/shared/schemas/automations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { processAutomationEvents } from './automation-runner.ts';
import { scanTimedTriggers } from './automation-scan.ts';

/* Each trigger as it happens in the product, and the actions that work on the event's record. */
describe('automation triggers and record actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const { call, institution, create, notificationsOf } = changeTestKit(() => t);

  async function runAll() {
    while ((await processAutomationEvents(t.app.deps)).events > 0);
  }
  async function saveRule(cookie: string, body: Record<string, unknown>) {
    const response = await call(cookie, 'POST', '/api/automations/rules', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  const runsOf = async (cookie: string, ruleId: string) =>
    (await call(cookie, 'GET', `/api/automations/runs?ruleId=${ruleId}`)).json<{
      runs: RunSummary[];
    }>().runs;

  it('gives a rule rated non-compliant an owner when it has none, and leaves an owner alone', async () => {
    const { admin, manager, companyId } = await institution();
    const ruleId = await saveRule(admin.cookie, {
      name: 'Non-compliant TRID rules go to the TRID lead',
      trigger: { type: 'assessment_non_compliant' },
      conditions: [{ field: 'area', operator: 'is', value: 'trid' }],
      actions: [{ type: 'assign_owner', userId: manager.userId }],
    });
    const assess = (ruleKey: string, body: Record<string, unknown>) =>
      call(admin.cookie, 'PATCH', `/api/library/rules/${ruleKey}/assessment`, body);
    expect((await assess('TRID-LE-001', { status: 'non_compliant' })).statusCode).toBe(200);
    expect(
      (await assess('TRID-LE-002', { status: 'non_compliant', ownerId: admin.userId })).statusCode,
    ).toBe(200);
    await runAll();
    const owners = await t.db
      .select({ ruleId: ruleAssessments.ruleId, ownerId: ruleAssessments.ownerId })
      .from(ruleAssessments)
      .where(eq(ruleAssessments.companyId, companyId));
    expect(Object.fromEntries(owners.map((row) => [row.ruleId, row.ownerId]))).toMatchObject({
      'TRID-LE-001': manager.userId,
      'TRID-LE-002': admin.userId,
    });
    const runs = await runsOf(admin.cookie, ruleId);
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded']);
    const details = await Promise.all(
      runs.map(async (run) =>
        (await call(admin.cookie, 'GET', `/api/automations/runs/${run.id}`)).json(),
      ),
    );
    expect(details.map((detail) => detail.actions[0].resultLabel).sort()).toEqual([
      'It already had an owner; left as it was',
      'Owner assigned',
    ]);
  });

  it('puts a risk whose residual level rises in the digest, without an email at once', async () => {
    const { admin, manager } = await institution();
    await saveRule(admin.cookie, {
      name: 'High residual risks in the managers’ digest',
      trigger: { type: 'risk_level_raised' },
      conditions: [{ field: 'level', operator: 'at_least', value: 'high' }],
      actions: [{ type: 'add_to_digest', recipients: { roles: ['manager'] } }],
    });
    const created = await call(admin.cookie, 'POST', '/api/risks', {
      title: 'Fair lending pricing exceptions',
      area: 'fair_lending',
      productLine: 'mortgage_origination',
      inherentLikelihood: 2,
      inherentImpact: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const riskId = created.json<{ id: string }>().id;
    await runAll();
    expect(await notificationsOf(manager.userId, 'automation.add_to_digest')).toEqual([]);
    const raised = await call(admin.cookie, 'PATCH', `/api/risks/${riskId}`, {
      residualLikelihood: 4,
      residualImpact: 4,
      residualReason: 'Exceptions are not reviewed by a second person.',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    await runAll();
    const [notification] = await notificationsOf(manager.userId, 'automation.add_to_digest');
    expect(notification).toMatchObject({ link: `/risk-scoring?risk=${riskId}`, category: 'tasks' });
    expect(notification!.title).toMatch(/Fair lending pricing exceptions: residual .*High/);
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, notification!.title));
    expect(emails).toEqual([]);
  });

  it('notices overdue changes, corrective actions and assessment reviews once each', async () => {
    const { admin, manager, companyId } = await institution();
    const notifyManagers = (name: string, type: string) =>
      saveRule(admin.cookie, {
        name,
        trigger: { type },
        actions: [{ type: 'notify', recipients: { roles: ['manager'], owner: true } }],
      });
    const overdueChanges = await notifyManagers('Overdue changes', 'change_overdue');
    const overdueActions = await notifyManagers(
      'Overdue corrective actions',
      'finding_action_overdue',
    );
    const reviews = await notifyManagers('Assessment reviews due', 'assessment_review_due');
    const yesterday = addDays(todayIn(null), -1);

    const change = await create(manager.cookie, { title: 'Late change', ownerId: manager.userId });
    await t.db.update(changeItems).set({ dueDate: yesterday }).where(eq(changeItems.id, change.id));
    const finding = await call(admin.cookie, 'POST', '/api/risks/findings', {
      title: 'Adverse action notices late',
      source: 'internal_audit',
      severity: 'high',
      area: 'fair_lending',
    });
    expect(finding.statusCode, finding.body).toBe(201);
    const findingId = finding.json<{ id: string }>().id;
    const action = await call(admin.cookie, 'POST', `/api/risks/findings/${findingId}/actions`, {
      plan: 'Train the processors on Regulation B timing',
      ownerId: manager.userId,
      dueDate: addDays(todayIn(null), 10),
    });
    expect(action.statusCode, action.body).toBe(201);
    await t.db
      .update(riskFindingActions)
      .set({ dueDate: yesterday })
      .where(eq(riskFindingActions.findingId, findingId));
    await call(admin.cookie, 'PATCH', '/api/library/rules/HMDA-SUB-001/assessment', {
      status: 'compliant',
    });
    await t.db
      .update(ruleAssessments)
      .set({ nextReviewDate: yesterday })
      .where(
        and(eq(ruleAssessments.companyId, companyId), eq(ruleAssessments.ruleId, 'HMDA-SUB-001')),
      );

    await scanTimedTriggers(t.db, new Date());
    await scanTimedTriggers(t.db, new Date());
    await runAll();
    for (const ruleId of [overdueChanges, overdueActions, reviews]) {
      expect((await runsOf(admin.cookie, ruleId)).map((run) => run.status)).toEqual(['succeeded']);
    }
    const timed = await t.db
      .select({ trigger: automationEvents.triggerType })
      .from(automationEvents)
      .where(eq(automationEvents.companyId, companyId));
    expect(timed.map((row) => row.trigger).sort()).toEqual(
      expect.arrayContaining(['assessment_review_due', 'change_overdue', 'finding_action_overdue']),
    );
    // The owner is told once even when they are also a manager.
    expect(await notificationsOf(manager.userId, 'automation.notify')).toHaveLength(3);
  });

  it('notices a missed deadline and a policy past its review date', async () => {
    const { admin, manager, companyId } = await institution();
    const missed = await saveRule(admin.cookie, {
      name: 'Missed deadlines',
      trigger: { type: 'deadline_missed' },
      conditions: [{ field: 'owner', operator: 'is_set' }],
      actions: [{ type: 'send_email', recipients: { roles: ['admin'], owner: true } }],
    });
    const reviews = await saveRule(admin.cookie, {
      name: 'Policy reviews',
      trigger: { type: 'policy_review_due' },
      actions: [{ type: 'assign_owner', userId: manager.userId }],
    });
    const yesterday = addDays(todayIn(null), -1);
    const event = await call(manager.cookie, 'POST', '/api/calendar/events', {
      title: 'Flood determination audit',
      area: 'flood',
      startsOn: addDays(todayIn(null), 5),
      ownerId: manager.userId,
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: string }>().id;
    await t.db
      .update(calendarEvents)
      .set({ startsOn: yesterday })
      .where(eq(calendarEvents.id, eventId));
    const [policy] = await t.db
      .insert(policies)
      .values({ companyId, number: 1, title: 'Fair lending policy', createdBy: admin.userId })
      .returning();
    await t.db.insert(policyVersions).values({
      policyId: policy!.id,
      companyId,
      version: 1,
      status: 'approved',
      fileName: 'fair-lending.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
      storageKey: 'none',
      text: 'Fair lending policy',
      createdByName: 'Dana Reyes',
      approvedAt: new Date(),
      approvedByName: 'Dana Reyes',
      nextReviewDate: yesterday,
    });

    await scanTimedTriggers(t.db, new Date());
    await runAll();
    const [missedRun] = await runsOf(admin.cookie, missed);
    expect(missedRun).toMatchObject({
      status: 'succeeded',
      eventSummary: `Flood determination audit was due on ${yesterday} and is not marked done`,
    });
    const [reviewRun] = await runsOf(admin.cookie, reviews);
    expect(reviewRun).toMatchObject({ status: 'succeeded' });
    const [owned] = await t.db.select().from(policies).where(eq(policies.id, policy!.id));
    expect(owned!.ownerId).toBe(manager.userId);
    const managerEmail = (await call(manager.cookie, 'GET', '/api/auth/session')).json().user.email;
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, managerEmail));
    expect(emails.map((mail) => mail.subject)).toContain(
      `Flood determination audit was due on ${yesterday} and is not marked done`,
    );
  });
});
