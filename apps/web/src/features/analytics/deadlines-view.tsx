import { formatShortDay } from '@complivue/shared/calendar-days';
import { DEADLINE_OUTCOME_LABELS, type DeadlineOutcome } from '@complivue/shared/deadline-outcomes';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { AnalyticsDeadlines, PeriodDueDateEntry } from '@complivue/shared/schemas/analytics';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartFigure } from '@/components/charts/chart-figure';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { useAnalyticsDeadlines } from './api.ts';
import { monthLabel } from './months.ts';
import { recordLinks } from './record-links.ts';
import { TableCard } from '@/components/table-card';

const OUTCOME_STYLE: Record<DeadlineOutcome, { fill: string; swatch: string }> = {
  on_time: { fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
  late: { fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  missed: { fill: 'fill-red-600', swatch: 'bg-red-600' },
  open: { fill: 'fill-slate-300', swatch: 'bg-slate-300' },
};
const ORDER: DeadlineOutcome[] = ['missed', 'late', 'on_time', 'open'];

function OutcomeToken({ outcome }: { outcome: DeadlineOutcome }) {
  const tone =
    outcome === 'on_time'
      ? 'compliant'
      : outcome === 'open'
        ? 'not_assessed'
        : outcome === 'late'
          ? 'needs_review'
          : 'overdue';
  return <StatusToken tone={tone}>{DEADLINE_OUTCOME_LABELS[outcome]}</StatusToken>;
}

/** The due dates as the table shows them, for its CSV. */
const dueDatesCsv = (filename: string, rows: PeriodDueDateEntry[]) => ({
  filename,
  columns: ['Deadline', 'Due', 'Outcome', 'Owner', 'Done on', 'Done by', 'Note'],
  rows: rows.map((row) => [
    row.title,
    row.date,
    DEADLINE_OUTCOME_LABELS[row.outcome],
    row.ownerName ?? 'Unassigned',
    row.doneOn,
    row.doneByName,
    row.evidenceNote,
  ]),
});

function DueDateTable({ caption, rows }: { caption: string; rows: PeriodDueDateEntry[] }) {
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={(row) => `${row.eventId}/${row.date}`}
      columns={[
        {
          header: 'Deadline',
          cell: (row) => (
            <Link
              to={recordLinks.dueDate(row.eventId, row.date)}
              className="text-brand-700 underline"
            >
              {row.title}
            </Link>
          ),
        },
        { header: 'Due', cell: (row) => formatShortDay(row.date), className: 'whitespace-nowrap' },
        { header: 'Outcome', cell: (row) => <OutcomeToken outcome={row.outcome} /> },
        { header: 'Owner', cell: (row) => row.ownerName ?? 'Unassigned' },
        {
          header: 'Done',
          cell: (row) =>
            row.doneOn
              ? `${formatShortDay(row.doneOn)}${row.doneByName ? ` by ${row.doneByName}` : ''}${row.evidenceNote ? ` — “${row.evidenceNote}”` : ''}`
              : 'Not marked done',
        },
      ]}
    />
  );
}

function DeadlinesByMonth({ data, area }: { data: AnalyticsDeadlines; area?: RegulationArea }) {
  const months = data.byMonth;
  return (
    <ChartFigure
      title="Due dates by month and outcome"
      description={`Each due date of ${data.period.label} that applies to your institution: met on time (marked done on or before the date, with its evidence), done late, missed (never marked done), or not yet due.`}
      csvName={`deadlines-by-month-${data.period.key}.csv`}
      data={{
        columns: ['Month', ...ORDER.map((outcome) => DEADLINE_OUTCOME_LABELS[outcome])],
        rows: months.map((month) => [
          monthLabel(month.month),
          ...ORDER.map((outcome) => month[outcome]),
        ]),
        links: months.map((month) => recordLinks.dueDates(month, undefined, area)),
      }}
      records={{
        to: recordLinks.dueDates(data.period, undefined, area),
        label: `Open the due dates of ${data.period.label}`,
      }}
      empty={
        data.dueDates.length === 0 ? (
          <p>
            No deadline fell in {data.period.label}. The Regulatory Calendar lists the deadlines
            that apply to your institution’s profile, and any you add.
          </p>
        ) : undefined
      }
    >
      <BarChart
        stacked
        label={`Due dates by month and outcome, ${data.period.label}`}
        categories={months.map((month) => monthLabel(month.month))}
        series={ORDER.map((outcome) => ({
          key: outcome,
          label: DEADLINE_OUTCOME_LABELS[outcome],
          ...OUTCOME_STYLE[outcome],
          values: months.map((month) => month[outcome]),
          links: months.map((month) => recordLinks.dueDates(month, outcome, area)),
        }))}
      />
    </ChartFigure>
  );
}

/** `/analytics/deadlines`: what became of each due date of the period, and what comes next. */
export function DeadlinesView({ search, area }: { search: string; area?: RegulationArea }) {
  const deadlines = useAnalyticsDeadlines(search);
  return (
    <QueryState query={deadlines} loading="Loading the deadlines">
      {(data) => {
        const troubled = data.dueDates.filter(
          (row) => row.outcome === 'missed' || row.outcome === 'late',
        );
        return (
          <div className="space-y-6">
            {troubled.length > 0 && (
              <TableCard
                title={`Missed or done late (${troubled.length})`}
                csv={dueDatesCsv(`deadlines-missed-or-late-${data.period.key}.csv`, troubled)}
              >
                <DueDateTable
                  caption={`Due dates missed or done late in ${data.period.label}`}
                  rows={troubled}
                />
              </TableCard>
            )}
            <DeadlinesByMonth data={data} area={area} />
            <TableCard
              title={`Due in the next 90 days (${data.upcoming.length})`}
              csv={
                data.upcoming.length > 0
                  ? dueDatesCsv(`deadlines-next-90-days-${data.today}.csv`, data.upcoming)
                  : undefined
              }
            >
              {data.upcoming.length === 0 ? (
                <p className="text-sm text-slate-700">Nothing is due in the next 90 days.</p>
              ) : (
                <DueDateTable caption="Due dates of the next 90 days" rows={data.upcoming} />
              )}
            </TableCard>
          </div>
        );
      }}
    </QueryState>
  );
}
