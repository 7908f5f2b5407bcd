import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  RISK_SIGNAL_INFO,
  signalsNeedingAction,
  type AreaSignals,
  type RiskSignal,
} from '@complivue/shared/schemas/risk-signals';
import { Link } from 'react-router';
import { StatusToken, type StatusTone } from '@/components/status-token';

/** A signal's token: how many need action, "None", or "No data" (never a zero that reads well). */
function signalToken(signal: RiskSignal): { tone: StatusTone; word: string } {
  if (signal.count > 0) {
    return {
      tone: signal.kind === 'assessments' ? 'failing' : 'overdue',
      word: `${signal.count} need${signal.count === 1 ? 's' : ''} action`,
    };
  }
  if (signal.considered === 0) return { tone: 'not_assessed', word: 'No data' };
  return { tone: 'compliant', word: 'None' };
}

function SignalRow({ signal }: { signal: RiskSignal }) {
  const info = RISK_SIGNAL_INFO[signal.kind];
  const token = signalToken(signal);
  const explanation =
    signal.count > 0 ? info.counts : signal.considered === 0 ? info.noData : info.clear;
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">{info.label}</span>
        <StatusToken tone={token.tone}>{token.word}</StatusToken>
      </div>
      <p className="text-xs text-slate-700">{explanation}</p>
      {signal.items.length > 0 && (
        <ul aria-label={info.label} className="mt-1 space-y-1 text-sm">
          {signal.items.map((item) => (
            <li key={item.href}>
              <Link to={item.href} className="font-medium text-brand-700 underline">
                {item.label}
              </Link>
              <span className="text-slate-700"> · {item.detail}</span>
            </li>
          ))}
        </ul>
      )}
      {signal.moreHref && (
        <Link to={signal.moreHref} className="mt-1 inline-block text-sm text-brand-700 underline">
          All {signal.count}
        </Link>
      )}
    </li>
  );
}

/** One area's signals, each a count with the records it counts, or what there is no data for. */
export function AreaSignalList({ signals }: { signals: readonly RiskSignal[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {signals.map((signal) => (
        <SignalRow key={signal.kind} signal={signal} />
      ))}
    </ul>
  );
}

function AreaToken({
  signals,
  needingAction,
}: {
  signals: readonly RiskSignal[];
  needingAction: number;
}) {
  if (needingAction > 0) {
    return (
      <StatusToken tone="overdue" className="ml-auto">
        {needingAction} {needingAction === 1 ? 'record needs' : 'records need'} action
      </StatusToken>
    );
  }
  if (signals.every((signal) => signal.considered === 0)) {
    return (
      <StatusToken tone="not_assessed" className="ml-auto">
        No records yet
      </StatusToken>
    );
  }
  return (
    <StatusToken tone="compliant" className="ml-auto">
      Nothing needs action
    </StatusToken>
  );
}

/**
 * The areas of the register, and any other area whose records need action (a gap in the
 * register an examiner would ask about), most needing action first; each opens its signals.
 */
export function SignalsByArea({
  areas,
  riskCounts,
}: {
  areas: readonly AreaSignals[];
  riskCounts: ReadonlyMap<RegulationArea, number>;
}) {
  const shown = areas
    .map((entry) => ({
      ...entry,
      needingAction: signalsNeedingAction(entry.signals),
      risks: riskCounts.get(entry.area) ?? 0,
    }))
    .filter((entry) => entry.risks > 0 || entry.needingAction > 0)
    .sort((a, b) => b.needingAction - a.needingAction || b.risks - a.risks);
  if (shown.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        No risk is in the register yet, and nothing in your records needs action.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {shown.map((entry) => {
        const info = REGULATION_AREA_INFO[entry.area];
        return (
          <li key={entry.area}>
            <details className="group px-3 py-2">
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-slate-900">{info.tag}</span>
                <span className="text-sm text-slate-700">
                  {entry.risks === 0
                    ? 'No risk in the register'
                    : `${entry.risks} ${entry.risks === 1 ? 'risk' : 'risks'}`}
                </span>
                <AreaToken signals={entry.signals} needingAction={entry.needingAction} />
              </summary>
              <p className="mt-1 text-xs text-slate-700">{info.label}</p>
              <AreaSignalList signals={entry.signals} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
