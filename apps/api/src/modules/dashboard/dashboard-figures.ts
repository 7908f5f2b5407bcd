import { preparedSql, queryRows, type Db } from '@complivue/db/database';
import { NOT_WORK_ACTION_PREFIXES } from '@complivue/shared/audit-actions';
import { todayIn } from '@complivue/shared/calendar-days';
import type { Role } from '@complivue/shared/roles';
import { ATTENTION_LIST_LIMIT, type Dashboard } from '@complivue/shared/schemas/dashboard';
import { ACTIVE_ALERT_PRIORITIES } from '@complivue/shared/schemas/notifications';
import { sql, type Placeholder } from 'drizzle-orm';
import {
  completedDueDatesJson,
  dashboardDeadlineRanges,
  dashboardDueDates,
  type DueDate,
} from '../calendar/calendar.queries.ts';
import { overdueChanges } from '../changes/changes.queries.ts';
import { findPolicyImpacts } from '../policies/policy-impacts.queries.ts';
import { overdueFindings } from '../risks/findings.queries.ts';
import {
  recentUpdatesJson,
  toRecentUpdates,
  type RecentUpdateRow,
} from '../feeds/feed-items-recent.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import {
  assessmentSnapshotColumns,
  complianceSummary,
  summarizeCompliance,
  type AssessmentSnapshot,
} from '../library/compliance-summary.ts';

/**
 * "Actions this week": the institution's compliance work (audit-trail events other than
 * sign-ins and set-up, `isWorkAction`) on the last 7 whole UTC days, today included: the days
 * User Activity's date filter reads, so the dashboard's number opens a list of that length.
 */
export const TEAM_ACTIVITY_WINDOW_DAYS = 7;

export function teamActivitySince(now: Date = new Date()): string {
  return new Date(now.getTime() - (TEAM_ACTIVITY_WINDOW_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

const workOnly = sql.join(
  NOT_WORK_ACTION_PREFIXES.map((prefix) => sql` AND action NOT LIKE ${`${prefix}%`}`),
);

interface AlertCounts {
  active_alerts: number;
  high_alerts: number;
}

interface CompanyFigures extends AlertCounts, AssessmentSnapshot {
  team_actions: number;
  recent_updates: RecentUpdateRow[];
  completed_due_dates: string[];
}

/** Constants of our own, written into the statement so it stays the same for every caller. */
const activePriorities = sql.raw(
  ACTIVE_ALERT_PRIORITIES.map((priority) => `'${priority}'`).join(', '),
);

/**
 * The caller's unread notifications of the active priorities (low ones are informational): what
 * the notifications list shows for `?unread=true&priority=active`.
 */
const alertCountColumns = (userId: string | Placeholder) => sql`
  (SELECT count(*)::int FROM notifications
    WHERE user_id = ${userId} AND read_at IS NULL AND priority IN (${activePriorities})) AS active_alerts,
  (SELECT count(*)::int FROM notifications
    WHERE user_id = ${userId} AND read_at IS NULL AND priority = 'high') AS high_alerts`;

/** Every count and short list of the dashboard in one statement, prepared once. */
const companyFigures = preparedSql<CompanyFigures>('dashboard_figures', () => {
  const companyId = sql.placeholder('companyId');
  return sql`SELECT ${alertCountColumns(sql.placeholder('userId'))},
    (SELECT count(*)::int FROM audit_log
      WHERE company_id = ${companyId}
        AND created_at >= ${sql.placeholder('teamSince')}::timestamptz${workOnly}) AS team_actions,
    ${assessmentSnapshotColumns(companyId)},
    ${recentUpdatesJson(companyId)} AS recent_updates,
    ${completedDueDatesJson(companyId, { from: sql.placeholder('from'), to: sql.placeholder('to') })} AS completed_due_dates`;
});

/**
 * Every figure of the dashboard from the company's own data, each from an index, in two reads
 * made at the same time: one query for everything that is a count or a short list, and the
 * calendar's events (read only: the seeded deadlines follow the profile, decision 0017).
 * - alerts: the caller's unread high and normal notifications (partial index of unread ones);
 * - team activity: the company's compliance work on the last 7 UTC days (`teamActivitySince`;
 *   company, created_at index);
 * - compliance score and per-area status: the library's rule assessments
 *   (`summarizeCompliance`, formulas in packages/shared/src/compliance-score.ts);
 * - recent regulatory updates: the three newest feed items the company sees that carry a
 *   regulation area (feed_items' sort index; feeds/feed-items-recent.ts);
 * - upcoming deadlines: the company's calendar due dates from today through today + 29 (30
 *   calendar days, today included, in the caller's time zone) that the caller may see, the
 *   profile does not rule out, and nobody has marked done (`dashboardDueDates` less
 *   `completedDueDatesJson`, calendar/calendar.queries.ts);
 * - needs action: the same due dates of the 364 days before today (the calendar list's
 *   "Overdue") and the changes the change list's "Overdue only" filter finds
 *   (`overdueChanges`) and the findings with a corrective action past its due date (the findings
 *   list's "Overdue actions only", `overdueFindings`), each counted in full and listed most
 *   overdue first.
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
  const { companyId, userId } = options;
  if (!companyId) {
    // A platform super admin outside any institution: only their own alerts exist.
    const [alerts] = await queryRows<AlertCounts>(db, sql`SELECT ${alertCountColumns(userId)}`);
    return {
      today: options.today ?? todayIn(null),
      alerts: { active: alerts?.active_alerts ?? 0, highPriority: alerts?.high_alerts ?? 0 },
      attention: {
        overdueDeadlines: { count: 0, items: [] },
        overdueChanges: { count: 0, items: [] },
        overdueFindings: { count: 0, items: [] },
        policiesToReview: { count: 0, items: [] },
      },
      deadlines: { tracked: true, next30Days: 0 },
      teamActivity: { actionsThisWeek: 0, since: teamActivitySince() },
      compliance: await complianceSummary(db, options),
      recentUpdates: [],
    };
  }
  const today = options.today ?? todayIn(null);
  const ranges = dashboardDeadlineRanges(today);
  const teamSince = teamActivitySince();
  const [[figures], dueDates, changes, findings, impacts] = await Promise.all([
    companyFigures(db, {
      userId,
      companyId,
      from: ranges.overdue.from,
      to: ranges.upcoming.to,
      teamSince: `${teamSince}T00:00:00Z`,
    }),
    dashboardDueDates(db, {
      companyId,
      facts: options.facts,
      today,
      viewer: { actorUserId: userId, role: options.role },
    }),
    overdueChanges(db, { companyId, actorUserId: userId, today }, ATTENTION_LIST_LIMIT),
    overdueFindings(
      db,
      { companyId, actorUserId: userId, role: options.role, today },
      ATTENTION_LIST_LIMIT,
    ),
    findPolicyImpacts(db, companyId, {}),
  ]);
  const toReview = impacts.filter((impact) => impact.review === null);
  const completed = new Set(figures!.completed_due_dates);
  const open = (list: DueDate[]) => list.filter((dueDate) => !completed.has(dueDate.key));
  const overdue = open(dueDates.overdue);
  return {
    today,
    attention: {
      overdueDeadlines: {
        count: overdue.length,
        items: overdue.slice(0, ATTENTION_LIST_LIMIT).map(({ event, date }) => ({
          eventId: event.id,
          date,
          title: event.title,
          ownerName: event.ownerName,
          area: event.area,
          citation: event.citation,
        })),
      },
      overdueChanges: {
        count: changes.count,
        items: changes.items.map((change) => ({
          id: change.id,
          number: change.number,
          title: change.title,
          ownerName: change.ownerName,
          dueDate: change.dueDate,
          pastDue: change.overdue,
          overdueTasks: change.overdueTasks,
        })),
      },
      overdueFindings: findings,
      policiesToReview: {
        count: toReview.length,
        items: toReview.slice(0, ATTENTION_LIST_LIMIT).map((impact) => ({
          policyId: impact.policy.id,
          number: impact.policy.number,
          title: impact.policy.title,
          sourceTitle: impact.source.title,
          sourceDate: impact.source.date,
        })),
      },
    },
    alerts: { active: figures!.active_alerts, highPriority: figures!.high_alerts },
    deadlines: {
      tracked: true,
      next30Days: open(dueDates.upcoming).length,
    },
    teamActivity: { actionsThisWeek: figures!.team_actions, since: teamSince },
    compliance: await summarizeCompliance(db, options.facts, figures!),
    recentUpdates: toRecentUpdates(figures!.recent_updates),
  };
}
