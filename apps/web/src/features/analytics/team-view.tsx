import type { AnalyticsTeam } from '@complivue/shared/schemas/analytics';
import { Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { ChartFigure } from '@/components/charts/chart-figure';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { useSession } from '@/lib/session';
import { useAnalyticsTeam } from './api.ts';
import { recordLinks } from './record-links.ts';
import { TableCard } from '@/components/table-card';

function Members({ data, canOpenActivity }: { data: AnalyticsTeam; canOpenActivity: boolean }) {
  if (!data.members) {
    return (
      <p className="text-sm text-slate-700">
        Managers and administrators see each member’s share of this work.
      </p>
    );
  }
  return (
    <DataTable
      caption={`Compliance actions by member, ${data.period.label}`}
      rows={data.members}
      rowKey={(member) => member.userId ?? 'system'}
      columns={[
        {
          header: 'Member',
          cell: (member) =>
            canOpenActivity && member.userId ? (
              <Link
                to={recordLinks.activity(data.period, member.userId)}
                className="text-brand-700 underline"
              >
                {member.name}
              </Link>
            ) : (
              member.name
            ),
        },
        { header: 'Actions', cell: (member) => String(member.total) },
        {
          header: 'Of which',
          cell: (member) =>
            Object.entries(member.byKind)
              .sort((a, b) => b[1] - a[1])
              .map(([kind, count]) => `${kind} ${count}`)
              .join(' · '),
        },
      ]}
    />
  );
}

/** `/analytics/team`: the team's recorded compliance work in the period, by kind and member. */
export function TeamView({ search }: { search: string }) {
  const team = useAnalyticsTeam(search);
  const session = useSession();
  // User Activity is the administrators' page (docs/product.md § Route requirements).
  const canOpenActivity = ['admin', 'super_admin'].includes(session.data?.profile.role ?? '');
  return (
    <QueryState query={team} loading="Loading the team’s work">
      {(data) => (
        <div className="space-y-6">
          <ChartFigure
            title="Compliance actions by kind"
            description={`Everything the team recorded in ${data.period.label} (UTC days, as User Activity lists them), sign-ins and set-up left out: ${data.total} actions.`}
            csvName={`team-actions-${data.period.key}.csv`}
            data={{
              columns: ['Kind of work', 'Actions'],
              rows: data.byKind.map((kind) => [kind.label, kind.count]),
            }}
            records={
              canOpenActivity
                ? {
                    to: recordLinks.activity(data.period),
                    label: 'Open User Activity for the period',
                  }
                : undefined
            }
            empty={
              data.total === 0 ? (
                <p>
                  Nothing was recorded in {data.period.label}. Assessments, changes, deadlines
                  marked done, risks, policies and discussions each leave an entry here.
                </p>
              ) : undefined
            }
          >
            <BarChart
              label={`Compliance actions by kind, ${data.period.label}`}
              categories={data.byKind.map((kind) => kind.label)}
              series={[
                {
                  key: 'actions',
                  label: 'Actions',
                  fill: 'fill-brand-700',
                  swatch: 'bg-brand-700',
                  values: data.byKind.map((kind) => kind.count),
                  links: canOpenActivity
                    ? data.byKind.map(() => recordLinks.activity(data.period))
                    : undefined,
                },
              ]}
            />
          </ChartFigure>
          <TableCard
            title="By member"
            csv={
              data.members && data.members.length > 0
                ? {
                    filename: `team-by-member-${data.period.key}.csv`,
                    columns: ['Member', 'Actions', ...data.byKind.map((kind) => kind.label)],
                    rows: data.members.map((member) => [
                      member.name,
                      member.total,
                      ...data.byKind.map((kind) => member.byKind[kind.label] ?? 0),
                    ]),
                  }
                : undefined
            }
          >
            <Members data={data} canOpenActivity={canOpenActivity} />
          </TableCard>
        </div>
      )}
    </QueryState>
  );
}
