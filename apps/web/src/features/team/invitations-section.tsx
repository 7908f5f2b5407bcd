import { ROLE_LABELS, type CompanyRole } from '@complivue/shared/roles';
import { createInvitationRequestSchema, type Invitation } from '@complivue/shared/schemas/team';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  useInvitations,
  useInviteMember,
  useResendInvitation,
  useRevokeInvitation,
} from './api.ts';

const NOT_DELIVERED =
  'The invitation is saved, but its email could not be sent. Use Resend to try again.';

function InviteForm({ roles }: { roles: readonly CompanyRole[] }) {
  const form = useZodForm(createInvitationRequestSchema, { email: '', role: 'user' });
  const invite = useInviteMember();
  const email = form.watch('email');

  return (
    <Form
      form={form}
      failure="The invitation could not be sent."
      aria-label="Invite a member"
      className="space-y-3"
      onSubmit={async (values) => {
        const typed = form.getValues('email').trim();
        const sent = await invite.mutateAsync(values);
        form.resetField('email');
        if (sent.delivered) toast.success(`Invitation sent to ${typed}.`);
        else toast.warning(NOT_DELIVERED);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <TextField name="email" label="Email to invite" type="email" autoComplete="off" />
        <SelectField name="role" label="Role">
          {roles.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <SubmitButton pendingLabel="Sending…" disabled={!email.trim()} className="sm:mt-6">
          Send invitation
        </SubmitButton>
      </div>
      <p className="text-xs text-slate-600">
        The link works once and expires after 7 days. A pending invitation holds a seat.
      </p>
    </Form>
  );
}

function PendingInvitation({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  const failed = (caught: unknown) =>
    toast.error(userFacingMessage(caught, 'The invitation could not be changed.'));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <span className="block font-medium text-slate-900">{invitation.email}</span>
        <span className="block text-sm text-slate-700">
          {ROLE_LABELS[invitation.role]} · invited by{' '}
          {invitation.invitedByName ?? 'a former member'} ·{' '}
          {invitation.expired ? 'expired' : 'expires'} {formatDateTime(invitation.expiresAt)}
        </span>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: (sent) => {
                if (sent.delivered) toast.success(`A new link was sent to ${invitation.email}.`);
                else toast.warning(NOT_DELIVERED);
              },
              onError: failed,
            })
          }
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          Resend
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            // mutateAsync, not mutate's callbacks: the refreshed list drops this row, and
            // callbacks given to mutate() never run once their component has unmounted.
            revoke
              .mutateAsync(invitation.id)
              .then(
                () => toast.success(`The invitation to ${invitation.email} was revoked.`),
                failed,
              )
          }
          aria-label={`Revoke the invitation to ${invitation.email}`}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

/** Inviting people, and the invitations not yet accepted. */
export function InvitationsSection({ roles }: { roles: readonly CompanyRole[] }) {
  const pending = useInvitations();
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Invite your team</h2>
      <InviteForm roles={roles} />
      {/* Nothing while the list loads or when it is empty: the form above is the point here. */}
      {!pending.isPending && (
        <QueryState
          query={pending}
          loading="Loading invitations"
          isEmpty={(data) => data.items.length === 0}
          empty={null}
        >
          {(data) => (
            <div>
              <h3 className="font-medium text-slate-900">
                Pending invitations ({data.items.length})
              </h3>
              <ul className="divide-y divide-slate-200">
                {data.items.map((invitation) => (
                  <PendingInvitation key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            </div>
          )}
        </QueryState>
      )}
    </Card>
  );
}
