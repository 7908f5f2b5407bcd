import { queryRows, type Db } from '@complivue/db/database';
import type { Role } from '@complivue/shared/roles';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import type { InstitutionFacts } from '../library/applicability.ts';
import { complianceSummary } from '../library/assessments.ts';
import { findRecentUpdates } from '../feeds/feed-items-recent.ts';
import { countUpcomingDeadlines } from '../calendar/calendar-queries.ts';
import { todayIn } from '@complivue/shared/calendar-days';

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
 * - recent regulatory updates: the three newest feed items the company sees that carry a
 *   regulation area (feed_items' sort index; see feeds/feed-items-recent.ts);
 * - upcoming deadlines: the company's calendar due dates from today through today + 29 (30
 *   calendar days, today included, in the caller's time zone) not marked done
 *   (`countUpcomingDeadlines`, calendar/calendar-queries.ts: the deadlines the caller may see
 *   and the profile does not rule out; it also fills in the seeded deadlines that fit it).
 */
export async function computeDashboard(
  db: Db,
  options: {
    userId: string;
    /** The caller's role: a SAR deadline counts only for those who may see it. */
    role: Role;
    companyId: string | null;
    facts: InstitutionFacts;
    /** Today in the caller's time zone (`YYYY-MM-DD`); US Eastern's by default. */
    today?: string;
  },
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
  const [[counts], compliance, recentUpdates, upcomingDeadlines] = await Promise.all([
    countsQuery,
    complianceSummary(db, options),
    options.companyId ? findRecentUpdates(db, options.companyId) : [],
    options.companyId
      ? countUpcomingDeadlines(db, {
          companyId: options.companyId,
          facts: options.facts,
          today: options.today ?? todayIn(null),
          viewer: { userId: options.userId, role: options.role },
        })
      : 0,
  ]);
  return {
    alerts: { active: counts?.active_alerts ?? 0, highPriority: counts?.high_alerts ?? 0 },
    deadlines: { tracked: true, next30Days: upcomingDeadlines },
    teamActivity: { actionsThisWeek: options.companyId ? (counts?.team_actions ?? 0) : 0 },
    compliance,
    recentUpdates,
  };
}
