import { formatShortDay } from '@complivue/shared/calendar-days';
import { coverageText, isFullyAssessed } from '@complivue/shared/compliance-score';
import type { AnalyticsOverview } from '@complivue/shared/schemas/analytics';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { Link } from 'react-router';
import { ChartFigure } from '@/components/charts/chart-figure';
import { LineChart } from '@/components/charts/line-chart';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { useSession } from '@/lib/session';
import { useAnalyticsOverview } from './api.ts';
import { beside, FigureCard } from '@/components/figure-card';
import { recordLinks } from './record-links.ts';

const days = (count: number | null) =>
  count === null ? '—' : `${Math.round(count)} ${Math.round(count) === 1 ? 'day' : 'days'}`;

/** Days before snapshots were kept are rebuilt from the records' histories: say which. */
function backfillNote(overview: AnalyticsOverview) {
  const rebuilt = overview.trend.filter((point) => point.backfilled);
  if (rebuilt.length === 0) return '';
  return ` Days up to ${formatShortDay(rebuilt.at(-1)!.day)} were rebuilt from the records’ histories (backfilled): what the records do not keep, such as the profile then, is taken as it is today.`;
}

function Trends({ overview }: { overview: AnalyticsOverview }) {
  const { trend, period } = overview;
  const labels = trend.map((point) => point.day);
  const notYet =
    trend.length < 2 ? (
      <p>
        The trend appears once there are two days of figures: they are recorded once a day for{' '}
        {period.label}, and the days before were rebuilt from the records’ histories when there were
        any.
      </p>
    ) : undefined;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartFigure
        title="Score and coverage, day by day"
        description={`The compliance score (compliant ÷ assessed applicable rules) beside the share of applicable rules assessed.${backfillNote(overview)}`}
        csvName={`score-and-coverage-${period.key}.csv`}
        data={{
          columns: ['Day', 'Score (%)', 'Rules assessed', 'Rules applicable', 'Backfilled'],
          rows: trend.map((point) => [
            point.day,
            point.score,
            point.assessed,
            point.applicable,
            point.backfilled ? 'Yes' : 'No',
          ]),
        }}
        records={{
          to: recordLinks.rules(),
          label: 'Open the library’s rules and their assessments',
        }}
        empty={notYet}
      >
        <LineChart
          summary={`Score and coverage from ${formatShortDay(labels[0] ?? period.from)} to ${formatShortDay(labels.at(-1) ?? period.to)}`}
          days={labels}
          maxValue={100}
          format={(value) => `${value}%`}
          series={[
            {
              key: 'score',
              label: 'Score',
              stroke: 'stroke-brand-700',
              swatch: 'bg-brand-700',
              values: trend.map((point) => point.score),
            },
            {
              key: 'coverage',
              label: 'Coverage (rules assessed)',
              stroke: 'stroke-amber-500',
              swatch: 'bg-amber-500',
              dashed: true,
              values: trend.map((point) =>
                point.applicable === 0
                  ? null
                  : Math.round((point.assessed / point.applicable) * 100),
              ),
            },
          ]}
        />
      </ChartFigure>
      <ChartFigure
        title="Open and overdue changes, day by day"
        description="Regulatory changes not closed or set aside, and those past their due date or with a task past its own."
        csvName={`open-changes-${period.key}.csv`}
        data={{
          columns: ['Day', 'Open changes', 'Overdue changes', 'Backfilled'],
          rows: trend.map((point) => [
            point.day,
            point.openChanges,
            point.overdueChanges,
            point.backfilled ? 'Yes' : 'No',
          ]),
        }}
        records={{ to: recordLinks.changesOverdue(), label: 'Open the overdue changes' }}
        empty={notYet}
      >
        <LineChart
          summary={`Open and overdue changes from ${formatShortDay(labels[0] ?? period.from)} to ${formatShortDay(labels.at(-1) ?? period.to)}`}
          days={labels}
          series={[
            {
              key: 'open',
              label: 'Open',
              stroke: 'stroke-brand-700',
              swatch: 'bg-brand-700',
              values: trend.map((point) => point.openChanges),
            },
            {
              key: 'overdue',
              label: 'Overdue',
              stroke: 'stroke-red-600',
              swatch: 'bg-red-600',
              dashed: true,
              values: trend.map((point) => point.overdueChanges),
            },
          ]}
        />
      </ChartFigure>
    </div>
  );
}

function Headlines({ overview, area }: { overview: AnalyticsOverview; area?: RegulationArea }) {
  const session = useSession();
  const isAdmin = ['admin', 'super_admin'].includes(session.data?.profile.role ?? '');
  const { period, previous, compliance, changes, deadlines, feeds, risks, team } = overview;
  const due = deadlines.current;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        label="Compliance score"
        value={
          compliance.current
            ? compliance.current.score === null
              ? 'No score yet'
              : `${compliance.current.score}%`
            : '—'
        }
        to={recordLinks.rules(area)}
        linkLabel="the library’s rules"
      >
        {compliance.current ? (
          <p>
            On {coverageText(compliance.current)}
            {compliance.currentAsOf && `, as of ${formatShortDay(compliance.currentAsOf)}`}.
            {!isFullyAssessed(compliance.current) && (
              <> The score speaks only for the rules assessed.</>
            )}
          </p>
        ) : (
          <p>The period has not begun.</p>
        )}
        <p>
          {compliance.previous && compliance.previousAsOf
            ? beside(
                `Close of ${previous.label}`,
                `${compliance.previous.score === null ? 'no score' : `${compliance.previous.score}%`} on ${coverageText(compliance.previous)}`,
              )
            : `No figures were recorded at the close of ${previous.label}.`}
        </p>
      </FigureCard>
      <FigureCard
        label="Changes implemented and closed"
        value={String(changes.closed.current)}
        to={recordLinks.changesClosed(period, area)}
        linkLabel={`the changes closed in ${period.label}`}
      >
        <p>
          {changes.medianCycleDays.current === null
            ? `None closed in ${period.label} yet.`
            : `Median ${days(changes.medianCycleDays.current)} from identified to closed.`}
        </p>
        <p>
          <Link className="underline" to={recordLinks.changesClosed(previous, area)}>
            {beside(previous.label, changes.closed.previous)} closed
          </Link>
          {' · '}
          <Link className="underline" to={recordLinks.changesOpened(period, area)}>
            {changes.opened.current} identified
          </Link>
        </p>
        {changes.open !== null && (
          <p>
            <Link className="underline" to={recordLinks.openChanges()}>
              {changes.open} open now
            </Link>
            {changes.overdue ? (
              <>
                {' · '}
                <Link className="underline" to={recordLinks.changesOverdue()}>
                  <StatusToken tone="overdue">{changes.overdue} overdue</StatusToken>
                </Link>
              </>
            ) : null}
          </p>
        )}
      </FigureCard>
      <FigureCard
        label="Deadlines missed"
        value={String(due.missed)}
        to={recordLinks.dueDates(period, 'missed', area)}
        linkLabel={`the due dates missed in ${period.label}`}
      >
        <p>
          <Link className="underline" to={recordLinks.dueDates(period, 'on_time', area)}>
            {due.on_time} met on time
          </Link>
          {' · '}
          <Link className="underline" to={recordLinks.dueDates(period, 'late', area)}>
            {due.late} done late
          </Link>
          {' · '}
          <Link className="underline" to={recordLinks.dueDates(period, 'open', area)}>
            {due.open} not yet due
          </Link>
        </p>
        <p>
          <Link className="underline" to={recordLinks.dueDates(previous, undefined, area)}>
            {beside(
              previous.label,
              `${deadlines.previous.missed} missed, ${deadlines.previous.late} late`,
            )}
          </Link>
        </p>
        <p>
          <Link className="underline" to={recordLinks.upcoming(overview.today, area)}>
            {deadlines.upcoming} due in the next 90 days
          </Link>
        </p>
      </FigureCard>
      <FigureCard
        label="Regulatory updates triaged"
        value={`${feeds.triaged.current} of ${feeds.relevant.current}`}
        to={recordLinks.updates(period, area)}
        linkLabel={`the regulatory feed of ${period.label}`}
      >
        <p>
          Updates relevant to your institution published in {period.label}, opened by a member or
          taken into change management.
        </p>
        <p>
          <Link className="underline" to={recordLinks.updates(previous, area)}>
            {beside(previous.label, `${feeds.triaged.previous} of ${feeds.relevant.previous}`)}
          </Link>
        </p>
      </FigureCard>
      {risks && (
        <FigureCard
          label="Open findings"
          value={risks.openFindings === null ? '—' : String(risks.openFindings)}
          to={recordLinks.findings()}
          linkLabel="the findings"
        >
          {risks.overdueFindings ? (
            <p>
              <Link className="underline" to={recordLinks.findings(true)}>
                <StatusToken tone="overdue">
                  {risks.overdueFindings} with an action overdue
                </StatusToken>
              </Link>
            </p>
          ) : null}
          <p>
            <Link className="underline" to={recordLinks.risks()}>
              Residual risks: {risks.bands.critical} critical, {risks.bands.high} high,{' '}
              {risks.bands.moderate} moderate, {risks.bands.low} low, {risks.bands.notRated} not
              rated
            </Link>
          </p>
        </FigureCard>
      )}
      <FigureCard
        label="Compliance actions recorded"
        value={String(team.actions.current)}
        to={isAdmin ? recordLinks.activity(period) : undefined}
        linkLabel={`User Activity for ${period.label}`}
      >
        <p>The audit trail’s compliance work (sign-ins and set-up left out).</p>
        <p>
          {isAdmin ? (
            <Link className="underline" to={recordLinks.activity(previous)}>
              {beside(previous.label, team.actions.previous)}
            </Link>
          ) : (
            beside(previous.label, team.actions.previous)
          )}
        </p>
      </FigureCard>
    </div>
  );
}

/**
 * What needs action, before any figure (DESIGN.md, screens rule 1): the period's missed
 * deadlines, the overdue changes and findings, each a link to its records; nothing when all is
 * in hand.
 */
function NeedsAction({ overview, area }: { overview: AnalyticsOverview; area?: RegulationArea }) {
  const items = [
    {
      count: overview.deadlines.current.missed,
      text: `missed in ${overview.period.label}`,
      noun: ['deadline', 'deadlines'],
      to: recordLinks.dueDates(overview.period, 'missed', area),
    },
    {
      count: overview.changes.overdue ?? 0,
      text: 'overdue',
      noun: ['change', 'changes'],
      to: recordLinks.changesOverdue(),
    },
    {
      count: overview.risks?.overdueFindings ?? 0,
      text: 'with a corrective action overdue',
      noun: ['finding', 'findings'],
      to: recordLinks.findings(true),
    },
  ].filter((item) => item.count > 0);
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="analytics-needs-action"
      className="rounded-lg border border-red-200 bg-red-50 p-4"
    >
      <h2 id="analytics-needs-action" className="text-base font-semibold text-red-900">
        Needs action
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {items.map((item) => (
          <li key={item.text}>
            <Link to={item.to} className="font-medium text-red-900 underline">
              {item.count} {item.noun[item.count === 1 ? 0 : 1]} {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/analytics`: the period's headline figures beside the period before, then the trends. */
export function OverviewView({ search, area }: { search: string; area?: RegulationArea }) {
  const overview = useAnalyticsOverview(search);
  return (
    <QueryState query={overview} loading="Loading the figures">
      {(data) => (
        <div className="space-y-6">
          <NeedsAction overview={data} area={area} />
          <Headlines overview={data} area={area} />
          <Trends overview={data} />
        </div>
      )}
    </QueryState>
  );
}
