import { queryRows, type Db } from '@complivue/db/database';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import type { InstitutionFacts } from '../library/applicability.ts';
import { complianceSummary } from '../library/assessments.ts';

/** "Actions this week": the institution's audit-trail events of the last 7 days. */
export const TEAM_ACTIVITY_WINDOW_DAYS = 7;

interface DashboardCounts {
  active_alerts: number;
  high_alerts: number;
  team_actions: number;
}

/**
 * Every figure of the dashboard in one round trip, each from an index:
 * - alerts: the caller's unread notifications of high or normal priority (low ones are
 *   informational), read from the partial index of unread notifications;
 * - team activity: the company's audit-log events in the last 7 days (company, created_at index);
 * - compliance score and per-area status: the library's rule assessments
 *   (`complianceSummary`, formulas in packages/shared/src/compliance-score.ts);
 * - deadlines and regulatory updates come from the calendar and the feeds; until those
 *   capabilities exist they are reported as not tracked, never as invented numbers.
 */
export async function computeDashboard(
  db: Db,
  options: { userId: string; companyId: string | null; facts: InstitutionFacts },
): Promise<Dashboard> {
  // The counts and the assessments are independent reads: made at the same time.
  const countsQuery = queryRows<DashboardCounts>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM notifications
        WHERE user_id = ${options.userId} AND read_at IS NULL AND priority IN ('high', 'normal')) AS active_alerts,
      (SELECT count(*)::int FROM notifications
        WHERE user_id = ${options.userId} AND read_at IS NULL AND priority = 'high') AS high_alerts,
      (SELECT count(*)::int FROM audit_log
        WHERE company_id = ${options.companyId}
          AND created_at >= now() - make_interval(days => ${TEAM_ACTIVITY_WINDOW_DAYS})) AS team_actions`,
  );
  const [[counts], compliance] = await Promise.all([countsQuery, complianceSummary(db, options)]);
  return {
    alerts: { active: counts?.active_alerts ?? 0, highPriority: counts?.high_alerts ?? 0 },
    deadlines: { tracked: false, next30Days: 0 },
    teamActivity: { actionsThisWeek: options.companyId ? (counts?.team_actions ?? 0) : 0 },
    compliance,
    recentUpdates: [],
  };
}
