import type { Db } from '@complivue/db/database';
import { automationRules } from '@complivue/db/schema/automations';
import { changeItems } from '@complivue/db/schema/changes';
import { companies } from '@complivue/db/schema/companies';
import { feedItemRelevance, feedItems } from '@complivue/db/schema/feeds';
import { riskFindingActions, riskFindings } from '@complivue/db/schema/findings';
import { libraryRules, ruleAssessments } from '@complivue/db/schema/library';
import { policies, policyVersions } from '@complivue/db/schema/policies';
import type { AutomationTrigger } from '@complivue/shared/automations';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import { OPEN_CHANGE_STATUSES } from '@complivue/shared/change-workflow';
import { FEED_DOCUMENT_TYPE_LABELS } from '@complivue/shared/regulatory-monitoring';
import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { calendarEventLink, policyLink } from '@complivue/shared/record-links';
import { and, between, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { findDueDatesWithCompletions, isConfidential } from '../calendar/calendar.queries.ts';
import { institutionFacts } from '../companies/institution.ts';
import { visibleToCompany } from '../feeds/feed-items-visibility.ts';
import { recordAutomationEvent, type AutomationEventInput } from './automation-events.ts';
import { fireTimesBetween, SCHEDULE_TIME_ZONE } from './automation-schedule.ts';

/*
 * Time-based triggers (a deadline 30 days away, a review date that passed, a schedule) have no
 * moment at which a person acts, so a scan notices them: every few minutes, for each
 * institution with live rules of such a trigger, it records the events of the last days (a
 * scan that did not run for a while catches up; the events' keys keep each one single). A dry
 * run reads the same events over its 30 days without recording them.
 */

export const TIMED_TRIGGERS = [
  'deadline_approaching',
  'deadline_missed',
  'assessment_review_due',
  'change_overdue',
  'finding_action_overdue',
  'policy_review_due',
  'schedule',
] as const satisfies readonly AutomationTrigger[];
type TimedTrigger = (typeof TIMED_TRIGGERS)[number];

export const isTimedTrigger = (trigger: AutomationTrigger): trigger is TimedTrigger =>
  (TIMED_TRIGGERS as readonly string[]).includes(trigger);

/** How many days back a scan looks for what it may have missed. */
const CATCH_UP_DAYS = 3;

/** The window of days whose facts are events: `from`..`to`, institution days (US Eastern). */
export interface EventWindow {
  from: string;
  to: string;
  /** The moments a schedule may fire in (exclusive start). */
  fromTime: Date;
  toTime: Date;
}

const CFR_PART = /\b\d+\s*C\.?F\.?R\.?\s*(?:parts?\s*|§\s*)?(\d+)/gi;

/** The CFR parts a citation list names ("12 CFR 1026.19(e)" → "1026"). */
export function cfrPartsOf(citations: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const citation of citations) {
    for (const match of citation.matchAll(CFR_PART)) parts.add(match[1]!);
  }
  return [...parts];
}

/** An update of the feed as an event of one institution. */
export function feedItemEvent(
  companyId: string,
  item: {
    id: string;
    title: string;
    documentType: keyof typeof FEED_DOCUMENT_TYPE_LABELS;
    areas: string[];
    agencies: string[];
    citations: string[];
  },
  watchlistMatch: boolean,
  occurredAt?: Date,
): AutomationEventInput {
  return {
    companyId,
    trigger: 'update_published',
    dedupeKey: `update:${item.id}`,
    subjectType: 'feed_item',
    subjectId: item.id,
    summary: `${FEED_DOCUMENT_TYPE_LABELS[item.documentType]}: ${item.title}`,
    link: `/regulatory-feeds?item=${item.id}`,
    fields: {
      areas: item.areas,
      agencies: item.agencies,
      documentType: item.documentType,
      cfrParts: cfrPartsOf(item.citations),
      watchlistMatch,
      title: item.title,
    },
    occurredAt,
  };
}

/** The institution's updates first seen in the window (a dry run's events). */
export async function recentUpdateEvents(
  db: Db,
  companyId: string,
  since: Date,
  limit: number,
): Promise<AutomationEventInput[]> {
  const rows = await db
    .select({
      id: feedItems.id,
      title: feedItems.title,
      documentType: feedItems.documentType,
      areas: feedItems.areas,
      agencies: feedItems.agencies,
      citations: feedItems.citations,
      firstSeenAt: feedItems.firstSeenAt,
      watchlistMatch: feedItemRelevance.watchlistMatch,
    })
    .from(feedItems)
    .leftJoin(
      feedItemRelevance,
      and(eq(feedItemRelevance.itemId, feedItems.id), eq(feedItemRelevance.companyId, companyId)),
    )
    .where(and(visibleToCompany(companyId), gte(feedItems.firstSeenAt, since)))
    .orderBy(desc(feedItems.firstSeenAt))
    .limit(limit);
  return rows.map((row) =>
    feedItemEvent(companyId, row, row.watchlistMatch ?? false, row.firstSeenAt),
  );
}

async function deadlineEvents(
  db: Db,
  companyId: string,
  trigger: 'deadline_approaching' | 'deadline_missed',
  window: EventWindow,
  daysBefore: number,
): Promise<AutomationEventInput[]> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return [];
  // A deadline is N days away on the days of the window when its due date is N days later.
  const shift = trigger === 'deadline_approaching' ? daysBefore : -1;
  const range = { from: addDays(window.from, shift), to: addDays(window.to, shift) };
  const dueDates = await findDueDatesWithCompletions(db, {
    companyId,
    facts: institutionFacts(company),
    today: window.to,
    // Read as the institution: every deadline but the confidential ones (SAR filings are not
    // announced to anyone a rule names).
    viewer: { actorUserId: '', role: 'admin' },
    range,
  });
  return dueDates
    .filter(({ completion, dueDate }) => !completion && !isConfidential(dueDate.event))
    .map(({ dueDate: { event, date } }) => ({
      companyId,
      trigger,
      dedupeKey:
        trigger === 'deadline_approaching'
          ? `deadline_approaching:${event.id}:${date}:${daysBefore}`
          : `deadline_missed:${event.id}:${date}`,
      subjectType: 'calendar_event' as const,
      subjectId: event.id,
      summary:
        trigger === 'deadline_approaching'
          ? `${event.title} is due on ${date} (${daysBefore} day${daysBefore === 1 ? '' : 's'} away)`
          : `${event.title} was due on ${date} and is not marked done`,
      link: calendarEventLink(event.id, date),
      fields: {
        area: event.area,
        title: event.title,
        owner: event.ownerId,
        dueDate: date,
        daysBefore: trigger === 'deadline_approaching' ? daysBefore : null,
      },
    }));
}

async function assessmentReviewEvents(db: Db, companyId: string, window: EventWindow) {
  const rows = await db
    .select({
      id: ruleAssessments.id,
      ruleId: ruleAssessments.ruleId,
      status: ruleAssessments.status,
      ownerId: ruleAssessments.ownerId,
      nextReviewDate: ruleAssessments.nextReviewDate,
      title: libraryRules.title,
      area: libraryRules.area,
    })
    .from(ruleAssessments)
    .innerJoin(libraryRules, eq(libraryRules.id, ruleAssessments.ruleId))
    .where(
      and(
        eq(ruleAssessments.companyId, companyId),
        isNull(libraryRules.retiredAt),
        // A review date "passes" at the end of its day: the day after is the event's day.
        between(ruleAssessments.nextReviewDate, addDays(window.from, -1), addDays(window.to, -1)),
      ),
    );
  return rows.map((row): AutomationEventInput => ({
    companyId,
    trigger: 'assessment_review_due',
    dedupeKey: `assessment_review_due:${row.id}:${row.nextReviewDate}`,
    subjectType: 'assessment',
    subjectId: row.ruleId,
    summary: `${row.ruleId} ${row.title}: review was due on ${row.nextReviewDate}`,
    link: `/compliance/rules/${row.ruleId}`,
    fields: {
      area: row.area,
      ruleId: row.ruleId,
      status: row.status,
      owner: row.ownerId,
      title: row.title,
    },
  }));
}

async function changeOverdueEvents(db: Db, companyId: string, window: EventWindow) {
  const rows = await db
    .select()
    .from(changeItems)
    .where(
      and(
        eq(changeItems.companyId, companyId),
        inArray(changeItems.status, [...OPEN_CHANGE_STATUSES]),
        between(changeItems.dueDate, addDays(window.from, -1), addDays(window.to, -1)),
      ),
    );
  return rows.map((row): AutomationEventInput => ({
    companyId,
    trigger: 'change_overdue',
    dedupeKey: `change_overdue:${row.id}:${row.dueDate}`,
    subjectType: 'change',
    subjectId: row.id,
    summary: `${changeNumberLabel(row.number)}: ${row.title} was due on ${row.dueDate}`,
    link: `/change-management?change=${row.id}`,
    fields: {
      areas: row.areas,
      riskRating: row.riskRating,
      owner: row.ownerId,
      title: row.title,
      status: row.status,
    },
  }));
}

async function findingActionEvents(db: Db, companyId: string, window: EventWindow) {
  const rows = await db
    .select({ action: riskFindingActions, finding: riskFindings })
    .from(riskFindingActions)
    .innerJoin(riskFindings, eq(riskFindings.id, riskFindingActions.findingId))
    .where(
      and(
        eq(riskFindingActions.companyId, companyId),
        isNull(riskFindingActions.completedAt),
        isNull(riskFindings.closedAt),
        between(riskFindingActions.dueDate, addDays(window.from, -1), addDays(window.to, -1)),
      ),
    );
  return rows.map(({ action, finding }): AutomationEventInput => ({
    companyId,
    trigger: 'finding_action_overdue',
    dedupeKey: `finding_action_overdue:${action.id}:${action.dueDate}`,
    subjectType: 'finding_action',
    subjectId: action.id,
    summary: `Corrective action of finding ${finding.title} was due on ${action.dueDate}: ${action.plan.slice(0, 120)}`,
    link: `/risk-scoring?view=findings&finding=${finding.id}`,
    fields: {
      area: finding.area,
      severity: finding.severity,
      owner: action.ownerId,
      findingId: finding.id,
      title: finding.title,
    },
  }));
}

async function policyReviewEvents(db: Db, companyId: string, window: EventWindow) {
  const rows = await db
    .select({ policy: policies, nextReviewDate: policyVersions.nextReviewDate })
    .from(policyVersions)
    .innerJoin(policies, eq(policies.id, policyVersions.policyId))
    .where(
      and(
        eq(policyVersions.companyId, companyId),
        eq(policyVersions.status, 'approved'),
        between(policyVersions.nextReviewDate, addDays(window.from, -1), addDays(window.to, -1)),
      ),
    );
  return rows.map(({ policy, nextReviewDate }): AutomationEventInput => ({
    companyId,
    trigger: 'policy_review_due',
    dedupeKey: `policy_review_due:${policy.id}:${nextReviewDate}`,
    subjectType: 'policy',
    subjectId: policy.id,
    summary: `Policy ${policy.title}: review was due on ${nextReviewDate}`,
    link: policyLink(policy.id),
    fields: { owner: policy.ownerId, title: policy.title },
  }));
}

function scheduleEvents(
  companyId: string,
  rule: { id: string; name: string; cron: string },
  window: EventWindow,
): AutomationEventInput[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: SCHEDULE_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return fireTimesBetween(rule.cron, window.fromTime, window.toTime).map((at) => ({
    companyId,
    trigger: 'schedule',
    dedupeKey: `schedule:${rule.id}:${at.toISOString()}`,
    subjectType: null,
    subjectId: null,
    summary: `“${rule.name}” scheduled for ${format.format(at)} ET`,
    link: null,
    fields: { ruleId: rule.id },
    occurredAt: at,
  }));
}

/** The events of one timed trigger in a window, as the scan records them and a dry run reads them. */
export async function collectTimedEvents(
  db: Db,
  companyId: string,
  trigger: TimedTrigger,
  window: EventWindow,
  rule: { id: string; name: string; daysBefore?: number | null; cron?: string | null },
): Promise<AutomationEventInput[]> {
  switch (trigger) {
    case 'deadline_approaching':
      return deadlineEvents(db, companyId, trigger, window, rule.daysBefore ?? 1);
    case 'deadline_missed':
      return deadlineEvents(db, companyId, trigger, window, 0);
    case 'assessment_review_due':
      return assessmentReviewEvents(db, companyId, window);
    case 'change_overdue':
      return changeOverdueEvents(db, companyId, window);
    case 'finding_action_overdue':
      return findingActionEvents(db, companyId, window);
    case 'policy_review_due':
      return policyReviewEvents(db, companyId, window);
    case 'schedule':
      return rule.cron ? scheduleEvents(companyId, { ...rule, cron: rule.cron }, window) : [];
    default:
      return [];
  }
}

/**
 * Records the timed events of every institution's live rules (the `scan-automation-triggers`
 * job). Each rule's kind of event is collected once per institution (once per days-before for
 * deadlines); a schedule's ticks are its own rule's.
 */
export async function scanTimedTriggers(db: Db, now: Date): Promise<number> {
  const rules = await db
    .select({
      id: automationRules.id,
      name: automationRules.name,
      companyId: automationRules.companyId,
      triggerType: automationRules.triggerType,
      trigger: automationRules.trigger,
      updatedAt: automationRules.updatedAt,
    })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.enabled, true),
        isNull(automationRules.deletedAt),
        inArray(automationRules.triggerType, [...TIMED_TRIGGERS]),
      ),
    );
  const today = todayIn(null, now);
  const window: EventWindow = {
    from: addDays(today, -CATCH_UP_DAYS + 1),
    to: today,
    fromTime: new Date(now.getTime() - CATCH_UP_DAYS * 86_400_000),
    toTime: now,
  };
  const done = new Set<string>();
  let recorded = 0;
  for (const rule of rules) {
    const trigger = rule.triggerType as TimedTrigger;
    const key =
      trigger === 'schedule'
        ? rule.id
        : `${rule.companyId}:${trigger}:${trigger === 'deadline_approaching' ? rule.trigger.daysBefore : ''}`;
    if (done.has(key)) continue;
    done.add(key);
    // A schedule fires from when it was last saved, never for the hours before it existed.
    const ruleWindow =
      trigger === 'schedule'
        ? {
            ...window,
            fromTime: new Date(Math.max(window.fromTime.getTime(), rule.updatedAt.getTime())),
          }
        : window;
    const events = await collectTimedEvents(db, rule.companyId, trigger, ruleWindow, {
      id: rule.id,
      name: rule.name,
      daysBefore: rule.trigger.daysBefore,
      cron: rule.trigger.cron,
    });
    for (const event of events) {
      if (await recordAutomationEvent(db, { ...event, occurredAt: event.occurredAt ?? now })) {
        recorded += 1;
      }
    }
  }
  return recorded;
}

/** The institutions with live rules for new updates (so the feed's ingest records events only for them). */
export async function companiesWatchingUpdates(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ companyId: automationRules.companyId })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.triggerType, 'update_published'),
        eq(automationRules.enabled, true),
        isNull(automationRules.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.companyId));
}
