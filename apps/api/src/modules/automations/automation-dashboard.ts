import type { Db } from '@complivue/db/database';
import { automationRunActions, automationRuns } from '@complivue/db/schema/automations';
import { ACTIONS, AUTOMATION_ACTIONS, type AutomationAction } from '@complivue/shared/automations';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { AutomationDashboard } from '@complivue/shared/schemas/automations';
import { and, count, desc, eq, sql } from 'drizzle-orm';

/**
 * The minutes a person would spend doing each action by hand: our assumption, stated beside
 * the figure (it is an estimate, never a measurement).
 */
export const MINUTES_BY_HAND: Record<AutomationAction, number> = {
  create_change: 10,
  create_task: 3,
  assign_owner: 2,
  notify: 2,
  send_email: 3,
  webhook: 5,
  add_to_digest: 1,
};

const TIME_SAVED_METHOD = `An estimate, not a measurement: each action an automation completed counts the minutes a person would take to do it by hand — ${AUTOMATION_ACTIONS.map(
  (type) => `${ACTIONS[type].label.toLowerCase()} ${MINUTES_BY_HAND[type]} min`,
).join(', ')}. Failed actions and runs whose conditions were not met count nothing.`;

const EASTERN_DAY = sql<string>`to_char(${automationRuns.startedAt} AT TIME ZONE 'America/New_York', 'YYYY-MM-DD')`;

/** The automation dashboard's figures over the last `days` days (US Eastern), today included. */
export async function automationDashboard(
  db: Db,
  options: { companyId: string; days: number; now: Date },
): Promise<AutomationDashboard> {
  const { companyId, days, now } = options;
  const to = todayIn(null, now);
  const from = addDays(to, -(days - 1));
  const inPeriod = and(
    eq(automationRuns.companyId, companyId),
    sql`${automationRuns.startedAt} >= (${from}::date)::timestamp AT TIME ZONE 'America/New_York'`,
  );
  const [byStatus, byDay, byType, slowest, failing] = await Promise.all([
    db
      .select({ status: automationRuns.status, runs: count() })
      .from(automationRuns)
      .where(inPeriod)
      .groupBy(automationRuns.status),
    db
      .select({
        day: EASTERN_DAY,
        succeeded: sql<number>`count(*) filter (where ${automationRuns.status} = 'succeeded')::int`,
        failed: sql<number>`count(*) filter (where ${automationRuns.status} = 'failed')::int`,
        skipped: sql<number>`count(*) filter (where ${automationRuns.status} = 'skipped')::int`,
      })
      .from(automationRuns)
      .where(inPeriod)
      .groupBy(EASTERN_DAY),
    db
      .select({ type: automationRunActions.type, count: count() })
      .from(automationRunActions)
      .innerJoin(automationRuns, eq(automationRuns.id, automationRunActions.runId))
      .where(and(inPeriod, eq(automationRunActions.outcome, 'succeeded')))
      .groupBy(automationRunActions.type),
    db
      .select({
        ruleId: automationRuns.ruleId,
        name: sql<string>`max(${automationRuns.ruleName})`,
        p95Ms: sql<number>`percentile_disc(0.95) within group (order by ${automationRuns.durationMs})::int`,
        runs: count(),
      })
      .from(automationRuns)
      .where(
        and(
          inPeriod,
          sql`${automationRuns.durationMs} IS NOT NULL`,
          sql`${automationRuns.status} <> 'skipped'`,
        ),
      )
      .groupBy(automationRuns.ruleId)
      .orderBy(desc(sql`3`))
      .limit(5),
    db
      .select({
        ruleId: automationRuns.ruleId,
        name: sql<string>`max(${automationRuns.ruleName})`,
        failed: sql<number>`count(*) filter (where ${automationRuns.status} = 'failed')::int`,
        runs: count(),
      })
      .from(automationRuns)
      .where(inPeriod)
      .groupBy(automationRuns.ruleId)
      .having(sql`count(*) filter (where ${automationRuns.status} = 'failed') > 0`)
      .orderBy(desc(sql`3`))
      .limit(5),
  ]);
  const statusCount = (status: string) =>
    Number(byStatus.find((row) => row.status === status)?.runs ?? 0);
  const succeeded = statusCount('succeeded');
  const failed = statusCount('failed');
  const counted = new Map(byDay.map((row) => [row.day, row]));
  const actionsByType = AUTOMATION_ACTIONS.map((type) => ({
    type,
    count: Number(byType.find((row) => row.type === type)?.count ?? 0),
  })).filter((row) => row.count > 0);
  return {
    from,
    to,
    days,
    totals: {
      runs: byStatus.reduce((sum, row) => sum + Number(row.runs), 0),
      succeeded,
      failed,
      skipped: statusCount('skipped'),
      successRate:
        succeeded + failed > 0 ? Math.round((succeeded * 100) / (succeeded + failed)) : null,
      actions: actionsByType.reduce((sum, row) => sum + row.count, 0),
    },
    byDay: Array.from({ length: days }, (_, index) => {
      const day = addDays(from, index);
      const row = counted.get(day);
      return {
        day,
        succeeded: Number(row?.succeeded ?? 0),
        failed: Number(row?.failed ?? 0),
        skipped: Number(row?.skipped ?? 0),
      };
    }),
    actionsByType,
    slowestRules: slowest.map((row) => ({
      ...row,
      p95Ms: Number(row.p95Ms),
      runs: Number(row.runs),
    })),
    mostFailingRules: failing.map((row) => ({
      ...row,
      failed: Number(row.failed),
      runs: Number(row.runs),
    })),
    timeSaved: {
      minutes: actionsByType.reduce((sum, row) => sum + row.count * MINUTES_BY_HAND[row.type], 0),
      method: TIME_SAVED_METHOD,
    },
  };
}
