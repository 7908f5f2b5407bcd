import {
  ASSESSMENT_STATUS_LABELS,
  ASSESSMENT_STATUSES,
  type AssessmentStatus,
} from '@complivue/shared/compliance-score';
import { RULE_FREQUENCY_LABELS } from '@complivue/shared/library';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  addEvidenceLinkSchema,
  assessmentFormSchema,
  EVIDENCE_MAX_BYTES,
  LIBRARY_MESSAGES,
  type AssessmentForm,
  type RuleDetail,
} from '@complivue/shared/schemas/library';
import { ArrowLeft, ExternalLink, Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Citation } from '@/components/citation';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime, formatDay } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import {
  useAddEvidenceLink,
  useOwnerChoices,
  useRemoveEvidence,
  useRule,
  useUpdateAssessment,
  useUploadEvidence,
} from './api.ts';
import { AreaTag, AssessmentBadge } from './assessment-badge.tsx';
import { articlePath } from './library-paths.ts';
import { Discussion } from '@/components/discussion/discussion';

function AssessmentForm({ rule, isAdmin }: { rule: RuleDetail; isAdmin: boolean }) {
  const { data: session } = useSession();
  const owners = useOwnerChoices(isAdmin);
  const updateAssessment = useUpdateAssessment(rule.id);
  const form = useZodForm(assessmentFormSchema, {
    status: rule.assessment.status,
    notApplicableReason: rule.assessment.notApplicableReason ?? '',
    ownerId: rule.assessment.ownerId ?? '',
    notes: rule.assessment.notes,
    nextReviewDate: rule.assessment.nextReviewDate ?? '',
  });
  const status = useWatch({ control: form.control, name: 'status' });

  const ownerOptions = isAdmin
    ? (owners.data?.members ?? []).filter((member) => member.status === 'active')
    : [
        ...(rule.assessment.ownerId && rule.assessment.ownerId !== session?.user.id
          ? [{ userId: rule.assessment.ownerId, fullName: rule.assessment.ownerName, email: '' }]
          : []),
        ...(session
          ? [
              {
                userId: session.user.id,
                fullName: session.profile.fullName,
                email: session.user.email,
              },
            ]
          : []),
      ];

  return (
    <Form
      form={form}
      failure="The assessment could not be saved."
      className="space-y-4"
      aria-label="Assessment"
      onSubmit={async (changes) => {
        await updateAssessment.mutateAsync(changes);
        toast.success('The assessment has been saved.');
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<AssessmentForm> name="status" label="Status">
          {ASSESSMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ASSESSMENT_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <SelectField<AssessmentForm> name="ownerId" label="Owner">
          <option value="">No owner</option>
          {ownerOptions.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.fullName ?? member.email}
            </option>
          ))}
        </SelectField>
      </div>
      {status === 'not_applicable' && (
        <TextareaField<AssessmentForm>
          name="notApplicableReason"
          label="Why it does not apply"
          rows={2}
        />
      )}
      <TextareaField<AssessmentForm>
        name="notes"
        label="Notes"
        hint="What was tested, by whom, and what remains open."
        rows={4}
        maxLength={10_000}
      />
      <TextField<AssessmentForm>
        name="nextReviewDate"
        label="Next review"
        type="date"
        className="max-w-xs"
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save assessment</SubmitButton>
      </div>
    </Form>
  );
}

type EvidenceLink = z.input<typeof addEvidenceLinkSchema>;

function AddLinkForm({ ruleId, disabled }: { ruleId: string; disabled: boolean }) {
  const form = useZodForm(addEvidenceLinkSchema, { label: '', url: '' });
  const addLink = useAddEvidenceLink(ruleId);
  return (
    <Form
      form={form}
      failure="The link could not be added."
      className="space-y-2"
      aria-label="Add a link"
      onSubmit={async (link) => {
        await addLink.mutateAsync(link);
        form.reset();
      }}
    >
      <TextField<EvidenceLink> name="label" label="Link name" />
      <TextField<EvidenceLink> name="url" label="Link address" type="url" placeholder="https://" />
      <SubmitButton variant="secondary" size="sm" pendingLabel="Add link" disabled={disabled}>
        Add link
      </SubmitButton>
    </Form>
  );
}

function EvidenceSection({ rule, canEdit }: { rule: RuleDetail; canEdit: boolean }) {
  const upload = useUploadEvidence(rule.id);
  const remove = useRemoveEvidence(rule.id);
  const [formKey, setFormKey] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);
  const busy = upload.isPending || remove.isPending;
  const error = tooLarge
    ? LIBRARY_MESSAGES.evidence_too_large
    : upload.isError
      ? userFacingMessage(upload.error, 'The file could not be uploaded.')
      : remove.isError
        ? userFacingMessage(remove.error, 'The evidence could not be removed.')
        : null;

  function attach(file: File | undefined) {
    if (!file) return;
    remove.reset();
    // The server's limit, said before 25 MB travel for nothing.
    setTooLarge(file.size > EVIDENCE_MAX_BYTES);
    if (file.size > EVIDENCE_MAX_BYTES) return;
    upload.mutate(file, { onSettled: () => setFormKey((key) => key + 1) });
  }

  return (
    <section aria-labelledby="evidence-heading" className="space-y-3">
      <h2 id="evidence-heading" className="text-lg font-semibold text-slate-900">
        Evidence
      </h2>
      {error && <Alert variant="destructive">{error}</Alert>}
      {rule.assessment.evidence.length === 0 ? (
        <p className="text-sm text-slate-700">No evidence recorded yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 text-sm">
          {rule.assessment.evidence.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-2 py-2">
              {item.kind === 'link' ? (
                <a
                  href={item.url ?? '#'}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {item.label}
                </a>
              ) : (
                <a
                  href={`/api/library/evidence/${item.id}`}
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
                >
                  <Paperclip aria-hidden="true" className="size-4" />
                  {item.label}
                </a>
              )}
              <span className="text-slate-600">
                {item.addedByName ?? 'Former member'} · {formatDateTime(item.createdAt)}
              </span>
              {canEdit && (
                // Evidence is what an examiner asks for, and a removed file is deleted for good:
                // one stray click on the bin must not do it, as no other removal in the app does.
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ml-auto"
                      aria-label={`Remove ${item.label}`}
                      disabled={busy}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  }
                  title={`Remove ${item.label}?`}
                  description={
                    item.kind === 'file'
                      ? 'The file is deleted and cannot be downloaded again. The history keeps who removed it and when.'
                      : 'The link is taken off this rule. The history keeps who removed it and when.'
                  }
                  confirmLabel="Remove"
                  onConfirm={() => {
                    upload.reset();
                    setTooLarge(false);
                    remove.mutate(item.id);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="grid gap-4 lg:grid-cols-2">
          <AddLinkForm ruleId={rule.id} disabled={busy} />
          <div key={formKey}>
            <FormField
              label="Upload a file"
              hint="PDF, images, Word, Excel, CSV or text; up to 25 MB."
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="file"
                  aria-describedby={describedBy}
                  disabled={busy}
                  onChange={(event) => attach(event.target.files?.[0])}
                  className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900"
                />
              )}
            </FormField>
          </div>
        </div>
      )}
    </section>
  );
}

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  notApplicableReason: 'Reason',
  ownerId: 'Owner',
  notes: 'Notes',
  nextReviewDate: 'Next review',
  evidence: 'Evidence',
};

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status')
    return ASSESSMENT_STATUS_LABELS[value as AssessmentStatus] ?? String(value);
  if (field === 'ownerId') return 'a member';
  return String(value);
}

/** `/compliance/rules/:ruleId`: the rule and the institution's assessment of it. */
export function RulePage() {
  const { ruleId = '' } = useParams();
  const rule = useRule(ruleId);
  const { data: session } = useSession();
  const role = session?.profile.role ?? 'user';
  const canEdit = hasRoleAtLeast(role, 'manager') && Boolean(session?.company);
  return (
    <QueryState query={rule} loading="Loading the rule">
      {(data) => (
        <div className="space-y-6">
          <Link
            to={articlePath(data.article.slug)}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {data.article.title}
          </Link>
          <header>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <AreaTag area={data.area} />
              <Citation citation={data.citation} />
              <span>· {RULE_FREQUENCY_LABELS[data.frequency]}</span>
              <AssessmentBadge status={data.assessment.status} />
            </div>
            <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h1 className="text-2xl font-bold text-slate-900">{data.title}</h1>
              <span className="font-mono text-sm text-slate-700">
                <span className="sr-only">Rule </span>
                {data.id}
              </span>
            </div>
            <p className="mt-2 text-slate-900">{data.requirement}</p>
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium">Evidence examiners expect:</span> {data.evidence}
            </p>
            {!data.appliesToInstitution && (
              <Alert className="mt-3">
                This rule does not apply to your institution according to its profile.
              </Alert>
            )}
          </header>
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">Your assessment</h2>
            <div className="mt-4">
              {canEdit ? (
                <AssessmentForm
                  key={data.assessment.updatedAt ?? 'new'}
                  rule={data}
                  isAdmin={hasRoleAtLeast(role, 'admin')}
                />
              ) : (
                <dl className="grid gap-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="font-medium text-slate-900">Status</dt>
                    <dd>
                      <AssessmentBadge status={data.assessment.status} />
                    </dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-900">Owner</dt>
                    <dd>{data.assessment.ownerName ?? '—'}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-900">Next review</dt>
                    <dd>
                      {data.assessment.nextReviewDate
                        ? formatDay(data.assessment.nextReviewDate)
                        : '—'}
                    </dd>
                  </div>
                  <div className="sm:col-span-2">
                    <dt className="font-medium text-slate-900">Notes</dt>
                    <dd className="whitespace-pre-wrap">{data.assessment.notes || '—'}</dd>
                  </div>
                </dl>
              )}
            </div>
          </Card>
          <Card className="p-5 sm:p-6">
            <EvidenceSection rule={data} canEdit={canEdit} />
          </Card>
          <Card className="space-y-3 p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">Discussion</h2>
            <Discussion subject={{ type: 'rule', id: data.id }} />
          </Card>
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">History</h2>
            {data.assessment.history.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No changes yet.</p>
            ) : (
              <ol className="mt-3 space-y-2 text-sm">
                {data.assessment.history.map((entry, index) => (
                  <li
                    key={`${entry.createdAt}-${index}`}
                    className="border-l-2 border-slate-200 pl-3"
                  >
                    <span className="font-medium text-slate-900">{entry.changedByName}</span>{' '}
                    <span className="text-slate-600">{formatDateTime(entry.createdAt)}</span>
                    <ul className="text-slate-700">
                      {Object.entries(entry.changes).map(([field, change]) => (
                        <li key={field}>
                          {FIELD_LABELS[field] ?? field}: {showValue(field, change.from)} →{' '}
                          {showValue(field, change.to)}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      )}
    </QueryState>
  );
}
