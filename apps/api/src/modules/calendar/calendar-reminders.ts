import {
  calendarCompletions,
  calendarEvents,
  calendarRemindersSent,
} from '@complivue/db/schema/calendar';
import { userProfiles } from '@complivue/db/schema/profiles';
import { addDays, daysBetween, formatLongDay, todayIn } from '@complivue/shared/calendar-days';
import { and, between, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';
import type { EventRow } from './calendar-queries.ts';
import { occurrencesBetween } from './recurrence.ts';

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
 * The reminders job (every 15 minutes, on every instance): for each live event with reminders,
 * each due date not done whose reminder day has come is claimed by inserting its row into
 * calendar_reminders_sent; only the instance whose insert wins notifies (in the app, and by
 * email per the recipient's preferences), so each reminder goes out once. "Today" is the owner's
 * (their profile's time zone, else US Eastern). Recipients: the owner, else the administrators.
 */
export async function sendDueReminders(
  deps: NotifyDependencies,
  now: Date = new Date(),
): Promise<ReminderOutcome> {
  const { db } = deps;
  const rows = await db
    .select({
      event: calendarEvents,
      ownerStatus: userProfiles.status,
      ownerCompanyId: userProfiles.companyId,
      ownerTimeZone: userProfiles.timezone,
    })
    .from(calendarEvents)
    .leftJoin(userProfiles, eq(userProfiles.userId, calendarEvents.ownerId))
    .where(
      and(isNull(calendarEvents.dismissedAt), sql`cardinality(${calendarEvents.reminderDays}) > 0`),
    );

  const adminsOf = new Map<string, Promise<string[]>>();
  const administrators = (companyId: string) => {
    let found = adminsOf.get(companyId);
    if (!found) {
      found = db
        .select({ userId: userProfiles.userId })
        .from(userProfiles)
        .where(
          and(
            eq(userProfiles.companyId, companyId),
            eq(userProfiles.role, 'admin'),
            eq(userProfiles.status, 'active'),
          ),
        )
        .then((admins) => admins.map((admin) => admin.userId));
      adminsOf.set(companyId, found);
    }
    return found;
  };

  let sent = 0;
  for (const row of rows) {
    const { event } = row;
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
        await notify(deps, reminderNotification(event, dueOn, today, recipients));
        sent += 1;
      } catch (error) {
        deps.log.error({ err: error, eventId: event.id, dueOn }, 'deadline reminder failed');
      }
    }
  }
  return { sent };
}

function reminderNotification(event: EventRow, dueOn: string, today: string, userIds: string[]) {
  const left = daysBetween(today, dueOn);
  const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`;
  return {
    companyId: event.companyId,
    userIds,
    type: 'calendar.reminder',
    category: 'deadlines' as const,
    priority: left <= 1 ? ('high' as const) : ('normal' as const),
    title: `Due ${when}: ${event.title}`,
    body: `${event.title} is due ${formatLongDay(dueOn)}${event.citation ? ` (${event.citation})` : ''}. Mark it done with its evidence in the regulatory calendar.`,
    link: `/regulatory-calendar?event=${event.id}&date=${dueOn}`,
  };
}
