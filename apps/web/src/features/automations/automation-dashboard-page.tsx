import { ACTIONS } from '@complivue/shared/automations';
import { formatShortDay } from '@complivue/shared/calendar-days';
import type { AutomationDashboard } from '@complivue/shared/schemas/automations';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartFigure } from '@/components/charts/chart-figure';
import { LineChart } from '@/components/charts/line-chart';
import { DataTable } from '@/components/data-table';
import { FigureCard } from '@/components/figure-card';
import { QueryState } from '@/components/query-state';
import { TableCard } from '@/components/table-card';
import { ViewTabs } from '@/components/ui/view-tabs';
import { paths } from '@/config/paths';
import { useAutomationDashboard } from './api.ts';
import { rulePath, runsHref } from './links.ts';
import { formatDuration } from './run-status.tsx';

const PERIODS = ['7', '30', '90'] as const;
const LINK = 'text-brand-700 underline underline-offset-2';

/** `380` → `6 h 20 min`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The dashboard's range as the run history's days (`from`/`to` may carry a time). */
const rangeOf = (data: AutomationDashboard) => ({
  from: data.from.slice(0, 10),
  to: data.to.slice(0, 10),
});

function Figures({ data }: { data: AutomationDashboard }) {
  const range = rangeOf(data);
  const { totals } = data;
  const period = `the last ${data.days} days`;
  const finished = totals.succeeded + totals.failed;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FigureCard
        label="Runs"
        value={String(totals.runs)}
        to={runsHref(range)}
        linkLabel={`the ${totals.runs} runs of ${period}`}
      >
        <p>
          <Link to={runsHref({ ...range, status: 'succeeded' })} className={LINK}>
            {totals.succeeded} succeeded
          </Link>
          ,{' '}
          <Link to={runsHref({ ...range, status: 'failed' })} className={LINK}>
            {totals.failed} failed
          </Link>
          ,{' '}
          <Link to={runsHref({ ...range, status: 'skipped' })} className={LINK}>
            {totals.skipped} with conditions not met
          </Link>
          .
        </p>
      </FigureCard>
      <FigureCard
        label="Success rate"
        value={totals.successRate === null ? 'None yet' : `${totals.successRate}%`}
        to={runsHref({ ...range, status: 'failed' })}
        linkLabel={`the ${totals.failed} failed runs of ${period}`}
      >
        <p>
          {finished === 0 ? (
            'No run succeeded or failed in the period.'
          ) : (
            <>
              <Link to={runsHref({ ...range, status: 'succeeded' })} className={LINK}>
                {totals.succeeded} succeeded
              </Link>{' '}
              of the {finished} that succeeded or failed (
              <Link to={runsHref({ ...range, status: 'failed' })} className={LINK}>
                {totals.failed} failed
              </Link>
              ). Runs whose conditions were not met do not count.
            </>
          )}
        </p>
      </FigureCard>
      <FigureCard
        label="Actions taken"
        value={String(totals.actions)}
        to={runsHref(range)}
        linkLabel={`the runs of ${period}, each with the actions it took`}
      >
        <p>Changes opened, tasks created, members told, webhooks posted: by type below.</p>
      </FigureCard>
      <FigureCard
        label="Time saved (estimate)"
        value={`About ${formatMinutes(data.timeSaved.minutes)}`}
        to={runsHref(range)}
        linkLabel={`the runs of ${period} the estimate is made from`}
      >
        <p>{data.timeSaved.method}</p>
      </FigureCard>
    </div>
  );
}

function RunsByDay({ data }: { data: AutomationDashboard }) {
  const days = data.byDay.map((entry) => entry.day);
  const nothing = data.byDay.every((entry) => entry.succeeded + entry.failed + entry.skipped === 0);
  const first = days[0];
  const last = days.at(-1);
  return (
    <ChartFigure
      title="Runs by day"
      description={`Each day of the last ${data.days} days (US Eastern): the runs that succeeded, failed, or whose conditions were not met.`}
      csvName={`automation-runs-${data.days}-days.csv`}
      data={{
        columns: ['Day', 'Succeeded', 'Failed', 'Conditions not met'],
        rows: data.byDay.map((entry) => [
          formatShortDay(entry.day),
          entry.succeeded,
          entry.failed,
          entry.skipped,
        ]),
        links: data.byDay.map((entry) => runsHref({ from: entry.day, to: entry.day })),
      }}
      records={{
        to: runsHref(rangeOf(data)),
        label: `Open the runs of the last ${data.days} days`,
      }}
      empty={
        nothing ? (
          <p>
            No rule ran in the last {data.days} days. Runs appear here when a rule’s trigger
            happens.
          </p>
        ) : undefined
      }
    >
      <LineChart
        summary={`Runs by day from ${first ? formatShortDay(first) : ''} to ${last ? formatShortDay(last) : ''}: succeeded, failed and conditions not met`}
        days={days}
        series={[
          {
            key: 'succeeded',
            label: 'Succeeded',
            stroke: 'stroke-emerald-600',
            swatch: 'bg-emerald-600',
            values: data.byDay.map((entry) => entry.succeeded),
          },
          {
            key: 'failed',
            label: 'Failed',
            stroke: 'stroke-red-700',
            swatch: 'bg-red-700',
            dashed: true,
            values: data.byDay.map((entry) => entry.failed),
          },
          {
            key: 'skipped',
            label: 'Conditions not met',
            stroke: 'stroke-slate-500',
            swatch: 'bg-slate-500',
            dashed: true,
            values: data.byDay.map((entry) => entry.skipped),
          },
        ]}
      />
    </ChartFigure>
  );
}

interface RuleFigureRow {
  ruleId: string;
  name: string;
  runs: number;
}

/** Rules ranked by one figure: each rule's page, the figure, and its runs of the period. */
function RuleFigures<Row extends RuleFigureRow>({
  data,
  title,
  csvName,
  caption,
  rows,
  none,
  figure,
}: {
  data: AutomationDashboard;
  title: string;
  csvName: string;
  caption: string;
  rows: readonly Row[];
  /** What an empty table says. */
  none: string;
  figure: {
    header: string;
    csvHeader: string;
    csv: (row: Row) => number;
    cell: (row: Row) => ReactNode;
  };
}) {
  const range = rangeOf(data);
  return (
    <TableCard
      title={title}
      csv={
        rows.length > 0
          ? {
              filename: `automation-${csvName}-${data.days}-days.csv`,
              columns: ['Rule', figure.csvHeader, 'Runs'],
              rows: rows.map((row) => [row.name, figure.csv(row), row.runs]),
            }
          : undefined
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{none}</p>
      ) : (
        <DataTable
          caption={caption}
          rows={rows}
          rowKey={(row) => row.ruleId}
          minWidth="24rem"
          columns={[
            {
              header: 'Rule',
              cell: (row) => (
                <Link to={rulePath(row.ruleId)} className={LINK}>
                  {row.name}
                </Link>
              ),
            },
            { header: figure.header, cell: figure.cell, className: 'whitespace-nowrap' },
            {
              header: 'Runs',
              cell: (row) => (
                <Link to={runsHref({ ...range, ruleId: row.ruleId })} className={LINK}>
                  {row.runs}
                  <span className="sr-only"> runs of {row.name}</span>
                </Link>
              ),
            },
          ]}
        />
      )}
    </TableCard>
  );
}

function RuleTables({ data }: { data: AutomationDashboard }) {
  const range = rangeOf(data);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RuleFigures
        data={data}
        title="Most failing rules"
        csvName="failing-rules"
        caption={`Rules with the most failed runs in the last ${data.days} days`}
        rows={data.mostFailingRules}
        none={`No rule failed in the last ${data.days} days.`}
        figure={{
          header: 'Failed',
          csvHeader: 'Failed runs',
          csv: (rule) => rule.failed,
          cell: (rule) => (
            <Link
              to={runsHref({ ...range, ruleId: rule.ruleId, status: 'failed' })}
              className={LINK}
            >
              {rule.failed}
              <span className="sr-only"> failed runs of {rule.name}</span>
            </Link>
          ),
        }}
      />
      <RuleFigures
        data={data}
        title="Slowest rules (95th percentile)"
        csvName="slowest-rules"
        caption={`Slowest rules in the last ${data.days} days, by the time 95 runs in 100 finish within`}
        rows={data.slowestRules}
        none={`No run finished in the last ${data.days} days.`}
        figure={{
          header: '95th percentile',
          csvHeader: '95th percentile (ms)',
          csv: (rule) => rule.p95Ms,
          cell: (rule) => formatDuration(rule.p95Ms),
        }}
      />
    </div>
  );
}

function ActionsByType({ data }: { data: AutomationDashboard }) {
  const range = rangeOf(data);
  return (
    <TableCard
      title="Actions by type"
      csv={
        data.actionsByType.length > 0
          ? {
              filename: `automation-actions-${data.days}-days.csv`,
              columns: ['Action', 'Count'],
              rows: data.actionsByType.map((entry) => [ACTIONS[entry.type].label, entry.count]),
            }
          : undefined
      }
    >
      {data.actionsByType.length === 0 ? (
        <p className="text-sm text-slate-700">No action was taken in the last {data.days} days.</p>
      ) : (
        <>
          <DataTable
            caption={`Actions taken in the last ${data.days} days, by type`}
            rows={data.actionsByType}
            rowKey={(entry) => entry.type}
            minWidth="24rem"
            columns={[
              { header: 'Action', cell: (entry) => ACTIONS[entry.type].label },
              {
                header: 'Count',
                cell: (entry) => (
                  <Link to={runsHref(range)} className={LINK}>
                    {entry.count}
                    <span className="sr-only"> — open the runs of the period</span>
                  </Link>
                ),
              },
            ]}
          />
          <p className="text-xs text-slate-600">
            Each count opens the period’s runs, each with the actions it took: the run history does
            not filter by action type.
          </p>
        </>
      )}
    </TableCard>
  );
}

/**
 * `/automation` (Enterprise): how the institution's automations did over 7, 30 or 90 days, every
 * number opening the runs it counts; the time saved always as an estimate with its method.
 */
export function AutomationDashboardPage() {
  const [params] = useSearchParams();
  const asked = params.get('days');
  const period = PERIODS.find((days) => days === asked) ?? '30';
  const dashboard = useAutomationDashboard(Number(period));
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Automation Dashboard</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            How your automation rules did: how often they ran, what failed, and what they did. Every
            number opens the runs it counts.
          </p>
        </div>
        <Link to={paths.automations} className={`text-sm font-medium ${LINK}`}>
          Manage the rules
        </Link>
      </header>
      <ViewTabs
        label="Period"
        tabs={PERIODS.map((days) => ({
          view: days,
          label: `Last ${days} days`,
          to: `${paths.automation}?days=${days}`,
        }))}
        current={period}
      />
      <QueryState query={dashboard} loading="Loading the automation figures">
        {(data) => (
          <div className="space-y-6">
            <Figures data={data} />
            <RunsByDay data={data} />
            <RuleTables data={data} />
            <ActionsByType data={data} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
