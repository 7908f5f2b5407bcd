import { fieldLabel, formatHistoryValue, isLink } from '@complivue/shared/history-sentences';
import type { RiskHistoryEntry } from '@complivue/shared/schemas/risks';
import { formatDateTime } from '@/lib/format-day';

const EVENTS: Record<string, string> = {
  created: 'added the risk',
  updated: 'changed the risk',
  control_added: 'added a control',
  control_updated: 'changed a control',
  control_removed: 'removed a control',
};

/** What an empty value means on a risk, where "none" would not say it. */
const EMPTY_MEANS: Record<string, string> = {
  inherentLikelihood: 'not rated',
  inherentImpact: 'not rated',
  residualLikelihood: 'the suggestion',
  residualImpact: 'the suggestion',
  'control.effectivenessOverride': 'from the rules',
};

/** A value as User Activity writes it too (history-sentences.ts): `Jan 1, 2026`, "4 Likely". */
function readable(field: string, value: unknown): string {
  const phrase = formatHistoryValue(field, value, { area: 'risk' });
  if (phrase === null) return EMPTY_MEANS[field] ?? 'none';
  return isLink(phrase) ? phrase.text : phrase;
}

/** The history as sentences: who did what, when, and each field from before to after. */
export function RiskHistory({ history }: { history: readonly RiskHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-700">No changes yet.</p>;
  return (
    <ol className="space-y-3 text-sm">
      {history.map((entry) => (
        <li key={entry.id}>
          <p>
            <span className="font-medium text-slate-900">{entry.byName ?? 'A former member'}</span>{' '}
            {EVENTS[entry.event] ?? 'changed the risk'} ·{' '}
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
