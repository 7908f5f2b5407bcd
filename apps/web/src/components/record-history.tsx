import { formatDateTime } from '@/lib/format-day';

/** One entry of a record's history, as the API gives it (risks, findings, policies). */
export interface RecordHistoryEntry {
  id: string;
  at: string;
  byName: string | null;
  event: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/**
 * A record's history as sentences: who did what, when, and each field from before to after, in
 * the words the feature gives (`events`, `fieldLabel`, `readable`).
 */
export function RecordHistory({
  history,
  events,
  otherEvent,
  fieldLabel,
  readable,
}: {
  history: readonly RecordHistoryEntry[];
  /** What each event reads as after the member's name ("recorded the finding"). */
  events: Record<string, string>;
  /** What an event missing from `events` reads as. */
  otherEvent: string;
  fieldLabel: (field: string) => string;
  readable: (field: string, value: unknown) => string;
}) {
  if (history.length === 0) return <p className="text-sm text-slate-700">No changes yet.</p>;
  return (
    <ol className="space-y-3 text-sm">
      {history.map((entry) => (
        <li key={entry.id}>
          <p>
            <span className="font-medium text-slate-900">{entry.byName ?? 'A former member'}</span>{' '}
            {events[entry.event] ?? otherEvent} ·{' '}
            <time dateTime={entry.at} className="text-slate-700">
              {formatDateTime(entry.at)}
            </time>
          </p>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {Object.entries(entry.changes).map(([field, change]) => (
              <li key={field}>
                <span className="font-medium">{fieldLabel(field)}:</span>{' '}
                {change.from === null || change.from === undefined
                  ? readable(field, change.to)
                  : `${readable(field, change.from)} → ${readable(field, change.to)}`}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
