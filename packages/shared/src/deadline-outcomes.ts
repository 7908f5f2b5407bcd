import { todayIn } from './calendar-days.ts';

/**
 * What became of a due date, as analytics and the calendar's list count it. "Done" is the day
 * it was marked done (with its evidence), in the institution's day (US Eastern, where the
 * agencies keep their deadlines): on or before the due date is on time, after it is late; a due
 * date before today never marked done is missed; today or later and not done is still open.
 */
export const DEADLINE_OUTCOMES = ['on_time', 'late', 'missed', 'open'] as const;
export type DeadlineOutcome = (typeof DEADLINE_OUTCOMES)[number];

export const DEADLINE_OUTCOME_LABELS: Record<DeadlineOutcome, string> = {
  on_time: 'Met on time',
  late: 'Done late',
  missed: 'Missed',
  open: 'Not yet due',
};

/** The day a completion was recorded on (`doneAt`, an instant), in the institution's day. */
export const doneDay = (doneAt: Date | string): string =>
  todayIn(null, typeof doneAt === 'string' ? new Date(doneAt) : doneAt);

export function deadlineOutcome(
  dueDate: string,
  completedOn: string | null,
  today: string,
): DeadlineOutcome {
  if (completedOn) return completedOn <= dueDate ? 'on_time' : 'late';
  return dueDate < today ? 'missed' : 'open';
}
