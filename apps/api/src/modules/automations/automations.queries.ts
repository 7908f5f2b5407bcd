import type { Db } from '@complivue/db/database';
import {
  automationEvents,
  automationRules,
  automationRunActions,
  automationRuns,
  automationRuleVersions,
} from '@complivue/db/schema/automations';
import { AUTOMATION_MESSAGES, last30Days } from '@complivue/shared/automations';
import { ruleSentence, type MemberNames } from '@complivue/shared/automation-sentences';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type {
  RuleDetail,
  RuleSummary,
  RunDetail,
  RunFilters,
  RunSummary,
} from '@complivue/shared/schemas/automations';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { activeMemberNames, findActiveMembers } from '../companies/members.ts';
import { namedMembers } from './automation-rule-check.ts';
import { requireRule } from './automations.service.ts';

export const RUNS_PAGE_SIZE = 50;

type RuleRow = typeof automationRules.$inferSelect;
type RunRow = typeof automationRuns.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The names of the members some rules name, for their sentences. */
async function namesFor(db: Db, companyId: string, rules: RuleRow[]): Promise<MemberNames> {
  const ids = [...new Set(rules.flatMap((rule) => namedMembers(rule)))];
  const names = await activeMemberNames(db, companyId, ids);
  return (id) => names.get(id);
}

/** Eastern midnight of a day, as a moment: where "from" and "to" filters cut. */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'America/New_York'`;

function runSummary(
  row: RunRow & { eventSummary: string; actionCount: number; failedActions: number },
): RunSummary {
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleName: row.ruleName,
    ruleVersion: row.ruleVersion,
    status: row.status,
    trigger: row.triggerType,
    eventSummary: row.eventSummary,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    durationMs: row.durationMs,
    error: row.error,
    actionCount: row.actionCount,
    failedActions: row.failedActions,
  };
}

const actionCounts = {
  actionCount: sql<number>`(select count(*)::int from ${automationRunActions} a where a.run_id = ${automationRuns.id})`,
  failedActions: sql<number>`(select count(*)::int from ${automationRunActions} a where a.run_id = ${automationRuns.id} and a.outcome = 'failed')`,
};

/** The institution's live rules, each with its sentence, last run and the last 30 days' runs. */
export async function findRules(db: Db, companyId: string, now: Date): Promise<RuleSummary[]> {
  const rules = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.companyId, companyId), isNull(automationRules.deletedAt)))
    .orderBy(asc(sql`lower(${automationRules.name})`));
  if (rules.length === 0) return [];
  const { from } = last30Days(now);
  const ids = rules.map((rule) => rule.id);
  const [stats, last, names] = await Promise.all([
    db
      .select({
        ruleId: automationRuns.ruleId,
        runs: count(),
        failed: sql<number>`count(*) filter (where ${automationRuns.status} = 'failed')::int`,
      })
      .from(automationRuns)
      .where(
        and(
          inArray(automationRuns.ruleId, ids),
          sql`${automationRuns.startedAt} >= ${startOfDay(from)}`,
        ),
      )
      .groupBy(automationRuns.ruleId),
    db
      .selectDistinctOn([automationRuns.ruleId], {
        ruleId: automationRuns.ruleId,
        id: automationRuns.id,
        status: automationRuns.status,
        startedAt: automationRuns.startedAt,
      })
      .from(automationRuns)
      .where(inArray(automationRuns.ruleId, ids))
      .orderBy(automationRuns.ruleId, desc(automationRuns.startedAt)),
    namesFor(db, companyId, rules),
  ]);
  const statsOf = new Map(stats.map((row) => [row.ruleId, row]));
  const lastOf = new Map(last.map((row) => [row.ruleId, row]));
  return rules.map((rule) => toRuleSummary(rule, names, statsOf.get(rule.id), lastOf.get(rule.id)));
}

function toRuleSummary(
  rule: RuleRow,
  names: MemberNames,
  stats?: { runs: number; failed: number },
  last?: { id: string; status: RunRow['status']; startedAt: Date },
): RuleSummary {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    version: rule.version,
    trigger: rule.trigger,
    sentence: ruleSentence(rule, names),
    actionTypes: rule.actions.map((action) => action.type),
    templateKey: rule.templateKey,
    lastRun: last
      ? { id: last.id, status: last.status, startedAt: last.startedAt.toISOString() }
      : null,
    runs30d: Number(stats?.runs ?? 0),
    failed30d: Number(stats?.failed ?? 0),
    createdByName: rule.createdByName,
    updatedByName: rule.updatedByName,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

export async function getRuleDetail(
  db: Db,
  companyId: string,
  ruleId: string,
  now: Date,
): Promise<RuleDetail> {
  const rule = await requireRule(db, companyId, ruleId);
  const [summary] = (await findRules(db, companyId, now)).filter((row) => row.id === rule.id);
  const versions = await db
    .select()
    .from(automationRuleVersions)
    .where(eq(automationRuleVersions.ruleId, rule.id))
    .orderBy(desc(automationRuleVersions.version));
  const names = await namesFor(db, companyId, [rule]);
  return {
    ...summary!,
    conditions: rule.conditions,
    actions: rule.actions,
    versions: versions.map((version) => ({
      version: version.version,
      savedAt: version.savedAt.toISOString(),
      savedByName: version.savedByName,
      sentence: ruleSentence(version, names),
    })),
  };
}

/** The run history, newest first, with the filters of the run history's URL. */
export async function findRuns(
  db: Db,
  companyId: string,
  filters: RunFilters,
): Promise<{ runs: RunSummary[]; total: number; page: number; pageSize: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(automationRuns.companyId, companyId),
    filters.ruleId ? eq(automationRuns.ruleId, filters.ruleId) : undefined,
    filters.status ? eq(automationRuns.status, filters.status) : undefined,
    filters.trigger ? eq(automationRuns.triggerType, filters.trigger) : undefined,
    filters.from ? sql`${automationRuns.startedAt} >= ${startOfDay(filters.from)}` : undefined,
    filters.to
      ? sql`${automationRuns.startedAt} < ${startOfDay(addDays(filters.to, 1))}`
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        ...getTableColumns(automationRuns),
        eventSummary: automationEvents.summary,
        ...actionCounts,
      })
      .from(automationRuns)
      .innerJoin(automationEvents, eq(automationEvents.id, automationRuns.eventId))
      .where(where)
      .orderBy(desc(automationRuns.startedAt), desc(automationRuns.id))
      .limit(RUNS_PAGE_SIZE)
      .offset((filters.page - 1) * RUNS_PAGE_SIZE),
    db.select({ total: count() }).from(automationRuns).where(where),
  ]);
  return {
    runs: rows.map((row) => runSummary(row as RunRow & typeof row)),
    total: Number(total),
    page: filters.page,
    pageSize: RUNS_PAGE_SIZE,
  };
}

export async function getRunDetail(db: Db, companyId: string, runId: string): Promise<RunDetail> {
  const [row] = await db
    .select({ run: automationRuns, event: automationEvents, ...actionCounts })
    .from(automationRuns)
    .innerJoin(automationEvents, eq(automationEvents.id, automationRuns.eventId))
    .where(and(eq(automationRuns.id, runId), eq(automationRuns.companyId, companyId)));
  if (!row) throw new AppError('not_found', AUTOMATION_MESSAGES.run_not_found);
  const actions = await db
    .select()
    .from(automationRunActions)
    .where(eq(automationRunActions.runId, runId))
    .orderBy(asc(automationRunActions.position));
  const { run, event } = row;
  return {
    ...runSummary({
      ...run,
      eventSummary: event.summary,
      actionCount: row.actionCount,
      failedActions: row.failedActions,
    }),
    event: {
      id: event.id,
      trigger: event.triggerType,
      occurredAt: event.occurredAt.toISOString(),
      summary: event.summary,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      link: event.link,
      fields: event.fields,
    },
    conditions: run.conditions as RunDetail['conditions'],
    actions: actions.map((action) => ({
      position: action.position,
      type: action.type,
      summary: action.summary,
      outcome: action.outcome,
      attempts: action.attempts,
      error: action.error,
      durationMs: action.durationMs,
      resultLink: action.resultLink,
      resultLabel: action.resultLabel,
      nextAttemptAt: iso(action.nextAttemptAt),
      finishedAt: iso(action.finishedAt),
    })),
    causedByRunId: event.causedByRunId,
    depth: run.depth,
  };
}

/** The active members, for the editor's pickers. */
export async function findAutomationMembers(db: Db, companyId: string) {
  const members = await findActiveMembers(db, companyId);
  return {
    members: members.map((member) => ({
      id: member.userId,
      name: member.name,
      role: member.role,
    })),
  };
}

/** Today in the institution's time zone (US Eastern), for the dashboard's days. */
export const automationToday = (now: Date) => todayIn(null, now);
