import { formatShortDay } from '@complivue/shared/calendar-days';
import { coverageText } from '@complivue/shared/compliance-score';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import type { AnalyticsCompliance } from '@complivue/shared/schemas/analytics';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartFigure } from '@/components/charts/chart-figure';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { useAnalyticsCompliance } from './api.ts';
import { recordLinks } from './record-links.ts';

type AreaRow = AnalyticsCompliance['areas'][number];

const scoreText = (figures: AreaRow['current']) =>
  !figures ? '—' : figures.score === null ? 'No score yet' : `${figures.score}%`;

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
          series={[
            {
              key: 'applicable',
              label: 'Applicable',
              fill: 'fill-slate-300',
              swatch: 'bg-slate-300',
              values: rows.map((row) => row.current!.applicable),
              links: rows.map((row) => recordLinks.rules(row.area)),
            },
            {
              key: 'assessed',
              label: 'Assessed',
              fill: 'fill-amber-500',
              swatch: 'bg-amber-500',
              values: rows.map((row) => row.current!.assessed),
              links: rows.map((row) => recordLinks.rules(row.area)),
            },
            {
              key: 'compliant',
              label: 'Compliant',
              fill: 'fill-emerald-600',
              swatch: 'bg-emerald-600',
              values: rows.map((row) => row.current!.compliant),
              links: rows.map((row) => recordLinks.rules(row.area)),
            },
          ]}
        />
      </ChartFigure>
      <Card className="space-y-3 p-4">
        <h2 className="text-base font-semibold text-slate-900">
          Each area beside the close of {data.previous.label}
        </h2>
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
      </Card>
    </>
  );
}

/** `/analytics/compliance`: every area's score, always with its coverage, now and before. */
export function ComplianceView({ search }: { search: string }) {
  const compliance = useAnalyticsCompliance(search);
  return (
    <QueryState query={compliance} loading="Loading the areas">
      {(data) => (
        <div className="space-y-6">
          <ByArea data={data} />
        </div>
      )}
    </QueryState>
  );
}
