import { AUTOMATION_TRIGGERS, TRIGGERS } from '@complivue/shared/automations';
import {
  RUN_STATUS_LABELS,
  RUN_STATUSES,
  runFiltersSchema,
  type RunFilters,
  type RunSummary,
} from '@complivue/shared/schemas/automations';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { FilterChips, formatDayRange } from '@/components/filter-chips';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format-day';
import { runFilterParams, useRules, useRuns } from './api.ts';
import { rulePath, runPath } from './links.ts';
import { formatDuration, RunStatusToken } from './run-status.tsx';
import { TabSection } from './tab-section.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';
const FILTER_KEYS = ['ruleId', 'status', 'trigger', 'from', 'to', 'page'] as const;

/**
 * The run history's filters live in the URL (rule, status, trigger, days, page), so a number
 * elsewhere opens exactly the runs it counts; a malformed one is dropped, not guessed at.
 */
export function useRunFilters() {
  const [params, setParams] = useSearchParams();
  const filters: RunFilters = { page: 1 };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (!value) continue;
    const parsed = runFiltersSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  const update = (next: Partial<RunFilters>) =>
    setParams(runFilterParams({ ...filters, page: 1, ...next }));
  return { filters, update };
}

function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-900">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

function runColumns(): Column<RunSummary>[] {
  return [
    {
      header: 'Started',
      className: 'whitespace-nowrap',
      cell: (run) => (
        <Link to={runPath(run.id)} className={LINK}>
          <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
        </Link>
      ),
    },
    {
      header: 'Rule',
      cell: (run) =>
        run.ruleId ? (
          <Link to={rulePath(run.ruleId)} className={LINK}>
            {run.ruleName}
          </Link>
        ) : (
          <span>{run.ruleName} (deleted)</span>
        ),
    },
    { header: 'Version', cell: (run) => `v${run.ruleVersion}`, className: 'text-slate-700' },
    {
      header: 'Event',
      cell: (run) => (
        <>
          <span className="block text-slate-900">{run.eventSummary}</span>
          <span className="block text-xs text-slate-700">{TRIGGERS[run.trigger].label}</span>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (run) => (
        <span className="flex flex-col items-start gap-1">
          <RunStatusToken status={run.status} />
          {run.error && <span className="text-xs text-red-800">{run.error}</span>}
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (run) =>
        run.failedActions > 0
          ? `${run.actionCount} (${run.failedActions} failed)`
          : String(run.actionCount),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Duration',
      cell: (run) => formatDuration(run.durationMs),
      className: 'whitespace-nowrap text-slate-700',
    },
  ];
}

/** `/automations/runs`: every run of every rule, newest first, under the URL's filters. */
export function RunsView() {
  const { filters, update } = useRunFilters();
  const runs = useRuns(filters);
  const rules = useRules();
  const ruleNames = new Map(rules.data?.rules.map((rule) => [rule.id, rule.name]));
  const filtered = Boolean(
    filters.ruleId || filters.status || filters.trigger || filters.from || filters.to,
  );
  return (
    <TabSection
      id="runs-heading"
      title="Run history"
      intro="Each time a rule’s trigger happened: whether its conditions were met, what each action did, and every retry. Newest first."
    >
      <form
        role="search"
        aria-label="Filter runs"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-2 gap-3 lg:grid-cols-5"
      >
        <FilterSelect
          label="Rule"
          allLabel="All rules"
          value={filters.ruleId}
          options={rules.data?.rules.map((rule) => rule.id) ?? []}
          optionLabel={(ruleId) => ruleNames.get(ruleId) ?? ruleId}
          unknownLabel="A deleted rule"
          onChange={(ruleId) => update({ ruleId })}
        />
        <FilterSelect
          label="Status"
          allLabel="Any status"
          value={filters.status}
          options={RUN_STATUSES}
          optionLabel={(status) => RUN_STATUS_LABELS[status]}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          label="Trigger"
          allLabel="Any trigger"
          value={filters.trigger}
          options={AUTOMATION_TRIGGERS}
          optionLabel={(trigger) => TRIGGERS[trigger].label}
          onChange={(trigger) => update({ trigger })}
        />
        <DayFilter
          label="From"
          value={filters.from}
          max={filters.to}
          onChange={(from) => update({ from })}
        />
        <DayFilter
          label="To"
          value={filters.to}
          min={filters.from}
          onChange={(to) => update({ to })}
        />
      </form>
      <div className="flex flex-wrap items-center gap-3">
        <FilterChips
          label="Date filter"
          chips={
            filters.from || filters.to
              ? [
                  {
                    label: `Started ${formatDayRange(filters.from, filters.to)}`,
                    onRemove: () => update({ from: undefined, to: undefined }),
                  },
                ]
              : []
          }
        />
        {filtered && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              update({
                ruleId: undefined,
                status: undefined,
                trigger: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            Clear all filters
          </Button>
        )}
      </div>
      <QueryState
        query={runs}
        loading="Loading the runs"
        isEmpty={(data) => data.runs.length === 0}
        empty={
          <Card className="p-6 text-sm text-slate-700">
            {filtered
              ? 'No run matches these filters.'
              : 'No rule has run yet. A run is recorded each time a rule’s trigger happens, whether or not its conditions are met.'}
          </Card>
        }
      >
        {(data) => (
          <>
            <DataTable
              caption={filtered ? 'Automation runs under the filters chosen' : 'Automation runs'}
              columns={runColumns()}
              rows={data.runs}
              rowKey={(run) => run.id}
              rowHeader={0}
              minWidth="60rem"
            />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </QueryState>
    </TabSection>
  );
}
