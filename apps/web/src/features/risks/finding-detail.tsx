import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { libraryRulePath } from '@complivue/shared/library';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  FINDING_SOURCE_LABELS,
  canCloseFinding,
  findingNumberLabel,
} from '@complivue/shared/risk-findings';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  FINDING_EVIDENCE_MAX_BYTES,
  FINDING_MESSAGES,
  closureRequestSchema,
  completionRequestSchema,
  validationRequestSchema,
  type ClosureRequest,
  type CompletionRequest,
  type FindingAction,
  type FindingDetail,
  type ValidationRequest,
} from '@complivue/shared/schemas/risk-findings';
import { riskNumberLabel, type RiskMembers } from '@complivue/shared/schemas/risks';
import { Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Citation } from '@/components/citation';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { ActionStateToken, FindingStatusToken, SeverityBadge } from './finding-badges.tsx';
import { ActionForm, FindingFieldsForm, findingFormOf } from './finding-form.tsx';
import { FindingHistory } from './finding-history.tsx';
import {
  evidenceHref,
  useAddAction,
  useCloseFinding,
  useCompleteAction,
  useDeleteFinding,
  useReopenFinding,
  useUpdateAction,
  useUpdateFinding,
  useValidateAction,
} from './findings-api.ts';
import { Discussion } from '@/components/discussion/discussion';
import { SavedLoanTests } from '@/components/loan-tests/saved-loan-tests';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Completion with evidence: what was done and where the record is, and a file if there is one. */
function CompleteForm({
  findingId,
  action,
  onDone,
}: {
  findingId: string;
  action: FindingAction;
  onDone: () => void;
}) {
  const form = useZodForm(completionRequestSchema, { evidence: '' });
  const complete = useCompleteAction(findingId);
  const [file, setFile] = useState<File | null>(null);
  return (
    <Form
      form={form}
      aria-label="Complete with evidence"
      failure="The action could not be completed."
      className="space-y-3 rounded-md border border-slate-200 p-3"
      onSubmit={async ({ evidence }) => {
        // The server's limit, said before 25 MB travel for nothing.
        if (file && file.size > FINDING_EVIDENCE_MAX_BYTES) {
          form.setError('root.server', { message: FINDING_MESSAGES.evidence_too_large });
          return;
        }
        await complete.mutateAsync({ actionId: action.id, evidence, file });
        toast.success('Corrective action completed: it now awaits validation.');
        onDone();
      }}
    >
      <TextareaField<CompletionRequest>
        name="evidence"
        label="Evidence of completion"
        hint="What was done, by whom, and where the record is."
        rows={3}
        maxLength={5000}
      />
      <FormField
        label="Evidence file (optional)"
        hint="PDF, images, Word, Excel, CSV or text; up to 25 MB."
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            type="file"
            aria-describedby={describedBy}
            onChange={(change) => setFile(change.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Saving…">
          Mark completed
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Validation by a manager or an administrator other than the owner, with an optional note. */
function ValidateForm({
  findingId,
  action,
  onDone,
}: {
  findingId: string;
  action: FindingAction;
  onDone: () => void;
}) {
  const form = useZodForm(validationRequestSchema, { note: '' });
  const validate = useValidateAction(findingId);
  return (
    <Form
      form={form}
      aria-label="Validate the action"
      failure="The action could not be validated."
      className="space-y-3 rounded-md border border-slate-200 p-3"
      onSubmit={async ({ note }) => {
        await validate.mutateAsync({ actionId: action.id, note });
        toast.success('Corrective action validated.');
        onDone();
      }}
    >
      <TextareaField<ValidationRequest>
        name="note"
        label="Validation note (optional)"
        hint="How you checked the correction: the sample, the retest, the result."
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Validating…">
          Validate
        </SubmitButton>
      </div>
    </Form>
  );
}

function ActionItem({
  finding,
  action,
  role,
  userId,
  today,
  members,
}: {
  finding: FindingDetail;
  action: FindingAction;
  role: Role;
  userId: string;
  today: string;
  members: RiskMembers['members'];
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'complete' | 'validate'>('view');
  const update = useUpdateAction(finding.id);
  const isManager = hasRoleAtLeast(role, 'manager');
  const open = finding.status !== 'closed';
  const canComplete = open && !action.completedAt && (action.ownerId === userId || isManager);
  const canValidate =
    open &&
    isManager &&
    Boolean(action.completedAt) &&
    !action.validatedAt &&
    action.ownerId !== userId;
  const done = () => setMode('view');
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm whitespace-pre-line text-slate-900">{action.plan}</p>
        <ActionStateToken action={action} today={today} />
      </div>
      <p className="text-xs text-slate-700">
        {action.ownerName ? `Owner: ${action.ownerName}` : 'Owner no longer a member'} · Due{' '}
        {formatShortDay(action.dueDate)}
      </p>
      {action.completedAt && (
        <div className="rounded-md bg-slate-50 p-2 text-sm text-slate-800">
          <p className="font-medium text-slate-900">
            Completed by {action.completedByName ?? 'a former member'} ·{' '}
            {formatDateTime(action.completedAt)}
          </p>
          <p className="whitespace-pre-line">{action.evidence}</p>
          {action.evidenceFile && (
            <a
              href={evidenceHref(finding.id, action.id)}
              className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline"
            >
              <Paperclip aria-hidden="true" className="size-3.5" />
              {action.evidenceFile.fileName}
            </a>
          )}
        </div>
      )}
      {action.validatedAt && (
        <p className="text-sm text-slate-800">
          Validated by {action.validatedByName ?? 'a former member'} ·{' '}
          {formatDateTime(action.validatedAt)}
          {action.validationNote && `: ${action.validationNote}`}
        </p>
      )}
      {mode === 'edit' && (
        <ActionForm
          members={members}
          today={today}
          initial={{ plan: action.plan, ownerId: action.ownerId ?? '', dueDate: action.dueDate }}
          submitLabel="Save action"
          onSubmit={async (changes) => {
            await update.mutateAsync({ actionId: action.id, changes });
            done();
          }}
          onCancel={done}
        />
      )}
      {mode === 'complete' && <CompleteForm findingId={finding.id} action={action} onDone={done} />}
      {mode === 'validate' && <ValidateForm findingId={finding.id} action={action} onDone={done} />}
      {mode === 'view' &&
        (canComplete || canValidate || (isManager && open && !action.completedAt)) && (
          <div className="flex flex-wrap gap-2">
            {canComplete && (
              <Button size="sm" onClick={() => setMode('complete')}>
                Complete with evidence
              </Button>
            )}
            {canValidate && (
              <Button size="sm" onClick={() => setMode('validate')}>
                Validate
              </Button>
            )}
            {isManager && open && !action.completedAt && (
              <Button size="sm" variant="secondary" onClick={() => setMode('edit')}>
                Edit action
              </Button>
            )}
          </div>
        )}
    </li>
  );
}

/** Closing (every action validated, or none) and reopening, each with a note. */
function ClosureForm({ finding }: { finding: FindingDetail }) {
  const closed = finding.status === 'closed';
  const close = useCloseFinding(finding.id);
  const reopen = useReopenFinding(finding.id);
  const form = useZodForm(closureRequestSchema, { note: '' });
  if (!closed && !canCloseFinding(finding.actions)) {
    return (
      <p className="text-sm text-slate-700">
        The finding can be closed once every corrective action is validated.
      </p>
    );
  }
  return (
    <Form
      form={form}
      aria-label={closed ? 'Reopen the finding' : 'Close the finding'}
      failure={closed ? 'The finding could not be reopened.' : 'The finding could not be closed.'}
      className="space-y-3"
      onSubmit={async ({ note }) => {
        await (closed ? reopen : close).mutateAsync(note);
        form.reset({ note: '' });
      }}
    >
      <TextareaField<ClosureRequest>
        name="note"
        label={closed ? 'Why it is reopened' : 'Closing note'}
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end">
        <SubmitButton size="sm" variant="secondary" pendingLabel="Saving…">
          {closed ? 'Reopen finding' : 'Close finding'}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * One finding: where it came from, what was found and why, what it is linked to, its corrective
 * actions with their evidence and validation, and every change in its history.
 */
export function FindingDetailView({
  finding,
  role,
  userId,
  today,
  members,
  onDeleted,
}: {
  finding: FindingDetail;
  role: Role;
  userId: string;
  today: string;
  members: RiskMembers['members'];
  onDeleted: () => void;
}) {
  const canEdit = hasRoleAtLeast(role, 'manager');
  const open = finding.status !== 'closed';
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const update = useUpdateFinding(finding.id);
  const addAction = useAddAction(finding.id);
  const remove = useDeleteFinding(finding.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{findingNumberLabel(finding.number)}</span>
        <span>{FINDING_SOURCE_LABELS[finding.source]}</span>·
        <span>{REGULATION_AREA_INFO[finding.area].tag}</span>
        <SeverityBadge severity={finding.severity} />
        <FindingStatusToken status={finding.status} />
      </div>
      <p className="text-sm text-slate-700">
        Recorded by {finding.createdByName ?? 'a former member'} on{' '}
        {formatShortDay(finding.createdAt.slice(0, 10))}
        {finding.status !== 'closed' && ` · open ${finding.ageDays} days`}
      </p>
      {(finding.rule || finding.risk || finding.change) && (
        <ul className="space-y-1 text-sm" aria-label="Linked records">
          {finding.rule && (
            <li>
              Rule:{' '}
              <Link
                to={libraryRulePath(finding.rule.id)}
                className="font-medium text-brand-700 underline"
              >
                {finding.rule.title}
              </Link>{' '}
              <span className="text-xs text-slate-700">
                {finding.rule.id} · <Citation citation={finding.rule.citation} />
              </span>
            </li>
          )}
          {finding.risk && (
            <li>
              Risk:{' '}
              <Link
                to={`/risk-scoring?risk=${finding.risk.id}`}
                className="font-medium text-brand-700 underline"
              >
                {riskNumberLabel(finding.risk.number)} {finding.risk.title}
              </Link>
            </li>
          )}
          {finding.change && (
            <li>
              Change:{' '}
              <Link
                to={`/change-management?change=${finding.change.id}`}
                className="font-medium text-brand-700 underline"
              >
                {changeNumberLabel(finding.change.number)} {finding.change.title}
              </Link>
            </li>
          )}
        </ul>
      )}
      {editing ? (
        <FindingFieldsForm
          initial={findingFormOf(finding)}
          submitLabel="Save finding"
          pendingLabel="Saving…"
          failure="The finding could not be saved."
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            setEditing(false);
          }}
          footer={
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          }
        />
      ) : (
        <>
          {finding.description && (
            <div className="text-sm">
              <p className="font-medium text-slate-900">What was found</p>
              <p className="whitespace-pre-line text-slate-800">{finding.description}</p>
            </div>
          )}
          {finding.rootCause && (
            <div className="text-sm">
              <p className="font-medium text-slate-900">Root cause</p>
              <p className="whitespace-pre-line text-slate-800">{finding.rootCause}</p>
            </div>
          )}
          {canEdit && open && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit finding
            </Button>
          )}
        </>
      )}

      <Section title={`Corrective actions (${finding.actions.length})`}>
        {finding.actions.length === 0 && (
          <p className="text-sm text-slate-700">No corrective action planned yet.</p>
        )}
        <ul className="space-y-2">
          {finding.actions.map((action) => (
            <ActionItem
              key={action.id}
              finding={finding}
              action={action}
              role={role}
              userId={userId}
              today={today}
              members={members}
            />
          ))}
        </ul>
        {canEdit &&
          open &&
          (adding ? (
            <ActionForm
              members={members}
              today={today}
              submitLabel="Add action"
              onSubmit={async (body) => {
                await addAction.mutateAsync(body);
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              Add corrective action
            </Button>
          ))}
      </Section>

      {(canEdit || finding.status === 'closed') && (
        <Section title="Closure">
          {finding.status === 'closed' && (
            <p className="text-sm text-slate-800">
              Closed by {finding.closedByName ?? 'a former member'}
              {finding.closedAt && ` on ${formatShortDay(finding.closedAt.slice(0, 10))}`}:{' '}
              {finding.closingNote}
            </p>
          )}
          {canEdit && <ClosureForm key={finding.status} finding={finding} />}
        </Section>
      )}

      <Section title="Loan tests">
        <SavedLoanTests
          filter={{ findingId: finding.id }}
          caption="Loan tests saved to this finding"
          empty="No loan test is saved to this finding. Run one under Loan Tests and save it here."
        />
      </Section>

      <Section title="Discussion">
        <Discussion subject={{ type: 'finding', id: finding.id }} />
      </Section>

      <Section title="History">
        <FindingHistory history={finding.history} />
      </Section>

      {hasRoleAtLeast(role, 'admin') && (
        <div className="border-t border-slate-200 pt-4">
          <ConfirmDialog
            trigger={<Button variant="destructive">Delete finding</Button>}
            title="Delete this finding?"
            description="The finding, its corrective actions and their evidence files are deleted; the audit log keeps a record that it existed."
            confirmLabel="Delete finding"
            onConfirm={() =>
              // mutateAsync: the refreshed list may drop this panel first, and mutate()'s
              // callbacks never run once their component has unmounted.
              remove
                .mutateAsync()
                .then(onDeleted, (caught: unknown) =>
                  toast.error(userFacingMessage(caught, 'The finding could not be deleted.')),
                )
            }
          />
        </div>
      )}
    </div>
  );
}
