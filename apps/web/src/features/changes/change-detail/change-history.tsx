import {
  CHANGE_EVENT_LABELS,
  CHANGE_FIELD_LABELS,
  formatChangeHistoryValue,
  orderedHistoryChanges,
  type ChangeDetail,
} from '@complivue/shared/schemas/changes';
import { formatDateTime } from '@/lib/format-day';

/** The change's history as sentences, newest first: who did what, and each field's move. */
export function HistoryTimeline({ history }: { history: ChangeDetail['history'] }) {
  return (
    <ol className="space-y-3 text-sm" aria-label="History, newest first">
      {history.map((entry) => (
        <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
          <p>
            <span className="font-medium text-slate-900">{entry.changedByName}</span>{' '}
            <span className="text-slate-800">
              {(CHANGE_EVENT_LABELS[entry.event] ?? entry.event).toLowerCase()}
            </span>{' '}
            <span className="text-xs text-slate-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </span>
          </p>
          <ul className="mt-0.5 text-slate-700">
            {orderedHistoryChanges(entry.changes).map(([field, change]) => {
              const name = CHANGE_FIELD_LABELS[field] ?? field;
              const from = formatChangeHistoryValue(field, change.from);
              const to = formatChangeHistoryValue(field, change.to);
              return (
                <li key={field} className="break-words">
                  {entry.event === 'created' || (from === '—' && field !== 'done')
                    ? `${name}: ${to}`
                    : from === to
                      ? `${name}: ${to}`
                      : `${name}: ${from} → ${to}`}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
