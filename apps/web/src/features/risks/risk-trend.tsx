import { formatShortDay } from '@complivue/shared/calendar-days';
import { RISK_BAND_LABELS, type RiskBand } from '@complivue/shared/risk-scoring';
import { TREND_BANDS } from '@complivue/shared/risk-trend';
import type { RiskTrendPoint } from '@complivue/shared/schemas/risk-assessment';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { useRiskTrend } from './api.ts';

/** The bands' fills, the heat map's hues; the legend and the table say the words. */
const BAND_FILLS: Record<RiskBand, string> = {
  low: 'fill-emerald-500',
  moderate: 'fill-amber-400',
  high: 'fill-orange-500',
  critical: 'fill-red-600',
};
const BAND_SWATCHES: Record<RiskBand, string> = {
  low: 'bg-emerald-500',
  moderate: 'bg-amber-400',
  high: 'bg-orange-500',
  critical: 'bg-red-600',
};

const risksWord = (count: number) => `${count} ${count === 1 ? 'risk' : 'risks'}`;

/** "2 critical, 1 high, 0 moderate, 3 low; 1 not rated; average residual score 9.5". */
function describePoint(point: RiskTrendPoint) {
  const bands = [...TREND_BANDS]
    .reverse()
    .map((band) => `${point.bands[band]} ${RISK_BAND_LABELS[band].toLowerCase()}`)
    .join(', ');
  const average =
    point.averageResidualScore === null
      ? 'no risk rated yet'
      : `average residual score ${point.averageResidualScore.toFixed(1)}`;
  return `${risksWord(point.riskCount)}: ${bands}; ${point.notRatedCount} not rated; ${average}`;
}

const CHART = { width: 640, height: 200, left: 32, bottom: 24, top: 8 };

/** Stacked bars of the rated risks by residual band, one bar per snapshot, oldest on the left. */
function TrendBars({ points }: { points: readonly RiskTrendPoint[] }) {
  const rated = (point: RiskTrendPoint) => point.riskCount - point.notRatedCount;
  const max = Math.max(1, ...points.map(rated));
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const plotWidth = CHART.width - CHART.left;
  const slot = plotWidth / points.length;
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const y = (count: number) => CHART.top + plotHeight - (count / max) * plotHeight;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Rated risks by residual band, ${formatShortDay(first.day)} to ${formatShortDay(last.day)}. The table below gives every figure.`}
    >
      {[0, max].map((tick) => (
        <g key={tick}>
          <line
            x1={CHART.left}
            x2={CHART.width}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-slate-300"
          />
          <text
            x={CHART.left - 6}
            y={y(tick) + 4}
            textAnchor="end"
            className="fill-slate-700 text-[11px]"
          >
            {tick}
          </text>
        </g>
      ))}
      {points.map((point, index) => {
        const x = CHART.left + index * slot + (slot - barWidth) / 2;
        let stacked = 0;
        return (
          <g key={point.day}>
            {TREND_BANDS.map((band) => {
              const count = point.bands[band];
              if (count === 0) return null;
              const top = y(stacked + count);
              const height = y(stacked) - top;
              stacked += count;
              return (
                <rect
                  key={band}
                  x={x}
                  y={top}
                  width={barWidth}
                  height={height}
                  className={BAND_FILLS[band]}
                />
              );
            })}
          </g>
        );
      })}
      <text x={CHART.left} y={CHART.height - 6} className="fill-slate-700 text-[11px]">
        {formatShortDay(first.day)}
      </text>
      <text
        x={CHART.width}
        y={CHART.height - 6}
        textAnchor="end"
        className="fill-slate-700 text-[11px]"
      >
        {formatShortDay(last.day)}
      </text>
    </svg>
  );
}

function TrendTable({ points }: { points: readonly RiskTrendPoint[] }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label="Residual risk by day" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="text-xs text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Day
            </th>
            {[...TREND_BANDS].reverse().map((band) => (
              <th key={band} scope="col" className="py-1 pr-3 text-right font-medium">
                {RISK_BAND_LABELS[band]}
              </th>
            ))}
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Not rated
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Average residual score
            </th>
          </tr>
        </thead>
        <tbody>
          {[...points].reverse().map((point) => (
            <tr key={point.day} className="border-t border-slate-200">
              <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                {formatShortDay(point.day)}
              </th>
              {[...TREND_BANDS].reverse().map((band) => (
                <td key={band} className="py-1 pr-3 text-right tabular-nums">
                  {point.bands[band]}
                </td>
              ))}
              <td className="py-1 pr-3 text-right tabular-nums">{point.notRatedCount}</td>
              <td className="py-1 pr-3 text-right tabular-nums">
                {point.averageResidualScore?.toFixed(1) ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Residual risk over time": the register's daily snapshots (risk_snapshots, written by a job),
 * never a reconstruction. With fewer than two there is no trend to draw, and the card says so.
 */
export function RiskTrend() {
  const trend = useRiskTrend();
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Residual risk over time</h2>
      <QueryState query={trend} loading="Loading the trend of residual risk">
        {({ points, today }) => {
          if (points.length === 0) {
            return (
              <p className="text-sm text-slate-700">
                No snapshot of the register yet. The trend starts with today’s snapshot, taken
                within the hour; each day adds one.
              </p>
            );
          }
          const last = points[points.length - 1]!;
          if (points.length === 1) {
            return (
              <p className="text-sm text-slate-700">
                {last.day === today
                  ? 'The trend starts with today’s snapshot'
                  : `The trend starts with the snapshot of ${formatShortDay(last.day)}`}
                : {describePoint(last)}. Each day adds a snapshot; the chart appears with the
                second.
              </p>
            );
          }
          const first = points[0]!;
          return (
            <>
              <p className="text-sm text-slate-700">
                {points.length} daily snapshots. {formatShortDay(first.day)}: {describePoint(first)}
                . {formatShortDay(last.day)}: {describePoint(last)}.
              </p>
              <TrendBars points={points} />
              <ul className="flex flex-wrap gap-4 text-xs text-slate-800" aria-label="Legend">
                {[...TREND_BANDS].reverse().map((band) => (
                  <li key={band} className="flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className={`size-3 rounded-sm ${BAND_SWATCHES[band]}`}
                    />
                    {RISK_BAND_LABELS[band]}
                  </li>
                ))}
              </ul>
              <details className="text-sm">
                <summary className="cursor-pointer font-medium text-slate-900">
                  Show the figures as a table
                </summary>
                <div className="mt-2">
                  <TrendTable points={points} />
                </div>
              </details>
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
