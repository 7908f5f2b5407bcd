import { formatShortDay } from '@complivue/shared/calendar-days';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  attestationFormSchema,
  type AttestationForm,
  type PolicyDetail,
} from '@complivue/shared/schemas/policies';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField, TextareaField } from '@/components/form/form-fields';
import { StatusToken } from '@/components/status-token';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useAcknowledgePolicy, useRemindAttestation, useRequestAttestation } from './api.ts';

function RequestForm({
  policyId,
  version,
  onDone,
}: {
  policyId: string;
  version: number;
  onDone: () => void;
}) {
  const request = useRequestAttestation(policyId);
  const form = useZodForm(attestationFormSchema, { dueDate: '', note: '' });
  return (
    <Form
      form={form}
      aria-label="Ask members to acknowledge"
      failure="The request could not be sent."
      className="space-y-4"
      onSubmit={async ({ dueDate, note }) => {
        await request.mutateAsync({ dueDate: dueDate || null, note });
        toast.success(`Every member was asked to acknowledge version ${version}.`);
        onDone();
      }}
    >
      <TextField<AttestationForm>
        name="dueDate"
        type="date"
        label="Acknowledge by (optional)"
        hint="Leave empty for no date."
      />
      <TextareaField<AttestationForm>
        name="note"
        label="Note (optional)"
        rows={2}
        maxLength={2000}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Sending…">Ask every member</SubmitButton>
      </div>
    </Form>
  );
}

/**
 * Attestation of the version in force: an administrator asks every member to acknowledge it and
 * reminds those who have not; each member acknowledges that exact version; everyone sees who
 * has and who has not, the ones who have not first.
 */
export function PolicyAttestationCard({ policy, role }: { policy: PolicyDetail; role: Role }) {
  const isAdmin = hasRoleAtLeast(role, 'admin');
  const acknowledge = useAcknowledgePolicy(policy.id);
  const remind = useRemindAttestation(policy.id);
  const [asking, setAsking] = useState(false);
  const attestation = policy.attestation;
  if (!policy.approved) return null;
  if (!attestation) {
    if (!isAdmin) return null;
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Acknowledgement</h2>
          <p className="text-sm text-slate-700">
            Members have not been asked to acknowledge version {policy.approved.version}.
          </p>
        </div>
        <Button onClick={() => setAsking(true)}>Ask members to acknowledge</Button>
        <ModalDialog
          open={asking}
          onClose={() => setAsking(false)}
          title={`Ask every member to acknowledge version ${policy.approved.version}`}
        >
          <RequestForm
            policyId={policy.id}
            version={policy.approved.version}
            onDone={() => setAsking(false)}
          />
        </ModalDialog>
      </Card>
    );
  }
  const pending = attestation.members.length - attestation.acknowledged;
  const late =
    attestation.dueDate !== null && attestation.dueDate < new Date().toISOString().slice(0, 10);
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Acknowledgement</h2>
          <p className="text-sm text-slate-700">
            {attestation.requestedByName} asked every member to acknowledge version{' '}
            {attestation.version} on {formatDateTime(attestation.requestedAt)}
            {attestation.dueDate && `, by ${formatShortDay(attestation.dueDate)}`}.{' '}
            {attestation.acknowledged} of {attestation.members.length} have acknowledged.
            {attestation.lastRemindedAt &&
              ` Last reminder ${formatDateTime(attestation.lastRemindedAt)}.`}
          </p>
          {attestation.note && <p className="mt-1 text-sm text-slate-800">“{attestation.note}”</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {attestation.mine === null && (
            <Button
              disabled={acknowledge.isPending}
              onClick={async () => {
                try {
                  await acknowledge.mutateAsync(attestation.version);
                  toast.success(`You acknowledged version ${attestation.version}.`);
                } catch (error) {
                  toast.error(userFacingMessage(error, 'The acknowledgement was not saved.'));
                }
              }}
            >
              I have read version {attestation.version}: acknowledge
            </Button>
          )}
          {isAdmin && pending > 0 && (
            <Button
              variant="secondary"
              disabled={remind.isPending}
              onClick={async () => {
                try {
                  const { reminded } = await remind.mutateAsync();
                  toast.success(
                    `${reminded} member${reminded === 1 ? ' was' : 's were'} reminded.`,
                  );
                } catch (error) {
                  toast.error(userFacingMessage(error, 'The reminder was not sent.'));
                }
              }}
            >
              Remind the {pending} who have not
            </Button>
          )}
        </div>
      </div>
      <DataTable
        caption={`Who has acknowledged version ${attestation.version}`}
        columns={[
          { header: 'Member', cell: (member) => member.name },
          {
            header: 'Acknowledged',
            cell: (member) =>
              member.acknowledgedAt ? (
                <StatusToken tone="compliant">{formatDateTime(member.acknowledgedAt)}</StatusToken>
              ) : (
                <StatusToken tone={late ? 'overdue' : 'needs_review'}>
                  {late ? 'Overdue' : 'Not yet'}
                </StatusToken>
              ),
          },
        ]}
        rows={attestation.members}
        rowKey={(member) => member.userId}
        minWidth="20rem"
      />
    </Card>
  );
}
