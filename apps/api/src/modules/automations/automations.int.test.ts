import {
  automationEvents,
  automationRuns,
  automationRules,
} from '@complivue/db/schema/automations';
import { changeItems, changeTasks } from '@complivue/db/schema/changes';
import { teamTasks } from '@complivue/db/schema/collaboration';
import { AUTOMATION_MESSAGES, AUTOMATION_TEMPLATES } from '@complivue/shared/automations';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type {
  DryRunResult,
  RuleDetail,
  RuleSummary,
  RunDetail,
  RunSummary,
  AutomationDashboard,
} from '@complivue/shared/schemas/automations';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/email/mailer.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { changeTestKit } from '../../../test/changes.ts';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { onNewFeedItems } from '../feeds/feed-alerts.ts';
import { processAutomationEvents, retryDueAutomationActions } from './automation-runner.ts';
import { scanTimedTriggers } from './automation-scan.ts';
import { verifySignature } from './webhook-signature.ts';

describe('automations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const { call, institution, create, moveThrough, notificationsOf } = changeTestKit(() => t);

  /** Runs every waiting event, as the job runner does, until none is left. */
  async function runAll(deps: ServiceDeps = t.app.deps) {
    let total = 0;
    for (;;) {
      const outcome = await processAutomationEvents(deps);
      total += outcome.runs;
      if (outcome.events === 0) return total;
    }
  }

  async function saveRule(cookie: string, body: Record<string, unknown>) {
    const response = await call(cookie, 'POST', '/api/automations/rules', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const runsOf = async (cookie: string, query = '') => {
    const response = await call(cookie, 'GET', `/api/automations/runs${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ runs: RunSummary[]; total: number }>();
  };
  const runDetail = async (cookie: string, runId: string) => {
    const response = await call(cookie, 'GET', `/api/automations/runs/${runId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RunDetail>();
  };

  /** The CFPB final-rule template as the editor would send it, with the managers told. */
  const finalRuleTemplate = () => {
    const template = AUTOMATION_TEMPLATES.find((entry) => entry.key === 'final_rule_opens_change')!;
    return {
      name: template.name,
      templateKey: template.key,
      trigger: template.trigger,
      conditions: template.conditions,
      actions: template.actions,
    };
  };

  it('opens a change from a matching CFPB final rule once, even with two runners, and the run history shows why', async () => {
    const { admin, manager, companyId } = await institution();
    const watchlist = await call(admin.cookie, 'PUT', '/api/feeds/watchlist', {
      areas: ['hmda'],
      keywords: [],
      agencies: [],
    });
    expect(watchlist.statusCode, watchlist.body).toBe(200);
    const ruleId = await saveRule(admin.cookie, finalRuleTemplate());

    const source = await insertFeedSource(t.db, { companyId, name: 'Our CFPB feed' });
    const matching = await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'Home Mortgage Disclosure (Regulation C) amendments',
      documentType: 'final_rule',
      areas: ['hmda'],
      agencies: ['CFPB'],
      citations: ['12 CFR 1003.4'],
    });
    const guidance = await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'HMDA filing instructions guide',
      documentType: 'guidance',
      areas: ['hmda'],
      agencies: ['CFPB'],
    });
    await onNewFeedItems(notifyDependencies(t.app), [matching, guidance]);
    // Two job runners at once: each rule runs each event once.
    await Promise.all([processAutomationEvents(t.app.deps), processAutomationEvents(t.app.deps)]);
    await runAll();

    const changes = await t.db
      .select()
      .from(changeItems)
      .where(eq(changeItems.companyId, companyId));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      feedItemId: matching,
      title: 'Home Mortgage Disclosure (Regulation C) amendments',
      ownerId: null,
      riskRating: null,
      dueDate: null,
      source: 'feed',
    });
    expect(await notificationsOf(manager.userId, 'automation.notify')).toHaveLength(1);

    const { runs } = await runsOf(admin.cookie, `?ruleId=${ruleId}`);
    expect(runs.map((run) => run.status).sort()).toEqual(['skipped', 'succeeded']);
    const succeeded = runs.find((run) => run.status === 'succeeded')!;
    const detail = await runDetail(admin.cookie, succeeded.id);
    expect(detail).toMatchObject({
      ruleVersion: 1,
      event: {
        trigger: 'update_published',
        subjectId: matching,
        link: `/regulatory-feeds?item=${matching}`,
      },
      actions: [
        {
          type: 'create_change',
          outcome: 'succeeded',
          attempts: 1,
          resultLink: `/change-management?change=${changes[0]!.id}`,
        },
        {
          type: 'notify',
          outcome: 'succeeded',
          resultLabel: expect.stringMatching(/^Notified \d+ members?$/),
        },
      ],
    });
    expect(detail.conditions.map((condition) => condition.sentence)).toEqual([
      'Agency includes CFPB — yes (CFPB)',
      'Document type is Final rule — yes (Final rule)',
      'Matches the watchlist is yes — yes (yes)',
    ]);
    const skipped = await runDetail(admin.cookie, runs.find((run) => run.status === 'skipped')!.id);
    expect(skipped.actions).toEqual([]);
    expect(skipped.conditions[1]).toMatchObject({
      met: false,
      sentence: 'Document type is Final rule — no (Guidance)',
    });

    // The change's history says the automation opened it.
    const history = await call(admin.cookie, 'GET', `/api/changes/${changes[0]!.id}`);
    expect(history.body).toContain('Automation “New CFPB final rule on our watchlist');

    const list = (await call(admin.cookie, 'GET', '/api/automations/rules')).json<{
      rules: RuleSummary[];
    }>();
    expect(list.rules).toEqual([
      expect.objectContaining({
        id: ruleId,
        runs30d: 2,
        failed30d: 0,
        lastRun: expect.objectContaining({ status: expect.any(String) }),
        sentence:
          'When a regulatory update arrives, if Agency includes CFPB and Document type is Final rule and Matches the watchlist is yes, then open a regulatory change (unassigned), then notify every manager, every administrator.',
      }),
    ]);
  });

  it('dry-runs a rule against the last 30 days of real events without doing anything', async () => {
    const { admin, companyId } = await institution();
    const source = await insertFeedSource(t.db, { companyId, name: 'Our agency feed' });
    await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'TRID tolerance FAQ',
      documentType: 'guidance',
      areas: ['trid'],
    });
    await insertFeedItem(t.db, {
      sourceIds: [source],
      title: 'Escrow final rule',
      documentType: 'final_rule',
      areas: ['respa'],
      citations: ['12 CFR 1024.17'],
    });
    const response = await call(admin.cookie, 'POST', '/api/automations/dry-run', {
      name: 'RESPA final rules',
      trigger: { type: 'update_published' },
      conditions: [
        { field: 'documentType', operator: 'is', value: 'final_rule' },
        { field: 'cfrParts', operator: 'includes', value: '1024' },
      ],
      actions: [{ type: 'create_change' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<DryRunResult>();
    const ours = result.events.filter((entry) =>
      ['TRID tolerance FAQ', 'Escrow final rule'].some((title) =>
        entry.event.summary.endsWith(title),
      ),
    );
    expect(ours).toHaveLength(2);
    const escrow = ours.find((entry) => entry.event.summary.endsWith('Escrow final rule'))!;
    expect(escrow).toMatchObject({
      met: true,
      actions: [
        {
          type: 'create_change',
          wouldDo: expect.stringContaining('prefilled from “Escrow final rule”'),
        },
      ],
    });
    expect(ours.find((entry) => entry !== escrow)!.met).toBe(false);
    expect(result.matched).toBeGreaterThanOrEqual(1);
    // Nothing was done: no change, no run, no event.
    expect(
      await t.db.select().from(changeItems).where(eq(changeItems.companyId, companyId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(automationRuns).where(eq(automationRuns.companyId, companyId)),
    ).toEqual([]);
  });

  it('reacts to a change entering a status, records the rule version it used, and stays quiet while paused', async () => {
    const { admin, manager } = await institution();
    const ruleId = await saveRule(admin.cookie, {
      name: 'Implementation needs a test plan',
      trigger: { type: 'change_status_entered' },
      conditions: [{ field: 'status', operator: 'is', value: 'implementing' }],
      actions: [
        {
          type: 'create_task',
          title: 'Write the test plan for {title}',
          assignToOwner: true,
          dueInDays: 7,
        },
      ],
    });
    const change = await create(manager.cookie, {
      title: 'Escrow analysis update',
      ownerId: manager.userId,
    });
    await moveThrough(manager.cookie, change.id, ['assessing']);
    await runAll();
    expect(
      await t.db.select().from(changeTasks).where(eq(changeTasks.changeId, change.id)),
    ).toEqual([]);

    // An edit is version 2; the run says it used version 2.
    const edited = await call(admin.cookie, 'PUT', `/api/automations/rules/${ruleId}`, {
      name: 'Implementation needs a test plan',
      trigger: { type: 'change_status_entered' },
      conditions: [{ field: 'status', operator: 'is', value: 'implementing' }],
      actions: [
        { type: 'create_task', title: 'Test plan: {title}', assignToOwner: true, dueInDays: 7 },
      ],
    });
    expect(edited.json()).toEqual({ id: ruleId, version: 2 });
    await moveThrough(manager.cookie, change.id, ['implementing']);
    await runAll();
    const tasks = await t.db.select().from(changeTasks).where(eq(changeTasks.changeId, change.id));
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Test plan: Escrow analysis update',
        assigneeId: manager.userId,
        dueDate: addDays(todayIn(null), 7),
      }),
    ]);
    const { runs } = await runsOf(admin.cookie, `?ruleId=${ruleId}&status=succeeded`);
    expect(runs).toEqual([
      expect.objectContaining({ ruleVersion: 2, trigger: 'change_status_entered' }),
    ]);
    const detail = (
      await call(admin.cookie, 'GET', `/api/automations/rules/${ruleId}`)
    ).json<RuleDetail>();
    expect(detail.versions.map((version) => version.version)).toEqual([2, 1]);

    // Paused: moving back and forth makes no run.
    const paused = await call(admin.cookie, 'POST', `/api/automations/rules/${ruleId}/enabled`, {
      enabled: false,
    });
    expect(paused.statusCode, paused.body).toBe(204);
    await moveThrough(manager.cookie, change.id, ['assessing', 'implementing']);
    await runAll();
    expect((await runsOf(admin.cookie, `?ruleId=${ruleId}&status=succeeded`)).runs).toHaveLength(1);

    // Deleted: gone from the rules, its runs stay in the history.
    const deleted = await call(admin.cookie, 'DELETE', `/api/automations/rules/${ruleId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(admin.cookie, 'GET', '/api/automations/rules')).json().rules).toEqual([]);
    expect((await runsOf(admin.cookie, `?ruleId=${ruleId}`)).total).toBeGreaterThan(0);
  });

  it('stops a chain of rules that trigger each other, with a clear run error, and tells the administrators', async () => {
    const { admin, manager, companyId } = await institution();
    await saveRule(admin.cookie, {
      name: 'Every new change opens another',
      trigger: { type: 'change_status_entered' },
      conditions: [{ field: 'status', operator: 'is', value: 'identified' }],
      actions: [{ type: 'create_change' }],
    });
    await create(manager.cookie, { title: 'Flood insurance notice review' });
    await runAll();
    const changes = await t.db
      .select()
      .from(changeItems)
      .where(eq(changeItems.companyId, companyId));
    // The member's change, then one per run at depths 0, 1 and 2; the run at depth 3 stops.
    expect(changes).toHaveLength(4);
    const { runs } = await runsOf(admin.cookie);
    expect(runs.map((run) => run.status).sort()).toEqual([
      'failed',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    const failed = await runDetail(admin.cookie, runs.find((run) => run.status === 'failed')!.id);
    expect(failed).toMatchObject({
      depth: 3,
      error: AUTOMATION_MESSAGES.chain_too_deep,
      actions: [],
    });
    expect(failed.causedByRunId).toEqual(expect.any(String));
    expect(await notificationsOf(admin.userId, 'automation.failed')).toEqual([
      expect.objectContaining({ title: 'Automation “Every new change opens another” failed' }),
    ]);
  });

  it('retries a failed action with back-off, then marks it failed and tells the administrators', async () => {
    const { admin, manager } = await institution();
    await saveRule(admin.cookie, {
      name: 'Email the owner when a change is approved',
      trigger: { type: 'change_status_entered' },
      conditions: [{ field: 'status', operator: 'is', value: 'closed' }],
      actions: [
        { type: 'send_email', recipients: { roles: ['manager'] }, subject: 'Approved: {title}' },
        { type: 'notify', recipients: { roles: ['manager'] } },
      ],
    });
    let now = new Date();
    let refusals = 0;
    const refusing: Mailer = {
      mode: 'smtp',
      async send() {
        refusals += 1;
        throw new Error('421 mail server unavailable');
      },
    };
    const deps: ServiceDeps = { ...t.app.deps, mailer: refusing, clock: () => now };
    const change = await create(manager.cookie, { title: 'Appraisal independence refresh' });
    await moveThrough(admin.cookie, change.id, ['assessing', 'implementing', 'review', 'closed']);
    await runAll(deps);

    const [run] = (await runsOf(admin.cookie, '?status=retrying')).runs;
    let detail = await runDetail(admin.cookie, run!.id);
    expect(detail.status).toBe('retrying');
    expect(detail.actions[0]).toMatchObject({
      outcome: 'retrying',
      attempts: 1,
      error: '421 mail server unavailable',
    });
    // The other action does not wait for the failing one.
    expect(detail.actions[1]).toMatchObject({ outcome: 'succeeded' });
    const firstRetry = new Date(detail.actions[0]!.nextAttemptAt!).getTime() - now.getTime();
    expect(firstRetry).toBeGreaterThanOrEqual(55_000);
    expect(firstRetry).toBeLessThanOrEqual(65_000);

    // Not due yet: nothing is tried.
    expect(await retryDueAutomationActions(deps)).toBe(0);
    for (const minutes of [1, 5, 15, 60]) {
      now = new Date(now.getTime() + minutes * 60_000 + 1000);
      expect(await retryDueAutomationActions(deps)).toBe(1);
    }
    detail = await runDetail(admin.cookie, run!.id);
    expect(refusals).toBe(5);
    expect(detail).toMatchObject({
      status: 'failed',
      actions: [{ outcome: 'failed', attempts: 5, nextAttemptAt: null }, { outcome: 'succeeded' }],
    });
    expect(await notificationsOf(admin.userId, 'automation.failed')).toEqual([
      expect.objectContaining({ body: expect.stringContaining('421 mail server unavailable') }),
    ]);
  });

  it('records a deadline 30 days away once and gives its owner a task', async () => {
    const { admin, manager, companyId } = await institution();
    const template = AUTOMATION_TEMPLATES.find((entry) => entry.key === 'hmda_deadline_task')!;
    await saveRule(admin.cookie, {
      ...template,
      key: undefined,
      description: '',
    });
    const due = addDays(todayIn(null), 30);
    const event = await call(manager.cookie, 'POST', '/api/calendar/events', {
      title: 'HMDA quarterly data review',
      area: 'hmda',
      startsOn: due,
      ownerId: manager.userId,
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: string }>().id;
    await Promise.all([scanTimedTriggers(t.db, new Date()), scanTimedTriggers(t.db, new Date())]);
    await scanTimedTriggers(t.db, new Date());
    await runAll();
    const events = await t.db
      .select()
      .from(automationEvents)
      .where(
        and(eq(automationEvents.companyId, companyId), eq(automationEvents.subjectId, eventId)),
      );
    expect(events).toHaveLength(1);
    const tasks = await t.db
      .select()
      .from(teamTasks)
      .where(and(eq(teamTasks.companyId, companyId), eq(teamTasks.subjectId, eventId)));
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Prepare: HMDA quarterly data review',
        assigneeId: manager.userId,
        subjectType: 'calendar_event',
        subjectId: eventId,
        dueDate: addDays(todayIn(null), 14),
      }),
    ]);
  });

  it('fires a schedule at its times in US Eastern, once per time', async () => {
    const { admin, manager, companyId } = await institution();
    const ruleId = await saveRule(admin.cookie, {
      name: 'Hourly check',
      trigger: { type: 'schedule', cron: '0 * * * *' },
      actions: [
        { type: 'notify', recipients: { roles: ['manager'] }, message: 'Review the queue.' },
      ],
    });
    const later = new Date(Date.now() + 2 * 3_600_000);
    await scanTimedTriggers(t.db, later);
    await scanTimedTriggers(t.db, later);
    await runAll();
    const ticks = await t.db
      .select()
      .from(automationEvents)
      .where(
        and(
          eq(automationEvents.companyId, companyId),
          eq(automationEvents.triggerType, 'schedule'),
        ),
      );
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    expect(ticks.length).toBeLessThanOrEqual(2);
    expect(ticks.every((tick) => new Date(tick.occurredAt).getUTCMinutes() === 0)).toBe(true);
    expect(await notificationsOf(manager.userId, 'automation.notify')).toHaveLength(ticks.length);
    expect((await runsOf(admin.cookie, `?ruleId=${ruleId}`)).total).toBe(ticks.length);
  });

  it('refuses rules that could not run, with the field and the reason', async () => {
    const { admin, companyId } = await institution();
    const other = await institution();
    const refuse = async (body: Record<string, unknown>, status: number, message: string) => {
      const response = await call(admin.cookie, 'POST', '/api/automations/rules', {
        name: 'Refused',
        trigger: { type: 'change_status_entered' },
        actions: [{ type: 'notify', recipients: { roles: ['admin'] } }],
        ...body,
      });
      expect(response.statusCode, response.body).toBe(status);
      // A schema's refusal says it field by field; the web app shows the first field's words.
      const { error } = response.json();
      expect(error.details?.[0]?.message ?? error.message).toBe(message);
      return response.json();
    };
    await refuse({ trigger: { type: 'when_pigs_fly' } }, 400, AUTOMATION_MESSAGES.unknown_trigger);
    await refuse({ actions: [{ type: 'launch_rocket' }] }, 400, AUTOMATION_MESSAGES.unknown_action);
    await refuse({ actions: [] }, 400, AUTOMATION_MESSAGES.actions_required);
    await refuse(
      { trigger: { type: 'schedule', cron: 'every monday' } },
      400,
      AUTOMATION_MESSAGES.cron_invalid,
    );
    await refuse(
      { trigger: { type: 'schedule', cron: '*/5 * * * *' } },
      400,
      AUTOMATION_MESSAGES.cron_too_often,
    );
    await refuse(
      { trigger: { type: 'deadline_approaching' } },
      400,
      AUTOMATION_MESSAGES.days_before_required,
    );
    const unknownField = await refuse(
      { conditions: [{ field: 'colour', operator: 'is', value: 'red' }] },
      400,
      AUTOMATION_MESSAGES.unknown_field,
    );
    expect(unknownField.error.details).toEqual([
      { path: '/conditions/0/field', message: AUTOMATION_MESSAGES.unknown_field },
    ]);
    await refuse(
      { conditions: [{ field: 'status', operator: 'contains', value: 'implement' }] },
      400,
      AUTOMATION_MESSAGES.operator_not_for_field,
    );
    await refuse(
      { conditions: [{ field: 'status', operator: 'is', value: 'frozen' }] },
      400,
      AUTOMATION_MESSAGES.value_not_offered,
    );
    await refuse(
      { actions: [{ type: 'assign_owner', userId: other.manager.userId }] },
      400,
      AUTOMATION_MESSAGES.member_not_found,
    );
    await refuse(
      {
        trigger: { type: 'schedule', cron: '0 8 * * 1' },
        actions: [{ type: 'assign_owner', userId: admin.userId }],
      },
      400,
      AUTOMATION_MESSAGES.action_not_for_trigger,
    );
    await refuse(
      { actions: [{ type: 'notify', recipients: { userIds: [], roles: [] } }] },
      400,
      AUTOMATION_MESSAGES.recipients_required,
    );
    await refuse(
      { actions: [{ type: 'webhook', endpointId: crypto.randomUUID() }] },
      400,
      AUTOMATION_MESSAGES.endpoint_not_found,
    );
    // What the plan does not include: change management on the basic plan.
    await setCompanyPlan(t.db, companyId, 'basic');
    await refuse({}, 403, AUTOMATION_MESSAGES.feature_unavailable);
    expect(
      await t.db.select().from(automationRules).where(eq(automationRules.companyId, companyId)),
    ).toEqual([]);
  });

  it('keeps rules, runs and dry runs inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const body = {
      name: 'Tell the managers of every new change',
      trigger: { type: 'change_status_entered' },
      conditions: [{ field: 'status', operator: 'is', value: 'identified' }],
      actions: [{ type: 'notify', recipients: { roles: ['manager'] } }],
    };
    const ruleA = await saveRule(a.admin.cookie, body);
    await saveRule(b.admin.cookie, body);
    await create(a.manager.cookie, { title: 'Only institution A’s change' });
    await runAll();
    // B's rule never ran on A's event, and B's manager heard nothing.
    expect((await runsOf(b.admin.cookie)).runs).toEqual([]);
    expect(await notificationsOf(b.manager.userId, 'automation.notify')).toEqual([]);
    const [runA] = (await runsOf(a.admin.cookie)).runs;
    expect(runA).toBeDefined();

    for (const [method, url, payload] of [
      ['GET', `/api/automations/rules/${ruleA}`, undefined],
      ['PUT', `/api/automations/rules/${ruleA}`, { ...body, name: 'Taken over' }],
      ['POST', `/api/automations/rules/${ruleA}/enabled`, { enabled: false }],
      ['DELETE', `/api/automations/rules/${ruleA}`, undefined],
      ['GET', `/api/automations/runs/${runA!.id}`, undefined],
    ] as const) {
      const response = await call(b.admin.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await runsOf(b.admin.cookie, `?ruleId=${ruleA}`)).runs).toEqual([]);
    const [rule] = await t.db.select().from(automationRules).where(eq(automationRules.id, ruleA));
    expect(rule).toMatchObject({ name: body.name, enabled: true, version: 1, deletedAt: null });
    // A rule of B cannot name A's members, and a dry run of B reads only B's events.
    const naming = await call(b.admin.cookie, 'POST', '/api/automations/rules', {
      ...body,
      actions: [{ type: 'notify', recipients: { userIds: [a.manager.userId] } }],
    });
    expect(naming.statusCode).toBe(400);
    const dry = (
      await call(b.admin.cookie, 'POST', '/api/automations/dry-run', body)
    ).json<DryRunResult>();
    expect(dry.events.map((entry) => entry.event.summary).join()).not.toContain(
      'Only institution A',
    );
  });

  it('posts the event, signed, to the institution’s webhook endpoint, and retries a refusal', async () => {
    const { admin, manager, companyId } = await institution();
    await setCompanyPlan(t.db, companyId, 'enterprise');
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    let status = 503;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const endpoint = await call(admin.cookie, 'POST', '/api/automations/webhooks', {
        name: 'Our GRC system',
        url: `http://127.0.0.1:${port}/complivue`,
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const { id: endpointId, secret } = endpoint.json<{ id: string; secret: string }>();
      const ruleId = await saveRule(admin.cookie, {
        name: 'Changes to the GRC system',
        trigger: { type: 'change_status_entered' },
        actions: [{ type: 'webhook', endpointId }],
      });
      let now = new Date();
      const deps: ServiceDeps = { ...t.app.deps, clock: () => now };
      const change = await create(manager.cookie, { title: 'Servicing transfer notices' });
      await runAll(deps);
      expect(received).toHaveLength(1);
      const { runs } = await runsOf(admin.cookie, `?ruleId=${ruleId}`);
      expect(runs[0]).toMatchObject({ status: 'retrying' });

      status = 204;
      now = new Date(now.getTime() + 61_000);
      expect(await retryDueAutomationActions(deps)).toBe(1);
      expect(received).toHaveLength(2);
      const delivery = received[1]!;
      expect(
        verifySignature(secret, delivery.body, delivery.headers['complivue-signature'] as string),
      ).toBe(true);
      expect(delivery.headers['complivue-event']).toBe('change_status_entered');
      // Both attempts are one delivery: the receiver can tell a retry by its id.
      expect(received[0]!.headers['complivue-delivery']).toBe(
        delivery.headers['complivue-delivery'],
      );
      const payload = JSON.parse(delivery.body);
      expect(payload).toMatchObject({
        type: 'change_status_entered',
        data: {
          rule: { id: ruleId, name: 'Changes to the GRC system', version: 1 },
          event: {
            trigger: 'change_status_entered',
            subject: { type: 'change', id: change.id },
            fields: { status: 'identified', title: 'Servicing transfer notices' },
          },
        },
      });
      const detail = await runDetail(admin.cookie, runs[0]!.id);
      expect(detail).toMatchObject({
        status: 'succeeded',
        actions: [
          {
            type: 'webhook',
            outcome: 'succeeded',
            attempts: 2,
            resultLabel: expect.stringMatching(/^Delivered \(HTTP 204, \d+ ms\)$/),
          },
        ],
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('lets only administrators of a subscribed institution manage automations; the dashboard is enterprise', async () => {
    const { admin, manager, companyId } = await institution();
    expect((await call(manager.cookie, 'GET', '/api/automations/rules')).statusCode).toBe(403);
    expect((await call(admin.cookie, 'GET', '/api/automation/dashboard')).statusCode).toBe(403);
    await setCompanyPlan(t.db, companyId, 'enterprise');
    await saveRule(admin.cookie, {
      name: 'Tell the administrators of every new change',
      trigger: { type: 'change_status_entered' },
      actions: [{ type: 'notify', recipients: { roles: ['admin'] } }],
    });
    await create(manager.cookie, { title: 'Dashboard change' });
    await runAll();
    const dashboard = await call(admin.cookie, 'GET', '/api/automation/dashboard?days=7');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const figures = dashboard.json<AutomationDashboard>();
    expect(figures.totals).toMatchObject({
      runs: 1,
      succeeded: 1,
      failed: 0,
      successRate: 100,
      actions: 1,
    });
    expect(figures.byDay).toHaveLength(7);
    expect(figures.byDay.at(-1)).toMatchObject({ day: todayIn(null), succeeded: 1 });
    expect(figures.actionsByType).toEqual([{ type: 'notify', count: 1 }]);
    expect(figures.timeSaved).toMatchObject({
      minutes: 2,
      method: expect.stringContaining('An estimate'),
    });
    expect((await call(admin.cookie, 'GET', '/api/automation/dashboard?days=12')).statusCode).toBe(
      400,
    );
  });
});
