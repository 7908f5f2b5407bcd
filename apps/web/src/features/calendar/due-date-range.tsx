import { DEFAULT_CALENDAR_TIME_ZONE, todayIn } from '@complivue/shared/calendar-days';
import {
  DEADLINE_OUTCOME_LABELS,
  DEADLINE_OUTCOMES,
  deadlineOutcome,
  doneDay,
  type DeadlineOutcome,
} from '@complivue/shared/deadline-outcomes';
import {
  REGULATION_AREA_INFO,
  regulationAreaOf,
  type RegulationArea,
} from '@complivue/shared/regulation-areas';
import type { CalendarOccurrence } from '@complivue/shared/schemas/calendar';
import { FilterChips, formatDayRange } from '@/components/filter-chips';
import { StatusToken, type StatusTone } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useOccurrences } from './api.ts';
import { OccurrenceList, eventsOf } from './list-view.tsx';

/**
 * The due dates of a range, optionally of one outcome and one area: what an analytics figure
 * ("deadlines missed this quarter") opens, as
 * `?view=list&from=2026-10-01&to=2026-12-31&outcome=missed&area=hmda`.
 */
export interface DueDateRange {
  from: string;
  to: string;
  outcome?: DeadlineOutcome;
  area?: RegulationArea;
}

/** The parameters the range list owns: removing the range's chip removes them all. */
const RANGE_PARAMS = ['from', 'to', 'outcome', 'area'] as const;

/**
 * The range the address names (`from` and `to`; one alone is that one day), else null. Days are
 * passed as written: the server refuses a malformed one or a range too wide with its message.
 */
export function dueDateRange(params: URLSearchParams): DueDateRange | null {
  const from = params.get('from') || params.get('to');
  const to = params.get('to') || from;
  if (!from || !to) return null;
  const outcome = params.get('outcome');
  return {
    from,
    to,
    outcome: DEADLINE_OUTCOMES.find((known) => known === outcome),
    area: regulationAreaOf(params.get('area')),
  };
}

/** Each outcome as one of the status tokens; a missed due date looks like any overdue one. */
const OUTCOME_TONES: Record<DeadlineOutcome, StatusTone> = {
  on_time: 'compliant',
  late: 'needs_review',
  missed: 'overdue',
  open: 'not_assessed',
};

/**
 * What became of a due date, as analytics counts it (packages/shared/src/deadline-outcomes.ts):
 * the day it was done and "today" are the institution's (US Eastern), not the viewer's.
 */
export function occurrenceOutcome(item: CalendarOccurrence, today: string): DeadlineOutcome {
  return deadlineOutcome(
    item.date,
    item.completion ? doneDay(item.completion.doneAt) : null,
    today,
  );
}

export function OutcomeToken({ outcome }: { outcome: DeadlineOutcome }) {
  return (
    <StatusToken tone={OUTCOME_TONES[outcome]}>{DEADLINE_OUTCOME_LABELS[outcome]}</StatusToken>
  );
}

/** The chips of a range: the range with its outcome, and the area, each removable. */
function rangeChips(range: DueDateRange, onClear: (params: readonly string[]) => void) {
  const days = formatDayRange(range.from, range.to);
  const chips = [
    {
      label: range.outcome ? `${DEADLINE_OUTCOME_LABELS[range.outcome]} · ${days}` : `Due ${days}`,
      onRemove: () => onClear(RANGE_PARAMS),
    },
  ];
  if (range.area) {
    chips.push({
      label: `Area: ${REGULATION_AREA_INFO[range.area].tag}`,
      onRemove: () => onClear(['area']),
    });
  }
  return chips;
}

/**
 * The due dates of `range` (of its outcome and area, when it names them), each with its
 * outcome, and the filters as chips; removing the range's chip returns to the usual list.
 */
export function DueDateRangeList({
  range,
  onOpen,
  onClear,
}: {
  range: DueDateRange;
  onOpen: (eventId: string, date: string) => void;
  onClear: (params: readonly string[]) => void;
}) {
  const query = useOccurrences({ from: range.from, to: range.to });
  const today = todayIn(DEFAULT_CALENDAR_TIME_ZONE);
  const chips = <FilterChips label="Filters" chips={rangeChips(range, onClear)} />;
  if (query.isPending) return <Spinner label="Loading deadlines" />;
  if (query.isError) {
    return (
      <div className="space-y-3">
        {chips}
        <Alert variant="destructive">{query.error.message}</Alert>
      </div>
    );
  }
  const events = eventsOf(query.data.events);
  const items = query.data.occurrences.filter(
    (item) =>
      (!range.area || events.get(item.eventId)?.area === range.area) &&
      (!range.outcome || occurrenceOutcome(item, today) === range.outcome),
  );
  const heading = range.outcome ? DEADLINE_OUTCOME_LABELS[range.outcome] : 'Due dates';
  return (
    <section aria-labelledby="range-heading" className="space-y-3">
      {chips}
      <h2 id="range-heading" className="text-lg font-semibold text-slate-900">
        {heading}: due {formatDayRange(range.from, range.to)} ({items.length})
      </h2>
      <p className="text-xs text-slate-600">
        Done on or before its due date is met on time, after it done late; a due date before today
        never marked done is missed. Days are US Eastern, as analytics counts them.
      </p>
      <OccurrenceList
        items={items}
        events={events}
        today={query.data.today}
        onOpen={onOpen}
        empty="No due dates match these filters."
        status={(item) => <OutcomeToken outcome={occurrenceOutcome(item, today)} />}
      />
      {query.data.truncated && (
        <Alert>
          Only the earliest 5,000 due dates of this range were read: choose a shorter range to see
          them all.
        </Alert>
      )}
    </section>
  );
}
