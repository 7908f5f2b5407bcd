import { formatShortDay, isIsoDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  CONTROL_EFFECTIVENESS_LABELS,
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
  type ControlEffectiveness,
} from '@complivue/shared/risk-scoring';
import {
  PRODUCT_LINE_LABELS,
  RISK_STATUS_LABELS,
  type ProductLine,
  type RiskHistoryEntry,
  type RiskStatus,
} from '@complivue/shared/schemas/risks';
import { formatDateTime } from '@/lib/format-day';

const EVENTS: Record<string, string> = {
  created: 'added the risk',
  updated: 'changed the risk',
  control_added: 'added a control',
  control_updated: 'changed a control',
  control_removed: 'removed a control',
};

const levelText = (levels: typeof LIKELIHOOD_LEVELS) => (value: unknown) => {
  const level = levels.find((entry) => entry.level === value);
  return level ? `${level.level} ${level.name}` : 'not rated';
};

/** Each field by its label and how its values read (`Jan 1, 2026`, "4 Likely", "TRID"). */
const FIELDS: Record<string, { label: string; value?: (value: unknown) => string }> = {
  title: { label: 'Title' },
  area: {
    label: 'Regulation area',
    value: (v) => REGULATION_AREA_INFO[v as RegulationArea]?.tag ?? String(v),
  },
  productLine: {
    label: 'Product',
    value: (v) => PRODUCT_LINE_LABELS[v as ProductLine] ?? String(v),
  },
  description: { label: 'Description' },
  owner: { label: 'Owner' },
  inherentLikelihood: { label: 'Inherent likelihood', value: levelText(LIKELIHOOD_LEVELS) },
  inherentImpact: { label: 'Inherent impact', value: levelText(IMPACT_LEVELS) },
  residualLikelihood: {
    label: 'Residual likelihood',
    value: (v) => (v === null ? 'the suggestion' : levelText(LIKELIHOOD_LEVELS)(v)),
  },
  residualImpact: {
    label: 'Residual impact',
    value: (v) => (v === null ? 'the suggestion' : levelText(IMPACT_LEVELS)(v)),
  },
  residualReason: { label: 'Reason for the residual risk' },
  reviewDate: { label: 'Next review' },
  status: { label: 'Status', value: (v) => RISK_STATUS_LABELS[v as RiskStatus] ?? String(v) },
  acceptanceExpiresOn: { label: 'Acceptance expires' },
  template: { label: 'From the starter risk' },
  controls: { label: 'Controls' },
  control: { label: 'Control' },
  'control.title': { label: 'Control' },
  'control.description': { label: 'How the control works' },
  'control.ruleIds': { label: 'Library rules' },
  'control.effectivenessOverride': {
    label: 'Effectiveness set by a person',
    value: (v) =>
      v === null
        ? 'from the rules'
        : (CONTROL_EFFECTIVENESS_LABELS[v as ControlEffectiveness] ?? String(v)),
  },
  'control.overrideReason': { label: 'Reason for the effectiveness' },
};

function readable(field: string, value: unknown): string {
  const format = FIELDS[field]?.value;
  if (format) return format(value);
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'string' && isIsoDay(value)) return formatShortDay(value);
  return String(value);
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
                <span className="font-medium">{FIELDS[field]?.label ?? field}:</span>{' '}
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
