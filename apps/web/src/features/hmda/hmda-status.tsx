import type { HmdaCheckStatus } from '@complivue/shared/schemas/hmda';
import { StatusToken, type StatusTone } from '@/components/status-token';

/** A check's state in the one set of status tokens: what is left before the file can be filed. */
const STATUS: Record<HmdaCheckStatus, { tone: StatusTone; word: string }> = {
  format_errors: { tone: 'failing', word: 'Format errors' },
  must_fix: { tone: 'failing', word: 'Edits to fix' },
  to_verify: { tone: 'needs_review', word: 'Edits to verify' },
  clean: { tone: 'compliant', word: 'No edits' },
};

export function HmdaCheckStatusToken({
  status,
  unverifiedCount,
}: {
  status: HmdaCheckStatus;
  unverifiedCount: number;
}) {
  const { tone, word } = STATUS[status];
  // Verified quality and macro edits leave nothing to do: the file is ready as far as edits go.
  if (status === 'to_verify' && unverifiedCount === 0) {
    return <StatusToken tone="compliant">All edits verified</StatusToken>;
  }
  return <StatusToken tone={tone}>{word}</StatusToken>;
}
