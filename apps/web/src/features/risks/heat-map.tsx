import {
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
  RISK_BAND_LABELS,
  riskBand,
  type ScaleLevel,
} from '@complivue/shared/risk-scoring';
import type { RiskSummary } from '@complivue/shared/schemas/risks';
import { cn } from '@/lib/cn';
import { BAND_STYLES } from './risk-badges.tsx';
import type { HeatMapView, RiskPageState } from './use-risk-filters.ts';

type Cell = NonNullable<RiskPageState['cell']>;

/** The rating of a risk the map places it by: inherent, or residual (a person's or suggested). */
export const ratingOf = (risk: RiskSummary, view: HeatMapView) =>
  view === 'inherent' ? risk.inherent : risk.residual;

export const inCell = (risk: RiskSummary, view: HeatMapView, cell: Cell) => {
  const rating = ratingOf(risk, view);
  return rating?.likelihood === cell.likelihood && rating.impact === cell.impact;
};

const plural = (count: number) => `${count} risk${count === 1 ? '' : 's'}`;

/**
 * The 5 × 5 heat map as a real table (likelihood rows, impact columns), so a screen reader
 * reads it as one: each cell says its levels, band and count, and choosing it narrows the list.
 */
export function HeatMap({
  risks,
  view,
  selected,
  onSelect,
}: {
  risks: readonly RiskSummary[];
  view: HeatMapView;
  selected: Cell | null;
  onSelect: (cell: Cell | null) => void;
}) {
  const counts = new Map<string, number>();
  for (const risk of risks) {
    const rating = ratingOf(risk, view);
    if (!rating) continue;
    const key = `${rating.likelihood}-${rating.impact}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const notRated = risks.filter((risk) => !ratingOf(risk, view)).length;
  return (
    <div
      className="overflow-x-auto"
      role="region"
      aria-label={`Heat map of ${view} risk`}
      tabIndex={0}
    >
      {/* Fits a 390 px phone (the level names wrap) rather than scrolling sideways. */}
      <table className="w-full table-fixed border-separate border-spacing-1 text-sm">
        <caption className="mb-2 text-left text-sm text-slate-700">
          {view === 'inherent' ? 'Inherent' : 'Residual'} risk: likelihood (rows) by impact
          (columns). {notRated > 0 && `${plural(notRated)} not rated yet, not on the map.`}
        </caption>
        <thead>
          <tr>
            <td className="w-16 sm:w-32" />
            {IMPACT_LEVELS.map((impact) => (
              <th
                key={impact.level}
                scope="col"
                className="px-0.5 text-center text-[0.7rem] leading-tight font-medium break-words text-slate-700 sm:text-xs"
              >
                {impact.level} {impact.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...LIKELIHOOD_LEVELS].reverse().map((likelihood) => (
            <tr key={likelihood.level}>
              <th
                scope="row"
                className="pr-1 text-right text-[0.7rem] leading-tight font-medium break-words text-slate-700 sm:pr-2 sm:text-xs"
              >
                {likelihood.level} {likelihood.name}
              </th>
              {IMPACT_LEVELS.map((impact) => {
                const cell = { likelihood: likelihood.level, impact: impact.level };
                const count = counts.get(`${cell.likelihood}-${cell.impact}`) ?? 0;
                const band = riskBand({
                  likelihood: cell.likelihood as ScaleLevel,
                  impact: cell.impact as ScaleLevel,
                });
                const isSelected =
                  selected?.likelihood === cell.likelihood && selected.impact === cell.impact;
                return (
                  <td key={impact.level} className="p-0">
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      disabled={count === 0 && !isSelected}
                      onClick={() => onSelect(isSelected ? null : cell)}
                      className={cn(
                        'flex h-14 w-full flex-col items-center justify-center rounded border text-center focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700',
                        BAND_STYLES[band],
                        isSelected && 'ring-2 ring-brand-700',
                      )}
                    >
                      {/* The name reads "Likelihood 4 Likely, impact 5 Severe: 2 risks, Critical";
                          what shows (the count and the band) is part of it, in order. */}
                      <span className="sr-only">
                        Likelihood {likelihood.level} {likelihood.name}, impact {impact.level}{' '}
                        {impact.name}:{' '}
                      </span>
                      <span className="text-lg font-bold">
                        {count || <span className="sr-only">0</span>}
                      </span>
                      <span className="sr-only"> {count === 1 ? 'risk' : 'risks'}, </span>
                      <span className="text-[0.65rem] leading-none">{RISK_BAND_LABELS[band]}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
