import type { Db } from '@complivue/db/database';
import type { Period } from '@complivue/shared/analytics-periods';
import { addDays, daysBetween } from '@complivue/shared/calendar-days';
import { DEADLINE_OUTCOMES, type DeadlineOutcome } from '@complivue/shared/deadline-outcomes';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { summarizeResidualRisk, type ResidualFigures } from '@complivue/shared/risk-trend';
import {
  ANALYTICS_MESSAGES,
  UPCOMING_DAYS,
  actionGroupLabel,
  type AnalyticsChanges,
  type AnalyticsCompliance,
  type AnalyticsDeadlines,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type AnalyticsSnapshotFigures,
  type AnalyticsTeam,
  type AnalyticsTrendPoint,
} from '@complivue/shared/schemas/analytics';
import { AppError } from '../../lib/app-error.ts';
import type { EventReader } from '../calendar/calendar.queries.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import { findRiskSnapshotAt } from '../risks/risk-snapshots.ts';
import { findRisks } from '../risks/risks.queries.ts';
import { closingDay, resolvePeriod, type ResolvedPeriod } from './analytics-period.ts';
import {
  countFeedUpdates,
  countTeamActions,
  findPeriodChanges,
  findPeriodDueDates,
  isClosedIn,
  isOpenedIn,
  isWithin,
  median,
  type DayRange,
  type PeriodDueDate,
  type PeriodScope,
} from './analytics.queries.ts';
import {
  findSnapshotAt,
  findSnapshots,
  findTrendPoints,
  readCurrentFigures,
  type SnapshotRow,
} from './analytics-snapshots.ts';
import { countCompliance } from './compliance-figures.ts';

/** Who reads analytics: a member of the institution, on the institution's day. */
export interface AnalyticsViewer extends EventReader {
  companyId: string;
  facts: InstitutionFacts;
  /** The institution's day (US Eastern), which periods and snapshots are counted in. */
  today: string;
  /** Advanced analytics (enterprise): custom ranges. */
  advanced: boolean;
}

/** The figures of a moment, with the day they are of: today's read live, a past day's kept. */
interface Closing {
  day: string;
  figures: AnalyticsSnapshotFigures;
}

async function closingFigures(
  db: Db,
  viewer: AnalyticsViewer,
  period: Period,
): Promise<Closing | null> {
  const day = closingDay(period, viewer.today);
  if (!day) return null;
  if (day === viewer.today) {
    return { day, figures: await readCurrentFigures(db, viewer) };
  }
  const row = await findSnapshotAt(db, {
    companyId: viewer.companyId,
    day,
    notBefore: period.from,
  });
  return row ? { day: row.day, figures: row.figures } : null;
}

const complianceOf = (figures: AnalyticsSnapshotFigures, area?: RegulationArea) =>
  area ? (figures.compliance.byArea[area] ?? countCompliance([])) : figures.compliance;

const countOutcomes = (dueDates: readonly PeriodDueDate[]): Record<DeadlineOutcome, number> =>
  Object.fromEntries(
    DEADLINE_OUTCOMES.map((outcome) => [
      outcome,
      dueDates.filter((dueDate) => dueDate.outcome === outcome).length,
    ]),
  ) as Record<DeadlineOutcome, number>;

function trendPoint(
  day: string,
  backfilled: boolean,
  figures: AnalyticsSnapshotFigures,
  area?: RegulationArea,
): AnalyticsTrendPoint {
  const compliance = complianceOf(figures, area);
  return {
    day,
    backfilled,
    score: compliance.score,
    assessed: compliance.assessed,
    applicable: compliance.applicable,
    openChanges: figures.changes.open,
    overdueChanges: figures.changes.overdue,
    openFindings: figures.findings.open,
    overdueFindings: figures.findings.overdue,
  };
}

/** Daily points from a period's snapshots, oldest first; today's from the live figures. */
function trendOf(
  kept: readonly AnalyticsTrendPoint[],
  today: string,
  closing: Closing | null,
  area?: RegulationArea,
): AnalyticsTrendPoint[] {
  const points = kept.filter((point) => point.day !== today);
  if (closing?.day === today) points.push(trendPoint(closing.day, false, closing.figures, area));
  return points;
}

/** The residual-risk bands at a day: the register now for today, else that day's snapshot. */
async function riskBandsAt(
  db: Db,
  viewer: AnalyticsViewer,
  day: string,
  area?: RegulationArea,
): Promise<ResidualFigures | null> {
  if (day === viewer.today) {
    const register = await findRisks(
      db,
      { companyId: viewer.companyId, actorUserId: '', role: 'user', today: day },
      { notRated: false },
    );
    const summary = summarizeResidualRisk(register);
    return area ? (summary.byArea[area] ?? null) : summary.riskCount > 0 ? summary : null;
  }
  return findRiskSnapshotAt(db, { companyId: viewer.companyId, day, area });
}

const scopeOf = (
  viewer: AnalyticsViewer,
  period: Period,
  query: Pick<AnalyticsQuery, 'area' | 'owner'>,
): PeriodScope => ({
  companyId: viewer.companyId,
  from: period.from,
  to: period.to,
  area: query.area,
  // "me" is the reader: a saved view of "my work" reads as each member's own.
  owner: query.owner === 'me' ? viewer.actorUserId : query.owner,
});

export function periodOf(viewer: AnalyticsViewer, query: AnalyticsQuery): ResolvedPeriod {
  return resolvePeriod(query, viewer);
}

/**
 * `GET /api/analytics/overview`: the headline figures of the period beside the period before,
 * each counted from the records (changes, due dates, feed items, the audit trail) or, for the
 * figures of a moment, from the period's closing snapshot (live for today), and the daily trend.
 */
export async function getAnalyticsOverview(
  db: Db,
  viewer: AnalyticsViewer,
  query: AnalyticsQuery,
): Promise<AnalyticsOverview> {
  const { period, previous, custom } = periodOf(viewer, query);
  const { area } = query;
  const current = scopeOf(viewer, period, query);
  // Open and overdue changes and findings are kept for the institution, not per area or owner.
  const whole = !area && !query.owner;
  // Every read at once: each kind once over the span of both periods (and the 90 days ahead),
  // split here.
  const span = { ...current, from: previous.from };
  const upcomingRange = { from: viewer.today, to: addDays(viewer.today, UPCOMING_DAYS - 1) };
  const closeDay = closingDay(period, viewer.today);
  const [kept, closing, previousClosing, changes, dueDates, [feeds, previousFeeds], team, risks] =
    await Promise.all([
      closeDay
        ? findTrendPoints(db, {
            companyId: viewer.companyId,
            from: period.from,
            to: closeDay,
            area,
          })
        : Promise.resolve([]),
      closingFigures(db, viewer, period),
      closingFigures(db, viewer, previous),
      findPeriodChanges(db, span),
      findPeriodDueDates(db, {
        ...span,
        to: [period.to, upcomingRange.to].sort().at(-1)!,
        facts: viewer.facts,
        today: viewer.today,
        viewer,
      }),
      countFeedUpdates(db, current, [period, previous]),
      countTeamActions(db, span),
      closeDay ? riskBandsAt(db, viewer, closeDay, area) : Promise.resolve(null),
    ]);
  const trend = trendOf(kept, viewer.today, closing, area);
  const closedIn = (range: DayRange) =>
    changes.filter((change) => isWithin(change.closedOn, range));
  const cycle = (range: DayRange) =>
    median(closedIn(range).map((change) => daysBetween(change.openedOn, change.closedOn!)));
  const openedIn = (range: DayRange) =>
    changes.filter((change) => isWithin(change.openedOn, range)).length;
  const dueIn = (range: DayRange) => dueDates.filter((dueDate) => isWithin(dueDate.date, range));
  const actionsIn = (range: DayRange) =>
    team.filter((row) => isWithin(row.day, range)).reduce((total, row) => total + row.count, 0);
  const hasFindings = closing ? closing.figures.findings.open > 0 : false;
  return {
    today: viewer.today,
    period,
    previous,
    custom,
    compliance: {
      current: closing ? complianceOf(closing.figures, area) : null,
      currentAsOf: closing?.day ?? null,
      previous: previousClosing ? complianceOf(previousClosing.figures, area) : null,
      previousAsOf: previousClosing?.day ?? null,
    },
    changes: {
      opened: { current: openedIn(period), previous: openedIn(previous) },
      closed: { current: closedIn(period).length, previous: closedIn(previous).length },
      medianCycleDays: { current: cycle(period), previous: cycle(previous) },
      open: closing && whole ? closing.figures.changes.open : null,
      overdue: closing && whole ? closing.figures.changes.overdue : null,
    },
    deadlines: {
      current: countOutcomes(dueIn(period)),
      previous: countOutcomes(dueIn(previous)),
      upcoming: dueIn(upcomingRange).filter((dueDate) => dueDate.outcome === 'open').length,
    },
    feeds: {
      relevant: { current: feeds.relevant, previous: previousFeeds.relevant },
      triaged: { current: feeds.triaged, previous: previousFeeds.triaged },
    },
    risks:
      risks || hasFindings
        ? {
            bands: {
              low: risks?.bands.low ?? 0,
              moderate: risks?.bands.moderate ?? 0,
              high: risks?.bands.high ?? 0,
              critical: risks?.bands.critical ?? 0,
              notRated: risks?.notRatedCount ?? 0,
            },
            openFindings: whole ? (closing?.figures.findings.open ?? 0) : null,
            overdueFindings: whole ? (closing?.figures.findings.overdue ?? 0) : null,
          }
        : null,
    team: { actions: { current: actionsIn(period), previous: actionsIn(previous) } },
    trend,
  };
}

/** The months a period spans, each cut to the period: `{ month: '2026-10', from, to }`. */
export function monthsOf(period: Period): { month: string; from: string; to: string }[] {
  const months: { month: string; from: string; to: string }[] = [];
  let from = period.from;
  while (from <= period.to) {
    const month = from.slice(0, 7);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const next =
      monthNumber === 12
        ? `${year + 1}-01-01`
        : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
    const to = [addDays(next, -1), period.to].sort()[0]!;
    months.push({ month, from, to });
    from = next;
  }
  return months;
}

const inMonth = (day: string | null, month: { from: string; to: string }) =>
  day !== null && day >= month.from && day <= month.to;

/** `GET /api/analytics/compliance`: every area's figures at the period's close and before. */
export async function getAnalyticsCompliance(
  db: Db,
  viewer: AnalyticsViewer,
  query: AnalyticsQuery,
): Promise<AnalyticsCompliance> {
  const { period, previous } = periodOf(viewer, query);
  const [closing, previousClosing] = await Promise.all([
    closingFigures(db, viewer, period),
    closingFigures(db, viewer, previous),
  ]);
  // One read of the period's snapshots gives both the trend and each area's.
  const rows = closing
    ? await findSnapshots(db, { companyId: viewer.companyId, from: period.from, to: closing.day })
    : [];
  const trend = trendOf(
    rows.map((row) => trendPoint(row.day, row.backfilled, row.figures, query.area)),
    viewer.today,
    closing,
    query.area,
  );
  const areaTrend = areaTrendOf(rows, viewer.today, closing);
  const areas = REGULATION_AREAS.filter(
    (area) =>
      (!query.area || area === query.area) &&
      (closing?.figures.compliance.byArea[area] ??
        previousClosing?.figures.compliance.byArea[area]),
  ).map((area) => ({
    area,
    current: closing?.figures.compliance.byArea[area] ?? null,
    previous: previousClosing?.figures.compliance.byArea[area] ?? null,
  }));
  return {
    today: viewer.today,
    period,
    previous,
    currentAsOf: closing?.day ?? null,
    previousAsOf: previousClosing?.day ?? null,
    areas,
    trend,
    areaTrend,
  };
}

/** Each area's score and coverage day by day, for comparing areas (oldest first). */
function areaTrendOf(
  rows: readonly SnapshotRow[],
  today: string,
  closing: Closing | null,
): AnalyticsCompliance['areaTrend'] {
  const points = rows
    .filter((row) => row.day !== today)
    .map((row) => ({
      day: row.day,
      backfilled: row.backfilled,
      byArea: row.figures.compliance.byArea,
    }));
  if (closing?.day === today) {
    points.push({ day: closing.day, backfilled: false, byArea: closing.figures.compliance.byArea });
  }
  return points;
}

/** `GET /api/analytics/changes`: the changes identified or closed in the period, by month. */
export async function getAnalyticsChanges(
  db: Db,
  viewer: AnalyticsViewer,
  query: AnalyticsQuery,
): Promise<AnalyticsChanges> {
  const { period } = periodOf(viewer, query);
  const scope = scopeOf(viewer, period, query);
  const changes = (await findPeriodChanges(db, scope)).map((change) => ({
    ...change,
    openedInPeriod: isOpenedIn(change, scope),
  }));
  return {
    today: viewer.today,
    period,
    changes,
    byMonth: monthsOf(period).map((month) => ({
      ...month,
      opened: changes.filter((change) => change.openedInPeriod && inMonth(change.openedOn, month))
        .length,
      closed: changes.filter((change) => isClosedIn(change) && inMonth(change.closedOn, month))
        .length,
    })),
    medianCycleDays: median(changes.filter(isClosedIn).map((change) => change.cycleDays!)),
  };
}

/** `GET /api/analytics/deadlines`: the period's due dates with their outcomes, and what is next. */
export async function getAnalyticsDeadlines(
  db: Db,
  viewer: AnalyticsViewer,
  query: AnalyticsQuery,
): Promise<AnalyticsDeadlines> {
  const { period } = periodOf(viewer, query);
  const reader = { facts: viewer.facts, today: viewer.today, viewer };
  const [dueDates, upcoming] = await Promise.all([
    findPeriodDueDates(db, { ...scopeOf(viewer, period, query), ...reader }),
    findPeriodDueDates(db, {
      ...scopeOf(viewer, period, query),
      from: viewer.today,
      to: addDays(viewer.today, UPCOMING_DAYS - 1),
      ...reader,
    }),
  ]);
  return {
    today: viewer.today,
    period,
    counts: countOutcomes(dueDates),
    byMonth: monthsOf(period).map((month) => ({
      ...month,
      ...countOutcomes(dueDates.filter((dueDate) => inMonth(dueDate.date, month))),
    })),
    dueDates,
    upcoming: upcoming.filter((dueDate) => dueDate.outcome === 'open'),
  };
}

/**
 * `GET /api/analytics/team`: the team's compliance work in the period by kind, and by member
 * for those who may compare colleagues (`seesNames`: managers and administrators).
 */
export async function getAnalyticsTeam(
  db: Db,
  viewer: AnalyticsViewer & { seesNames: boolean },
  query: AnalyticsQuery,
): Promise<AnalyticsTeam> {
  const { period } = periodOf(viewer, query);
  // One member's share is a comparison of colleagues: managers' and administrators' (0023).
  if (query.owner && query.owner !== 'me' && !viewer.seesNames) {
    throw new AppError('role_required', ANALYTICS_MESSAGES.owner_needs_manager);
  }
  const rows = await countTeamActions(db, scopeOf(viewer, period, query));
  const byKind = new Map<string, { kind: string; label: string; count: number }>();
  const members = new Map<string, NonNullable<AnalyticsTeam['members']>[number]>();
  for (const row of rows) {
    const label = actionGroupLabel(row.group);
    const kind = byKind.get(label) ?? { kind: row.group, label, count: 0 };
    kind.count += row.count;
    byKind.set(label, kind);
    const key = row.userId ?? '';
    const member = members.get(key) ?? {
      userId: row.userId,
      name: row.name ?? (row.userId ? 'Former member' : 'The system'),
      total: 0,
      byKind: {},
    };
    member.total += row.count;
    member.byKind[label] = (member.byKind[label] ?? 0) + row.count;
    members.set(key, member);
  }
  return {
    today: viewer.today,
    period,
    total: rows.reduce((total, row) => total + row.count, 0),
    byKind: [...byKind.values()].sort((a, b) => b.count - a.count),
    members: viewer.seesNames
      ? [...members.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
      : null,
  };
}
