import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { userProfiles } from '@complivue/db/schema/profiles';
import { formatLongDay } from '@complivue/shared/calendar-days';
import { EVENT_DRIVEN_DEADLINES, eventDrivenDueDate } from '@complivue/shared/regulatory-deadlines';
import {
  CALENDAR_MESSAGES,
  type completionFieldsSchema,
  type createCalendarEventSchema,
  type eventDrivenDeadlineRequestSchema,
  type updateCalendarEventSchema,
} from '@complivue/shared/schemas/calendar';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import {
  canCompleteEvent,
  canEditEvent,
  getCalendarEvent,
  type CalendarViewer,
  type EventRow,
  type EventWithOwner,
} from './calendar-queries.ts';
import { isOccurrence, validateRecurrence } from './recurrence.ts';

type CreateEvent = z.output<typeof createCalendarEventSchema>;
type UpdateEvent = z.output<typeof updateCalendarEventSchema>;
type EventDrivenRequest = z.output<typeof eventDrivenDeadlineRequestSchema>;
type CompletionFields = z.output<typeof completionFieldsSchema>;

const forbidden = (message: string = CALENDAR_MESSAGES.not_allowed) =>
  new AppError(403, 'forbidden', message);

async function requireOwnerIsMember(db: Db, companyId: string, ownerId: string | null) {
  if (!ownerId) return;
  const [member] = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(
      and(
        eq(userProfiles.userId, ownerId),
        eq(userProfiles.companyId, companyId),
        eq(userProfiles.status, 'active'),
      ),
    );
  if (!member) throw new AppError(400, 'owner_not_member', CALENDAR_MESSAGES.owner_not_member);
}

/** The fields an audit entry shows of an event. */
const auditView = (event: Partial<EventRow>) => ({
  title: event.title,
  startsOn: event.startsOn,
  rrule: event.rrule,
  ownerId: event.ownerId,
  reminderDays: event.reminderDays,
});

/** A live event of the viewer's company that the viewer may change. */
async function editableEvent(db: Db, viewer: CalendarViewer, eventId: string) {
  const event = await getCalendarEvent(db, viewer.companyId, eventId);
  if (event.dismissedAt) throw AppError.notFound(CALENDAR_MESSAGES.not_found);
  if (!canEditEvent(event, viewer)) {
    throw forbidden(
      event.kind === 'regulatory'
        ? CALENDAR_MESSAGES.regulatory_manager_only
        : CALENDAR_MESSAGES.not_allowed,
    );
  }
  return event;
}

/** A company event: any member adds one. */
export async function createCalendarEvent(
  db: Db,
  request: FastifyRequest,
  viewer: CalendarViewer,
  input: CreateEvent,
): Promise<EventWithOwner> {
  const recurrence = validateRecurrence(input.startsOn, input.rrule);
  await requireOwnerIsMember(db, viewer.companyId, input.ownerId);
  const [event] = await db
    .insert(calendarEvents)
    .values({
      companyId: viewer.companyId,
      kind: 'company',
      title: input.title,
      description: input.description,
      area: input.area,
      startsOn: recurrence.startsOn,
      rrule: recurrence.rrule,
      ownerId: input.ownerId,
      reminderDays: input.reminderDays,
      createdBy: viewer.userId,
    })
    .returning();
  await recordAudit(db, request, {
    action: 'calendar.event_created',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event!.id,
    after: { kind: 'company', ...auditView(event!) },
  });
  return getCalendarEvent(db, viewer.companyId, event!.id);
}

/**
 * A CTR or SAR deadline: the server computes the due date from the trigger date (transaction or
 * initial detection), which the description records.
 */
export async function createEventDrivenDeadline(
  db: Db,
  request: FastifyRequest,
  viewer: CalendarViewer,
  input: EventDrivenRequest,
): Promise<EventWithOwner> {
  if (input.triggerDate > viewer.today) {
    throw new AppError(
      400,
      'trigger_in_future',
      `The ${EVENT_DRIVEN_DEADLINES[input.type].triggerLabel.toLowerCase()} cannot be after today.`,
    );
  }
  await requireOwnerIsMember(db, viewer.companyId, input.ownerId);
  const rule = EVENT_DRIVEN_DEADLINES[input.type];
  const dueOn = eventDrivenDueDate(input.type, input.triggerDate);
  const reference = input.reference ? ` (${input.reference})` : '';
  const description = [
    `${rule.triggerLabel}: ${formatLongDay(input.triggerDate)}. Due ${formatLongDay(dueOn)}, ${rule.days} calendar days later.`,
    input.reference ? `Reference: ${input.reference}.` : '',
    rule.rule,
  ]
    .filter(Boolean)
    .join('\n\n');
  const [event] = await db
    .insert(calendarEvents)
    .values({
      companyId: viewer.companyId,
      kind: 'event_driven',
      title: input.title ?? `${rule.defaultTitle}${reference}`,
      description,
      area: rule.area,
      citation: rule.citation,
      startsOn: dueOn,
      rrule: null,
      ownerId: input.ownerId,
      reminderDays: input.reminderDays,
      createdBy: viewer.userId,
    })
    .returning();
  await recordAudit(db, request, {
    action: 'calendar.event_created',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event!.id,
    after: {
      kind: 'event_driven',
      type: input.type,
      triggerDate: input.triggerDate,
      ...auditView(event!),
    },
  });
  return getCalendarEvent(db, viewer.companyId, event!.id);
}

export async function updateCalendarEvent(
  db: Db,
  request: FastifyRequest,
  viewer: CalendarViewer,
  eventId: string,
  changes: UpdateEvent,
): Promise<EventWithOwner> {
  const event = await editableEvent(db, viewer, eventId);
  const set: Partial<typeof calendarEvents.$inferInsert> = {};
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.area !== undefined) set.area = changes.area;
  if (changes.reminderDays !== undefined) set.reminderDays = changes.reminderDays;
  if (changes.ownerId !== undefined) {
    await requireOwnerIsMember(db, viewer.companyId, changes.ownerId);
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
    .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.companyId, viewer.companyId)));
  await recordAudit(db, request, {
    action: 'calendar.event_updated',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: auditView(event),
    after: auditView({ ...event, ...set }),
  });
  return getCalendarEvent(db, viewer.companyId, event.id);
}

/**
 * Deletes an event with its completions and their files. A seeded regulatory deadline is only
 * marked deleted, so that it is not copied in again (and can be restored).
 */
export async function deleteCalendarEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: CalendarViewer,
  eventId: string,
): Promise<void> {
  const { db } = app.database;
  const event = await editableEvent(db, viewer, eventId);
  const where = and(
    eq(calendarEvents.id, event.id),
    eq(calendarEvents.companyId, viewer.companyId),
  );
  let files: string[] = [];
  if (event.templateKey) {
    await db.update(calendarEvents).set({ dismissedAt: new Date() }).where(where);
  } else {
    files = await db.transaction(async (tx) => {
      const completions = await tx
        .select({ storageKey: calendarCompletions.storageKey })
        .from(calendarCompletions)
        .where(eq(calendarCompletions.eventId, event.id));
      await tx.delete(calendarEvents).where(where);
      return completions.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
    });
  }
  await recordAudit(db, request, {
    action: 'calendar.event_deleted',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: { kind: event.kind, templateKey: event.templateKey, ...auditView(event) },
  });
  await removeFiles(app, files);
}

/** Brings back a seeded regulatory deadline the company deleted. */
export async function restoreCalendarEvent(
  db: Db,
  request: FastifyRequest,
  viewer: CalendarViewer,
  eventId: string,
): Promise<EventWithOwner> {
  const event = await getCalendarEvent(db, viewer.companyId, eventId);
  if (!canEditEvent(event, viewer)) throw forbidden(CALENDAR_MESSAGES.regulatory_manager_only);
  if (!event.dismissedAt) throw new AppError(409, 'not_dismissed', CALENDAR_MESSAGES.not_dismissed);
  // Restored as of now: reminders whose day passed while it was deleted are not sent late.
  await db
    .update(calendarEvents)
    .set({ dismissedAt: null })
    .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.companyId, viewer.companyId)));
  await recordAudit(db, request, {
    action: 'calendar.event_restored',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    after: { templateKey: event.templateKey, title: event.title },
  });
  return getCalendarEvent(db, viewer.companyId, event.id);
}

/** A due date of a live event of the company that the viewer may complete. */
async function completableOccurrence(
  db: Db,
  viewer: CalendarViewer,
  eventId: string,
  date: string,
) {
  const event = await getCalendarEvent(db, viewer.companyId, eventId);
  if (event.dismissedAt) throw AppError.notFound(CALENDAR_MESSAGES.not_found);
  if (!canCompleteEvent(event, viewer)) throw forbidden();
  if (!isOccurrence(event, date)) {
    throw new AppError(404, 'not_an_occurrence', CALENDAR_MESSAGES.not_an_occurrence);
  }
  return event;
}

/**
 * Marks one due date done, with its evidence (a note, a link, a file). The file is stored
 * before the row that points at it and removed again if the row is not written.
 */
export async function completeOccurrence(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: CalendarViewer,
  options: { eventId: string; date: string; fields: CompletionFields; file: UploadedFile | null },
): Promise<void> {
  const { db } = app.database;
  const event = await completableOccurrence(db, viewer, options.eventId, options.date);
  const { file } = options;
  const storageKey = file
    ? `calendar/${viewer.companyId}/${event.id}/${options.date}-${randomUUID()}.${file.type.extension}`
    : null;
  if (file) await app.storage.put(storageKey!, file.data);
  let written = false;
  try {
    const rows = await db
      .insert(calendarCompletions)
      .values({
        eventId: event.id,
        occurrenceDate: options.date,
        companyId: viewer.companyId,
        doneBy: viewer.userId,
        doneByName: viewer.name,
        evidenceNote: options.fields.evidenceNote,
        evidenceUrl: options.fields.evidenceUrl,
        fileName: file?.fileName ?? null,
        contentType: file?.type.contentType ?? null,
        sizeBytes: file ? file.data.length : null,
        storageKey,
      })
      .onConflictDoNothing()
      .returning({ eventId: calendarCompletions.eventId });
    written = rows.length === 1;
  } finally {
    if (!written && storageKey) await removeFiles(app, [storageKey]);
  }
  if (!written) throw new AppError(409, 'already_done', CALENDAR_MESSAGES.already_done);
  await recordAudit(db, request, {
    action: 'calendar.occurrence_completed',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    after: {
      date: options.date,
      title: event.title,
      evidenceNote: options.fields.evidenceNote,
      evidenceUrl: options.fields.evidenceUrl,
      file: file?.fileName ?? null,
    },
  });
}

/** Undoes "done" on a due date; its evidence file goes with it. */
export async function reopenOccurrence(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: CalendarViewer,
  options: { eventId: string; date: string },
): Promise<void> {
  const { db } = app.database;
  const event = await getCalendarEvent(db, viewer.companyId, options.eventId);
  if (!canCompleteEvent(event, viewer)) throw forbidden();
  const [removed] = await db
    .delete(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.eventId, event.id),
        eq(calendarCompletions.companyId, viewer.companyId),
        eq(calendarCompletions.occurrenceDate, options.date),
      ),
    )
    .returning();
  if (!removed) throw new AppError(404, 'not_done', 'This due date is not marked done.');
  await recordAudit(db, request, {
    action: 'calendar.occurrence_reopened',
    actorUserId: viewer.userId,
    companyId: viewer.companyId,
    targetType: 'calendar_event',
    targetId: event.id,
    before: {
      date: options.date,
      title: event.title,
      doneByName: removed.doneByName,
      evidenceNote: removed.evidenceNote,
      evidenceUrl: removed.evidenceUrl,
      file: removed.fileName,
    },
  });
  if (removed.storageKey) await removeFiles(app, [removed.storageKey]);
}

/** The stored evidence file of a completed due date of the company. */
export async function findCompletionFile(
  db: Db,
  companyId: string,
  options: { eventId: string; date: string },
) {
  const [row] = await db
    .select()
    .from(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.eventId, options.eventId),
        eq(calendarCompletions.companyId, companyId),
        eq(calendarCompletions.occurrenceDate, options.date),
      ),
    );
  if (!row?.storageKey || !row.fileName) throw AppError.notFound();
  return row;
}

async function removeFiles(app: FastifyInstance, keys: string[]) {
  await Promise.all(
    keys.map((key) =>
      app.storage.delete(key).catch((error: unknown) => {
        app.log.warn({ err: error, key }, 'could not remove a calendar evidence file');
      }),
    ),
  );
}
