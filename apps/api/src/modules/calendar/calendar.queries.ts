import { preparedPerDatabase, type Db } from '@complivue/db/database';
import { calendarCompletions, calendarEvents } from '@complivue/db/schema/calendar';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays } from '@complivue/shared/calendar-days';
import { findRegulatoryDeadlineTemplate } from '@complivue/shared/regulatory-deadlines';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type CalendarCompletion,
  type CalendarEvent,
  type CalendarOccurrence,
  type OccurrencesQuery,
  type OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { and, asc, between, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { InstitutionFacts } from '../library/applicability.ts';
import { templateApplies } from './calendar-seed.ts';
import { occurrencesBetween } from './recurrence.ts';
import { findActiveMembers } from '../companies/members.ts';

export type EventRow = typeof calendarEvents.$inferSelect;
export type CompletionRow = typeof calendarCompletions.$inferSelect;
export interface EventWithOwner extends EventRow {
  ownerName: string | null;
}

/** Who reads or changes the calendar: a member of `companyId`, and what "today" is for them. */
export interface CalendarViewer extends Omit<Actor, 'ip' | 'userAgent'> {
  name: string;
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
export function canEditEvent(
  event: EventRow,
  viewer: Pick<CalendarViewer, 'actorUserId' | 'role'>,
) {
  if (hasRoleAtLeast(viewer.role, 'manager')) return true;
  if (event.kind === 'regulatory') return false;
  return event.ownerId === viewer.actorUserId || event.createdBy === viewer.actorUserId;
}

export function canCompleteEvent(
  event: EventRow,
  viewer: Pick<CalendarViewer, 'actorUserId' | 'role'>,
) {
  return canEditEvent(event, viewer) || event.ownerId === viewer.actorUserId;
}

/** Who reads an event: a SAR deadline is confidential (31 CFR 1020.320(e), 1029.320). */
export type EventReader = Pick<CalendarViewer, 'actorUserId' | 'role'>;

export const isConfidential = (event: Pick<EventRow, 'filing'>) => event.filing === 'sar';

/**
 * Every member sees every event, except a SAR deadline: only managers, administrators, its
 * owner and the member who added it see it. Everywhere else (other members' calendars, the
 * dashboard's count for them, iCalendar exports and subscriptions) it does not exist.
 */
export function canSeeEvent(
  event: Pick<EventRow, 'filing' | 'ownerId' | 'createdBy'>,
  viewer: EventReader,
) {
  if (!isConfidential(event)) return true;
  return (
    hasRoleAtLeast(viewer.role, 'manager') ||
    event.ownerId === viewer.actorUserId ||
    event.createdBy === viewer.actorUserId
  );
}

/**
 * Whether the profile lets a seeded deadline stand (`templateApplies`; company events always
 * do): the dashboard's count and the reminders leave out the ones it says do not apply.
 */
export function eventApplies(event: EventRow, facts: InstitutionFacts): boolean {
  if (event.kind !== 'regulatory') return true;
  const template = findRegulatoryDeadlineTemplate(event.templateKey);
  return template ? templateApplies(facts, template) : true;
}

const ownerName = sql<string | null>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`;

/** Read on every calendar and dashboard request: prepared once. */
const eventsOfCompany = preparedPerDatabase((db) =>
  db
    .select({ event: calendarEvents, ownerName })
    .from(calendarEvents)
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(
      and(
        eq(calendarEvents.companyId, sql.placeholder('companyId')),
        isNull(calendarEvents.deletedAt),
      ),
    )
    .orderBy(asc(calendarEvents.startsOn), asc(calendarEvents.title))
    .prepare('calendar_events_of_company'),
);

/**
 * Every event of the company that is not deleted (deleted seeded deadlines included, as
 * `dismissedAt`; SAR deadlines included: callers filter with `canSeeEvent`). A read only: the
 * seeded deadlines are kept in line with the profile when the profile changes
 * (`reconcileSeededDeadlines`, decision 0017), never here.
 */
export async function findCalendarEvents(db: Db, companyId: string): Promise<EventWithOwner[]> {
  const rows = await eventsOfCompany(db).execute({ companyId });
  return rows.map((row) => ({ ...row.event, ownerName: row.ownerName }));
}

/**
 * One event of the company (not deleted), or 404 (another company's id is simply not found).
 * Requests of a member go through `getVisibleEvent`.
 */
export async function getCalendarEvent(
  db: Db,
  companyId: string,
  eventId: string,
): Promise<EventWithOwner> {
  const [row] = await db
    .select({ event: calendarEvents, ownerName })
    .from(calendarEvents)
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(
      and(
        eq(calendarEvents.id, eventId),
        eq(calendarEvents.companyId, companyId),
        isNull(calendarEvents.deletedAt),
      ),
    );
  if (!row) throw new AppError('not_found', CALENDAR_MESSAGES.not_found);
  return { ...row.event, ownerName: row.ownerName };
}

/** One event the viewer may see, or 404: a SAR deadline they may not see does not exist. */
export async function getVisibleEvent(
  db: Db,
  viewer: Pick<CalendarViewer, 'companyId' | 'actorUserId' | 'role'>,
  eventId: string,
): Promise<EventWithOwner> {
  const event = await getCalendarEvent(db, viewer.companyId, eventId);
  if (!canSeeEvent(event, viewer)) throw new AppError('not_found', CALENDAR_MESSAGES.not_found);
  return event;
}

export function toCalendarEvent(event: EventWithOwner, viewer: CalendarViewer): CalendarEvent {
  const template =
    event.kind === 'regulatory' ? findRegulatoryDeadlineTemplate(event.templateKey) : undefined;
  return {
    id: event.id,
    kind: event.kind,
    templateKey: event.templateKey,
    filing: event.filing,
    confidential: isConfidential(event),
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
    id: row.id,
    doneAt: row.doneAt.toISOString(),
    doneByName: row.doneByName,
    evidenceNote: row.evidenceNote,
    evidenceUrl: row.evidenceUrl,
    file:
      row.fileName && row.contentType
        ? { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes ?? 0 }
        : null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoneByName: row.undoneByName,
  };
}

/**
 * The due dates of live events in a range, in date order, each with its event: the earliest
 * `limit` (5,000) of them, whichever events they belong to (`truncated` says some were left
 * out). Each event is expanded up to the latest date still kept, so the work stays bounded. A
 * stored rule that no longer parses contributes nothing rather than failing the whole calendar.
 */
export function expandOccurrences<Event extends EventRow>(
  events: Event[],
  range: { from: string; to: string },
  limit: number = CALENDAR_LIMITS.maxOccurrences,
): { items: { event: Event; date: string }[]; truncated: boolean } {
  let items: { event: Event; date: string }[] = [];
  let truncated = false;
  let to = range.to;
  const order = (a: (typeof items)[number], b: (typeof items)[number]) =>
    a.date.localeCompare(b.date) || a.event.title.localeCompare(b.event.title);
  const keepEarliest = () => {
    items.sort(order);
    if (items.length <= limit) return;
    truncated = true;
    items = items.slice(0, limit);
    // Later events need no date after the last one kept.
    to = items.at(-1)!.date;
  };
  for (const event of events) {
    if (event.dismissedAt || event.deletedAt) continue;
    let expanded: ReturnType<typeof occurrencesBetween>;
    try {
      expanded = occurrencesBetween(event, range.from, to, limit);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    if (expanded.truncated) truncated = true;
    for (const date of expanded.dates) items.push({ event, date });
    // Trimmed now and then, not after each event: sorting is the costly part.
    if (items.length >= 2 * limit) keepEarliest();
  }
  keepEarliest();
  return { items, truncated };
}

/** A due date's key: in the completions read here, `upcomingDueDates` and `completedDueDatesJson`. */
const dueDateKey = (eventId: string, date: string) => `${eventId}/${date}`;

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
        isNull(calendarCompletions.undoneAt),
      ),
    );
  return new Map(rows.map((row) => [dueDateKey(row.eventId, row.occurrenceDate), row]));
}

/** `GET /api/calendar/occurrences`: the range's due dates, done or not, overdue or not. */
export async function findOccurrences(
  db: Db,
  viewer: CalendarViewer,
  range: OccurrencesQuery,
): Promise<OccurrencesResponse> {
  const [all, completions] = await Promise.all([
    findCalendarEvents(db, viewer.companyId),
    completionsBetween(db, viewer.companyId, range),
  ]);
  const events = all.filter((event) => canSeeEvent(event, viewer));
  const { items, truncated } = expandOccurrences(events, range);
  const occurrences: CalendarOccurrence[] = items.map(({ event, date }) => {
    const completion = completions.get(dueDateKey(event.id, date));
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
 * The dashboard's two windows of due dates, as the calendar's list shows them: overdue is the
 * 364 days before today (the list's "Overdue", "due in the last 12 months"), upcoming is today
 * through today + 29 (30 calendar days, the list's "next 30 days").
 */
export const dashboardDeadlineRanges = (today: string) => ({
  overdue: { from: addDays(today, -364), to: addDays(today, -1) },
  upcoming: { from: today, to: addDays(today, 29) },
});

interface DueDateReader {
  companyId: string;
  facts: InstitutionFacts;
  today: string;
  viewer: EventReader;
}

/** The company's live events the viewer sees and the profile does not rule out. */
async function readableEvents(db: Db, options: DueDateReader): Promise<EventWithOwner[]> {
  const all = await findCalendarEvents(db, options.companyId);
  return all.filter(
    (event) => canSeeEvent(event, options.viewer) && eventApplies(event, options.facts),
  );
}

export interface DueDate {
  event: EventWithOwner;
  date: string;
  /** `eventId/date`, as `completedDueDatesJson` lists the ones marked done. */
  key: string;
}

/** `range`'s due dates of `events`, in date order; each window is expanded on its own. */
const dueDatesIn = (events: EventWithOwner[], range: { from: string; to: string }): DueDate[] =>
  expandOccurrences(events, range).items.map(({ event, date }) => ({
    event,
    date,
    key: dueDateKey(event.id, date),
  }));

/**
 * The dashboard's due dates in `dashboardDeadlineRanges`, before those marked done are taken
 * out: of the company's live events that the viewer sees (a SAR deadline counts only for those
 * who may see it) and that the profile does not say are not applicable, in date order. Each
 * window is expanded on its own, as the list reads it, so one cannot crowd out the other.
 */
export async function dashboardDueDates(
  db: Db,
  options: DueDateReader,
): Promise<{ overdue: DueDate[]; upcoming: DueDate[] }> {
  const events = await readableEvents(db, options);
  const ranges = dashboardDeadlineRanges(options.today);
  return {
    overdue: dueDatesIn(events, ranges.overdue),
    upcoming: dueDatesIn(events, ranges.upcoming),
  };
}

/**
 * The due dates the calendar list calls "Overdue" (the 364 days before today, not marked done),
 * with the events they were expanded from: `dashboardDueDates`' overdue window less the
 * completions, for readers outside the dashboard's one query.
 */
export async function overdueOpenDueDates(
  db: Db,
  options: DueDateReader,
): Promise<{ events: EventWithOwner[]; overdue: DueDate[] }> {
  const range = dashboardDeadlineRanges(options.today).overdue;
  const [events, completions] = await Promise.all([
    readableEvents(db, options),
    completionsBetween(db, options.companyId, range),
  ]);
  return {
    events,
    overdue: dueDatesIn(events, range).filter((dueDate) => !completions.has(dueDate.key)),
  };
}

/**
 * The company's due dates marked done (and not undone) in `range`, as a JSON array of the same
 * `eventId/date` keys, for a column of the dashboard's one query.
 */
export function completedDueDatesJson(
  companyId: string | Placeholder,
  range: { from: string | Placeholder; to: string | Placeholder },
): SQL {
  return sql`coalesce((SELECT json_agg(${calendarCompletions.eventId}::text || '/' || ${calendarCompletions.occurrenceDate}::text)
    FROM ${calendarCompletions}
    WHERE ${and(
      eq(calendarCompletions.companyId, companyId),
      between(calendarCompletions.occurrenceDate, range.from, range.to),
      isNull(calendarCompletions.undoneAt),
    )}), '[]'::json)`;
}

/** The completion (not undone) of one due date of the company, or null. */
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
        isNull(calendarCompletions.undoneAt),
      ),
    );
  return row ? toCompletion(row) : null;
}

/** Every completion of one due date of the company, undone ones included, newest first. */
export async function findCompletionHistory(
  db: Db,
  companyId: string,
  options: { eventId: string; date: string },
): Promise<CalendarCompletion[]> {
  const rows = await db
    .select()
    .from(calendarCompletions)
    .where(
      and(
        eq(calendarCompletions.companyId, companyId),
        eq(calendarCompletions.eventId, options.eventId),
        eq(calendarCompletions.occurrenceDate, options.date),
      ),
    )
    .orderBy(desc(calendarCompletions.doneAt), desc(calendarCompletions.id));
  return rows.map(toCompletion);
}

/** Members who may own a deadline: the company's active members. */
export async function findCalendarOwners(db: Db, companyId: string) {
  const members = await findActiveMembers(db, companyId);
  return members.map(({ userId, name }) => ({ userId, name }));
}

/**
 * The due dates of a range that the viewer sees and the profile does not rule out, each with its
 * completion (not undone) or null, in date order: what analytics counts as met, late or missed.
 */
export async function findDueDatesWithCompletions(
  db: Db,
  options: DueDateReader & { range: { from: string; to: string } },
): Promise<{ dueDate: DueDate; completion: CompletionRow | null }[]> {
  const [events, completions] = await Promise.all([
    readableEvents(db, options),
    completionsBetween(db, options.companyId, options.range),
  ]);
  return dueDatesIn(events, options.range).map((dueDate) => ({
    dueDate,
    completion: completions.get(dueDate.key) ?? null,
  }));
}
