import { queryRows, type Db } from '@complivue/db/database';
import { analyticsSnapshots } from '@complivue/db/schema/analytics';
import { companies } from '@complivue/db/schema/companies';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { FINISHED_CHANGE_STATUSES } from '@complivue/shared/change-workflow';
import type { AssessmentStatus } from '@complivue/shared/compliance-score';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type {
  AnalyticsSnapshotFigures,
  AnalyticsTrendPoint,
} from '@complivue/shared/schemas/analytics';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { overdueChanges } from '../changes/changes.queries.ts';
import { institutionFacts } from '../companies/institution.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import { findApplicableRules } from '../library/compliance-summary.ts';
import { overdueFindings } from '../risks/findings.queries.ts';
import { complianceByArea } from './compliance-figures.ts';
import { rebuildPastFigures } from './snapshot-backfill.ts';

/**
 * The institution's day: US Eastern, where the agencies keep their deadlines, as the risk
 * register's snapshots and the calendar's institution-wide "today" (DEFAULT_CALENDAR_TIME_ZONE).
 */
export const institutionDay = (at: Date): string => todayIn(null, at);

/** How far back a new institution's history is rebuilt: the year, and the quarter before it. */
export const BACKFILL_DAYS = 460;

const finished = sql.raw(FINISHED_CHANGE_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The figures of a moment, read now from the records as their pages read them: the score and
 * coverage as the dashboard computes them, open changes (not closed or not applicable) and the
 * change list's "Overdue only", open findings and the findings list's "Overdue actions only".
 */
export async function readCurrentFigures(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; today: string },
): Promise<AnalyticsSnapshotFigures> {
  const { companyId, today } = options;
  const scope = { companyId, actorUserId: '', role: 'user' as const, today };
  const [rules, assessments, [counts], changesOverdue, findingsOverdue] = await Promise.all([
    findApplicableRules(db, options.facts),
    queryRows<{ rule_id: string; status: AssessmentStatus }>(
      db,
      sql`SELECT rule_id, status FROM rule_assessments WHERE company_id = ${companyId}`,
    ),
    queryRows<{ open_changes: number; open_findings: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM change_items
          WHERE company_id = ${companyId} AND status NOT IN (${finished})) AS open_changes,
        (SELECT count(*)::int FROM risk_findings
          WHERE company_id = ${companyId} AND closed_at IS NULL) AS open_findings`,
    ),
    overdueChanges(db, scope, 0),
    overdueFindings(db, scope, 0),
  ]);
  const statusOf = new Map(assessments.map((row) => [row.rule_id, row.status]));
  return {
    compliance: complianceByArea(rules, (ruleId) => statusOf.get(ruleId) ?? 'not_assessed'),
    changes: { open: counts?.open_changes ?? 0, overdue: changesOverdue.count },
    findings: { open: counts?.open_findings ?? 0, overdue: findingsOverdue.count },
  };
}

async function companyFacts(db: Db, companyId: string) {
  const [company] = await db
    .select({
      institutionType: companies.institutionType,
      regulationAreas: companies.regulationAreas,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ? { facts: institutionFacts(company), createdAt: company.createdAt } : null;
}

/**
 * Today's snapshot of one institution: written by the first run of the day and brought up to
 * date by each later run that day (one row per institution and day, so several instances may
 * run it at once); a past day's row is never touched. Days no run wrote (before the first run,
 * or while no server ran) are first rebuilt from the records' histories, marked as backfilled.
 */
export async function snapshotAnalytics(
  db: Db,
  options: { companyId: string; now: Date },
): Promise<{ day: string; backfilled: number } | null> {
  const company = await companyFacts(db, options.companyId);
  if (!company) return null;
  const day = institutionDay(options.now);
  // Days since the last snapshot (or since the institution began) that no run wrote — a new
  // institution, a server stopped for a while — are rebuilt from the records' histories.
  const [latest] = await db
    .select({ day: analyticsSnapshots.day })
    .from(analyticsSnapshots)
    .where(
      and(eq(analyticsSnapshots.companyId, options.companyId), lt(analyticsSnapshots.day, day)),
    )
    .orderBy(desc(analyticsSnapshots.day))
    .limit(1);
  const first = latest
    ? addDays(latest.day, 1)
    : [addDays(day, -BACKFILL_DAYS), institutionDay(company.createdAt)].sort().at(-1)!;
  let backfilled = 0;
  if (first < day) {
    const past = await rebuildPastFigures(db, {
      companyId: options.companyId,
      facts: company.facts,
      from: first,
      to: addDays(day, -1),
    });
    if (past.length > 0) {
      const written = await db
        .insert(analyticsSnapshots)
        .values(
          past.map((entry) => ({
            companyId: options.companyId,
            day: entry.day,
            figures: entry.figures,
            backfilled: true,
          })),
        )
        .onConflictDoNothing()
        .returning({ day: analyticsSnapshots.day });
      backfilled = written.length;
    }
  }
  const figures = await readCurrentFigures(db, {
    companyId: options.companyId,
    facts: company.facts,
    today: day,
  });
  await db
    .insert(analyticsSnapshots)
    .values({ companyId: options.companyId, day, figures, updatedAt: options.now })
    .onConflictDoUpdate({
      target: [analyticsSnapshots.companyId, analyticsSnapshots.day],
      set: { figures, backfilled: false, updatedAt: options.now },
    });
  return { day, backfilled };
}

/**
 * The daily job: every institution's snapshot, each on its own so one failure does not stop
 * the others.
 */
export async function snapshotAllAnalytics(
  db: Db,
  options: { now?: Date; onError?: (companyId: string, error: unknown) => void } = {},
): Promise<{ written: number; failed: number }> {
  const now = options.now ?? new Date();
  const rows = await db.select({ id: companies.id }).from(companies);
  let written = 0;
  let failed = 0;
  for (const { id } of rows) {
    try {
      if (await snapshotAnalytics(db, { companyId: id, now })) written += 1;
    } catch (error) {
      failed += 1;
      options.onError?.(id, error);
    }
  }
  return { written, failed };
}

export type SnapshotRow = typeof analyticsSnapshots.$inferSelect;

/** The institution's snapshots from `from` to `to`, oldest first. */
export async function findSnapshots(
  db: Db,
  options: { companyId: string; from: string; to: string },
): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(analyticsSnapshots)
    .where(
      and(
        eq(analyticsSnapshots.companyId, options.companyId),
        gte(analyticsSnapshots.day, options.from),
        lte(analyticsSnapshots.day, options.to),
      ),
    )
    .orderBy(asc(analyticsSnapshots.day));
}

/** The last snapshot on or before `day` and not before `notBefore`: a period's closing figures. */
export async function findSnapshotAt(
  db: Db,
  options: { companyId: string; day: string; notBefore: string },
): Promise<SnapshotRow | null> {
  const [row] = await db
    .select()
    .from(analyticsSnapshots)
    .where(
      and(
        eq(analyticsSnapshots.companyId, options.companyId),
        lte(analyticsSnapshots.day, options.day),
        gte(analyticsSnapshots.day, options.notBefore),
      ),
    )
    .orderBy(desc(analyticsSnapshots.day))
    .limit(1);
  return row ?? null;
}

/**
 * The trend's figures of each snapshot from `from` to `to` (oldest first), read out of the JSON
 * in SQL: a quarter's rows carry every area's figures, of which a trend needs a handful.
 */
export async function findTrendPoints(
  db: Db,
  options: { companyId: string; from: string; to: string; area?: RegulationArea },
): Promise<AnalyticsTrendPoint[]> {
  const compliance = options.area
    ? sql`(figures->'compliance'->'byArea'->${options.area}::text)`
    : sql`(figures->'compliance')`;
  const rows = await queryRows<{
    day: string;
    backfilled: boolean;
    score: number | null;
    assessed: number | null;
    applicable: number | null;
    open_changes: number;
    overdue_changes: number;
    open_findings: number;
    overdue_findings: number;
  }>(
    db,
    sql`SELECT day::text AS day, backfilled,
        (${compliance}->>'score')::int AS score,
        (${compliance}->>'assessed')::int AS assessed,
        (${compliance}->>'applicable')::int AS applicable,
        (figures->'changes'->>'open')::int AS open_changes,
        (figures->'changes'->>'overdue')::int AS overdue_changes,
        (figures->'findings'->>'open')::int AS open_findings,
        (figures->'findings'->>'overdue')::int AS overdue_findings
      FROM analytics_snapshots
      WHERE company_id = ${options.companyId} AND day BETWEEN ${options.from}::date AND ${options.to}::date
      ORDER BY day`,
  );
  return rows.map((row) => ({
    day: row.day,
    backfilled: row.backfilled,
    score: row.score,
    assessed: row.assessed ?? 0,
    applicable: row.applicable ?? 0,
    openChanges: row.open_changes,
    overdueChanges: row.overdue_changes,
    openFindings: row.open_findings,
    overdueFindings: row.overdue_findings,
  }));
}
