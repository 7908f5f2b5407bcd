import { isIsoDay } from '@complivue/shared/calendar-days';
import { eventDrivenTypesLabel } from '@complivue/shared/regulatory-deadlines';
import type { CalendarEvent, CalendarEventList } from '@complivue/shared/schemas/calendar';
import { CalendarPlus, FileWarning, List, CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isBuilt, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { userFacingMessage } from '@/lib/api-client';
import { readCalendarView, storeCalendarView } from '@/lib/browser-storage';
import {
  useAddOptionalDeadlines,
  useCalendarEvents,
  useOccurrences,
  useRestoreCalendarEvent,
} from './api.ts';
import { isMonthKey, localToday, monthOf } from './calendar-dates.ts';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { DueDateRangeList, dueDateRange } from './due-date-range.tsx';
import { EventDetail } from './event-detail.tsx';
import { EventDrivenForm } from './event-driven-form.tsx';
import { EventForm } from './event-form.tsx';
import { ListView, listDays } from './list-view.tsx';
import { MonthView, monthViewRange } from './month-view.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

type Editing =
  | { mode: 'create'; date: string }
  | { mode: 'edit'; event: CalendarEvent }
  | { mode: 'event-driven' }
  | null;

function DeletedDeadlines() {
  const events = useCalendarEvents();
  const restore = useRestoreCalendarEvent();
  const deleted = (events.data?.events ?? []).filter((event) => event.dismissed);
  if (deleted.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="deleted-heading" className="space-y-2">
        <h2 id="deleted-heading" className="text-lg font-semibold text-slate-900">
          Deleted regulatory deadlines
        </h2>
        <p className="text-sm text-slate-700">
          Seeded deadlines your institution deleted. They are not added again unless restored.
        </p>
        {restore.isError && (
          <Alert variant="destructive">
            {userFacingMessage(restore.error, 'The deadline could not be restored.')}
          </Alert>
        )}
        <ul className="divide-y divide-slate-200 text-sm">
          {deleted.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center gap-2 py-2">
              <span className="font-medium text-slate-900">{event.title}</span>
              <span className="text-slate-700">{event.citation}</span>
              {event.canEdit && (
                <Button
                  size="sm"
                  variant="secondary"
                  className="ml-auto"
                  disabled={restore.isPending}
                  aria-label={`Restore ${event.title}`}
                  onClick={() =>
                    restore.mutate(event.id, {
                      onSuccess: () => toast.success(`Restored: ${event.title}.`),
                    })
                  }
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/**
 * Seeded deadlines the profile cannot say apply (the quarterly HMDA submissions of large filers):
 * a manager or an administrator adds them.
 */
function OptionalDeadlines({ sets }: { sets: CalendarEventList['optionalDeadlines'] }) {
  const add = useAddOptionalDeadlines();
  if (sets.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="optional-heading" className="space-y-3">
        <h2 id="optional-heading" className="text-lg font-semibold text-slate-900">
          Optional regulatory deadlines
        </h2>
        {add.isError && (
          <Alert variant="destructive">
            {userFacingMessage(add.error, 'The deadlines could not be added.')}
          </Alert>
        )}
        <ul className="space-y-3 text-sm">
          {sets.map((set) => (
            <li key={set.key} className="space-y-2">
              <p className="text-slate-700">{set.description}</p>
              {set.canAdd ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={add.isPending}
                  onClick={() =>
                    add.mutate(set.key, {
                      onSuccess: () => toast.success('Added to the calendar.'),
                    })
                  }
                >
                  {set.action}
                </Button>
              ) : (
                <p className="text-slate-700">A manager or an administrator can add them.</p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

type CalendarView = 'list' | 'month';
const isCalendarView = (value: string | null): value is CalendarView =>
  value === 'list' || value === 'month';

/**
 * The view the address names; else the list when it names a range of due dates; else the month
 * when it names a month or a day (a link to a date in the grid); else the member's last choice
 * in this browser; else the list, which puts what is overdue and the next 90 days, with owners
 * and citations, first.
 */
function calendarView(
  named: string | null,
  namesRange: boolean,
  namesMonthOrDay: boolean,
): CalendarView {
  if (isCalendarView(named)) return named;
  if (namesRange) return 'list';
  if (namesMonthOrDay) return 'month';
  const remembered = readCalendarView();
  return isCalendarView(remembered) ? remembered : 'list';
}

/**
 * `/regulatory-calendar`: the institution's deadlines in a month grid or a list, with each due
 * date's detail and completion, company events and CTR/Form 8300/SAR deadlines (as the
 * institution's type files them), optional seeded deadlines, and the iCalendar export. The URL
 * holds the view, the month, the selected day and the open due date (`?event=&date=`, the link
 * reminders send), and the list's reach (`?days=30`) or its overdue dates alone (`?due=overdue`),
 * the lists the dashboard's figures open, or a range of due dates with their outcomes
 * (`?from=&to=&outcome=&area=`), the lists analytics' figures open.
 */
export function RegulatoryCalendarPage() {
  const [params, setParams] = useSearchParams();
  const localDay = localToday();
  const dayParam = params.get('day');
  const dateParam = params.get('date');
  const chosenDay =
    dayParam && isIsoDay(dayParam) ? dayParam : dateParam && isIsoDay(dateParam) ? dateParam : null;
  const monthParam = params.get('month');
  const range = dueDateRange(params);
  const view = calendarView(params.get('view'), range !== null, Boolean(dayParam || monthParam));
  const month = isMonthKey(monthParam) ? monthParam : monthOf(chosenDay ?? localDay);
  const openEventId = params.get('event');
  const openDate = params.get('date');
  const detailOpen = Boolean(openEventId && openDate && isIsoDay(openDate));
  const [editing, setEditing] = useState<Editing>(null);

  const monthData = useOccurrences(monthViewRange(month), view === 'month');
  const setup = useCalendarEvents();
  const institutionType = setup.data?.institutionType ?? null;
  const filingsLabel = `${eventDrivenTypesLabel(institutionType)} deadline`;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const openDetail = (eventId: string, date: string) => update({ event: eventId, date });
  const closeDetail = () => update({ event: null, date: null });
  // "Today" is the member's (their profile's time zone), as the server says; the browser's until then.
  const today = monthData.data?.today ?? localDay;
  const selectedDay = chosenDay ?? today;

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Regulatory Calendar</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Your institution’s regulatory deadlines, with their citations, owners and reminders.
            Mark each due date done with its evidence; overdue dates are flagged until they are.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() =>
              setEditing({ mode: 'create', date: selectedDay >= today ? selectedDay : today })
            }
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add event
          </Button>
          <Button
            variant="secondary"
            disabled={!setup.data}
            onClick={() => setEditing({ mode: 'event-driven' })}
          >
            <FileWarning aria-hidden="true" className="size-4" />
            {filingsLabel}
          </Button>
        </div>
      </header>

      {setup.data && !setup.data.profileComplete && (
        <Alert>
          Your institution’s profile is not complete, so only the regulatory deadlines its
          institution type alone determines are in the calendar; the ones that depend on your
          regulation areas (such as HMDA) are added once they are chosen.
          {isBuilt('settings') && (
            <>
              {' '}
              <Link to={paths.settings} className="font-medium underline">
                Complete it in Settings
              </Link>
              .
            </>
          )}
        </Alert>
      )}

      <div
        role="group"
        aria-label="View"
        className="inline-flex rounded-md border border-slate-300 p-0.5"
      >
        {(
          [
            ['month', 'Month', CalendarDays],
            ['list', 'List', List],
          ] as const
        ).map(([value, label, Icon]) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => {
              storeCalendarView(value);
              update({ view: value });
            }}
            className={cn(
              'inline-flex items-center gap-1 rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
              view === value ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>

      <Card className="p-3 sm:p-6">
        {view === 'month' ? (
          <>
            {monthData.isError && <Alert variant="destructive">{monthData.error.message}</Alert>}
            <MonthView
              month={month}
              onMonthChange={(next) => update({ month: next })}
              data={monthData.data}
              loading={monthData.isFetching}
              selectedDay={selectedDay}
              onSelectDay={(day) => update({ day, month: monthOf(day) })}
              onOpen={openDetail}
            />
          </>
        ) : range ? (
          <DueDateRangeList
            range={range}
            onOpen={openDetail}
            onClear={(keys) => update(Object.fromEntries(keys.map((key) => [key, null])))}
          />
        ) : (
          <ListView
            today={today}
            days={listDays(params.get('days'))}
            overdueOnly={params.get('due') === 'overdue'}
            onChange={(next) =>
              update({
                ...(next.days !== undefined && { days: String(next.days) }),
                ...(next.overdueOnly !== undefined && {
                  due: next.overdueOnly ? 'overdue' : null,
                }),
              })
            }
            onOpen={openDetail}
          />
        )}
      </Card>

      <Card className="p-5 sm:p-6">
        <SubscriptionPanel />
      </Card>

      <OptionalDeadlines sets={setup.data?.optionalDeadlines ?? []} />

      <DeletedDeadlines />

      <ModalDialog open={detailOpen && editing === null} onClose={closeDetail} title="Deadline">
        {detailOpen && (
          <EventDetail
            eventId={openEventId!}
            date={openDate!}
            onEdit={(event) => setEditing({ mode: 'edit', event })}
            onDeleted={closeDetail}
          />
        )}
      </ModalDialog>

      <ModalDialog
        open={editing?.mode === 'create' || editing?.mode === 'edit'}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit event' : 'Add an event'}
      >
        {(editing?.mode === 'create' || editing?.mode === 'edit') && (
          <EventForm
            event={editing.mode === 'edit' ? editing.event : undefined}
            defaultDate={editing.mode === 'create' ? editing.date : editing.event.startsOn}
            today={today}
            onCancel={() => setEditing(null)}
            onDone={(event) => {
              setEditing(null);
              if (editing.mode === 'create')
                update({ day: event.startsOn, month: monthOf(event.startsOn) });
            }}
          />
        )}
      </ModalDialog>

      <ModalDialog
        open={editing?.mode === 'event-driven'}
        onClose={() => setEditing(null)}
        title={filingsLabel}
        description="The due date is computed from the date of the transaction, of receipt of the cash or of initial detection."
      >
        {editing?.mode === 'event-driven' && setup.data && (
          <EventDrivenForm
            today={today}
            filings={setup.data.filings}
            institutionType={institutionType}
            onCancel={() => setEditing(null)}
            onDone={(event) => {
              setEditing(null);
              openDetail(event.id, event.startsOn);
            }}
          />
        )}
      </ModalDialog>
    </div>
  );
}
