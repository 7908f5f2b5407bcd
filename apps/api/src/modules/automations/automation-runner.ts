import type { Db } from '@complivue/db/database';
import {
  automationEvents,
  automationRules,
  automationRunActions,
  automationRuns,
} from '@complivue/db/schema/automations';
import {
  ACTION_RETRY_MINUTES,
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
} from '@complivue/shared/automations';
import { actionSentence } from '@complivue/shared/automation-sentences';
import type { RunStatus } from '@complivue/shared/schemas/automations';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../service-deps.ts';
import { activeMemberNames, findAdministratorIds } from '../companies/members.ts';
import {
  performAction,
  PermanentActionError,
  ruleToday,
  type RuleActor,
  type RunEvent,
} from './automation-actions.ts';
import { evaluateConditions } from './automation-conditions.ts';
import { namedMembers } from './automation-rule-check.ts';

/*
 * The runner: every live rule of an event's trigger gets one run of that event, however many
 * instances work at once — the run's row is unique per (rule, event), and only the instance
 * whose insert wins runs it. A run tests the conditions, then does its actions in order; an
 * action that fails is tried again after 1, 5, 15 and 60 minutes, then marked failed and the
 * administrators are told.
 */

const LEASE_MS = 2 * 60_000;

type RuleRow = typeof automationRules.$inferSelect;
type EventRow = typeof automationEvents.$inferSelect;

const toRunEvent = (row: EventRow): RunEvent => ({
  id: row.id,
  trigger: row.triggerType,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  summary: row.summary,
  link: row.link,
  fields: row.fields,
  occurredAt: row.occurredAt,
});

/** Takes up to `limit` unprocessed events for this instance (a lease, so no other takes them). */
async function claimEvents(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: automationEvents.id })
    .from(automationEvents)
    .where(
      and(
        isNull(automationEvents.processedAt),
        sql`(${automationEvents.leasedUntil} IS NULL OR ${automationEvents.leasedUntil} < ${now})`,
      ),
    )
    .orderBy(automationEvents.occurredAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(automationEvents)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(automationEvents.id, due))
    .returning();
}

/** The live rules of an institution's trigger, read once per batch of events. */
function liveRules(
  db: Db,
  companyId: string,
  trigger: EventRow['triggerType'],
): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.companyId, companyId),
        eq(automationRules.triggerType, trigger),
        eq(automationRules.enabled, true),
        isNull(automationRules.deletedAt),
      ),
    )
    .orderBy(asc(automationRules.createdAt));
}

/** The rules an event runs: its trigger's, with the same days before or schedule. */
function rulesFor(rules: RuleRow[], event: EventRow): RuleRow[] {
  return rules.filter((rule) => {
    if (event.triggerType === 'deadline_approaching') {
      return rule.trigger.daysBefore === event.fields.daysBefore;
    }
    // A schedule's event is its own rule's tick.
    if (event.triggerType === 'schedule') return event.fields.ruleId === rule.id;
    // A rule reacts to what happened after it was made, never to its own past.
    return rule.createdAt <= event.occurredAt;
  });
}

/**
 * The actor a rule's actions act as: the administrator who last saved it while they are an
 * active administrator, else any active administrator of the institution; the histories name
 * the rule ("Automation “…”").
 */
async function ruleActor(
  db: Db,
  rule: RuleRow,
  cause: { runId: string; depth: number },
  now: Date,
): Promise<RuleActor | null> {
  const admins = await findAdministratorIds(db, rule.companyId);
  const preferred = [rule.updatedBy, rule.createdBy].find((id) => id && admins.includes(id));
  const actorUserId = preferred ?? admins[0];
  if (!actorUserId) return null;
  return {
    companyId: rule.companyId,
    actorUserId,
    role: 'admin',
    ip: '127.0.0.1',
    userAgent: `Complivue automation ${rule.id}`,
    name: `Automation “${rule.name}”`,
    today: ruleToday(now),
    cause,
  };
}

/** A run's status from its actions' outcomes; final statuses carry the finish time. */
async function settleRun(db: Db, runId: string, now: Date): Promise<RunStatus> {
  const actions = await db
    .select({ outcome: automationRunActions.outcome })
    .from(automationRunActions)
    .where(eq(automationRunActions.runId, runId));
  const outcomes = actions.map((action) => action.outcome);
  const status: RunStatus = outcomes.some(
    (outcome) => outcome === 'pending' || outcome === 'retrying',
  )
    ? 'retrying'
    : outcomes.some((outcome) => outcome === 'failed')
      ? 'failed'
      : 'succeeded';
  const final = status !== 'retrying';
  await db
    .update(automationRuns)
    .set({
      status,
      finishedAt: final ? now : null,
      durationMs: final
        ? sql`greatest(0, round(extract(epoch from (${now}::timestamptz - ${automationRuns.startedAt})) * 1000))::int`
        : null,
      error: status === 'failed' ? 'One or more actions failed; see each action.' : null,
    })
    .where(eq(automationRuns.id, runId));
  return status;
}

/** Tells the administrators that a run failed for good, once per run. */
async function tellAdministrators(
  deps: ServiceDeps,
  run: { id: string; companyId: string; ruleName: string },
  reason: string,
) {
  try {
    const admins = await findAdministratorIds(deps.db, run.companyId);
    await deps.notify({
      companyId: run.companyId,
      userIds: admins,
      type: 'automation.failed',
      priority: 'high',
      title: `Automation “${run.ruleName}” failed`,
      body: reason,
      link: `/automations/runs/${run.id}`,
    });
  } catch (error) {
    deps.log.error({ err: error, runId: run.id }, 'automation failure notification failed');
  }
}

/**
 * Tries the run's due actions in order, each under a lease. An action's failure does not stop
 * the ones after it (each is its own reaction: a failed webhook must not keep the owner from
 * their task); the run's page shows each outcome.
 */
async function performDueActions(deps: ServiceDeps, runId: string): Promise<void> {
  const { db } = deps;
  const now = deps.clock();
  const [run] = await db
    .select({
      run: automationRuns,
      rule: automationRules,
      event: automationEvents,
    })
    .from(automationRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuns.ruleId))
    .innerJoin(automationEvents, eq(automationEvents.id, automationRuns.eventId))
    .where(eq(automationRuns.id, runId));
  if (!run) return;
  const claimed = await db
    .update(automationRunActions)
    .set({
      leasedUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${automationRunActions.attempts} + 1`,
    })
    .where(
      and(
        eq(automationRunActions.runId, runId),
        inArray(automationRunActions.outcome, ['pending', 'retrying']),
        sql`${automationRunActions.nextAttemptAt} <= ${now}`,
        sql`(${automationRunActions.leasedUntil} IS NULL OR ${automationRunActions.leasedUntil} < ${now})`,
      ),
    )
    .returning();
  if (claimed.length === 0) return;
  const actor = await ruleActor(db, run.rule, { runId, depth: run.run.depth }, now);
  let failedForGood: string | null = null;
  for (const action of claimed.sort((a, b) => a.position - b.position)) {
    const started = Date.now();
    const final = action.attempts > ACTION_RETRY_MINUTES.length;
    try {
      if (!actor)
        throw new PermanentActionError(
          'The institution has no active administrator to act for the rule.',
        );
      const result = await performAction(
        {
          deps,
          actor,
          rule: { id: run.rule.id, name: run.run.ruleName, version: run.run.ruleVersion },
          runId,
          runActionId: action.id,
          event: toRunEvent(run.event),
          final,
        },
        action.definition,
      );
      await db
        .update(automationRunActions)
        .set({
          outcome: 'succeeded',
          error: null,
          durationMs: Date.now() - started,
          resultLabel: result.label,
          resultLink: result.link,
          nextAttemptAt: null,
          leasedUntil: null,
          finishedAt: deps.clock(),
        })
        .where(eq(automationRunActions.id, action.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = final || error instanceof PermanentActionError;
      const wait = ACTION_RETRY_MINUTES[action.attempts - 1] ?? 60;
      if (!(error instanceof PermanentActionError)) {
        deps.log.warn({ err: error, runId, actionId: action.id }, 'automation action failed');
      }
      await db
        .update(automationRunActions)
        .set({
          outcome: giveUp ? 'failed' : 'retrying',
          error: message.slice(0, 1000),
          durationMs: Date.now() - started,
          nextAttemptAt: giveUp ? null : new Date(deps.clock().getTime() + wait * 60_000),
          leasedUntil: null,
          finishedAt: giveUp ? deps.clock() : null,
        })
        .where(eq(automationRunActions.id, action.id));
      if (giveUp) failedForGood ??= `${action.summary}: ${message}`;
    }
  }
  const status = await settleRun(db, runId, deps.clock());
  if (status === 'failed' && failedForGood) {
    await tellAdministrators(deps, run.run, failedForGood);
  }
}

/**
 * An event's runs: every live rule of its trigger is tested in memory; the rules whose
 * conditions do not hold get their "skipped" run in one insert (the history still says why),
 * and each rule that holds gets its run claimed, its actions written and done. A run's row is
 * unique per (rule, event), so whichever instance inserts it runs it, and only that one.
 */
async function runEvent(deps: ServiceDeps, rules: RuleRow[], event: EventRow): Promise<number> {
  const { db } = deps;
  if (rules.length === 0) return 0;
  const now = deps.clock();
  const memberIds = new Set<string>();
  for (const value of Object.values(event.fields))
    if (typeof value === 'string') memberIds.add(value);
  for (const rule of rules) {
    for (const condition of rule.conditions) {
      if (typeof condition.value === 'string') memberIds.add(condition.value);
    }
    for (const id of namedMembers(rule)) memberIds.add(id);
  }
  const names = await activeMemberNames(db, event.companyId, [...memberIds]);
  const nameOf = (id: string) => names.get(id);
  const base = (rule: RuleRow) => ({
    companyId: event.companyId,
    ruleId: rule.id,
    ruleVersion: rule.version,
    ruleName: rule.name,
    eventId: event.id,
    triggerType: event.triggerType,
    depth: event.depth,
    startedAt: now,
  });
  const verdicts = rules.map((rule) => ({
    rule,
    verdict: evaluateConditions(event.triggerType, rule.conditions, event.fields, nameOf),
  }));
  const skipped = verdicts.filter(({ verdict }) => !verdict.met);
  if (skipped.length > 0) {
    await db
      .insert(automationRuns)
      .values(
        skipped.map(({ rule, verdict }) => ({
          ...base(rule),
          status: 'skipped' as const,
          conditions: verdict.results,
          finishedAt: now,
          durationMs: 0,
        })),
      )
      .onConflictDoNothing({ target: [automationRuns.ruleId, automationRuns.eventId] });
  }
  let runs = skipped.length;
  for (const { rule, verdict } of verdicts.filter(({ verdict }) => verdict.met)) {
    // The loop guard: an event that runs of rules caused, over and over, stops here.
    const tooDeep = event.depth >= AUTOMATION_LIMITS.chainDepth;
    const claimed = await db.transaction(async (tx) => {
      const [run] = await tx
        .insert(automationRuns)
        .values({
          ...base(rule),
          conditions: verdict.results,
          ...(tooDeep
            ? {
                status: 'failed' as const,
                error: AUTOMATION_MESSAGES.chain_too_deep,
                finishedAt: now,
                durationMs: 0,
              }
            : {}),
        })
        .onConflictDoNothing({ target: [automationRuns.ruleId, automationRuns.eventId] })
        .returning();
      if (!run || tooDeep) return run;
      await tx.insert(automationRunActions).values(
        rule.actions.map((action, position) => ({
          runId: run.id,
          companyId: event.companyId,
          position,
          type: action.type,
          definition: action,
          summary: capitalize(actionSentence(action, nameOf)),
          nextAttemptAt: now,
        })),
      );
      return run;
    });
    if (!claimed) continue;
    runs += 1;
    if (tooDeep) {
      await tellAdministrators(deps, claimed, AUTOMATION_MESSAGES.chain_too_deep);
      continue;
    }
    await performDueActions(deps, claimed.id);
  }
  return runs;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Runs the events that wait: for each, every live rule of its trigger gets its run; the event
 * is then marked processed. Returns how many events and runs this call handled.
 */
export async function processAutomationEvents(
  deps: ServiceDeps,
  options: { limit?: number } = {},
): Promise<{ events: number; runs: number }> {
  const { db } = deps;
  let events = 0;
  let runs = 0;
  for (;;) {
    const batch = await claimEvents(db, deps.clock(), options.limit ?? 50);
    if (batch.length === 0) break;
    const rulesOf = new Map<string, Promise<RuleRow[]>>();
    for (const event of batch) {
      try {
        const key = `${event.companyId}:${event.triggerType}`;
        if (!rulesOf.has(key)) rulesOf.set(key, liveRules(db, event.companyId, event.triggerType));
        runs += await runEvent(deps, rulesFor(await rulesOf.get(key)!, event), event);
        await db
          .update(automationEvents)
          .set({ processedAt: deps.clock(), leasedUntil: null })
          .where(eq(automationEvents.id, event.id));
      } catch (error) {
        // The lease ends and another pass takes the event again; runs already made stay made.
        deps.log.error({ err: error, eventId: event.id }, 'automation event not processed');
      }
      events += 1;
    }
    if (batch.length < (options.limit ?? 50)) break;
  }
  return { events, runs };
}

/** Tries again the actions whose wait is over (every minute, by the job runner). */
export async function retryDueAutomationActions(deps: ServiceDeps): Promise<number> {
  const due = await deps.db
    .selectDistinct({ runId: automationRunActions.runId })
    .from(automationRunActions)
    .where(
      and(
        eq(automationRunActions.outcome, 'retrying'),
        sql`${automationRunActions.nextAttemptAt} <= ${deps.clock()}`,
      ),
    )
    .limit(100);
  for (const { runId } of due) {
    try {
      await performDueActions(deps, runId);
    } catch (error) {
      deps.log.error({ err: error, runId }, 'automation retry failed');
    }
  }
  return due.length;
}
