import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { formatShortDay } from '@complivue/shared/calendar-days';
import type { AnalyticsChanges } from '@complivue/shared/schemas/analytics';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartFigure } from '@/components/charts/chart-figure';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useAnalyticsChanges } from './api.ts';
import { monthLabel } from './months.ts';
import { recordLinks } from './record-links.ts';
import { TableCard } from '@/components/table-card';

function ChangesByMonth({ data, area }: { data: AnalyticsChanges; area?: RegulationArea }) {
  const months = data.byMonth;
  const nothing = months.every((month) => month.opened + month.closed === 0);
  return (
    <ChartFigure
      title="Changes identified and closed, by month"
      description={`Each month of ${data.period.label}: the regulatory changes identified (created) and those implemented and closed, by the day in US Eastern time.${data.medianCycleDays === null ? '' : ` Median time from identified to closed: ${Math.round(data.medianCycleDays)} days.`}`}
      csvName={`changes-by-month-${data.period.key}.csv`}
      data={{
        columns: ['Month', 'Identified', 'Closed'],
        rows: months.map((month) => [monthLabel(month.month), month.opened, month.closed]),
        links: months.map((month) => recordLinks.changesClosed(month, area)),
      }}
      records={{
        to: recordLinks.changesClosed(data.period, area),
        label: `Open the changes closed in ${data.period.label}`,
      }}
      empty={
        nothing ? (
          <p>
            No change was identified or closed in {data.period.label}. Changes appear here when
            someone starts one from a regulatory update or enters one in Change Management.
          </p>
        ) : undefined
      }
    >
      <BarChart
        label={`Changes identified and closed by month, ${data.period.label}`}
        categories={months.map((month) => monthLabel(month.month))}
        series={[
          {
            key: 'opened',
            label: 'Identified',
            fill: 'fill-brand-700',
            swatch: 'bg-brand-700',
            values: months.map((month) => month.opened),
            links: months.map((month) => recordLinks.changesOpened(month, area)),
          },
          {
            key: 'closed',
            label: 'Closed',
            fill: 'fill-emerald-600',
            swatch: 'bg-emerald-600',
            values: months.map((month) => month.closed),
            links: months.map((month) => recordLinks.changesClosed(month, area)),
          },
        ]}
      />
    </ChartFigure>
  );
}

/** `/analytics/changes`: what was identified and closed in the period, and how long each took. */
export function ChangesView({ search, area }: { search: string; area?: RegulationArea }) {
  const changes = useAnalyticsChanges(search);
  return (
    <QueryState query={changes} loading="Loading the changes">
      {(data) => (
        <div className="space-y-6">
          <ChangesByMonth data={data} area={area} />
          {data.changes.length > 0 && (
            <TableCard
              title="The changes behind these figures"
              csv={{
                filename: `changes-${data.period.key}.csv`,
                columns: ['Change', 'Title', 'Owner', 'Identified', 'Closed', 'Days to close'],
                rows: data.changes.map((change) => [
                  changeNumberLabel(change.number),
                  change.title,
                  change.ownerName ?? 'Unassigned',
                  change.openedOn,
                  change.closedOn,
                  change.cycleDays,
                ]),
              }}
            >
              <DataTable
                caption={`Changes identified or closed in ${data.period.label}`}
                rows={data.changes}
                rowKey={(change) => change.id}
                columns={[
                  {
                    header: 'Change',
                    cell: (change) => (
                      <Link to={recordLinks.change(change.id)} className="text-brand-700 underline">
                        {changeNumberLabel(change.number)} {change.title}
                      </Link>
                    ),
                  },
                  { header: 'Owner', cell: (change) => change.ownerName ?? 'Unassigned' },
                  {
                    header: 'Identified',
                    cell: (change) => formatShortDay(change.openedOn),
                    className: 'whitespace-nowrap',
                  },
                  {
                    header: 'Closed',
                    cell: (change) => (change.closedOn ? formatShortDay(change.closedOn) : 'Open'),
                    className: 'whitespace-nowrap',
                  },
                  {
                    header: 'Days to close',
                    cell: (change) => (change.cycleDays === null ? '—' : String(change.cycleDays)),
                  },
                ]}
              />
            </TableCard>
          )}
        </div>
      )}
    </QueryState>
  );
}
