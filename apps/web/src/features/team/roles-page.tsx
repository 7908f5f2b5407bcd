import { PAGE_ACCESS, PAGE_TITLES, summarizeAccess } from '@complivue/shared/access';
import {
  FEATURE_LABELS,
  FEATURE_NAMES,
  planHasFeature,
  type FeatureName,
  trialIncludesSentence,
} from '@complivue/shared/features';
import { PAID_PLAN_NAMES, planLabel, TRIAL_DAYS } from '@complivue/shared/plans';
import { ROLES, ROLE_LABELS, hasRoleAtLeast } from '@complivue/shared/roles';
import { Check, Minus } from 'lucide-react';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { useRoleHolders } from './api.ts';

function Mark({ yes, label }: { yes: boolean; label: string }) {
  return yes ? (
    <Check aria-label={`${label}: yes`} className="mx-auto size-4 text-emerald-700" />
  ) : (
    <Minus aria-label={`${label}: no`} className="mx-auto size-4 text-slate-500" />
  );
}

type PagePath = keyof typeof PAGE_ACCESS;
const PAGES = Object.keys(PAGE_ACCESS) as PagePath[];

const PAGE_COLUMNS: Column<PagePath>[] = [
  {
    header: 'Page',
    className: 'text-slate-900',
    cell: (page) => (
      <>
        {PAGE_TITLES[page]}
        <span className="block text-xs text-slate-600">{page}</span>
      </>
    ),
  },
  ...ROLES.map((role): Column<PagePath> => ({
    header: ROLE_LABELS[role],
    headerClassName: 'px-2 text-center',
    className: 'px-2',
    cell: (page) => (
      <Mark
        yes={hasRoleAtLeast(role, summarizeAccess(PAGE_ACCESS[page]!).minimumRole)}
        label={`${PAGE_TITLES[page]}, ${ROLE_LABELS[role]}`}
      />
    ),
  })),
  {
    header: 'Plan needed',
    headerClassName: 'pl-4',
    className: 'pl-4 text-slate-700',
    cell: (page) => {
      const summary = summarizeAccess(PAGE_ACCESS[page]!);
      return summary.plan
        ? `${planLabel(summary.plan)} or higher, or a running trial`
        : summary.needsSubscription
          ? 'Any active plan or trial'
          : 'None (signed in)';
    },
  },
];

const FEATURE_COLUMNS: Column<FeatureName>[] = [
  { header: 'Feature', className: 'text-slate-900', cell: (feature) => FEATURE_LABELS[feature] },
  ...(['trial', ...PAID_PLAN_NAMES] as const).map((plan): Column<FeatureName> => ({
    header: planLabel(plan),
    headerClassName: 'px-2 text-center',
    className: 'px-2',
    cell: (feature) => (
      <Mark
        yes={planHasFeature(plan, feature)}
        label={`${FEATURE_LABELS[feature]}, ${planLabel(plan)}`}
      />
    ),
  })),
];

/**
 * `/users/roles`: the access model, generated from the one table the server enforces
 * (packages/shared/src/access.ts and features.ts), so what is shown here is what is enforced.
 */
export function RolesPage() {
  const holders = useRoleHolders();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Roles &amp; Permissions</h1>
        <p className="mt-1 text-sm text-slate-700">
          Roles rank User &lt; Manager &lt; Administrator &lt; Super Admin: a page open to a role is
          open to every higher one. Roles are held inside your institution; Super Admin is the
          platform operator. This matrix is generated from the rules the server enforces.
        </p>
      </div>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Who holds each role</h2>
        <QueryState query={holders} loading="Loading role holders">
          {(data) => (
            <dl className="mt-3 grid gap-4 sm:grid-cols-2">
              {data.roles.map(({ role, members }) => (
                <div key={role}>
                  <dt className="font-medium text-slate-900">
                    {ROLE_LABELS[role]} ({members.length})
                  </dt>
                  <dd className="text-sm text-slate-700">
                    {members.length
                      ? members.map((member) => member.fullName ?? member.email).join(', ')
                      : 'Nobody'}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </QueryState>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">What each role can open</h2>
        <DataTable
          className="mt-3"
          caption="Pages by role and plan"
          columns={PAGE_COLUMNS}
          rows={PAGES}
          rowKey={(page) => page}
        />
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">What each plan includes</h2>
        <p className="mt-1 text-sm text-slate-700">{trialIncludesSentence(TRIAL_DAYS)}</p>
        <DataTable
          className="mt-3"
          caption="Features by plan"
          columns={FEATURE_COLUMNS}
          rows={FEATURE_NAMES}
          rowKey={(feature) => feature}
          minWidth="32rem"
        />
      </Card>
    </div>
  );
}
