import {
  ASSESSMENT_STATUS_LABELS,
  ASSESSMENT_STATUSES,
  type AssessmentStatus,
} from '@complivue/shared/compliance-score';
import { RULE_FREQUENCY_LABELS } from '@complivue/shared/library';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import {
  EVIDENCE_MAX_BYTES,
  LIBRARY_MESSAGES,
  type RuleDetail,
} from '@complivue/shared/schemas/library';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, Paperclip, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatDay } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  addEvidenceLink,
  libraryQueryKey,
  removeEvidence,
  ruleQueryKey,
  updateAssessment,
  uploadEvidence,
  useOwnerChoices,
  useRule,
} from './api.ts';
import { AreaTag, AssessmentBadge } from './assessment-badge.tsx';
import { articlePath } from './library-paths.ts';

function useRefreshRule(ruleId: string) {
  const queryClient = useQueryClient();
  return async (detail?: RuleDetail) => {
    if (detail) queryClient.setQueryData(ruleQueryKey(ruleId), detail);
    // Article lists, the score and the dashboard all read assessments.
    await queryClient.invalidateQueries({ queryKey: libraryQueryKey });
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

function AssessmentForm({ rule, isAdmin }: { rule: RuleDetail; isAdmin: boolean }) {
  const { data: session } = useSession();
  const owners = useOwnerChoices(isAdmin);
  const refresh = useRefreshRule(rule.id);
  const [status, setStatus] = useState<AssessmentStatus>(rule.assessment.status);
  const [reason, setReason] = useState(rule.assessment.notApplicableReason ?? '');
  const [ownerId, setOwnerId] = useState(rule.assessment.ownerId ?? '');
  const [notes, setNotes] = useState(rule.assessment.notes);
  const [nextReview, setNextReview] = useState(rule.assessment.nextReviewDate ?? '');
  const { busy, error, setError, run } = useAsyncAction();

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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status === 'not_applicable' && !reason.trim()) {
      setError(LIBRARY_MESSAGES.reason_required);
      return;
    }
    await run(async () => {
      await refresh(
        await updateAssessment(rule.id, {
          status,
          notApplicableReason: status === 'not_applicable' ? reason.trim() : null,
          ownerId: ownerId || null,
          notes,
          nextReviewDate: nextReview || null,
        }),
      );
      toast.success('The assessment has been saved.');
    }, 'The assessment could not be saved.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Assessment">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Status">
          {({ id }) => (
            <Select
              id={id}
              value={status}
              onChange={(event) => setStatus(event.target.value as AssessmentStatus)}
            >
              {ASSESSMENT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {ASSESSMENT_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Owner">
          {({ id }) => (
            <Select id={id} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value="">No owner</option>
              {ownerOptions.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.fullName ?? member.email}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {status === 'not_applicable' && (
        <FormField label="Why it does not apply">
          {({ id }) => (
            <Textarea
              id={id}
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </FormField>
      )}
      <FormField label="Notes" hint="What was tested, by whom, and what remains open.">
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            rows={4}
            maxLength={10_000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Next review">
        {({ id }) => (
          <Input
            id={id}
            type="date"
            className="max-w-xs"
            value={nextReview}
            onChange={(event) => setNextReview(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save assessment'}
        </Button>
      </div>
    </form>
  );
}

function EvidenceSection({ rule, canEdit }: { rule: RuleDetail; canEdit: boolean }) {
  const refresh = useRefreshRule(rule.id);
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [formKey, setFormKey] = useState(0);
  const { busy, error, setError, run } = useAsyncAction();

  async function addLink(event: FormEvent) {
    event.preventDefault();
    const added = await run(
      async () => refresh(await addEvidenceLink(rule.id, { label, url })),
      'The link could not be added.',
    );
    if (added) {
      setLabel('');
      setUrl('');
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > EVIDENCE_MAX_BYTES) {
      setError(LIBRARY_MESSAGES.evidence_too_large);
      return;
    }
    await run(
      async () => refresh(await uploadEvidence(rule.id, file)),
      'The file could not be uploaded.',
    );
    setFormKey((key) => key + 1);
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
                  onConfirm={() =>
                    void run(async () => {
                      await removeEvidence(item.id);
                      await refresh();
                    }, 'The evidence could not be removed.')
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="grid gap-4 lg:grid-cols-2">
          <form onSubmit={addLink} noValidate className="space-y-2" aria-label="Add a link">
            <FormField label="Link name">
              {({ id }) => (
                <Input id={id} value={label} onChange={(event) => setLabel(event.target.value)} />
              )}
            </FormField>
            <FormField label="Link address">
              {({ id }) => (
                <Input
                  id={id}
                  type="url"
                  placeholder="https://"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Add link
            </Button>
          </form>
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
                  onChange={(event) => void upload(event.target.files?.[0])}
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
  if (rule.isPending) return <Spinner label="Loading the rule" />;
  if (rule.isError) return <Alert variant="destructive">{rule.error.message}</Alert>;
  const data = rule.data;
  return (
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
          <span>{data.citation}</span>
          <span>· {RULE_FREQUENCY_LABELS[data.frequency]}</span>
          <AssessmentBadge status={data.assessment.status} />
        </div>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">{data.id}</h1>
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
                  {data.assessment.nextReviewDate ? formatDay(data.assessment.nextReviewDate) : '—'}
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
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">History</h2>
        {data.assessment.history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No changes yet.</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm">
            {data.assessment.history.map((entry, index) => (
              <li key={`${entry.createdAt}-${index}`} className="border-l-2 border-slate-200 pl-3">
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
  );
}
