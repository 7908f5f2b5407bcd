import type { Db } from '@complivue/db/database';
import { automationEvents } from '@complivue/db/schema/automations';
import type { AutomationSubject, AutomationTrigger } from '@complivue/shared/automations';
import type { AutomationCause } from '../../lib/actor.ts';

/**
 * Events: what rules react to. A module records one where the thing happens, inside the same
 * transaction as the change it describes (a change's new status and its event commit together
 * or not at all); time-based events are recorded by the scan (automation-scan.ts). The runner
 * (automation-runner.ts) then gives every live rule of the trigger its run.
 */
export interface AutomationEventInput {
  companyId: string;
  trigger: AutomationTrigger;
  /**
   * What makes the event one event however many times it is noticed: "the change's status
   * became assessing at history entry N", "this deadline's 2026-03-01 occurrence, 30 days
   * before". A second record with the same key is ignored.
   */
  dedupeKey: string;
  subjectType: AutomationSubject | null;
  subjectId: string | null;
  /** One line: what happened, with the record's name. */
  summary: string;
  link: string | null;
  /** The values conditions test (automations.ts, TRIGGERS[trigger].fields). */
  fields: Record<string, unknown>;
  occurredAt?: Date;
}

/** Callbacks run after an event is recorded, so a runner can start at once (set at start). */
const listeners = new Set<() => void>();

/** The job runner asks to hear of new events, to run them without waiting for its schedule. */
export function onAutomationEvent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the runner that events wait (after the transaction that recorded them committed). */
export function wakeAutomationRunner(): void {
  for (const listener of listeners) listener();
}

/**
 * Records an event. `cause` is the automation run whose action made it happen (from the
 * actor), so the event sits one step deeper in the chain than that run's event.
 * Returns whether it was new.
 */
export async function recordAutomationEvent(
  db: Db,
  event: AutomationEventInput,
  cause?: AutomationCause,
): Promise<boolean> {
  const rows = await db
    .insert(automationEvents)
    .values({
      companyId: event.companyId,
      triggerType: event.trigger,
      dedupeKey: event.dedupeKey,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      summary: event.summary.slice(0, 500),
      link: event.link,
      fields: event.fields,
      depth: cause ? cause.depth + 1 : 0,
      causedByRunId: cause?.runId ?? null,
      occurredAt: event.occurredAt ?? new Date(),
    })
    .onConflictDoNothing({ target: [automationEvents.companyId, automationEvents.dedupeKey] })
    .returning({ id: automationEvents.id });
  return rows.length > 0;
}
