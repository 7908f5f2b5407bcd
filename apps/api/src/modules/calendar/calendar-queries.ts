import type { Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays } from '@complivue/shared/calendar-days';
import { findRegulatoryDeadlineTemplate } from '@complivue/shared/regulatory-deadlines';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type CalendarCompletion,
  type CalendarEvent,
  type CalendarOccurrence,
  type OccurrencesQuery,
  type OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import { ensureSeededDeadlines, templateApplies } from './calendar-seed.ts';
import { occurrencesBetween } from './recurrence.ts';

export type EventRow = typeof calendarEvents.$inferSelect;
export type CompletionRow = typeof calendarCompletions.$inferSelect;
export interface EventWithOwner extends EventRow {
  ownerName: string | null;
}

/** Who reads or changes the calendar: a member of `companyId`, and what "today" is for them. */
export interface CalendarViewer {
  userId: string;
  name: string;
  role: Role;
  companyId: string;
  facts: InstitutionFacts;
  /** Today in the member's time zone (`YYYY-MM-DD`). */
  today: string;
}

/**
 * Who may change what (docs/architecture.md, "Regulatory calendar"): managers and administrators
 * change every event; any member adds company events and CTR/SAR deadlines and changes the ones
 * they own or created; a seeded regulatory deadline is changed or deleted only by a manager or
 * an administrator, but its owner may mark it done.
 */
export function canEditEvent(event: EventRow, viewer: Pick<CalendarViewer, 'userId' | 'role'>) {
  if (hasRoleAtLeast(viewer.role, 'manager')) return true;
  if (event.kind === 'regulatory') return false;
  return event.ownerId === viewer.userId || event.createdBy === viewer.userId;
}

export function canCompleteEvent(event: EventRow, viewer: Pick<CalendarViewer, 'userId' | 'role'>) {
  return canEditEvent(event, viewer) || event.ownerId === viewer.userId;
}

const ownerName = sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`;

async function selectEvents(db: Db, companyId: string): Promise<EventWithOwner[]> {
  const rows = await db
    .select({ event: calendarEvents, ownerName })
    .from(calendarEvents)
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(eq(calendarEvents.companyId, companyId))
    .orderBy(asc(calendarEvents.startsOn), asc(calendarEvents.title));
  return rows.map((row) => ({ ...row.event, ownerName: row.ownerName }));
}

/**
 * Every event of the company, deleted seeded deadlines included, after copying in the seeded
 * deadlines that apply and are missing (the first read of a calendar fills it).
 */
export async function loadCalendarEvents(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; today: string },
): Promise<EventWithOwner[]> {
  const rows = await selectEvents(db, options.companyId);
  const inserted = await ensureSeededDeadlines(db, {
    ...options,
    existingKeys: new Set(rows.flatMap((row) => (row.templateKey ? [row.templateKey] : []))),
  });
  return inserted.length > 0 ? selectEvents(db, options.companyId) : rows;
}

/** One event of the viewer's company, or 404 (another company's id is simply not found). */
export async function getCalendarEvent(
  db: Db,
  companyId: string,
  eventId: string,
): Promise<EventWithOwner> {
  const [row] = await db
    .select({ event: calendarEvents, ownerName })
    .from(calendarEvents)
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.companyId, companyId)));
  if (!row) throw AppError.notFound(CALENDAR_MESSAGES.not_found);
  return { ...row.event, ownerName: row.ownerName };
}

export function toCalendarEvent(event: EventWithOwner, viewer: CalendarViewer): CalendarEvent {
  const template =
    event.kind === 'regulatory' ? findRegulatoryDeadlineTemplate(event.templateKey) : undefined;
  return {
    id: event.id,
    kind: event.kind,
    templateKey: event.templateKey,
    title: event.title,
    description: event.description,
    area: event.area,
    citation: event.citation,
    startsOn: event.startsOn,
    rrule: event.rrule,
    ownerId: event.ownerId,
    ownerName: event.ownerName,
    reminderDays: event.reminderDays,
    createdAt: event.createdAt.toISOString(),
    dismissed: event.dismissedAt !== null,
    appliesToInstitution: template ? templateApplies(viewer.facts, template) : true,
    applicabilityNote: template?.applicability.note ?? null,
    canEdit: canEditEvent(event, viewer),
    canComplete: canCompleteEvent(event, viewer),
  };
}

export function toCompletion(row: CompletionRow): CalendarCompletion {
  return {
    doneAt: row.doneAt.toISOString(),
    doneByName: row.doneByName,
    evidenceNote: row.evidenceNote,
    evidenceUrl: row.evidenceUrl,
    file:
      row.fileName && row.contentType
        ? { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes ?? 0 }
        : null,
  };
}

/**
 * The due dates of the company's live events in a range (at most 5,000), each with its event and
 * its completion. A stored rule that no longer parses contributes nothing rather than failing
 * the whole calendar.
 */
export function expandOccurrences(
  events: EventRow[],
  range: { from: string; to: string },
  limit: number = CALENDAR_LIMITS.maxOccurrences,
): { items: { event: EventRow; date: string }[]; truncated: boolean } {
  const items: { event: EventRow; date: string }[] = [];
  let truncated = false;
  for (const event of events) {
    if (event.dismissedAt) continue;
    let expanded: ReturnType<typeof occurrencesBetween>;
    try {
      expanded = occurrencesBetween(event, range.from, range.to, limit - items.length);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    items.push(...expanded.dates.map((date) => ({ event, date })));
    if (expanded.truncated || items.length >= limit) {
      truncated = expanded.truncated || items.length >= limit;
      if (items.length >= limit) break;
    }
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || a.event.title.localeCompare(b.event.title));
  return { items, truncated };
}

async function completionsBetween(
  db: Db,
  companyId: string,
  range: { from: string; to: string },
): Promise<Map<string, CompletionRow>> {
  const rows = await db
    .select()
    .from(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.companyId, companyId),
        between(calendarCompletions.occurrenceDate, range.from, range.to),
      ),
    );
  return new Map(rows.map((row) => [`${row.eventId}/${row.occurrenceDate}`, row]));
}

/** `GET /api/calendar/occurrences`: the range's due dates, done or not, overdue or not. */
export async function findOccurrences(
  db: Db,
  viewer: CalendarViewer,
  range: OccurrencesQuery,
): Promise<OccurrencesResponse> {
  const [events, completions] = await Promise.all([
    loadCalendarEvents(db, viewer),
    completionsBetween(db, viewer.companyId, range),
  ]);
  const { items, truncated } = expandOccurrences(events, range);
  const occurrences: CalendarOccurrence[] = items.map(({ event, date }) => {
    const completion = completions.get(`${event.id}/${date}`);
    return {
      eventId: event.id,
      date,
      completion: completion ? toCompletion(completion) : null,
      overdue: !completion && date < viewer.today,
    };
  });
  const used = new Set(occurrences.map((occurrence) => occurrence.eventId));
  return {
    today: viewer.today,
    from: range.from,
    to: range.to,
    occurrences,
    events: events
      .filter((event) => used.has(event.id))
      .map((event) => toCalendarEvent(event, viewer)),
    truncated,
  };
}

/**
 * The dashboard's Upcoming Deadlines: due dates of the company's live events from today through
 * today + 29 (30 calendar days, today included) that are not marked done.
 */
export async function countUpcomingDeadlines(
  db: Db,
  options: { companyId: string; facts: InstitutionFacts; today: string },
): Promise<number> {
  const range = { from: options.today, to: addDays(options.today, 29) };
  const [events, completions] = await Promise.all([
    loadCalendarEvents(db, options),
    completionsBetween(db, options.companyId, range),
  ]);
  return expandOccurrences(events, range).items.filter(
    ({ event, date }) => !completions.has(`${event.id}/${date}`),
  ).length;
}

/** The completion of one due date of the company, or null. */
export async function findCompletion(
  db: Db,
  companyId: string,
  options: { eventId: string; date: string },
): Promise<CalendarCompletion | null> {
  const [row] = await db
    .select()
    .from(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.companyId, companyId),
        eq(calendarCompletions.eventId, options.eventId),
        eq(calendarCompletions.occurrenceDate, options.date),
      ),
    );
  return row ? toCompletion(row) : null;
}

/** Members who may own a deadline: the company's active members. */
export async function findCalendarOwners(db: Db, companyId: string) {
  const rows = await db
    .select({ userId: userProfiles.userId, name: ownerName })
    .from(userProfiles)
    .where(and(eq(userProfiles.companyId, companyId), eq(userProfiles.status, 'active')))
    .orderBy(asc(ownerName));
  return rows.map((row) => ({ userId: row.userId, name: row.name ?? '' }));
}
