import { ROLE_LABELS } from '@complivue/shared/roles';
import { MIN_PASSWORD_LENGTH, validatePassword } from '@complivue/shared/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { PasswordInput } from '@/components/password-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { sessionQueryKey, useSession } from '@/lib/session';
import { acceptInvitation, acceptInvitationSignedIn, previewInvitation } from './api.ts';

function NewAccountForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = fullName.trim()
      ? validatePassword(password, email)
      : { message: 'Full name is required' };
    if (failure) {
      setError(failure.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { session, redirectTo } = await acceptInvitation({ token, fullName, password });
      queryClient.setQueryData(sessionQueryKey, session);
      await navigate(redirectTo, { replace: true });
    } catch (caught) {
      setError(userFacingMessage(caught, 'The invitation could not be accepted.'));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Work email">
        {({ id }) => <Input id={id} value={email} readOnly disabled />}
      </FormField>
      <FormField label="Full name">
        {({ id }) => (
          <Input
            id={id}
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        {({ id, describedBy }) => (
          <PasswordInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Joining…' : 'Accept and create my account'}
      </Button>
    </form>
  );
}

function SignedInAccept({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `${paths.invitationAccept}?token=${encodeURIComponent(token)}`;

  if (session.isPending) return <Spinner label="Checking your session" />;
  if (!session.data) {
    return (
      <div className="mt-6 space-y-3 text-sm text-slate-700">
        <p>An account with {email} already exists. Sign in to it to accept.</p>
        <Button asChild className="w-full">
          <Link to={paths.login} state={{ from: here }}>
            Sign in to accept
          </Link>
        </Button>
      </div>
    );
  }
  async function accept() {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(sessionQueryKey, await acceptInvitationSignedIn(token));
      await navigate(paths.dashboard, { replace: true });
    } catch (caught) {
      setError(userFacingMessage(caught, 'The invitation could not be accepted.'));
      setBusy(false);
    }
  }
  return (
    <div className="mt-6 space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <p className="text-sm text-slate-700">You are signed in as {session.data.user.email}.</p>
      <Button className="w-full" disabled={busy} onClick={() => void accept()}>
        {busy ? 'Joining…' : 'Accept invitation'}
      </Button>
    </div>
  );
}

/** `/invitations/accept?token=…`: the emailed link. New people create their account here. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => previewInvitation(token),
    enabled: token.length > 0,
    retry: false,
  });

  if (!token || preview.isError) {
    return (
      <AuthPageLayout title="Invitation">
        <Alert variant="destructive" className="mt-4">
          {preview.error
            ? userFacingMessage(preview.error, 'This invitation could not be opened.')
            : 'This link has no invitation in it. Open the link from your email again.'}
        </Alert>
      </AuthPageLayout>
    );
  }
  if (preview.isPending) {
    return (
      <AuthPageLayout title="Invitation">
        <Spinner label="Opening your invitation" />
      </AuthPageLayout>
    );
  }
  const invitation = preview.data;
  return (
    <AuthPageLayout
      title={`Join ${invitation.companyName}`}
      description={
        <p>
          {invitation.invitedByName ?? 'An administrator'} invited {invitation.email} to join the
          compliance team as {ROLE_LABELS[invitation.role]}. The invitation expires{' '}
          {formatDateTime(invitation.expiresAt)}.
        </p>
      }
    >
      {invitation.accountExists ? (
        <SignedInAccept token={token} email={invitation.email} />
      ) : (
        <NewAccountForm token={token} email={invitation.email} />
      )}
    </AuthPageLayout>
  );
}
