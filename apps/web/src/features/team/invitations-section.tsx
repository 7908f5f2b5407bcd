import { ROLE_LABELS, type CompanyRole } from '@complivue/shared/roles';
import type { Invitation } from '@complivue/shared/schemas/team';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  inviteMember,
  resendInvitation,
  revokeInvitation,
  teamQueryKey,
  useInvitations,
} from './api.ts';

const NOT_DELIVERED =
  'The invitation is saved, but its email could not be sent. Use Resend to try again.';

function InviteForm({ roles, onSent }: { roles: readonly CompanyRole[]; onSent: () => unknown }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('user');
  const { busy, error, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const sent = await inviteMember({ email, role });
      await onSent();
      setEmail('');
      if (sent.delivered) toast.success(`Invitation sent to ${email.trim()}.`);
      else toast.warning(NOT_DELIVERED);
    }, 'The invitation could not be sent.');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member" className="space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FormField label="Email to invite">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Role">
          {({ id }) => (
            <Select
              id={id}
              value={role}
              onChange={(event) => setRole(event.target.value as CompanyRole)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" disabled={busy || !email.trim()}>
          {busy ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        The link works once and expires after 7 days. A pending invitation holds a seat.
      </p>
    </form>
  );
}

function PendingInvitation({
  invitation,
  onChanged,
}: {
  invitation: Invitation;
  onChanged: () => unknown;
}) {
  const [busy, setBusy] = useState(false);
  async function act(action: 'resend' | 'revoke') {
    setBusy(true);
    try {
      if (action === 'resend') {
        const sent = await resendInvitation(invitation.id);
        if (sent.delivered) toast.success(`A new link was sent to ${invitation.email}.`);
        else toast.warning(NOT_DELIVERED);
      } else {
        await revokeInvitation(invitation.id);
        toast.success(`The invitation to ${invitation.email} was revoked.`);
      }
      await onChanged();
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The invitation could not be changed.'));
    } finally {
      setBusy(false);
    }
  }
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
          onClick={() => void act('resend')}
          aria-label={`Resend the invitation to ${invitation.email}`}
        >
          Resend
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => void act('revoke')}
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
  const queryClient = useQueryClient();
  const pending = useInvitations();
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamQueryKey });
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Invite your team</h2>
      <InviteForm roles={roles} onSent={refresh} />
      {pending.isError && <Alert variant="destructive">{pending.error.message}</Alert>}
      {pending.data && pending.data.items.length > 0 && (
        <div>
          <h3 className="font-medium text-slate-900">
            Pending invitations ({pending.data.items.length})
          </h3>
          <ul className="divide-y divide-slate-200">
            {pending.data.items.map((invitation) => (
              <PendingInvitation key={invitation.id} invitation={invitation} onChanged={refresh} />
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
