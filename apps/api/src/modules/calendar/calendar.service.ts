import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { formatShortDay } from '@complivue/shared/calendar-days';
import {
  BSA_FILING_DEADLINE,
  eventDrivenDeadline,
  eventDrivenDueDate,
  eventDrivenTypesFor,
  findRegulatoryDeadlineTemplate,
  OPTIONAL_DEADLINE_SETS,
  type OptionalDeadlineSetKey,
} from '@complivue/shared/regulatory-deadlines';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type completionFieldsSchema,
  type createCalendarEventSchema,
  type eventDrivenDeadlineRequestSchema,
  triggerInFutureMessage,
  type updateCalendarEventSchema,
} from '@complivue/shared/schemas/calendar';
import { and, count, eq, inArray, isNull, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  canCompleteEvent,
  canEditEvent,
  getCalendarEvent,
  getVisibleEvent,
  isConfidential,
  findCalendarEvents,
  type CalendarViewer,
  type EventRow,
  type EventWithOwner,
} from './calendar.queries.ts';
import { ensureSeededDeadlines, seededDeadlineFits } from './calendar-seed.ts';
import { isOccurrence, validateRecurrence } from './recurrence.ts';
import { isActiveMember } from '../companies/members.ts';

type CreateEvent = z.output<typeof createCalendarEventSchema>;
type UpdateEvent = z.output<typeof updateCalendarEventSchema>;
type EventDrivenRequest = z.output<typeof eventDrivenDeadlineRequestSchema>;
type CompletionFields = z.output<typeof completionFieldsSchema>;

/** Who changes the calendar, and where their request came from (for the audit log). */
export type CalendarActor = CalendarViewer & RequestOrigin;

const forbidden = (message: string = CALENDAR_MESSAGES.not_allowed) =>
  new AppError('forbidden', message);

async function requireOwnerIsMember(db: Db, companyId: string, ownerId: string | null) {
  if (ownerId && !(await isActiveMember(db, companyId, ownerId))) {
    throw new AppError('owner_not_member', CALENDAR_MESSAGES.owner_not_member);
  }
}

/**
 * The fields an audit entry shows of an event. A SAR deadline's title (which may carry its
 * reference) is not written: the audit log is read by people (and support staff) who may not
 * know of a SAR; the entry's target id leads those who may to the event.
 */
const auditView = (event: Partial<EventRow>) => ({
  title: event.filing === 'sar' ? BSA_FILING_DEADLINE : event.title,
  startsOn: event.startsOn,
  rrule: event.rrule,
  ownerId: event.ownerId,
  reminderDays: event.reminderDays,
});

/**
 * Refuses a new event once the company holds CALENDAR_LIMITS.maxEventsPerCompany (deleted
 * events kept for their evidence are not counted). Runs in the transaction that inserts, after
 * locking the company's row, so that concurrent additions cannot pass the cap together.
 */
async function requireRoomForEvents(tx: Db, companyId: string, adding: number) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const [row] = await tx
    .select({ events: count() })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, companyId), isNull(calendarEvents.deletedAt)));
  if ((row?.events ?? 0) + adding > CALENDAR_LIMITS.maxEventsPerCompany) {
    throw new AppError('calendar_full');
  }
}

/** A live event of the actor's company that the actor may change. */
async function editableEvent(db: Db, actor: CalendarViewer, eventId: string) {
  const event = await getVisibleEvent(db, actor, eventId);
  if (event.dismissedAt) throw new AppError('not_found', CALENDAR_MESSAGES.not_found);
  if (!canEditEvent(event, actor)) {
    throw forbidden(
      event.kind === 'regulatory'
        ? CALENDAR_MESSAGES.regulatory_manager_only
        : CALENDAR_MESSAGES.not_allowed,
    );
  }
  return event;
}

/**
 * Inserts one of the company's events (checking the event limit in the same transaction),
 * records `calendar.event_created` with `auditAfter(event)` and returns the event as read back.
 */
async function insertEvent(
  db: Db,
  actor: CalendarActor,
  values: Omit<typeof calendarEvents.$inferInsert, 'companyId' | 'createdBy'>,
  auditAfter: (event: EventRow) => Record<string, unknown>,
): Promise<EventWithOwner> {
  const [event] = await db.transaction(async (tx) => {
    await requireRoomForEvents(tx, actor.companyId, 1);
    return tx
      .insert(calendarEvents)
      .values({ ...values, companyId: actor.companyId, createdBy: actor.actorUserId })
      .returning();
  });
  await recordAudit(db, actor, {
    action: 'calendar.event_created',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event!.id,
    after: auditAfter(event!),
  });
  return getCalendarEvent(db, actor.companyId, event!.id);
}

/** A company event: any member adds one. */
export async function createCalendarEvent(
  deps: ServiceDeps,
  options: { actor: CalendarActor; input: CreateEvent },
): Promise<EventWithOwner> {
  const { db } = deps;
  const { actor, input } = options;
  const recurrence = validateRecurrence(input.startsOn, input.rrule);
  await requireOwnerIsMember(db, actor.companyId, input.ownerId);
  return insertEvent(
    db,
    actor,
    {
      kind: 'company',
      title: input.title,
      description: input.description,
      area: input.area,
      startsOn: recurrence.startsOn,
      rrule: recurrence.rrule,
      ownerId: input.ownerId,
      reminderDays: input.reminderDays,
    },
    (event) => ({ kind: 'company', ...auditView(event) }),
  );
}

/**
 * A CTR, Form 8300 or SAR deadline (the filings the institution's type makes, worded and cited
 * for it): the server computes the due date from the trigger date (transaction, receipt of the
 * cash, initial detection), which the description records. A SAR deadline is confidential
 * (`canSeeEvent`).
 */
export async function createEventDrivenDeadline(
  deps: ServiceDeps,
  options: { actor: CalendarActor; input: EventDrivenRequest },
): Promise<EventWithOwner> {
  const { db } = deps;
  const { actor, input } = options;
  const institutionType = actor.facts.institutionType;
  if (!eventDrivenTypesFor(institutionType).includes(input.type)) {
    throw new AppError('filing_not_offered');
  }
  const rule = eventDrivenDeadline(input.type, institutionType);
  if (input.triggerDate > actor.today) {
    throw new AppError('trigger_in_future', triggerInFutureMessage(rule.triggerLabel));
  }
  await requireOwnerIsMember(db, actor.companyId, input.ownerId);
  const dueOn = eventDrivenDueDate(input.type, input.triggerDate);
  const reference = input.reference ? ` (${input.reference})` : '';
  const description = [
    `${rule.triggerLabel}: ${formatShortDay(input.triggerDate)}. Due ${formatShortDay(dueOn)}, ${rule.days} calendar days later.`,
    input.reference ? `Reference: ${input.reference}.` : '',
    rule.rule,
  ]
    .filter(Boolean)
    .join('\n\n');
  return insertEvent(
    db,
    actor,
    {
      kind: 'event_driven',
      filing: input.type,
      title: input.title ?? `${rule.defaultTitle}${reference}`,
      description,
      area: rule.area,
      citation: rule.citation,
      startsOn: dueOn,
      rrule: null,
      ownerId: input.ownerId,
      reminderDays: input.reminderDays,
    },
    // A SAR's type and detection date are not written to the audit log (see auditView).
    (event) =>
      isConfidential(event)
        ? { kind: 'event_driven', ...auditView(event) }
        : {
            kind: 'event_driven',
            type: input.type,
            triggerDate: input.triggerDate,
            ...auditView(event),
          },
  );
}

export async function updateCalendarEvent(
  deps: ServiceDeps,
  options: { actor: CalendarActor; eventId: string; changes: UpdateEvent },
): Promise<EventWithOwner> {
  const { db } = deps;
  const { actor, eventId, changes } = options;
  const event = await editableEvent(db, actor, eventId);
  const set: Partial<typeof calendarEvents.$inferInsert> = {};
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.area !== undefined) set.area = changes.area;
  if (changes.reminderDays !== undefined) set.reminderDays = changes.reminderDays;
  if (changes.ownerId !== undefined) {
    await requireOwnerIsMember(db, actor.companyId, changes.ownerId);
    set.ownerId = changes.ownerId;
  }
  if (changes.startsOn !== undefined || changes.rrule !== undefined) {
    const recurrence = validateRecurrence(
      changes.startsOn ?? event.startsOn,
      changes.rrule !== undefined ? changes.rrule : event.rrule,
    );
    set.startsOn = recurrence.startsOn;
    set.rrule = recurrence.rrule;
  }
  await db
    .update(calendarEvents)
    .set(set)
    .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.companyId, actor.companyId)));
  await recordAudit(db, actor, {
    action: 'calendar.event_updated',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: auditView(event),
    after: auditView({ ...event, ...set }),
  });
  return getCalendarEvent(db, actor.companyId, event.id);
}

/**
 * Deletes an event. Evidence is never destroyed: a seeded regulatory deadline is only marked
 * deleted (`dismissedAt`: not copied in again, restorable); an event with any completion (undone
 * ones included) is marked deleted (`deletedAt`: hidden everywhere, kept with its completions and
 * their files for the record and the data export); only an event with no completion is removed.
 */
export async function deleteCalendarEvent(
  deps: ServiceDeps,
  options: { actor: CalendarActor; eventId: string },
): Promise<{ kept: boolean }> {
  const { db } = deps;
  const { actor, eventId } = options;
  const event = await editableEvent(db, actor, eventId);
  const where = and(eq(calendarEvents.id, event.id), eq(calendarEvents.companyId, actor.companyId));
  const kept = await db.transaction(async (tx) => {
    if (event.templateKey) {
      await tx.update(calendarEvents).set({ dismissedAt: new Date() }).where(where);
      return true;
    }
    const [completion] = await tx
      .select({ id: calendarCompletions.id })
      .from(calendarCompletions)
      .where(eq(calendarCompletions.eventId, event.id))
      .limit(1);
    if (completion) {
      await tx
        .update(calendarEvents)
        .set({ deletedAt: new Date(), deletedBy: actor.actorUserId })
        .where(where);
      return true;
    }
    await tx.delete(calendarEvents).where(where);
    return false;
  });
  await recordAudit(db, actor, {
    action: 'calendar.event_deleted',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: { kind: event.kind, templateKey: event.templateKey, ...auditView(event) },
    after: { evidenceKept: kept && !event.templateKey },
  });
  return { kept };
}

/** Brings back a seeded regulatory deadline the company deleted. */
export async function restoreCalendarEvent(
  deps: ServiceDeps,
  options: { actor: CalendarActor; eventId: string },
): Promise<EventWithOwner> {
  const { db } = deps;
  const { actor, eventId } = options;
  const event = await getVisibleEvent(db, actor, eventId);
  if (!canEditEvent(event, actor)) throw forbidden(CALENDAR_MESSAGES.regulatory_manager_only);
  if (!event.dismissedAt) throw new AppError('not_dismissed');
  // Restored as of now: reminders whose day passed while it was deleted are not sent late.
  await db
    .update(calendarEvents)
    .set({ dismissedAt: null })
    .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.companyId, actor.companyId)));
  await recordAudit(db, actor, {
    action: 'calendar.event_restored',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    after: { templateKey: event.templateKey, title: event.title },
  });
  return getCalendarEvent(db, actor.companyId, event.id);
}

/** A due date of a live event of the company that the actor may complete. */
async function completableOccurrence(db: Db, actor: CalendarViewer, eventId: string, date: string) {
  const event = await getVisibleEvent(db, actor, eventId);
  if (event.dismissedAt) throw new AppError('not_found', CALENDAR_MESSAGES.not_found);
  if (!canCompleteEvent(event, actor)) throw forbidden();
  if (!isOccurrence(event, date)) {
    throw new AppError('not_an_occurrence');
  }
  return event;
}

/**
 * Marks one due date done, with its evidence (a note, a link, a file). The file is stored
 * before the row that points at it and removed again if the row is not written.
 */
export async function completeOccurrence(
  deps: ServiceDeps,
  options: {
    actor: CalendarActor;
    eventId: string;
    date: string;
    fields: CompletionFields;
    file: UploadedFile | null;
  },
): Promise<void> {
  const { db } = deps;
  const { actor } = options;
  const event = await completableOccurrence(db, actor, options.eventId, options.date);
  const { file } = options;
  const storageKey = file
    ? `calendar/${actor.companyId}/${event.id}/${options.date}-${randomUUID()}.${file.type.extension}`
    : null;
  if (file) await deps.storage.put(storageKey!, file.data);
  let written = false;
  try {
    const rows = await db
      .insert(calendarCompletions)
      .values({
        eventId: event.id,
        occurrenceDate: options.date,
        companyId: actor.companyId,
        doneBy: actor.actorUserId,
        doneByName: actor.name,
        evidenceNote: options.fields.evidenceNote,
        evidenceUrl: options.fields.evidenceUrl,
        fileName: file?.fileName ?? null,
        contentType: file?.type.contentType ?? null,
        sizeBytes: file ? file.data.length : null,
        storageKey,
      })
      // The partial unique index (one completion not undone per due date) decides.
      .onConflictDoNothing()
      .returning({ eventId: calendarCompletions.eventId });
    written = rows.length === 1;
  } finally {
    if (!written && storageKey) await removeFiles(deps, [storageKey]);
  }
  if (!written) throw new AppError('already_done');
  await recordAudit(db, actor, {
    action: 'calendar.occurrence_completed',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    after: isConfidential(event)
      ? { date: options.date, title: BSA_FILING_DEADLINE }
      : {
          date: options.date,
          title: event.title,
          evidenceNote: options.fields.evidenceNote,
          evidenceUrl: options.fields.evidenceUrl,
          file: file?.fileName ?? null,
        },
  });
}

/**
 * Undoes "done" on a due date: its completion is marked undone (by whom, when) and kept, with its
 * evidence file; the due date is open again and may be marked done anew.
 */
export async function reopenOccurrence(
  deps: ServiceDeps,
  options: { actor: CalendarActor; eventId: string; date: string },
): Promise<void> {
  const { db } = deps;
  const { actor } = options;
  const event = await getVisibleEvent(db, actor, options.eventId);
  if (!canCompleteEvent(event, actor)) throw forbidden();
  const [undone] = await db
    .update(calendarCompletions)
    .set({ undoneAt: new Date(), undoneBy: actor.actorUserId, undoneByName: actor.name })
    .where(
      and(
        eq(calendarCompletions.eventId, event.id),
        eq(calendarCompletions.companyId, actor.companyId),
        eq(calendarCompletions.occurrenceDate, options.date),
        isNull(calendarCompletions.undoneAt),
      ),
    )
    .returning();
  if (!undone) throw new AppError('not_done');
  await recordAudit(db, actor, {
    action: 'calendar.occurrence_reopened',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: isConfidential(event)
      ? { date: options.date, title: BSA_FILING_DEADLINE, completionId: undone.id }
      : {
          date: options.date,
          title: event.title,
          completionId: undone.id,
          doneByName: undone.doneByName,
          evidenceNote: undone.evidenceNote,
          evidenceUrl: undone.evidenceUrl,
          file: undone.fileName,
        },
  });
}

/**
 * The stored evidence file of a completion of the company: the due date's current one, or a
 * given one (undone completions keep theirs).
 */
export async function getCompletionFile(
  db: Db,
  companyId: string,
  options: { eventId: string } & ({ date: string } | { completionId: string }),
) {
  const [row] = await db
    .select()
    .from(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.eventId, options.eventId),
        eq(calendarCompletions.companyId, companyId),
        'completionId' in options
          ? eq(calendarCompletions.id, options.completionId)
          : and(
              eq(calendarCompletions.occurrenceDate, options.date),
              isNull(calendarCompletions.undoneAt),
            ),
      ),
    );
  if (!row?.storageKey || !row.fileName) throw new AppError('not_found');
  return row;
}

/**
 * Adds an optional set of seeded deadlines (the quarterly HMDA submissions of large filers):
 * managers and administrators, when the profile says HMDA. Missing ones are copied in, deleted
 * ones restored. Returns the set's events.
 */
export async function addOptionalDeadlines(
  deps: ServiceDeps,
  options: { actor: CalendarActor; setKey: OptionalDeadlineSetKey },
): Promise<EventWithOwner[]> {
  const { db } = deps;
  const { actor, setKey } = options;
  if (!hasRoleAtLeast(actor.role, 'manager')) {
    throw forbidden(CALENDAR_MESSAGES.regulatory_manager_only);
  }
  const set = OPTIONAL_DEADLINE_SETS[setKey];
  const templates = set.templateKeys.map((key) => findRegulatoryDeadlineTemplate(key)!);
  if (!templates.every((template) => seededDeadlineFits(actor.facts, template))) {
    throw new AppError('not_applicable');
  }
  const keys = [...set.templateKeys];
  const inSet = and(
    eq(calendarEvents.companyId, actor.companyId),
    inArray(calendarEvents.templateKey, keys),
  );
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ templateKey: calendarEvents.templateKey })
      .from(calendarEvents)
      .where(inSet);
    const existingKeys = new Set(existing.map((row) => row.templateKey!));
    await requireRoomForEvents(tx, actor.companyId, keys.length - existingKeys.size);
    await ensureSeededDeadlines(tx, {
      companyId: actor.companyId,
      facts: actor.facts,
      today: actor.today,
      existingKeys,
      optIn: keys,
    });
    await tx
      .update(calendarEvents)
      .set({ dismissedAt: null })
      .where(and(inSet, isNotNull(calendarEvents.dismissedAt)));
  });
  await recordAudit(db, actor, {
    action: 'calendar.optional_deadlines_added',
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'calendar',
    after: { set: setKey, templateKeys: keys },
  });
  const events = await findCalendarEvents(db, actor.companyId);
  return events.filter((event) => event.templateKey && keys.includes(event.templateKey));
}

async function removeFiles(deps: ServiceDeps, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((error: unknown) => {
        deps.log.warn({ err: error, key }, 'could not remove a calendar evidence file');
      }),
    ),
  );
}
