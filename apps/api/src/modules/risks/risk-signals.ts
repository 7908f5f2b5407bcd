import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Db } from '@complivue/db/database';
import { feedItemRelevance, feedItems } from '@complivue/db/schema/feeds';
import { riskFindings } from '@complivue/db/schema/findings';
import { libraryRules, ruleAssessments } from '@complivue/db/schema/library';
import { addDays, daysBetween, formatShortDay } from '@complivue/shared/calendar-days';
import { ASSESSMENT_STATUS_LABELS } from '@complivue/shared/compliance-score';
import { libraryRulePath } from '@complivue/shared/library';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { FINDING_SEVERITY_LEVELS, findingNumberLabel } from '@complivue/shared/risk-findings';
import { RELEVANT_FROM } from '@complivue/shared/schemas/feeds';
import {
  SIGNAL_ITEM_LIMIT,
  UNTRIAGED_FEED_DAYS,
  type AreaSignals,
  type RiskSignal,
  type RiskSignalItem,
  type RiskSignalKind,
} from '@complivue/shared/schemas/risk-signals';
import { changeLink } from '@complivue/shared/record-links';
import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import type { InstitutionFacts } from '../library/applicability.ts';
import { overdueOpenDueDates, type EventReader } from '../calendar/calendar.queries.ts';
import { openChangesWithAreas } from '../changes/changes.queries.ts';
import { visibleToCompany } from '../feeds/feed-items-visibility.ts';
import { feedItemSearchPath } from '../feeds/feed-ingest.ts';
import { isTriagedBy } from '../feeds/feed-triage.ts';

export interface SignalReader extends EventReader {
  companyId: string;
  facts: InstitutionFacts;
  /** YYYY-MM-DD in the reader's time zone. */
  today: string;
}

/** A record a signal reads: its areas, whether it is looked at and needs action, how it shows. */
interface Considered extends RiskSignalItem {
  areas: readonly RegulationArea[];
  /** Counts toward `considered` (a missed due date does not: its event does). */
  lookedAt: boolean;
  needsAction: boolean;
}

const looked = (record: Omit<Considered, 'lookedAt'>): Considered => ({
  ...record,
  lookedAt: true,
});

/** A signal of one area from the records looked at, most urgent first as given. */
function signalOf(
  kind: RiskSignalKind,
  area: RegulationArea,
  records: readonly Considered[],
  moreHref: (area: RegulationArea) => string,
): RiskSignal {
  const inArea = records.filter((record) => record.areas.includes(area));
  const counted = inArea.filter((record) => record.needsAction);
  return {
    kind,
    count: counted.length,
    considered: inArea.filter((record) => record.lookedAt).length,
    items: counted
      .slice(0, SIGNAL_ITEM_LIMIT)
      .map(({ label, detail, href }) => ({ label, detail, href })),
    moreHref: counted.length > SIGNAL_ITEM_LIMIT ? moreHref(area) : null,
  };
}

const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** The company's findings; those not closed need action, the oldest first, with their age. */
async function recordedFindings(db: Db, reader: SignalReader): Promise<Considered[]> {
  const rows = await db
    .select({
      id: riskFindings.id,
      number: riskFindings.number,
      title: riskFindings.title,
      area: riskFindings.area,
      severity: riskFindings.severity,
      closedAt: riskFindings.closedAt,
      createdAt: riskFindings.createdAt,
    })
    .from(riskFindings)
    .where(eq(riskFindings.companyId, reader.companyId))
    .orderBy(asc(riskFindings.createdAt));
  return rows.map((row) => {
    const age = daysBetween(dayOf(row.createdAt), reader.today);
    return looked({
      areas: [row.area],
      needsAction: row.closedAt === null,
      label: `${findingNumberLabel(row.number)} ${row.title}`,
      detail: `${FINDING_SEVERITY_LEVELS[row.severity].label} · open ${age} ${age === 1 ? 'day' : 'days'}`,
      href: `/risk-scoring?view=findings&finding=${row.id}`,
    });
  });
}

/** The company's assessed rules: non-compliant, or past their next review date, need action. */
async function assessedRules(db: Db, reader: SignalReader): Promise<Considered[]> {
  const rows = await db
    .select({
      ruleId: libraryRules.id,
      title: libraryRules.title,
      area: libraryRules.area,
      status: ruleAssessments.status,
      nextReviewDate: ruleAssessments.nextReviewDate,
    })
    .from(ruleAssessments)
    .innerJoin(libraryRules, eq(libraryRules.id, ruleAssessments.ruleId))
    .where(
      and(
        eq(ruleAssessments.companyId, reader.companyId),
        ne(ruleAssessments.status, 'not_assessed'),
      ),
    )
    .orderBy(libraryRules.id);
  const rules = rows.map((row) => ({
    ...row,
    nonCompliant: row.status === 'non_compliant',
    reviewPassed:
      row.status !== 'not_applicable' &&
      row.nextReviewDate !== null &&
      row.nextReviewDate < reader.today,
  }));
  // Non-compliant first, then the reviews that have passed, each in rule order.
  rules.sort((a, b) => Number(b.nonCompliant) - Number(a.nonCompliant));
  return rules.map((rule) =>
    looked({
      areas: [rule.area],
      needsAction: rule.nonCompliant || rule.reviewPassed,
      label: `${rule.ruleId} ${rule.title}`,
      detail: [
        ASSESSMENT_STATUS_LABELS[rule.status],
        rule.reviewPassed ? `review was due ${formatShortDay(rule.nextReviewDate!)}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      href: libraryRulePath(rule.ruleId),
    }),
  );
}

/** The company's open changes; those the change list's "Overdue only" finds need action. */
async function openChanges(db: Db, reader: SignalReader): Promise<Considered[]> {
  const rows = await openChangesWithAreas(db, reader);
  return rows.map((row) =>
    looked({
      areas: row.areas,
      needsAction: row.overdue,
      label: `${changeNumberLabel(row.number)} ${row.title}`,
      detail: row.dueDate ? `Due ${formatShortDay(row.dueDate)}` : 'A task is past its due date',
      href: changeLink(row.id),
    }),
  );
}

/** The calendar's events with an area; their overdue due dates not marked done need action. */
async function calendarDeadlines(db: Db, reader: SignalReader): Promise<Considered[]> {
  const { events, overdue } = await overdueOpenDueDates(db, {
    companyId: reader.companyId,
    facts: reader.facts,
    today: reader.today,
    viewer: reader,
  });
  const missed: Considered[] = overdue.flatMap(({ event, date }) =>
    event.area
      ? [
          {
            areas: [event.area],
            lookedAt: false,
            needsAction: true,
            label: event.title,
            detail: `Due ${formatShortDay(date)}`,
            href: `/regulatory-calendar?view=list&due=overdue&event=${event.id}&date=${date}`,
          },
        ]
      : [],
  );
  // The events are what is looked at (`considered`: the area's deadlines on the calendar);
  // their missed due dates are what is counted.
  const tracked: Considered[] = events.flatMap((event) =>
    event.area
      ? [
          looked({
            areas: [event.area],
            needsAction: false,
            label: event.title,
            detail: '',
            href: '',
          }),
        ]
      : [],
  );
  return [...missed, ...tracked];
}

/**
 * Updates of the last UNTRIAGED_FEED_DAYS days that the company sees and that are relevant to
 * it ("Relevant" or "High relevance" in the feed); those nobody at the institution has opened
 * and no change was started from need action. Newest first.
 */
async function recentRelevantUpdates(db: Db, reader: SignalReader): Promise<Considered[]> {
  const since = `${addDays(reader.today, -UNTRIAGED_FEED_DAYS)}T00:00:00Z`;
  const rows = await db
    .select({
      id: feedItems.id,
      title: feedItems.title,
      areas: feedItems.areas,
      sortAt: feedItems.sortAt,
      publishedAt: feedItems.publishedAt,
      triaged: isTriagedBy(reader.companyId),
    })
    .from(feedItemRelevance)
    .innerJoin(feedItems, eq(feedItems.id, feedItemRelevance.itemId))
    .where(
      and(
        eq(feedItemRelevance.companyId, reader.companyId),
        gte(feedItemRelevance.score, RELEVANT_FROM),
        gte(feedItems.sortAt, new Date(since)),
        visibleToCompany(reader.companyId),
      ),
    )
    .orderBy(desc(feedItems.sortAt));
  return rows.map((row) =>
    looked({
      areas: row.areas,
      needsAction: !row.triaged,
      label: row.title,
      detail: row.publishedAt
        ? `Published ${formatShortDay(dayOf(row.publishedAt))}`
        : `First seen ${formatShortDay(dayOf(row.sortAt))}`,
      href: feedItemSearchPath(row.id),
    }),
  );
}

/** Where each signal's full list lives, when its items are not all of it. */
const MORE: Record<RiskSignalKind, (area: RegulationArea) => string> = {
  findings: (area) => `/risk-scoring?view=findings&area=${area}`,
  assessments: (area) => `/compliance?area=${area}`,
  changes: (area) => `/change-management?view=list&area=${area}&overdue=true`,
  deadlines: () => '/regulatory-calendar?view=list&due=overdue',
  feed: (area) => `/regulatory-feeds?area=${area}`,
};

/**
 * `GET /api/risks/signals`: per regulation area (or one), what the institution's own records
 * say needs action. Four reads of the company's rows, grouped by area here; nothing is scored.
 */
export async function computeRiskSignals(
  db: Db,
  reader: SignalReader,
  area?: RegulationArea,
): Promise<AreaSignals[]> {
  const [findings, assessments, changes, deadlines, feed] = await Promise.all([
    recordedFindings(db, reader),
    assessedRules(db, reader),
    openChanges(db, reader),
    calendarDeadlines(db, reader),
    recentRelevantUpdates(db, reader),
  ]);
  const records: Record<RiskSignalKind, Considered[]> = {
    findings,
    assessments,
    changes,
    deadlines,
    feed,
  };
  return (area ? [area] : REGULATION_AREAS).map((each) => ({
    area: each,
    signals: (Object.keys(records) as RiskSignalKind[]).map((kind) =>
      signalOf(kind, each, records[kind], MORE[kind]),
    ),
  }));
}
