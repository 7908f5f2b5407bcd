import { queryRows, type Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import { feedItemRelevance, feedItems } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import { DEFAULT_CALENDAR_TIME_ZONE, daysBetween } from '@complivue/shared/calendar-days';
import { NOT_WORK_ACTION_PREFIXES } from '@complivue/shared/audit-actions';
import {
  deadlineOutcome,
  doneDay,
  type DeadlineOutcome,
} from '@complivue/shared/deadline-outcomes';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { ChangeStatus } from '@complivue/shared/regulatory-monitoring';
import { RELEVANT_FROM } from '@complivue/shared/schemas/feeds';
import { and, eq, gte, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  findDueDatesWithCompletions,
  isConfidential,
  type EventReader,
} from '../calendar/calendar.queries.ts';
import { visibleToCompany } from '../feeds/feed-items-visibility.ts';
import { isTriagedBy } from '../feeds/feed-triage.ts';
import type { InstitutionFacts } from '../library/applicability.ts';

/** A period of one institution: days `YYYY-MM-DD`, both included; optionally one area. */
export interface PeriodScope {
  companyId: string;
  from: string;
  to: string;
  area?: RegulationArea;
  /**
   * One owner's changes and deadlines, one member's actions (advanced analytics): a user id, or
   * `none` for what nobody owns (actions of the system).
   */
  owner?: string;
}

/**
 * The institution's day of a timestamp column, in SQL: the day the change list's "Opened" and
 * "Closed" filters compare, so an analytics figure and the list it links to count alike.
 */
const institutionDayOf = (column: AnyColumn) =>
  sql`(${column} AT TIME ZONE ${sql.raw(`'${DEFAULT_CALENDAR_TIME_ZONE}'`)})::date`;

const within = (column: AnyColumn, scope: PeriodScope): SQL =>
  sql`${institutionDayOf(column)} BETWEEN ${scope.from}::date AND ${scope.to}::date`;

export interface PeriodChange {
  id: string;
  number: number;
  title: string;
  areas: RegulationArea[];
  status: ChangeStatus;
  ownerName: string | null;
  openedOn: string;
  closedOn: string | null;
  /** Whole days from identified to closed, for a change closed in the period. */
  cycleDays: number | null;
}

/** The changes identified or closed in the period (of the area), oldest first. */
export async function findPeriodChanges(db: Db, scope: PeriodScope): Promise<PeriodChange[]> {
  const rows = await db
    .select({
      id: changeItems.id,
      number: changeItems.number,
      title: changeItems.title,
      areas: changeItems.areas,
      status: changeItems.status,
      ownerName: sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`,
      openedOn: sql<string>`${institutionDayOf(changeItems.createdAt)}::text`,
      closedOn: sql<string | null>`${institutionDayOf(changeItems.closedAt)}::text`,
    })
    .from(changeItems)
    .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(
      and(
        eq(changeItems.companyId, scope.companyId),
        scope.area ? sql`${scope.area} = any(${changeItems.areas})` : undefined,
        scope.owner === 'none'
          ? isNull(changeItems.ownerId)
          : scope.owner
            ? eq(changeItems.ownerId, scope.owner)
            : undefined,
        or(within(changeItems.createdAt, scope), within(changeItems.closedAt, scope)),
      ),
    )
    .orderBy(changeItems.createdAt, changeItems.number);
  return rows.map((row) => {
    const closedInPeriod =
      row.closedOn !== null && row.closedOn >= scope.from && row.closedOn <= scope.to;
    return {
      ...row,
      closedOn: row.closedOn,
      cycleDays: closedInPeriod ? daysBetween(row.openedOn, row.closedOn!) : null,
    };
  });
}

export const isOpenedIn = (change: PeriodChange, scope: PeriodScope) =>
  change.openedOn >= scope.from && change.openedOn <= scope.to;

export const isClosedIn = (change: PeriodChange) => change.cycleDays !== null;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A range of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export const isWithin = (day: string | null, range: DayRange) =>
  day !== null && day >= range.from && day <= range.to;

/**
 * The regulatory updates relevant to the institution ("Relevant" or "High relevance" in the
 * feed) published (else first seen) on a UTC day of each of `periods`, and how many of them it has triaged (`isTriagedBy`):
 * one read of the span they cover.
 */
export interface FeedCounts {
  relevant: number;
  triaged: number;
}

export async function countFeedUpdates<const Periods extends readonly DayRange[]>(
  db: Db,
  scope: Pick<PeriodScope, 'companyId' | 'area'>,
  periods: Periods,
): Promise<{ [Index in keyof Periods]: FeedCounts }> {
  const span = {
    companyId: scope.companyId,
    from: periods.map((period) => period.from).sort()[0]!,
    to: periods
      .map((period) => period.to)
      .sort()
      .at(-1)!,
  };
  const triaged = isTriagedBy(scope.companyId);
  // UTC days, as the feed page's date filter reads them, so the count opens its own list.
  const day = sql`(${feedItems.sortAt} AT TIME ZONE 'UTC')::date`;
  const columns = Object.fromEntries(
    periods.flatMap((period, index) => [
      [
        `relevant${index}`,
        sql<number>`count(*) filter (where ${day} between ${period.from}::date and ${period.to}::date)::int`,
      ],
      [
        `triaged${index}`,
        sql<number>`count(*) filter (where ${day} between ${period.from}::date and ${period.to}::date and ${triaged})::int`,
      ],
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(feedItemRelevance)
    .innerJoin(feedItems, eq(feedItems.id, feedItemRelevance.itemId))
    .where(
      and(
        eq(feedItemRelevance.companyId, scope.companyId),
        gte(feedItemRelevance.score, RELEVANT_FROM),
        sql`${day} BETWEEN ${span.from}::date AND ${span.to}::date`,
        scope.area ? sql`${scope.area} = any(${feedItems.areas})` : undefined,
        visibleToCompany(scope.companyId),
      ),
    );
  return periods.map((_, index) => ({
    relevant: Number(row?.[`relevant${index}`] ?? 0),
    triaged: Number(row?.[`triaged${index}`] ?? 0),
  })) as { [Index in keyof Periods]: FeedCounts };
}

const workOnly = sql.join(
  NOT_WORK_ACTION_PREFIXES.map((prefix) => sql` AND action NOT LIKE ${`${prefix}%`}`),
);

export interface TeamActionCount {
  /** The UTC day of the actions. */
  day: string;
  userId: string | null;
  name: string | null;
  /** The part of the action before its dot: `change`, `library`, `calendar`… */
  group: string;
  count: number;
}

/**
 * The institution's compliance work in the period (audit-trail events other than sign-ins and
 * set-up, as "Actions this week" counts them), by member and kind of action. Days are UTC days
 * here: the days User Activity's date filter reads, so a count opens a list of its length.
 */
export async function countTeamActions(db: Db, scope: PeriodScope): Promise<TeamActionCount[]> {
  const rows = await queryRows<{
    day: string;
    user_id: string | null;
    name: string | null;
    action_group: string;
    count: number;
  }>(
    db,
    sql`SELECT (a.created_at AT TIME ZONE 'UTC')::date::text AS day,
        a.actor_user_id AS user_id, coalesce(p.full_name, p.email) AS name,
        split_part(a.action, '.', 1) AS action_group, count(*)::int AS count
      FROM audit_log a
      LEFT JOIN user_profiles p ON p.user_id = a.actor_user_id
      WHERE a.company_id = ${scope.companyId}
        AND a.created_at >= ${`${scope.from}T00:00:00Z`}::timestamptz
        AND a.created_at < (${scope.to}::date + 1)::timestamptz${workOnly}
        ${scope.owner === 'none' ? sql`AND a.actor_user_id IS NULL` : scope.owner ? sql`AND a.actor_user_id = ${scope.owner}` : sql``}
      GROUP BY 1, 2, 3, 4`,
  );
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id,
    name: row.name,
    group: row.action_group,
    count: Number(row.count),
  }));
}

export const CONFIDENTIAL_DEADLINE_TITLE = 'BSA filing deadline';

export interface PeriodDueDate {
  eventId: string;
  title: string;
  area: RegulationArea | null;
  ownerName: string | null;
  date: string;
  outcome: DeadlineOutcome;
  doneOn: string | null;
  doneByName: string | null;
  /** What the person who marked it done wrote (for a late one, often why). */
  evidenceNote: string | null;
}

/**
 * The period's due dates that the viewer sees (a SAR deadline only for those who may) and the
 * profile does not rule out, each with what became of it (`deadlineOutcome`).
 */
export async function findPeriodDueDates(
  db: Db,
  options: PeriodScope & { facts: InstitutionFacts; today: string; viewer: EventReader },
): Promise<PeriodDueDate[]> {
  const rows = await findDueDatesWithCompletions(db, {
    companyId: options.companyId,
    facts: options.facts,
    today: options.today,
    viewer: options.viewer,
    range: { from: options.from, to: options.to },
  });
  return rows
    .filter(
      ({ dueDate }) =>
        (!options.area || dueDate.event.area === options.area) &&
        (!options.owner ||
          dueDate.event.ownerId === (options.owner === 'none' ? null : options.owner)),
    )
    .map(({ dueDate, completion }) => {
      const doneOn = completion ? doneDay(completion.doneAt) : null;
      return {
        eventId: dueDate.event.id,
        // A SAR deadline is named as its reminders name it (31 CFR 1020.320(e)).
        title: isConfidential(dueDate.event) ? CONFIDENTIAL_DEADLINE_TITLE : dueDate.event.title,
        area: dueDate.event.area,
        ownerName: dueDate.event.ownerName,
        date: dueDate.date,
        outcome: deadlineOutcome(dueDate.date, doneOn, options.today),
        doneOn,
        doneByName: completion?.doneByName ?? null,
        evidenceNote: completion?.evidenceNote || null,
      };
    });
}
