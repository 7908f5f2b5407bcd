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

/** The live rules an event runs: its trigger's, with the same days before or schedule. */
async function findRulesFor(db: Db, event: EventRow): Promise<RuleRow[]> {
  const rules = await db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.companyId, event.companyId),
        eq(automationRules.triggerType, event.triggerType),
        eq(automationRules.enabled, true),
        isNull(automationRules.deletedAt),
      ),
    )
    .orderBy(asc(automationRules.createdAt));
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

/** One rule's run of one event: claimed, conditions tested, actions written and done. */
async function runRule(deps: ServiceDeps, rule: RuleRow, event: EventRow): Promise<boolean> {
  const { db } = deps;
  const now = deps.clock();
  const [run] = await db
    .insert(automationRuns)
    .values({
      companyId: event.companyId,
      ruleId: rule.id,
      ruleVersion: rule.version,
      ruleName: rule.name,
      eventId: event.id,
      triggerType: event.triggerType,
      depth: event.depth,
      startedAt: now,
    })
    .onConflictDoNothing({ target: [automationRuns.ruleId, automationRuns.eventId] })
    .returning();
  if (!run) return false;

  const finish = (status: RunStatus, fields: Partial<typeof automationRuns.$inferInsert>) =>
    db
      .update(automationRuns)
      .set({ status, finishedAt: deps.clock(), durationMs: Date.now() - now.getTime(), ...fields })
      .where(eq(automationRuns.id, run.id));

  // The loop guard: an event that runs of rules caused, over and over, stops here.
  if (event.depth >= AUTOMATION_LIMITS.chainDepth) {
    await finish('failed', { error: AUTOMATION_MESSAGES.chain_too_deep });
    await tellAdministrators(deps, run, AUTOMATION_MESSAGES.chain_too_deep);
    return true;
  }
  const memberIds = Object.values(event.fields).filter(
    (value): value is string => typeof value === 'string',
  );
  const names = await activeMemberNames(db, event.companyId, [
    ...new Set([
      ...memberIds,
      ...rule.conditions.flatMap((c) => (typeof c.value === 'string' ? [c.value] : [])),
    ]),
  ]);
  const verdict = evaluateConditions(event.triggerType, rule.conditions, event.fields, (id) =>
    names.get(id),
  );
  if (!verdict.met) {
    await finish('skipped', { conditions: verdict.results });
    return true;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(automationRuns)
      .set({ conditions: verdict.results })
      .where(eq(automationRuns.id, run.id));
    await tx.insert(automationRunActions).values(
      rule.actions.map((action, position) => ({
        runId: run.id,
        companyId: event.companyId,
        position,
        type: action.type,
        definition: action,
        summary: capitalize(actionSentence(action, (id) => names.get(id))),
        nextAttemptAt: now,
      })),
    );
  });
  await performDueActions(deps, run.id);
  return true;
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
    for (const event of batch) {
      try {
        for (const rule of await findRulesFor(db, event)) {
          if (await runRule(deps, rule, event)) runs += 1;
        }
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
