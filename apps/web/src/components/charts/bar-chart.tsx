import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { AXIS_PROPS, chartFrame } from './chart-frame.ts';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useNavigate } from 'react-router';

/** One series of a bar chart: its name, its fill, and a value for each category. */
export interface BarSeries {
  key: string;
  label: string;
  /** A Tailwind fill class (`fill-emerald-600`); the legend and the table carry the words. */
  fill: string;
  swatch: string;
  values: number[];
  /** Where the records behind each bar are (same order as the categories). */
  links?: (string | null)[];
}

const CHART = chartFrame(220);

/**
 * Bars per category, the series side by side (or stacked), each bar a link to the records it
 * counts, named for a screen reader ("Oct 2026, closed: 3").
 */
export function BarChart({
  label,
  categories,
  series,
  stacked = false,
}: {
  label: string;
  categories: string[];
  series: BarSeries[];
  stacked?: boolean;
}) {
  const navigate = useNavigate();
  const innerWidth = CHART.width - CHART.left - CHART.right;
  const innerHeight = CHART.height - CHART.top - CHART.bottom;
  const totals = categories.map((_, index) =>
    stacked
      ? series.reduce((sum, each) => sum + (each.values[index] ?? 0), 0)
      : Math.max(0, ...series.map((each) => each.values[index] ?? 0)),
  );
  const x = scaleBand({ domain: categories, range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...totals)],
    range: [innerHeight, 0],
    nice: true,
  });
  const inner = scaleBand({
    domain: series.map((each) => each.key),
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  return (
    <div className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-2xl"
        role="group"
        aria-label={label}
      >
        <Group left={CHART.left} top={CHART.top}>
          {categories.map((category, index) => {
            let stackedTop = innerHeight;
            return series.map((each) => {
              const value = each.values[index] ?? 0;
              const height = innerHeight - y(value);
              const barX = (x(category) ?? 0) + (stacked ? 0 : (inner(each.key) ?? 0));
              const width = stacked ? x.bandwidth() : inner.bandwidth();
              const barY = stacked ? stackedTop - height : y(value);
              if (stacked) stackedTop -= height;
              const to = each.links?.[index];
              const name = `${category}, ${each.label.toLowerCase()}: ${value}`;
              const bar = (
                <Bar
                  x={barX}
                  y={barY}
                  width={width}
                  height={Math.max(height, value > 0 ? 1 : 0)}
                  className={each.fill}
                />
              );
              return to && value > 0 ? (
                <a
                  key={`${category}-${each.key}`}
                  href={to}
                  aria-label={`${name} — open these records`}
                  onClick={(event) => {
                    event.preventDefault();
                    void navigate(to);
                  }}
                  className="focus:outline-2 focus:outline-brand-700"
                >
                  {bar}
                </a>
              ) : (
                <g key={`${category}-${each.key}`} aria-label={name} role="img">
                  {bar}
                </g>
              );
            });
          })}
          <AxisLeft scale={y} numTicks={4} tickFormat={(value) => String(value)} {...AXIS_PROPS} />
          <AxisBottom top={innerHeight} scale={x} {...AXIS_PROPS} />
        </Group>
      </svg>
      <Legend series={series} />
    </div>
  );
}

export function Legend({ series }: { series: { key: string; label: string; swatch: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Legend">
      {series.map((each) => (
        <li key={each.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${each.swatch}`} />
          {each.label}
        </li>
      ))}
    </ul>
  );
}
