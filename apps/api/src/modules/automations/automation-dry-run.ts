import type { Db } from '@complivue/db/database';
import { automationEvents } from '@complivue/db/schema/automations';
import { AUTOMATION_LIMITS } from '@complivue/shared/automations';
import { actionSentence } from '@complivue/shared/automation-sentences';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type {
  ActionDefinition,
  DryRunResult,
  RuleDefinition,
} from '@complivue/shared/schemas/automations';
import { and, desc, eq, gte } from 'drizzle-orm';
import { activeMemberNames } from '../companies/members.ts';
import type { AutomationEventInput } from './automation-events.ts';
import { evaluateConditions } from './automation-conditions.ts';
import { namedMembers, requireRunnableRule } from './automation-rule-check.ts';
import { collectTimedEvents, isTimedTrigger, recentUpdateEvents } from './automation-scan.ts';

/** What an action would have done, in words, for one event. */
function wouldDo(
  action: ActionDefinition,
  event: AutomationEventInput,
  names: (id: string) => string | undefined,
) {
  const sentence = actionSentence(action, names);
  const title = typeof event.fields.title === 'string' ? event.fields.title : event.summary;
  if (action.type === 'create_change') {
    return event.subjectType === 'feed_item'
      ? `Would ${sentence}, prefilled from “${title}” (or reuse the change already open for it)`
      : `Would ${sentence} titled “${title}”`;
  }
  return `Would ${sentence}`;
}

/**
 * Tests a rule, saved or not, against the institution's real events of the last 30 days and
 * says what it would have done — without doing anything. Event-driven triggers read the events
 * recorded (updates read the feed itself, so a new rule has something to test); timed triggers
 * compute their events over the 30 days as the scan would have.
 */
export async function dryRunRule(
  db: Db,
  options: { companyId: string; rule: RuleDefinition; now: Date },
): Promise<DryRunResult> {
  const { companyId, rule, now } = options;
  await requireRunnableRule(db, companyId, rule, now);
  const days = AUTOMATION_LIMITS.dryRunDays;
  const limit = AUTOMATION_LIMITS.dryRunEvents;
  const since = new Date(now.getTime() - days * 86_400_000);
  const trigger = rule.trigger.type;
  let events: AutomationEventInput[];
  if (trigger === 'update_published') {
    events = await recentUpdateEvents(db, companyId, since, limit);
  } else if (isTimedTrigger(trigger)) {
    const today = todayIn(null, now);
    events = (
      await collectTimedEvents(
        db,
        companyId,
        trigger,
        { from: addDays(today, -days + 1), to: today, fromTime: since, toTime: now },
        {
          id: 'dry-run',
          name: rule.name,
          daysBefore: rule.trigger.daysBefore,
          cron: rule.trigger.cron,
        },
      )
    )
      .slice(-limit)
      .reverse();
  } else {
    const rows = await db
      .select()
      .from(automationEvents)
      .where(
        and(
          eq(automationEvents.companyId, companyId),
          eq(automationEvents.triggerType, trigger),
          gte(automationEvents.occurredAt, since),
        ),
      )
      .orderBy(desc(automationEvents.occurredAt))
      .limit(limit);
    events = rows.map((row) => ({
      companyId,
      trigger: row.triggerType,
      dedupeKey: row.dedupeKey,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      summary: row.summary,
      link: row.link,
      fields: row.fields,
      occurredAt: row.occurredAt,
    }));
  }
  const memberIds = new Set(namedMembers(rule));
  for (const event of events) {
    if (typeof event.fields.owner === 'string') memberIds.add(event.fields.owner);
  }
  const known = await activeMemberNames(db, companyId, [...memberIds]);
  const names = (id: string) => known.get(id);
  const results = events.map((event) => {
    const verdict = evaluateConditions(trigger, rule.conditions, event.fields, names);
    return {
      event: {
        id: event.dedupeKey,
        trigger,
        occurredAt: (event.occurredAt ?? now).toISOString(),
        summary: event.summary,
        subjectType: event.subjectType,
        subjectId: event.subjectId,
        link: event.link,
        fields: event.fields,
      },
      conditions: verdict.results,
      met: verdict.met,
      actions: verdict.met
        ? rule.actions.map((action) => ({
            type: action.type,
            wouldDo: wouldDo(action, event, names),
          }))
        : [],
    };
  });
  return {
    from: since.toISOString(),
    to: now.toISOString(),
    eventsConsidered: results.length,
    matched: results.filter((result) => result.met).length,
    events: results,
  };
}
