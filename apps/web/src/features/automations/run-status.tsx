import {
  RUN_STATUS_LABELS,
  type ActionOutcome,
  type RunStatus,
  type WebhookDeliveryStatus,
} from '@complivue/shared/schemas/automations';
import { CircleCheck, CircleX, Pause, Play } from 'lucide-react';
import { StatusToken, type StatusTone } from '@/components/status-token';

/*
 * Runs, actions and deliveries in the app's one set of status tokens (components/status-token):
 * a failure looks like any failing record, a retry like anything that needs review; each with
 * its own word, never colour alone.
 */

const RUN_TONES: Record<RunStatus, StatusTone> = {
  running: 'not_assessed',
  succeeded: 'compliant',
  skipped: 'not_applicable',
  retrying: 'needs_review',
  failed: 'failing',
};

export function RunStatusToken({ status }: { status: RunStatus }) {
  return <StatusToken tone={RUN_TONES[status]}>{RUN_STATUS_LABELS[status]}</StatusToken>;
}

const OUTCOMES: Record<ActionOutcome, { tone: StatusTone; word: string }> = {
  pending: { tone: 'not_assessed', word: 'Pending' },
  succeeded: { tone: 'compliant', word: 'Done' },
  skipped: { tone: 'not_applicable', word: 'Skipped' },
  retrying: { tone: 'needs_review', word: 'Retrying' },
  failed: { tone: 'failing', word: 'Failed' },
};

export function ActionOutcomeToken({ outcome }: { outcome: ActionOutcome }) {
  return <StatusToken tone={OUTCOMES[outcome].tone}>{OUTCOMES[outcome].word}</StatusToken>;
}

const DELIVERIES: Record<WebhookDeliveryStatus, { tone: StatusTone; word: string }> = {
  pending: { tone: 'not_assessed', word: 'Pending' },
  succeeded: { tone: 'compliant', word: 'Delivered' },
  retrying: { tone: 'needs_review', word: 'Retrying' },
  failed: { tone: 'failing', word: 'Failed' },
};

export const deliveryStatusWord = (status: string) =>
  DELIVERIES[status as WebhookDeliveryStatus]?.word ?? status;

export function DeliveryStatusToken({ status }: { status: string }) {
  const known = DELIVERIES[status as WebhookDeliveryStatus];
  return <StatusToken tone={known?.tone ?? 'not_assessed'}>{known?.word ?? status}</StatusToken>;
}

/** A rule on or paused: an icon and the word. */
export function RuleStateLabel({ enabled }: { enabled: boolean }) {
  const Icon = enabled ? Play : Pause;
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap">
      <Icon aria-hidden="true" className="size-3.5" />
      {enabled ? 'On' : 'Paused'}
    </span>
  );
}

/** Whether a condition was met: an icon and the word. */
export function MetMark({
  met,
  yes = 'Met',
  no = 'Not met',
}: {
  met: boolean;
  yes?: string;
  no?: string;
}) {
  const Icon = met ? CircleCheck : CircleX;
  return (
    <span
      className={
        met
          ? 'inline-flex items-center gap-1 font-medium whitespace-nowrap text-emerald-800'
          : 'inline-flex items-center gap-1 font-medium whitespace-nowrap text-slate-700'
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {met ? yes : no}
    </span>
  );
}

/** A duration in words a reader compares: `840 ms`, `2.4 s`, `3 min 5 s`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min${seconds ? ` ${seconds} s` : ''}`;
}
