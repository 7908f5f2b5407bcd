import { formatShortDay } from '@complivue/shared/calendar-days';
import { policyNumberLabel } from '@complivue/shared/policies';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type { PolicyMembers, PolicySummary } from '@complivue/shared/schemas/policies';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ViewTabs } from '@/components/ui/view-tabs';
import { useSession } from '@/lib/session';
import { useCreatePolicy, usePolicies, usePolicy, usePolicyMembers } from './api.ts';
import { VersionStatusToken } from './policy-badges.tsx';
import { PolicyDetailView } from './policy-detail.tsx';
import { PolicyGapsView } from './policy-gaps-view.tsx';
import { PolicyUploadForm } from './policy-upload-form.tsx';

function NextReview({ policy }: { policy: PolicySummary }) {
  const day = policy.approved?.nextReviewDate;
  if (!day) return <span className="text-xs text-slate-700">—</span>;
  return policy.reviewOverdue ? (
    <StatusToken tone="overdue">Overdue since {formatShortDay(day)}</StatusToken>
  ) : (
    <span className="text-xs whitespace-nowrap">{formatShortDay(day)}</span>
  );
}

function policyColumns(open: (policyId: string) => void): Column<PolicySummary>[] {
  return [
    {
      header: 'Number',
      cell: (policy) => policyNumberLabel(policy.number),
      className: 'whitespace-nowrap text-slate-600',
    },
    {
      header: 'Policy',
      cell: (policy) => (
        <button
          type="button"
          onClick={() => open(policy.id)}
          className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {policy.title}
        </button>
      ),
    },
    {
      header: 'Latest version',
      cell: (policy) => (
        <span className="flex items-center gap-2 text-xs whitespace-nowrap">
          v{policy.latest.version} <VersionStatusToken status={policy.latest.status} />
        </span>
      ),
    },
    {
      header: 'In force',
      cell: (policy) =>
        policy.approved ? (
          <span className="text-xs whitespace-nowrap">
            v{policy.approved.version}, approved{' '}
            {formatShortDay(policy.approved.approvedAt.slice(0, 10))}
          </span>
        ) : (
          <StatusToken tone="not_assessed">None approved</StatusToken>
        ),
    },
    { header: 'Next review', cell: (policy) => <NextReview policy={policy} /> },
    {
      header: 'Rules covered',
      cell: (policy) => (
        <button
          type="button"
          onClick={() => open(policy.id)}
          className="text-brand-700 underline-offset-2 hover:underline"
          aria-label={`${policy.coveredRules} rules confirmed as covered by ${policy.title}`}
        >
          {policy.coveredRules}
        </button>
      ),
      className: 'text-right',
      headerClassName: 'text-right',
    },
    {
      header: 'To decide',
      cell: (policy) =>
        policy.undecidedMatches > 0 ? (
          <button
            type="button"
            onClick={() => open(policy.id)}
            className="text-brand-700 underline-offset-2 hover:underline"
            aria-label={`${policy.undecidedMatches} suggested rules to decide on ${policy.title}`}
          >
            {policy.undecidedMatches}
          </button>
        ) : (
          '0'
        ),
      className: 'text-right',
      headerClassName: 'text-right',
    },
    {
      header: 'Owner',
      cell: (policy) => <span className="text-xs">{policy.ownerName ?? 'Unassigned'}</span>,
    },
  ];
}

/**
 * What needs action first: the viewer's acknowledgements, overdue reviews, versions awaiting
 * approval, drafts never submitted.
 */
function NeedsAction({
  policies,
  open,
}: {
  policies: readonly PolicySummary[];
  open: (policyId: string) => void;
}) {
  const toAcknowledge = policies.filter((policy) => policy.acknowledgementDue);
  const overdue = policies.filter((policy) => policy.reviewOverdue);
  const awaiting = policies.filter((policy) => policy.latest.status === 'in_review');
  // Never approved and not on its way to approval: a draft nobody has submitted.
  const notInForce = policies.filter(
    (policy) => !policy.approved && policy.latest.status === 'draft',
  );
  if (toAcknowledge.length + overdue.length + awaiting.length + notInForce.length === 0) {
    return null;
  }
  const list = (items: PolicySummary[]) =>
    items.map((policy, index) => (
      <span key={policy.id}>
        {index > 0 && '; '}
        <button type="button" onClick={() => open(policy.id)} className="font-semibold underline">
          {policyNumberLabel(policy.number)} {policy.title}
        </button>
      </span>
    ));
  return (
    <Alert>
      <ul className="space-y-1">
        {toAcknowledge.length > 0 && <li>For you to acknowledge: {list(toAcknowledge)}.</li>}
        {overdue.length > 0 && <li>Review overdue: {list(overdue)}.</li>}
        {awaiting.length > 0 && <li>Awaiting approval: {list(awaiting)}.</li>}
        {notInForce.length > 0 && <li>Never approved, so not in force: {list(notInForce)}.</li>}
      </ul>
    </Alert>
  );
}

function PolicyListView({
  role,
  members,
  open,
}: {
  role: Role;
  members: PolicyMembers['members'];
  open: (policyId: string) => void;
}) {
  const list = usePolicies();
  const create = useCreatePolicy();
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-6">
      {hasRoleAtLeast(role, 'manager') && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add policy
          </Button>
        </div>
      )}
      <QueryState query={list} loading="Loading the policies">
        {(data) => (
          <>
            <NeedsAction policies={data.items} open={open} />
            <Card className="space-y-4 p-4 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">Policies and procedures</h2>
              {data.items.length === 0 ? (
                <p className="text-sm text-slate-700">
                  No policies yet. Add a policy as a PDF, Word or Markdown file: its sections are
                  matched to the rules of the compliance library for you to confirm.
                </p>
              ) : (
                <DataTable
                  caption="Your institution’s policies"
                  columns={policyColumns(open)}
                  rows={data.items}
                  rowKey={(row) => row.id}
                  rowHeader={1}
                  minWidth="56rem"
                />
              )}
            </Card>
          </>
        )}
      </QueryState>
      <ModalDialog open={adding} onClose={() => setAdding(false)} title="Add a policy">
        <PolicyUploadForm
          kind="policy"
          members={members}
          onCancel={() => setAdding(false)}
          onSubmit={async (upload) => {
            const policy = await create.mutateAsync(upload);
            toast.success(
              `${policyNumberLabel(policy.number)} was added as a draft with ${policy.undecidedMatches} suggested rules to decide.`,
            );
            setAdding(false);
            open(policy.id);
          }}
        />
      </ModalDialog>
    </div>
  );
}

const GAPS_VIEW = 'gaps';
const VIEW_TABS = [
  { view: 'list', label: 'Policies', to: '/policy-cross-referencing' },
  { view: GAPS_VIEW, label: 'Gap report', to: `/policy-cross-referencing?view=${GAPS_VIEW}` },
] as const;

const areaParam = (value: string | null): RegulationArea | undefined =>
  REGULATION_AREAS.find((area) => area === value);

/**
 * `/policy-cross-referencing`: the institution's written policies and procedures, each
 * cross-referenced to the compliance library, and the gap report. The view, the open policy
 * and version (or the two versions compared) and the report's area are in the URL
 * (`?policy=…&version=…`, `?policy=…&compare=1..2`, `?view=gaps&area=…`), so a link or a reload
 * shows the same thing.
 */
export function PoliciesPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === GAPS_VIEW ? GAPS_VIEW : 'list';
  const policyId = params.get('policy');
  const versionParam = Number(params.get('version'));
  const selectedVersion = Number.isInteger(versionParam) && versionParam > 0 ? versionParam : null;
  const compareParam = /^(\d{1,6})\.\.(\d{1,6})$/.exec(params.get('compare') ?? '');
  const compare = compareParam
    ? { from: Number(compareParam[1]), to: Number(compareParam[2]) }
    : null;
  const { data: session } = useSession();
  const role = session?.profile.role ?? 'user';
  const members = usePolicyMembers().data?.members ?? [];
  const policy = usePolicy(policyId);
  const open = (id: string) => setParams({ policy: id });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Policy Cross-Referencing</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          Your written policies and procedures, each version approved by an administrator, and each
          section tied to the rules of the compliance library it covers.
        </p>
      </header>
      {!policyId && <ViewTabs label="Policy views" tabs={VIEW_TABS} current={view} />}
      {policyId ? (
        <QueryState query={policy} loading="Loading the policy">
          {(data) => (
            <PolicyDetailView
              policy={data}
              role={role}
              members={members}
              selectedVersion={selectedVersion}
              onSelectVersion={(version) =>
                setParams({ policy: data.id, version: String(version) })
              }
              compare={compare}
              onCompare={(range) =>
                setParams(
                  range
                    ? { policy: data.id, compare: `${range.from}..${range.to}` }
                    : { policy: data.id },
                )
              }
              onDeleted={() => setParams({})}
            />
          )}
        </QueryState>
      ) : view === GAPS_VIEW ? (
        <PolicyGapsView
          area={areaParam(params.get('area'))}
          onArea={(area) => setParams(area ? { view: GAPS_VIEW, area } : { view: GAPS_VIEW })}
        />
      ) : (
        <PolicyListView role={role} members={members} open={open} />
      )}
    </div>
  );
}
