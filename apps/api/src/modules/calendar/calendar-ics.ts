import { addDays, dayToDate } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { calendarEventLink } from '@complivue/shared/record-links';
import ical from 'ical-generator';
import { isConfidential, type EventRow } from './calendar.queries.ts';

/**
 * The company's calendar as iCalendar (RFC 5545): each live event once, as an all-day event
 * whose RRULE is the event's own, so a calendar app shows every due date without us listing
 * them. Dates are floating whole days (DTSTART;VALUE=DATE), the same in every time zone.
 * SAR deadlines are never included, whoever asks: a file or a subscribed calendar app is read
 * outside the app's access control, and would reveal a SAR (31 CFR 1020.320(e), 1029.320).
 */
export function calendarIcs(
  events: EventRow[],
  options: { companyName: string; appUrl: string },
): string {
  const calendar = ical({
    name: `${options.companyName}: regulatory calendar`,
    description: 'Compliance deadlines from Complivue. Informational only; not legal advice.',
    prodId: { company: 'Complivue', product: 'Regulatory calendar', language: 'EN' },
    // Calendar apps that honour it refresh a subscription every six hours.
    ttl: 6 * 60 * 60,
  });
  for (const event of events) {
    if (event.dismissedAt || event.deletedAt || isConfidential(event)) continue;
    // Where a calendar app's "open" link lands: the event in the calendar page.
    const link = new URL(calendarEventLink(event.id), options.appUrl).toString();
    calendar.createEvent({
      id: `${event.id}@complivue`,
      allDay: true,
      start: dayToDate(event.startsOn),
      end: dayToDate(addDays(event.startsOn, 1)),
      repeating: event.rrule ? `RRULE:${event.rrule}` : null,
      summary: event.title,
      description: [event.description, event.citation ? `Citation: ${event.citation}` : '', link]
        .filter(Boolean)
        .join('\n\n'),
      categories: event.area ? [{ name: REGULATION_AREA_INFO[event.area].tag }] : [],
      url: link,
      stamp: event.updatedAt,
      lastModified: event.updatedAt,
    });
  }
  return calendar.toString();
}
