import { formatShortDay } from '@complivue/shared/calendar-days';
import { coverageText } from '@complivue/shared/compliance-score';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { AnalyticsCompliance } from '@complivue/shared/schemas/analytics';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartFigure } from '@/components/charts/chart-figure';
import { LineChart } from '@/components/charts/line-chart';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useAnalyticsCompliance } from './api.ts';
import { recordLinks } from './record-links.ts';
import { TableCard } from '@/components/table-card';

type AreaRow = AnalyticsCompliance['areas'][number];

const scoreText = (figures: AreaRow['current']) =>
  !figures ? '—' : figures.score === null ? 'No score yet' : `${figures.score}%`;

/** The bars of each area: the rules that apply, those assessed, those compliant. */
const AREA_BARS = [
  { key: 'applicable', label: 'Applicable', fill: 'fill-slate-300', swatch: 'bg-slate-300' },
  { key: 'assessed', label: 'Assessed', fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  { key: 'compliant', label: 'Compliant', fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
] as const;

function ByArea({ data }: { data: AnalyticsCompliance }) {
  const asOf = data.currentAsOf ? formatShortDay(data.currentAsOf) : 'the period’s close';
  const rows = data.areas.filter((row) => row.current);
  return (
    <>
      <ChartFigure
        title="Rules assessed by area"
        description={`Of the rules that apply to your institution in each area, how many a person has assessed, and how many are compliant, as of ${asOf}.`}
        csvName={`compliance-by-area-${data.period.key}.csv`}
        data={{
          columns: [
            'Area',
            'Applicable',
            'Assessed',
            'Compliant',
            'Needs review',
            'Non-compliant',
            'Not applicable',
            'Score (%)',
          ],
          rows: rows.map((row) => [
            REGULATION_AREA_INFO[row.area].tag,
            row.current!.applicable,
            row.current!.assessed,
            row.current!.compliant,
            row.current!.needsReview,
            row.current!.nonCompliant,
            row.current!.notApplicable,
            row.current!.score,
          ]),
          links: rows.map((row) => recordLinks.rules(row.area)),
        }}
        empty={
          rows.length === 0 ? (
            <p>
              No rule applies to your institution’s profile yet. Set its type and regulation areas
              in Settings, and the library’s rules for those areas will be counted here.
            </p>
          ) : undefined
        }
      >
        <BarChart
          label={`Rules applicable, assessed and compliant by area, as of ${asOf}`}
          categories={rows.map((row) => REGULATION_AREA_INFO[row.area].tag)}
          series={AREA_BARS.map((bar) => ({
            ...bar,
            values: rows.map((row) => row.current![bar.key]),
            links: rows.map((row) => recordLinks.rules(row.area)),
          }))}
        />
      </ChartFigure>
      <TableCard
        title={`Each area beside the close of ${data.previous.label}`}
        csv={{
          filename: `compliance-by-area-compared-${data.period.key}.csv`,
          columns: [
            'Area',
            `Score ${data.period.label} (%)`,
            'Rules assessed',
            'Rules applicable',
            `Score ${data.previous.label} (%)`,
            `Rules assessed ${data.previous.label}`,
            `Rules applicable ${data.previous.label}`,
          ],
          rows: data.areas.map((row) => [
            REGULATION_AREA_INFO[row.area].label,
            row.current?.score ?? null,
            row.current?.assessed ?? null,
            row.current?.applicable ?? null,
            row.previous?.score ?? null,
            row.previous?.assessed ?? null,
            row.previous?.applicable ?? null,
          ]),
        }}
      >
        <DataTable
          caption={`Score and coverage by area, ${data.period.label} and ${data.previous.label}`}
          rows={data.areas}
          rowKey={(row) => row.area}
          columns={[
            {
              header: 'Area',
              cell: (row) => (
                <Link to={recordLinks.rules(row.area)} className="text-brand-700 underline">
                  {REGULATION_AREA_INFO[row.area].label}
                </Link>
              ),
            },
            { header: data.period.label, cell: (row) => scoreText(row.current) },
            {
              header: 'Coverage',
              cell: (row) => (row.current ? coverageText(row.current) : '—'),
            },
            {
              header: `Close of ${data.previous.label}`,
              cell: (row) =>
                row.previous
                  ? `${scoreText(row.previous)} · ${coverageText(row.previous)}`
                  : 'Not recorded',
            },
          ]}
        />
      </TableCard>
    </>
  );
}

/** Line styles for up to eight areas: a hue each, and every other one dashed. */
const AREA_LINES = [
  ['stroke-brand-700', 'bg-brand-700'],
  ['stroke-emerald-600', 'bg-emerald-600'],
  ['stroke-amber-500', 'bg-amber-500'],
  ['stroke-red-600', 'bg-red-600'],
  ['stroke-violet-600', 'bg-violet-600'],
  ['stroke-sky-600', 'bg-sky-600'],
  ['stroke-slate-500', 'bg-slate-500'],
  ['stroke-pink-600', 'bg-pink-600'],
] as const;

/** Advanced analytics: the areas' scores side by side, day by day. */
function CompareAreas({ data }: { data: AnalyticsCompliance }) {
  const days = data.areaTrend.map((point) => point.day);
  const areas = data.areas.map((row) => row.area).slice(0, AREA_LINES.length);
  const scoreOn = (index: number, area: (typeof areas)[number]) =>
    data.areaTrend[index]?.byArea[area]?.score ?? null;
  return (
    <ChartFigure
      title="Areas compared: score day by day"
      description="Each regulation area’s score (compliant ÷ assessed applicable rules). Read it with each area’s coverage in the table below the chart: a score on few rules assessed says little."
      csvName={`areas-compared-${data.period.key}.csv`}
      data={{
        columns: [
          'Day',
          ...areas.flatMap((area) => [
            `${REGULATION_AREA_INFO[area].tag} score (%)`,
            `${REGULATION_AREA_INFO[area].tag} assessed of applicable`,
          ]),
        ],
        rows: data.areaTrend.map((point) => [
          point.day,
          ...areas.flatMap((area) => {
            const figures = point.byArea[area];
            return [
              figures?.score ?? null,
              figures ? `${figures.assessed} of ${figures.applicable}` : null,
            ];
          }),
        ]),
      }}
      empty={
        days.length < 2 || areas.length === 0 ? (
          <p>
            The comparison appears once there are two days of figures for areas with rules that
            apply to your institution.
          </p>
        ) : undefined
      }
    >
      <LineChart
        summary={`Score by area from ${days[0] ? formatShortDay(days[0]) : ''} to ${days.at(-1) ? formatShortDay(days.at(-1)!) : ''}`}
        days={days}
        maxValue={100}
        format={(value) => `${value}%`}
        series={areas.map((area, index) => ({
          key: area,
          label: REGULATION_AREA_INFO[area].tag,
          stroke: AREA_LINES[index]![0],
          swatch: AREA_LINES[index]![1],
          dashed: index % 2 === 1,
          values: days.map((_, dayIndex) => scoreOn(dayIndex, area)),
        }))}
      />
    </ChartFigure>
  );
}

/** `/analytics/compliance`: every area's score, always with its coverage, now and before. */
export function ComplianceView({ search, advanced }: { search: string; advanced: boolean }) {
  const compliance = useAnalyticsCompliance(search);
  return (
    <QueryState query={compliance} loading="Loading the areas">
      {(data) => (
        <div className="space-y-6">
          <ByArea data={data} />
          {advanced && <CompareAreas data={data} />}
        </div>
      )}
    </QueryState>
  );
}
