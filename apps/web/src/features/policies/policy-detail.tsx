import { formatShortDay } from '@complivue/shared/calendar-days';
import { POLICY_VERSION_STATUS_LABELS, policyNumberLabel } from '@complivue/shared/policies';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type {
  PolicyDetail,
  PolicyHistoryEntry,
  PolicyMembers,
  PolicyVersionSummary,
} from '@complivue/shared/schemas/policies';
import { ArrowLeft, Download, FilePlus, GitCompare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { RecordHistory } from '@/components/record-history';
import { StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  policyFileHref,
  useAddPolicyVersion,
  useDeletePolicy,
  usePolicyVersion,
  useSubmitPolicyVersion,
  useUpdatePolicy,
} from './api.ts';
import { ApproveVersionForm, ReturnVersionForm } from './policy-approval.tsx';
import { PolicyAttestationCard } from './policy-attestation.tsx';
import { PolicyImpactsCard } from './policy-impacts.tsx';
import { VersionStatusToken } from './policy-badges.tsx';
import { PolicyCompareView, defaultCompareRange, type CompareRange } from './policy-compare.tsx';
import { PolicySectionsView } from './policy-sections.tsx';
import { PolicyUploadForm } from './policy-upload-form.tsx';
import { Discussion } from '@/components/discussion/discussion';

const EVENTS: Record<string, string> = {
  created: 'added the policy',
  updated: 'changed the policy',
  version_added: 'added a version',
  submitted: 'submitted a version for approval',
  approved: 'approved a version',
  returned: 'returned a version to draft',
  match_decided: 'decided a suggested rule',
  match_added: 'linked a rule by hand',
  attestation_requested: 'asked every member to acknowledge the version in force',
  attestation_reminded: 'reminded the members who had not acknowledged',
  acknowledged: 'acknowledged the version in force',
  impact_reviewed: 'reviewed the policy against a regulatory change',
};

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  owner: 'Owner',
  version: 'Version',
  fileName: 'File',
  sections: 'Sections',
  suggestions: 'Rules suggested',
  decisionsCarriedOver: 'Decisions kept from the previous version',
  note: 'Note',
  nextReviewDate: 'Next review date',
  superseded: 'Versions superseded',
  dueDate: 'Acknowledge by',
  reminded: 'Members reminded',
  attestationRequested: 'Members asked to acknowledge again',
};

const VALUE_WORDS: Record<string, string> = {
  ...POLICY_VERSION_STATUS_LABELS,
  suggested: 'suggested',
  confirmed: 'confirmed',
  rejected: 'rejected',
};

function readable(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if ((field === 'nextReviewDate' || field === 'dueDate') && typeof value === 'string') {
    return formatShortDay(value);
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  return VALUE_WORDS[String(value)] ?? String(value);
}

/** The history as sentences: who did what, when, and each field from before to after. */
function PolicyHistory({ history }: { history: readonly PolicyHistoryEntry[] }) {
  return (
    <RecordHistory
      history={history}
      events={EVENTS}
      otherEvent="changed the policy"
      fieldLabel={(field) => FIELD_LABELS[field] ?? field}
      readable={readable}
    />
  );
}

type Decision = { kind: 'approve' | 'return'; version: number } | null;

function VersionActions({
  policyId,
  version,
  role,
  onDecide,
}: {
  policyId: string;
  version: PolicyVersionSummary;
  role: Role;
  onDecide: (decision: Decision) => void;
}) {
  const submit = useSubmitPolicyVersion(policyId);
  if (version.status === 'draft' && hasRoleAtLeast(role, 'manager')) {
    return (
      <Button
        size="sm"
        variant="secondary"
        disabled={submit.isPending}
        onClick={async () => {
          try {
            await submit.mutateAsync(version.version);
            toast.success(`Version ${version.version} was sent for approval.`);
          } catch (error) {
            toast.error(userFacingMessage(error, 'The version could not be submitted.'));
          }
        }}
      >
        Submit for approval
      </Button>
    );
  }
  if (version.status === 'in_review' && hasRoleAtLeast(role, 'admin')) {
    return (
      <span className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onDecide({ kind: 'approve', version: version.version })}>
          Approve
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onDecide({ kind: 'return', version: version.version })}
        >
          Return
        </Button>
      </span>
    );
  }
  return null;
}

function versionColumns(
  policyId: string,
  role: Role,
  onOpen: (version: number) => void,
  onDecide: (decision: Decision) => void,
): Column<PolicyVersionSummary>[] {
  return [
    {
      header: 'Version',
      cell: (version) => (
        <button
          type="button"
          onClick={() => onOpen(version.version)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Version {version.version}
        </button>
      ),
      className: 'whitespace-nowrap',
    },
    { header: 'Status', cell: (version) => <VersionStatusToken status={version.status} /> },
    {
      header: 'Added',
      cell: (version) => (
        <span className="text-xs">
          {version.createdByName}, {formatDateTime(version.createdAt)}
          {version.note && <span className="mt-0.5 block text-slate-700">“{version.note}”</span>}
          {version.returnNote && (
            <span className="mt-0.5 block text-red-800">Returned: “{version.returnNote}”</span>
          )}
        </span>
      ),
    },
    {
      header: 'Approval',
      cell: (version) =>
        version.approvedAt ? (
          <span className="text-xs">
            {version.approvedByName ?? 'A former member'}, {formatDateTime(version.approvedAt)}
            {version.nextReviewDate && (
              <span className="block">Next review {formatShortDay(version.nextReviewDate)}</span>
            )}
          </span>
        ) : version.submittedAt ? (
          <span className="text-xs">
            Submitted by {version.submittedByName ?? 'a former member'},{' '}
            {formatDateTime(version.submittedAt)}
          </span>
        ) : (
          <span className="text-xs text-slate-700">Not submitted</span>
        ),
    },
    {
      header: 'File',
      cell: (version) => (
        <a
          href={policyFileHref(policyId, version.version)}
          className="inline-flex items-center gap-1 text-xs text-brand-700 underline-offset-2 hover:underline"
        >
          <Download aria-hidden="true" className="size-3.5" />
          {version.fileName}
        </a>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (version) => (
        <VersionActions policyId={policyId} version={version} role={role} onDecide={onDecide} />
      ),
    },
  ];
}

function OwnerSelect({
  policy,
  members,
}: {
  policy: PolicyDetail;
  members: PolicyMembers['members'];
}) {
  const update = useUpdatePolicy(policy.id);
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
      Owner
      <Select
        className="w-56"
        value={policy.ownerId ?? ''}
        disabled={update.isPending}
        onChange={async (event) => {
          try {
            await update.mutateAsync({ ownerId: event.target.value || null });
            toast.success('The owner was changed.');
          } catch (error) {
            toast.error(userFacingMessage(error, 'The owner could not be changed.'));
          }
        }}
      >
        <option value="">Unassigned</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name}
          </option>
        ))}
      </Select>
    </label>
  );
}

/**
 * One policy: what needs a decision first (an overdue review, a version awaiting approval,
 * suggestions to decide), its versions with their approval, the chosen version's sections and
 * the rules they cover, and the history.
 */
export function PolicyDetailView({
  policy,
  role,
  members,
  selectedVersion,
  onSelectVersion,
  compare,
  onCompare,
  onDeleted,
}: {
  policy: PolicyDetail;
  role: Role;
  members: PolicyMembers['members'];
  selectedVersion: number | null;
  onSelectVersion: (version: number) => void;
  /** The two versions compared (in the URL), or null when one version is read. */
  compare: CompareRange | null;
  onCompare: (range: CompareRange | null) => void;
  onDeleted: () => void;
}) {
  const canEdit = hasRoleAtLeast(role, 'manager');
  const version = selectedVersion ?? policy.latest.version;
  const comparing = compare !== null && policy.versions.length > 1;
  const detail = usePolicyVersion(policy.id, comparing ? null : version);
  const addVersion = useAddPolicyVersion(policy.id);
  const remove = useDeletePolicy(policy.id);
  const [adding, setAdding] = useState(false);
  const [decision, setDecision] = useState<Decision>(null);
  const inReview = policy.versions.find((candidate) => candidate.status === 'in_review');
  return (
    <div className="space-y-6">
      <Link
        to={paths.policyCrossReferencing}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All policies
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-700">{policyNumberLabel(policy.number)}</p>
          <h2 className="text-xl font-bold text-slate-900">{policy.title}</h2>
          <p className="mt-1 text-sm text-slate-700">
            {policy.approved
              ? `In force: version ${policy.approved.version}, approved ${formatDateTime(policy.approved.approvedAt)} by ${policy.approved.approvedByName ?? 'a former member'}.`
              : 'No version is approved yet: the policy is not in force.'}{' '}
            {policy.coveredRules} rule{policy.coveredRules === 1 ? '' : 's'} confirmed as covered.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <OwnerSelect policy={policy} members={members} />
          ) : (
            <p className="text-sm text-slate-700">Owner: {policy.ownerName ?? 'Unassigned'}</p>
          )}
          {canEdit && (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <FilePlus aria-hidden="true" className="size-4" />
              Add a version
            </Button>
          )}
          {hasRoleAtLeast(role, 'admin') && (
            <ConfirmDialog
              trigger={<Button variant="ghost">Delete policy</Button>}
              title={`Delete ${policyNumberLabel(policy.number)}?`}
              description="Its versions, files and cross-references are deleted. The audit log keeps a record that it existed."
              confirmLabel="Delete policy"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync();
                  toast.success(`${policyNumberLabel(policy.number)} was deleted.`);
                  onDeleted();
                } catch (error) {
                  toast.error(userFacingMessage(error, 'The policy could not be deleted.'));
                }
              }}
            />
          )}
        </div>
      </header>
      {(policy.reviewOverdue ||
        inReview ||
        policy.undecidedMatches > 0 ||
        policy.acknowledgementDue) && (
        <Alert>
          {policy.reviewOverdue && policy.approved?.nextReviewDate && (
            <StatusToken tone="overdue" className="mr-2">
              Review overdue since {formatShortDay(policy.approved.nextReviewDate)}
            </StatusToken>
          )}
          {policy.acknowledgementDue && policy.approved && (
            <span className="mr-2 font-semibold">
              You are asked to acknowledge version {policy.approved.version}.
            </span>
          )}
          {inReview && (
            <span className="mr-2">
              Version {inReview.version} awaits an administrator’s approval.
            </span>
          )}
          {policy.undecidedMatches > 0 && (
            <span>
              {policy.undecidedMatches} suggested rule{policy.undecidedMatches === 1 ? '' : 's'} of
              version {policy.latest.version} to confirm or reject.
            </span>
          )}
        </Alert>
      )}
      <PolicyImpactsCard policy={policy} role={role} />
      <PolicyAttestationCard policy={policy} role={role} />
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Versions</h2>
          {policy.versions.length > 1 && !comparing && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onCompare(defaultCompareRange(policy))}
            >
              <GitCompare aria-hidden="true" className="size-4" />
              Compare versions
            </Button>
          )}
        </div>
        <DataTable
          caption={`Versions of ${policy.title}`}
          columns={versionColumns(policy.id, role, onSelectVersion, setDecision)}
          rows={policy.versions}
          rowKey={(row) => row.id}
          minWidth="48rem"
        />
      </Card>
      {comparing ? (
        <Card className="space-y-4 p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Compare versions</h2>
          <PolicyCompareView
            policy={policy}
            range={compare}
            onChange={onCompare}
            onClose={() => onCompare(null)}
          />
        </Card>
      ) : (
        <Card className="space-y-4 p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">
            Version {version}: sections and the rules they cover
          </h2>
          <p className="text-sm text-slate-700">
            Each section is matched to library rules by the CFR sections it cites and by the words
            it shares with a rule’s requirement. Only the rules a person confirms count as covered.
          </p>
          <QueryState query={detail} loading="Reading the sections">
            {(data) => <PolicySectionsView detail={data} canEdit={canEdit} />}
          </QueryState>
        </Card>
      )}
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Discussion</h2>
        <Discussion subject={{ type: 'policy', id: policy.id }} />
      </Card>
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">History</h2>
        <PolicyHistory history={policy.history} />
      </Card>
      <ModalDialog open={adding} onClose={() => setAdding(false)} title="Add a version">
        <PolicyUploadForm
          kind="version"
          onCancel={() => setAdding(false)}
          onSubmit={async (upload) => {
            const updated = await addVersion.mutateAsync(upload);
            toast.success(`Version ${updated.latest.version} was added as a draft.`);
            setAdding(false);
            onSelectVersion(updated.latest.version);
          }}
        />
      </ModalDialog>
      <ModalDialog
        open={decision !== null}
        onClose={() => setDecision(null)}
        title={
          decision?.kind === 'approve'
            ? `Approve version ${decision.version}`
            : `Return version ${decision?.version ?? ''}`
        }
      >
        {decision?.kind === 'approve' && (
          <ApproveVersionForm
            policyId={policy.id}
            version={decision.version}
            onDone={() => setDecision(null)}
          />
        )}
        {decision?.kind === 'return' && (
          <ReturnVersionForm
            policyId={policy.id}
            version={decision.version}
            onDone={() => setDecision(null)}
          />
        )}
      </ModalDialog>
    </div>
  );
}
