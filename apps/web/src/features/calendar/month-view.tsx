import { addDays, daysInMonth } from '@complivue/shared/calendar-days';
import type {
  CalendarEvent,
  CalendarOccurrence,
  OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Citations } from '@/components/citation';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  fullDayLabel,
  monthGrid,
  monthLabel,
  monthOf,
  shiftMonth,
  weekdayOf,
  type MonthKey,
} from './calendar-dates.ts';
import { OccurrenceStatus, occurrenceState } from './occurrence-status.tsx';

const WEEKDAYS = [
  ['Sunday', 'Sun', 'S'],
  ['Monday', 'Mon', 'M'],
  ['Tuesday', 'Tue', 'T'],
  ['Wednesday', 'Wed', 'W'],
  ['Thursday', 'Thu', 'T'],
  ['Friday', 'Fri', 'F'],
  ['Saturday', 'Sat', 'S'],
] as const;

/** The visible range of a month view: whole weeks around the month. */
export function monthViewRange(month: MonthKey) {
  const weeks = monthGrid(month);
  return { from: weeks[0]![0]!.day, to: weeks.at(-1)!.at(-1)!.day };
}

function dayLabel(day: string, today: string, items: CalendarOccurrence[]) {
  const parts = [fullDayLabel(day)];
  if (day === today) parts.push('today');
  if (items.length > 0) {
    const overdue = items.filter((item) => item.overdue).length;
    const done = items.filter((item) => item.completion).length;
    parts.push(`${items.length} deadline${items.length === 1 ? '' : 's'}`);
    if (overdue > 0) parts.push(`${overdue} overdue`);
    if (done > 0) parts.push(`${done} done`);
  }
  return parts.join(', ');
}

/**
 * A month as a grid of days (WAI-ARIA grid pattern): one day is in the tab order; the arrow keys
 * move by day and week, Home and End to the week's ends, Page Up and Page Down by month, and
 * Enter or Space shows the day's deadlines below the grid.
 */
export function MonthView({
  month,
  onMonthChange,
  data,
  loading,
  selectedDay,
  onSelectDay,
  onOpen,
}: {
  month: MonthKey;
  onMonthChange: (month: MonthKey) => void;
  data: OccurrencesResponse | undefined;
  loading: boolean;
  selectedDay: string;
  onSelectDay: (day: string) => void;
  onOpen: (eventId: string, date: string) => void;
}) {
  const headingId = useId();
  const keysHelpId = useId();
  const [showKeys, setShowKeys] = useState(false);
  const [focusDay, setFocusDay] = useState(selectedDay);
  const focusRequested = useRef(false);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const weeks = monthGrid(month);
  const today = data?.today ?? '';
  const events = new Map<string, CalendarEvent>(
    (data?.events ?? []).map((event) => [event.id, event]),
  );
  const byDay = new Map<string, CalendarOccurrence[]>();
  for (const occurrence of data?.occurrences ?? []) {
    byDay.set(occurrence.date, [...(byDay.get(occurrence.date) ?? []), occurrence]);
  }

  // The focused day stays inside the month shown.
  const activeDay = monthOf(focusDay) === month ? focusDay : `${month}-01`;

  // After a key moved the focus (possibly into another month, once that month is shown).
  useEffect(() => {
    if (!focusRequested.current || monthOf(focusDay) !== month) return;
    focusRequested.current = false;
    cells.current.get(focusDay)?.focus();
  }, [focusDay, month]);

  function moveTo(day: string) {
    focusRequested.current = true;
    setFocusDay(day);
    if (monthOf(day) !== month) onMonthChange(monthOf(day));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableCellElement>, day: string) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekdayOf(day)),
      End: () => addDays(day, 6 - weekdayOf(day)),
      PageUp: () => sameDayIn(shiftMonth(monthOf(day), -1), day),
      PageDown: () => sameDayIn(shiftMonth(monthOf(day), 1), day),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectDay(day);
    }
  }

  const selectedItems = byDay.get(selectedDay) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          aria-label={`Previous month, ${monthLabel(shiftMonth(month, -1))}`}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          aria-label={`Next month, ${monthLabel(shiftMonth(month, 1))}`}
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="flex items-start justify-end gap-2">
        {/* Read to screen readers with the grid always; shown to others when asked for. */}
        <p id={keysHelpId} className={cn('text-xs text-slate-600', !showKeys && 'sr-only')}>
          Arrow keys move between days, Page Up and Page Down between months; Enter lists the day’s
          deadlines.
        </p>
        <button
          type="button"
          aria-expanded={showKeys}
          aria-controls={keysHelpId}
          aria-label="Keyboard help"
          onClick={() => setShowKeys((shown) => !shown)}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full border border-slate-300 text-xs font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          ?
        </button>
      </div>
      <table
        role="grid"
        aria-labelledby={headingId}
        aria-describedby={keysHelpId}
        aria-busy={loading}
        className="w-full table-fixed border-collapse text-sm"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([long, short, letter]) => (
              <th
                key={long}
                scope="col"
                abbr={long}
                className="border-b border-slate-200 py-1 text-center text-xs font-semibold text-slate-700"
              >
                <span aria-hidden="true" className="sm:hidden">
                  {letter}
                </span>
                <span aria-hidden="true" className="hidden sm:inline">
                  {short}
                </span>
                <span className="sr-only">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.day}>
              {week.map(({ day, inMonth }) => {
                const items = byDay.get(day) ?? [];
                const overdue = items.filter((item) => item.overdue).length;
                const done = items.filter((item) => item.completion).length;
                const open = items.length - overdue - done;
                const isToday = day === today;
                const selected = day === selectedDay;
                return (
                  <td
                    key={day}
                    ref={(cell) => {
                      if (cell) cells.current.set(day, cell);
                      else cells.current.delete(day);
                    }}
                    tabIndex={day === activeDay ? 0 : -1}
                    aria-selected={selected}
                    aria-current={isToday ? 'date' : undefined}
                    onClick={() => {
                      setFocusDay(day);
                      onSelectDay(day);
                    }}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    className={cn(
                      'h-16 cursor-pointer border border-slate-200 p-1 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:h-24',
                      !inMonth && 'bg-slate-50 text-slate-500',
                      overdue > 0 && 'bg-red-50',
                      selected && 'ring-2 ring-brand-700 ring-inset',
                    )}
                  >
                    {/* The day's name for assistive technology; what is drawn is hidden from it. */}
                    <span className="sr-only">{dayLabel(day, today, items)}</span>
                    <div
                      aria-hidden="true"
                      className="flex h-full flex-col gap-0.5 overflow-hidden"
                    >
                      <span
                        className={cn(
                          'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                          isToday ? 'bg-brand-700 text-white' : inMonth ? 'text-slate-900' : '',
                        )}
                      >
                        {Number(day.slice(8))}
                      </span>
                      {isToday && (
                        <span className="hidden text-[10px] font-semibold text-brand-800 uppercase sm:block">
                          Today
                        </span>
                      )}
                      {/* Phones: counts in words. */}
                      {open > 0 && (
                        <span className="text-[10px] leading-tight text-slate-800 sm:hidden">
                          {open} due
                        </span>
                      )}
                      {overdue > 0 && (
                        <span className="text-[10px] leading-tight font-semibold text-red-800 sm:hidden">
                          {overdue} late
                        </span>
                      )}
                      {done > 0 && (
                        <span className="text-[10px] leading-tight text-emerald-800 sm:hidden">
                          {done} done
                        </span>
                      )}
                      {/* Wider screens: the deadlines themselves. */}
                      {items.slice(0, 2).map((item) => {
                        const state = occurrenceState(item, today);
                        const title = events.get(item.eventId)?.title;
                        // Overdue is the one status token (icon and word), made to fit a cell.
                        if (state.kind === 'overdue') {
                          return (
                            <StatusToken
                              key={item.eventId}
                              tone="overdue"
                              className="hidden min-w-0 gap-0.5 rounded px-1 py-0 text-[11px] leading-4 font-semibold sm:flex"
                            >
                              <span className="truncate">Overdue: {title}</span>
                            </StatusToken>
                          );
                        }
                        return (
                          <span
                            key={item.eventId}
                            className={cn(
                              'hidden truncate rounded px-1 text-[11px] leading-4 sm:block',
                              state.kind === 'done' &&
                                'bg-emerald-50 text-emerald-900 line-through',
                              state.kind === 'due' && 'bg-brand-50 text-brand-900',
                            )}
                          >
                            {state.kind === 'done' ? 'Done: ' : ''}
                            {title}
                          </span>
                        );
                      })}
                      {items.length > 2 && (
                        <span className="hidden text-[11px] text-slate-700 sm:block">
                          +{items.length - 2} more
                        </span>
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="selected-day-heading" className="space-y-2">
        <h3 id="selected-day-heading" className="text-base font-semibold text-slate-900">
          {fullDayLabel(selectedDay)}
        </h3>
        {selectedItems.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing is due on this day.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {selectedItems.map((item) => {
              const event = events.get(item.eventId);
              return (
                <li key={item.eventId} className="flex flex-wrap items-center gap-2 p-3">
                  <button
                    type="button"
                    onClick={() => onOpen(item.eventId, item.date)}
                    className="text-left font-medium text-brand-700 underline"
                  >
                    {event?.title ?? 'Event'}
                  </button>
                  <OccurrenceStatus occurrence={item} today={today} />
                  {event?.citation && <Citations citations={event.citation} className="text-xs" />}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The same day of the month in another month, or that month's last day. */
function sameDayIn(month: MonthKey, day: string): string {
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${month}-${String(Math.min(Number(day.slice(8)), last)).padStart(2, '0')}`;
}
