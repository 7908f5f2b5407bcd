import {
  calendarCompletions,
  calendarEvents,
  calendarRemindersSent,
} from '@complivue/db/schema/calendar';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays, daysBetween, formatShortDay, todayIn } from '@complivue/shared/calendar-days';
import { BSA_FILING_DEADLINE } from '@complivue/shared/regulatory-deadlines';
import { calendarEventLink } from '@complivue/shared/record-links';
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { institutionFacts } from '../companies/institution.ts';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';
import { eventApplies, isConfidential, type EventRow } from './calendar.queries.ts';
import { occurrencesBetween } from './recurrence.ts';
import { findAdministratorIds } from '../companies/members.ts';

/**
 * Which reminders of one due date are due on `today`: those whose day (the due date minus N)
 * has come, but not before the event was last saved (`armedOn`): a reminder whose day had
 * already passed when the event was created or changed is never sent late. Nothing is sent for
 * a due date already past.
 */
export function remindersDue(options: {
  dueOn: string;
  reminderDays: number[];
  today: string;
  armedOn: string;
}): number[] {
  if (options.dueOn < options.today) return [];
  return options.reminderDays.filter((days) => {
    const reminderOn = addDays(options.dueOn, -days);
    return reminderOn <= options.today && reminderOn >= options.armedOn;
  });
}

export interface ReminderOutcome {
  sent: number;
}

/**
 * The reminders job (every 15 minutes, on every instance): for each live event with reminders
 * (not deleted, and not a seeded deadline the profile says does not apply), each due date not
 * done whose reminder day has come is claimed by inserting its row into calendar_reminders_sent;
 * only the instance whose insert wins notifies (in the app, and by email per the recipient's
 * preferences), so each reminder goes out once. When notifying fails the claim is released (its
 * rows deleted) so that the next run tries again. "Today" is the owner's (their profile's time
 * zone, else US Eastern). Recipients: the owner, else the administrators.
 */
export async function sendDueReminders(
  deps: NotifyDependencies,
  now: Date = new Date(),
  send: typeof notify = notify,
): Promise<ReminderOutcome> {
  const { db } = deps;
  const rows = await db
    .select({
      event: calendarEvents,
      ownerStatus: userProfiles.status,
      ownerCompanyId: userProfiles.companyId,
      ownerTimeZone: userProfiles.timezone,
      institutionType: companies.institutionType,
      regulationAreas: companies.regulationAreas,
    })
    .from(calendarEvents)
    .innerJoin(companies, eq(companies.id, calendarEvents.companyId))
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(
      and(
        isNull(calendarEvents.dismissedAt),
        isNull(calendarEvents.deletedAt),
        sql`cardinality(${calendarEvents.reminderDays}) > 0`,
      ),
    );

  const adminsOf = new Map<string, Promise<string[]>>();
  const administrators = (companyId: string) => {
    let found = adminsOf.get(companyId);
    if (!found) {
      found = findAdministratorIds(db, companyId);
      adminsOf.set(companyId, found);
    }
    return found;
  };

  let sent = 0;
  for (const row of rows) {
    const { event } = row;
    if (!eventApplies(event, institutionFacts(row))) continue;
    const ownerActive =
      event.ownerId !== null &&
      row.ownerStatus === 'active' &&
      row.ownerCompanyId === event.companyId;
    const today = todayIn(ownerActive ? row.ownerTimeZone : null, now);
    const armedOn = todayIn(ownerActive ? row.ownerTimeZone : null, event.updatedAt);
    const horizon = addDays(today, Math.max(...event.reminderDays));
    let dates: string[];
    try {
      dates = occurrencesBetween(event, today, horizon, 400).dates;
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    if (dates.length === 0) continue;
    const done = new Set(
      (
        await db
          .select({ date: calendarCompletions.occurrenceDate })
          .from(calendarCompletions)
          .where(
            and(
              eq(calendarCompletions.eventId, event.id),
              between(calendarCompletions.occurrenceDate, today, horizon),
              isNull(calendarCompletions.undoneAt),
            ),
          )
      ).map((completion) => completion.date),
    );
    for (const dueOn of dates) {
      if (done.has(dueOn)) continue;
      const due = remindersDue({ dueOn, reminderDays: event.reminderDays, today, armedOn });
      if (due.length === 0) continue;
      // Every reminder whose day has come is claimed; one notification says how long is left.
      const claimed = await db
        .insert(calendarRemindersSent)
        .values(due.map((daysBefore) => ({ eventId: event.id, occurrenceDate: dueOn, daysBefore })))
        .onConflictDoNothing()
        .returning({ daysBefore: calendarRemindersSent.daysBefore });
      if (claimed.length === 0) continue;
      const recipients = ownerActive ? [event.ownerId!] : await administrators(event.companyId);
      try {
        await send(deps, reminderNotification(event, dueOn, today, recipients));
        sent += 1;
      } catch (error) {
        deps.log.error({ err: error, eventId: event.id, dueOn }, 'deadline reminder failed');
        // Released, so that the next run sends it (a reminder is never lost to one failure).
        await db
          .delete(calendarRemindersSent)
          .where(
            and(
              eq(calendarRemindersSent.eventId, event.id),
              eq(calendarRemindersSent.occurrenceDate, dueOn),
              inArray(
                calendarRemindersSent.daysBefore,
                claimed.map((claim) => claim.daysBefore),
              ),
            ),
          )
          .catch((releaseError: unknown) =>
            deps.log.error({ err: releaseError, eventId: event.id }, 'reminder claim not released'),
          );
      }
    }
  }
  return { sent };
}

/**
 * A reminder's notification. A SAR deadline's says only "BSA filing deadline" and its date: no
 * title, reference or citation, which would reveal a SAR (31 CFR 1020.320(e), 1029.320) in an
 * email or a notification list.
 */
export function reminderNotification(
  event: EventRow,
  dueOn: string,
  today: string,
  userIds: string[],
) {
  const left = daysBetween(today, dueOn);
  const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`;
  const common = {
    companyId: event.companyId,
    userIds,
    type: 'calendar.reminder',
    category: 'deadlines' as const,
    priority: left <= 1 ? ('high' as const) : ('normal' as const),
    link: calendarEventLink(event.id, dueOn),
  };
  if (isConfidential(event)) {
    return {
      ...common,
      title: `${BSA_FILING_DEADLINE} due ${formatShortDay(dueOn)}`,
      body: `A ${BSA_FILING_DEADLINE} is due ${when}. Open it in the regulatory calendar for the details.`,
    };
  }
  return {
    ...common,
    title: `Due ${when}: ${event.title}`,
    body: `${event.title} is due ${formatShortDay(dueOn)}${event.citation ? ` (${event.citation})` : ''}. Mark it done with its evidence in the regulatory calendar.`,
  };
}
