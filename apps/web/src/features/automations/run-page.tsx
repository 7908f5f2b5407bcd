import { AUTOMATION_LIMITS, TRIGGERS } from '@complivue/shared/automations';
import type { RunAction, RunDetail } from '@complivue/shared/schemas/automations';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { useRun } from './api.ts';
import { ConditionResults, EventSummary } from './dry-run-result.tsx';
import { rulePath, runPath } from './links.ts';
import { ActionOutcomeToken, formatDuration, RunStatusToken } from './run-status.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';

const actionColumns: Column<RunAction>[] = [
  {
    header: 'Action',
    cell: (action) => (
      <>
        <span className="text-slate-600">{action.position + 1}. </span>
        {action.summary}
      </>
    ),
  },
  {
    header: 'Outcome',
    cell: (action) => (
      <span className="flex flex-col items-start gap-1">
        <ActionOutcomeToken outcome={action.outcome} />
        {action.error && <span className="text-xs text-red-800">{action.error}</span>}
        {action.nextAttemptAt && (
          <span className="text-xs text-slate-700">
            Next try {formatDateTime(action.nextAttemptAt)}
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Result',
    cell: (action) =>
      action.resultLink ? (
        <Link to={action.resultLink} className={LINK}>
          {action.resultLabel ?? 'Open what it made'}
        </Link>
      ) : (
        (action.resultLabel ?? '—')
      ),
  },
  { header: 'Attempts', cell: (action) => String(action.attempts) },
  {
    header: 'Duration',
    className: 'whitespace-nowrap',
    cell: (action) => formatDuration(action.durationMs),
  },
  {
    header: 'Finished',
    className: 'whitespace-nowrap',
    cell: (action) => (action.finishedAt ? formatDateTime(action.finishedAt) : 'Not yet'),
  },
];

function RunBody({ run }: { run: RunDetail }) {
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Run of “{run.ruleName}”</h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <RunStatusToken status={run.status} />
          <span>
            Started <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
            {run.finishedAt && (
              <>
                , finished <time dateTime={run.finishedAt}>{formatDateTime(run.finishedAt)}</time>
              </>
            )}{' '}
            · {formatDuration(run.durationMs)}
          </span>
        </div>
        {run.error && <Alert variant="destructive">{run.error}</Alert>}
      </header>
      <Card className="p-4 sm:p-6">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[8rem_1fr]">
          <dt className="font-semibold text-slate-900">Rule</dt>
          <dd>
            {run.ruleId ? (
              <Link to={rulePath(run.ruleId)} className={LINK}>
                {run.ruleName}
              </Link>
            ) : (
              `${run.ruleName} (deleted)`
            )}
            , version {run.ruleVersion}
          </dd>
          <dt className="font-semibold text-slate-900">Event</dt>
          <dd>
            <p className="text-slate-900">
              <EventSummary event={run.event} />
            </p>
            <p className="text-sm text-slate-700">
              {TRIGGERS[run.event.trigger].label} ·{' '}
              <time dateTime={run.event.occurredAt}>{formatDateTime(run.event.occurredAt)}</time>
            </p>
          </dd>
          {run.depth > 0 && (
            <>
              <dt className="font-semibold text-slate-900">Caused by</dt>
              <dd className="text-slate-900">
                {run.causedByRunId ? (
                  <Link to={runPath(run.causedByRunId)} className={LINK}>
                    Another automation run
                  </Link>
                ) : (
                  'Another automation run'
                )}{' '}
                made this event: link {run.depth} of a chain of at most{' '}
                {AUTOMATION_LIMITS.chainDepth}.
              </dd>
            </>
          )}
          <dt className="font-semibold text-slate-900">Conditions</dt>
          <dd>
            <ConditionResults conditions={run.conditions} />
          </dd>
        </dl>
      </Card>
      <section aria-labelledby="run-actions-heading" className="space-y-3">
        <h2 id="run-actions-heading" className="text-lg font-semibold text-slate-900">
          Actions
        </h2>
        {run.actions.length === 0 ? (
          <p className="text-sm text-slate-700">
            {run.status === 'skipped'
              ? 'The conditions were not met, so no action ran.'
              : 'No action has run yet.'}
          </p>
        ) : (
          <DataTable
            caption={`Actions of the run of ${run.ruleName}`}
            columns={actionColumns}
            rows={run.actions}
            rowKey={(action) => action.position}
            minWidth="52rem"
          />
        )}
      </section>
    </div>
  );
}

/** `/automations/runs/:runId`: one run, the event, the conditions and each action's outcome. */
export function RunPage() {
  const { runId } = useParams();
  const run = useRun(runId);
  return (
    <div className="space-y-6">
      <BackLink to={paths.automationsRuns}>Run history</BackLink>
      <QueryState query={run} loading="Loading the run">
        {(data) => <RunBody run={data} />}
      </QueryState>
    </div>
  );
}
