import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  ASSESSMENT_VERSION_STATUS_LABELS,
  RISK_ASSESSMENT_MESSAGES,
  approveAssessmentRequestSchema,
  submitAssessmentRequestSchema,
  type AssessmentOverview,
  type AssessmentVersionSummary,
} from '@complivue/shared/schemas/risk-assessment';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  useAssessment,
  useAssessmentVersion,
  useDecideAssessment,
  useReopenAssessment,
  useSubmitAssessment,
} from './api.ts';
import { AssessmentVersionView } from './assessment-version-view.tsx';

function SubmitForm() {
  const submit = useSubmitAssessment();
  const form = useZodForm(submitAssessmentRequestSchema, { note: '' });
  return (
    <Form
      form={form}
      aria-label="Submit the assessment"
      failure="The assessment could not be submitted."
      className="space-y-3"
      onSubmit={async (body) => {
        await submit.mutateAsync({ body });
        toast.success('The assessment was submitted for approval.');
      }}
    >
      <TextareaField
        name="note"
        label="Note for the approver"
        hint="What this cycle covers and anything the administrator should look at."
        rows={3}
      />
      <SubmitButton pendingLabel="Submitting…">Submit for approval</SubmitButton>
    </Form>
  );
}

/** Approve (a note optional) or return (a note required: what to change). */
function DecisionForm({ version }: { version: number }) {
  const decide = useDecideAssessment();
  const form = useZodForm(approveAssessmentRequestSchema, { note: '' });
  const send = async (decision: 'approve' | 'return', note: string) => {
    await decide.mutateAsync({ version, decision, body: { note } });
    toast.success(
      decision === 'approve'
        ? `Version ${version} was approved and frozen.`
        : `Version ${version} was returned.`,
    );
  };
  return (
    <Form
      form={form}
      aria-label="Approve or return the assessment"
      failure="The decision could not be saved."
      className="space-y-3"
      onSubmit={({ note }) => send('approve', note)}
    >
      <TextareaField
        name="note"
        label="Decision note"
        hint="Optional to approve; to return, say what needs to change."
        rows={3}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingLabel="Saving…">Approve version {version}</SubmitButton>
        <Button
          type="button"
          variant="secondary"
          disabled={form.formState.isSubmitting}
          onClick={form.handleSubmit(async ({ note }) => {
            if (!note) {
              form.setError('note', { message: RISK_ASSESSMENT_MESSAGES.return_note });
              return;
            }
            try {
              await send('return', note);
            } catch (caught) {
              form.setError('root.server', {
                message: userFacingMessage(caught, 'The decision could not be saved.'),
              });
            }
          })}
        >
          Return for changes
        </Button>
      </div>
    </Form>
  );
}

function StateLine({ overview }: { overview: AssessmentOverview }) {
  const latest = overview.versions[0];
  if (overview.state === 'submitted' && latest) {
    return (
      <p>
        <span className="font-semibold">Version {latest.version} awaits approval</span>, submitted{' '}
        {formatDateTime(latest.submittedAt)} by {latest.submittedByName}: “{latest.note}”
      </p>
    );
  }
  if (overview.state === 'approved' && latest) {
    return (
      <p>
        <span className="font-semibold">Version {latest.version} is approved</span>, by{' '}
        {latest.decidedByName} on {formatDateTime(latest.decidedAt!)}. Changes to the register since
        then belong to the next cycle, once an administrator re-opens the assessment.
      </p>
    );
  }
  return (
    <p>
      <span className="font-semibold">Draft</span>: not submitted for approval.
      {latest?.status === 'returned' &&
        ` Version ${latest.version} was returned by ${latest.decidedByName}: “${latest.decisionNote}”`}
      {latest?.status === 'approved' &&
        ` The last approved version is ${latest.version}; the next cycle is open.`}
    </p>
  );
}

function VersionsTable({
  versions,
  onOpen,
}: {
  versions: readonly AssessmentVersionSummary[];
  onOpen: (version: number) => void;
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label="Versions" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Versions of the risk assessment, newest first</caption>
        <thead className="text-xs text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Version
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Submitted
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Decided
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Risks
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                <button
                  type="button"
                  onClick={() => onOpen(version.version)}
                  className="font-medium text-brand-700 underline"
                >
                  Version {version.version}
                </button>
              </th>
              <td className="py-1.5 pr-3">{ASSESSMENT_VERSION_STATUS_LABELS[version.status]}</td>
              <td className="py-1.5 pr-3">
                {formatDateTime(version.submittedAt)} by {version.submittedByName}
              </td>
              <td className="py-1.5 pr-3">
                {version.decidedAt
                  ? `${formatDateTime(version.decidedAt)} by ${version.decidedByName}`
                  : '—'}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{version.riskCount ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The assessment as a whole: where it stands, the step the member's role allows (a manager
 * submits; an administrator approves, returns or re-opens), and every version, each readable
 * (`?version=n` opens one, so it can be linked).
 */
export function AssessmentApproval({ role }: { role: Role }) {
  const assessment = useAssessment();
  const reopen = useReopenAssessment();
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('version')) || null;
  const version = useAssessmentVersion(opened);
  const openVersion = (number: number | null) => {
    const next = new URLSearchParams(params);
    if (number) next.set('version', String(number));
    else next.delete('version');
    setParams(next);
  };
  const isAdmin = hasRoleAtLeast(role, 'admin');
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Assessment approval</h2>
      <QueryState query={assessment} loading="Loading the assessment’s approval">
        {(overview) => {
          const latest = overview.versions[0];
          return (
            <div className="space-y-4 text-sm text-slate-800">
              <StateLine overview={overview} />
              {overview.state === 'draft' && hasRoleAtLeast(role, 'manager') && <SubmitForm />}
              {overview.state === 'submitted' && isAdmin && latest && (
                <DecisionForm key={latest.version} version={latest.version} />
              )}
              {overview.state === 'approved' && isAdmin && (
                <Button
                  variant="secondary"
                  disabled={reopen.isPending}
                  onClick={() =>
                    reopen.mutateAsync({}).then(
                      () => toast.success('The assessment is open for the next cycle.'),
                      (caught: unknown) =>
                        toast.error(
                          userFacingMessage(caught, 'The assessment could not be re-opened.'),
                        ),
                    )
                  }
                >
                  Re-open for the next cycle
                </Button>
              )}
              {overview.versions.length > 0 ? (
                <VersionsTable versions={overview.versions} onOpen={openVersion} />
              ) : (
                <p className="text-slate-700">No version yet: the first submission is version 1.</p>
              )}
            </div>
          );
        }}
      </QueryState>
      <ModalDialog
        open={opened !== null}
        onClose={() => openVersion(null)}
        title={`Risk assessment, version ${opened ?? ''}`}
      >
        {opened !== null && (
          <QueryState query={version} loading="Loading the version">
            {(data) => <AssessmentVersionView version={data} />}
          </QueryState>
        )}
      </ModalDialog>
    </Card>
  );
}
