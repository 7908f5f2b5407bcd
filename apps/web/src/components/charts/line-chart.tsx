import { formatShortDay } from '@complivue/shared/calendar-days';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { AXIS_PROPS, chartFrame } from './chart-frame.ts';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { Legend } from './bar-chart.tsx';

export interface LineSeries {
  key: string;
  label: string;
  /** A Tailwind stroke class (`stroke-brand-700`) and the legend's swatch. */
  stroke: string;
  swatch: string;
  /** One value per day (null: not known that day, the line breaks). */
  values: (number | null)[];
  dashed?: boolean;
}

const CHART = chartFrame(200);

/**
 * Lines over days, oldest on the left: an image for assistive technology, described by
 * `summary`; its figures are in the table beside it (ChartFigure).
 */
export function LineChart({
  summary,
  days,
  series,
  maxValue,
  format = String,
}: {
  summary: string;
  days: string[];
  series: LineSeries[];
  /** The top of the scale (100 for percentages); the data's maximum otherwise. */
  maxValue?: number;
  format?: (value: number) => string;
}) {
  const innerWidth = CHART.width - CHART.left - CHART.right;
  const innerHeight = CHART.height - CHART.top - CHART.bottom;
  const values = series.flatMap((each) => each.values.filter((value) => value !== null));
  const x = scaleLinear({ domain: [0, Math.max(1, days.length - 1)], range: [0, innerWidth] });
  const y = scaleLinear({
    domain: [0, maxValue ?? Math.max(1, ...(values as number[]))],
    range: [innerHeight, 0],
    nice: true,
  });
  const ticks = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <div className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-label={summary}
      >
        <Group left={CHART.left} top={CHART.top}>
          {series.map((each) => (
            <LinePath
              key={each.key}
              data={each.values.map((value, index) => ({ index, value }))}
              x={(point) => x(point.index)}
              y={(point) => y(point.value ?? 0)}
              defined={(point) => point.value !== null}
              className={each.stroke}
              strokeWidth={2}
              strokeDasharray={each.dashed ? '6 4' : undefined}
              fill="none"
            />
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(value) => format(Number(value))}
            {...AXIS_PROPS}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={ticks}
            tickFormat={(value) => formatShortDay(days[Number(value)] ?? days[0] ?? '')}
            {...AXIS_PROPS}
          />
        </Group>
      </svg>
      <Legend series={series} />
    </div>
  );
}
