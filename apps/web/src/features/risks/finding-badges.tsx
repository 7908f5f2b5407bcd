import { formatShortDay, daysBetween } from '@complivue/shared/calendar-days';
import {
  FINDING_SEVERITY_LEVELS,
  FINDING_STATUS_LABELS,
  type FindingSeverity,
  type FindingStatus,
} from '@complivue/shared/risk-findings';
import type { FindingAction } from '@complivue/shared/schemas/risk-findings';
import { StatusToken, type StatusTone } from '@/components/status-token';
import { cn } from '@/lib/cn';

/**
 * A finding's status in the one set of status tokens: not corrected reads as failing, being
 * corrected or awaiting validation as needs review, validated as compliant, closed as not
 * applicable any more; the word is the workflow's own.
 */
const STATUS_TONES: Record<FindingStatus, StatusTone> = {
  open: 'failing',
  action_in_progress: 'needs_review',
  ready_for_validation: 'needs_review',
  validated: 'compliant',
  closed: 'not_applicable',
};

export function FindingStatusToken({ status }: { status: FindingStatus }) {
  return <StatusToken tone={STATUS_TONES[status]}>{FINDING_STATUS_LABELS[status]}</StatusToken>;
}

const SEVERITY_STYLES: Record<FindingSeverity, string> = {
  low: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  moderate: 'border-amber-300 bg-amber-50 text-amber-900',
  high: 'border-orange-300 bg-orange-100 text-orange-950',
  critical: 'border-red-300 bg-red-100 text-red-900',
};

/** The severity's word, always beside its colour, its meaning on hover. */
export function SeverityBadge({ severity }: { severity: FindingSeverity }) {
  const level = FINDING_SEVERITY_LEVELS[severity];
  return (
    <span
      title={level.meaning}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        SEVERITY_STYLES[severity],
      )}
    >
      {level.label}
    </span>
  );
}

/** Where an action stands: validated, awaiting validation, overdue, or due on a date. */
export function ActionStateToken({ action, today }: { action: FindingAction; today: string }) {
  if (action.validatedAt) return <StatusToken tone="compliant">Validated</StatusToken>;
  if (action.completedAt)
    return <StatusToken tone="needs_review">Completed, awaiting validation</StatusToken>;
  if (action.overdue) {
    const days = daysBetween(action.dueDate, today);
    return (
      <StatusToken tone="overdue">
        Overdue by {days} day{days === 1 ? '' : 's'} · due {formatShortDay(action.dueDate)}
      </StatusToken>
    );
  }
  return <StatusToken tone="not_assessed">Due {formatShortDay(action.dueDate)}</StatusToken>;
}
