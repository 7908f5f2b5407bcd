import { PAGE_ACCESS, PAGE_TITLES, summarizeAccess } from '@complivue/shared/access';
import { FEATURE_LABELS, FEATURE_NAMES, planHasFeature } from '@complivue/shared/features';
import { PAID_PLAN_NAMES, PLAN_CATALOGUE, type PlanName } from '@complivue/shared/plans';
import { ROLES, ROLE_LABELS, hasRoleAtLeast } from '@complivue/shared/roles';
import { Check, Minus } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRoleHolders } from './api.ts';

function Mark({ yes, label }: { yes: boolean; label: string }) {
  return yes ? (
    <Check aria-label={`${label}: yes`} className="mx-auto size-4 text-emerald-700" />
  ) : (
    <Minus aria-label={`${label}: no`} className="mx-auto size-4 text-slate-500" />
  );
}

const planName = (plan: PlanName) => (plan === 'trial' ? 'Trial' : PLAN_CATALOGUE[plan].label);

/**
 * `/users/roles`: the access model, generated from the one table the server enforces
 * (packages/shared/src/access.ts and features.ts), so what is shown here is what is enforced.
 */
export function RolesPage() {
  const holders = useRoleHolders();
  const pages = Object.keys(PAGE_ACCESS) as (keyof typeof PAGE_ACCESS)[];
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
        {holders.isPending ? (
          <Spinner label="Loading role holders" />
        ) : holders.isError ? (
          <Alert variant="destructive">{holders.error.message}</Alert>
        ) : (
          <dl className="mt-3 grid gap-4 sm:grid-cols-2">
            {holders.data.roles.map(({ role, members }) => (
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
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">What each role can open</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Pages by role and plan</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Page
                </th>
                {ROLES.map((role) => (
                  <th key={role} scope="col" className="px-2 py-2 text-center font-medium">
                    {ROLE_LABELS[role]}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-4 font-medium">
                  Plan needed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {pages.map((page) => {
                const summary = summarizeAccess(PAGE_ACCESS[page]!);
                return (
                  <tr key={page}>
                    <th scope="row" className="py-2 pr-4 font-normal text-slate-900">
                      {PAGE_TITLES[page]}
                      <span className="block text-xs text-slate-600">{page}</span>
                    </th>
                    {ROLES.map((role) => (
                      <td key={role} className="px-2 py-2">
                        <Mark
                          yes={hasRoleAtLeast(role, summary.minimumRole)}
                          label={`${PAGE_TITLES[page]}, ${ROLE_LABELS[role]}`}
                        />
                      </td>
                    ))}
                    <td className="py-2 pl-4 text-slate-700">
                      {summary.plan
                        ? `${planName(summary.plan)} or higher`
                        : summary.needsSubscription
                          ? 'Any active plan or trial'
                          : 'None (signed in)'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">What each plan includes</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Features by plan</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Feature
                </th>
                {PAID_PLAN_NAMES.map((plan) => (
                  <th key={plan} scope="col" className="px-2 py-2 text-center font-medium">
                    {planName(plan)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {FEATURE_NAMES.map((feature) => (
                <tr key={feature}>
                  <th scope="row" className="py-2 pr-4 font-normal text-slate-900">
                    {FEATURE_LABELS[feature]}
                  </th>
                  {PAID_PLAN_NAMES.map((plan) => (
                    <td key={plan} className="px-2 py-2">
                      <Mark
                        yes={planHasFeature(plan, feature)}
                        label={`${FEATURE_LABELS[feature]}, ${planName(plan)}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}
