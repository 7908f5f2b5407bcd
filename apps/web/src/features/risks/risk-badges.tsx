import {
  CONTROL_EFFECTIVENESS_LABELS,
  RISK_BAND_LABELS,
  type ControlEffectiveness,
  type RiskBand,
} from '@complivue/shared/risk-scoring';
import {
  RISK_STATUS_LABELS,
  type RatedScore,
  type RiskStatus,
} from '@complivue/shared/schemas/risks';
import { StatusToken, type StatusTone } from '@/components/status-token';
import { cn } from '@/lib/cn';

/** The bands' colours, the heat map's too; the word is always shown beside the colour. */
export const BAND_STYLES: Record<RiskBand, string> = {
  low: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  moderate: 'border-amber-300 bg-amber-50 text-amber-900',
  high: 'border-orange-300 bg-orange-100 text-orange-950',
  critical: 'border-red-300 bg-red-100 text-red-900',
};

const pill =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** "20 · Critical", or "Not rated" (dashed) until a person rates the risk. */
export function ScoreBadge({ score, suffix }: { score: RatedScore | null; suffix?: string }) {
  if (!score)
    return (
      <span className={cn(pill, 'border-dashed border-slate-400 bg-white text-slate-700')}>
        Not rated
      </span>
    );
  return (
    <span
      className={cn(pill, BAND_STYLES[score.band])}
      title={`Likelihood ${score.likelihood} × impact ${score.impact}`}
    >
      {score.score} · {RISK_BAND_LABELS[score.band]}
      {suffix && <span className="font-normal">({suffix})</span>}
    </span>
  );
}

/** Effectiveness in the one set of status tokens: effective reads as compliant, and so on. */
const EFFECTIVENESS_TONES: Record<ControlEffectiveness, StatusTone> = {
  effective: 'compliant',
  partially_effective: 'needs_review',
  ineffective: 'failing',
  not_assessed: 'not_assessed',
};

export function EffectivenessToken({ effectiveness }: { effectiveness: ControlEffectiveness }) {
  return (
    <StatusToken tone={EFFECTIVENESS_TONES[effectiveness]}>
      {CONTROL_EFFECTIVENESS_LABELS[effectiveness]}
    </StatusToken>
  );
}

export function RiskStatusBadge({ status }: { status: RiskStatus }) {
  return (
    <span
      className={cn(
        pill,
        status === 'open'
          ? 'border-slate-300 bg-white text-slate-800'
          : 'border-slate-200 bg-slate-100 text-slate-800',
      )}
    >
      {RISK_STATUS_LABELS[status]}
    </span>
  );
}
