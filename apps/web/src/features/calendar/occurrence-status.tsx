import { daysBetween } from '@complivue/shared/calendar-days';
import type { CalendarOccurrence } from '@complivue/shared/schemas/calendar';
import { CheckCircle2, Clock } from 'lucide-react';
import { StatusToken } from '@/components/status-token';
import { cn } from '@/lib/cn';

export function occurrenceState(occurrence: CalendarOccurrence, today: string) {
  if (occurrence.completion) return { kind: 'done' as const, label: 'Done' };
  if (occurrence.overdue) {
    const late = daysBetween(occurrence.date, today);
    return {
      kind: 'overdue' as const,
      label: `Overdue by ${late} day${late === 1 ? '' : 's'}`,
    };
  }
  const left = daysBetween(today, occurrence.date);
  return {
    kind: 'due' as const,
    label: left === 0 ? 'Due today' : left === 1 ? 'Due tomorrow' : `Due in ${left} days`,
  };
}

const STYLES = {
  done: 'bg-emerald-100 text-emerald-900',
  due: 'bg-slate-100 text-slate-800',
};

/** The state of a due date in words, with an icon; colour is never the only signal. */
export function OccurrenceStatus({
  occurrence,
  today,
}: {
  occurrence: CalendarOccurrence;
  today: string;
}) {
  const state = occurrenceState(occurrence, today);
  // Overdue looks the same on every screen: the one status token (components/status-token).
  if (state.kind === 'overdue') return <StatusToken tone="overdue">{state.label}</StatusToken>;
  const Icon = state.kind === 'done' ? CheckCircle2 : Clock;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[state.kind],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {state.label}
    </span>
  );
}
