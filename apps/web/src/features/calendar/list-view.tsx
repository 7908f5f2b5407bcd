import { addDays, formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { CalendarEvent, CalendarOccurrence } from '@complivue/shared/schemas/calendar';
import type { ReactNode } from 'react';
import { Citations } from '@/components/citation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOccurrences } from './api.ts';
import { OccurrenceStatus } from './occurrence-status.tsx';

/** Due dates with their event, owner and state (`status`, else due/overdue/done). */
export function OccurrenceList({
  items,
  events,
  today,
  onOpen,
  empty,
  status,
}: {
  items: CalendarOccurrence[];
  events: Map<string, CalendarEvent>;
  today: string;
  onOpen: (eventId: string, date: string) => void;
  empty: string;
  status?: (item: CalendarOccurrence) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-700">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {items.map((item) => {
        const event = events.get(item.eventId);
        return (
          <li
            key={`${item.eventId}/${item.date}`}
            className={
              item.overdue
                ? 'flex flex-col gap-1 border-l-4 border-l-red-700 bg-red-50 p-3 sm:flex-row sm:items-center sm:gap-3'
                : 'flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-3'
            }
          >
            <span className="w-40 shrink-0 text-sm font-medium text-slate-900">
              {formatShortDay(item.date)}
            </span>
            <span className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => onOpen(item.eventId, item.date)}
                className="text-left font-medium text-brand-700 underline"
              >
                {event?.title ?? 'Event'}
              </button>
              <span className="block text-xs text-slate-700">
                {event?.area && `${REGULATION_AREA_INFO[event.area].tag} · `}
                {event?.citation && (
                  <>
                    <Citations citations={event.citation} />
                    {' · '}
                  </>
                )}
                {event?.ownerName ? `Owner: ${event.ownerName}` : 'No owner'}
              </span>
            </span>
            <span className="self-start sm:self-auto">
              {status ? status(item) : <OccurrenceStatus occurrence={item} today={today} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export const eventsOf = (...lists: (CalendarEvent[] | undefined)[]) =>
  new Map(lists.flatMap((list) => list ?? []).map((event) => [event.id, event]));

/** How far ahead the list reads: 90 days unless the URL says (`?days=30`, the dashboard's). */
export const DEFAULT_LIST_DAYS = 90;
export const MAX_LIST_DAYS = 360;

export function listDays(param: string | null): number {
  const days = Number(param);
  return Number.isInteger(days) && days >= 1 && days <= MAX_LIST_DAYS ? days : DEFAULT_LIST_DAYS;
}

/**
 * Overdue due dates of the last year, then what is due in the next `days` days; with
 * `overdueOnly`, the overdue ones alone (the dashboard's "Overdue deadlines" opens that list).
 */
export function ListView({
  today,
  days,
  overdueOnly,
  onChange,
  onOpen,
}: {
  today: string;
  days: number;
  overdueOnly: boolean;
  onChange: (next: { days?: number; overdueOnly?: boolean }) => void;
  onOpen: (eventId: string, date: string) => void;
}) {
  // The browser's today may be a day off the member's (the server's): each range reaches one
  // day further, and the server's `today` and `overdue` flags sort the dates.
  const overdue = useOccurrences({ from: addDays(today, -364), to: today });
  const upcoming = useOccurrences({ from: addDays(today, -1), to: addDays(today, days - 1) });
  if (overdue.isPending || upcoming.isPending) return <Spinner label="Loading deadlines" />;
  if (overdue.isError) return <Alert variant="destructive">{overdue.error.message}</Alert>;
  if (upcoming.isError) return <Alert variant="destructive">{upcoming.error.message}</Alert>;
  const events = eventsOf(overdue.data.events, upcoming.data.events);
  const late = overdue.data.occurrences.filter((item) => item.overdue);
  const serverToday = upcoming.data.today;
  const coming = upcoming.data.occurrences.filter((item) => item.date >= serverToday);
  return (
    <div className="space-y-6">
      <section aria-labelledby="overdue-heading" className="space-y-2">
        <h2 id="overdue-heading" className="text-lg font-semibold text-red-900">
          Overdue ({late.length})
        </h2>
        <p className="text-xs text-slate-600">Due in the last 12 months and not marked done.</p>
        <OccurrenceList
          items={late}
          events={events}
          today={serverToday}
          onOpen={onOpen}
          empty="Nothing is overdue."
        />
        {overdue.data.truncated && (
          <Alert>
            Only the earliest 5,000 due dates of the last 12 months were read: more may be overdue.
            Open the month view to see each month in full.
          </Alert>
        )}
      </section>
      {overdueOnly ? (
        <p className="text-sm text-slate-700">
          Only overdue due dates are shown.{' '}
          <button
            type="button"
            onClick={() => onChange({ overdueOnly: false })}
            className="font-medium text-brand-700 underline"
          >
            Show what is coming up too
          </button>
        </p>
      ) : (
        <section aria-labelledby="upcoming-heading" className="space-y-2">
          <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
            Upcoming: the next {days} days ({coming.length})
          </h2>
          <OccurrenceList
            items={coming}
            events={events}
            today={serverToday}
            onOpen={onOpen}
            empty="Nothing is due in this period."
          />
          {upcoming.data.truncated && (
            <Alert>Only the earliest 5,000 due dates of this period are listed.</Alert>
          )}
          {days < MAX_LIST_DAYS && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onChange({ days: Math.min(days + 90, MAX_LIST_DAYS) })}
            >
              Show 90 more days
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
