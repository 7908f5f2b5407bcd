import { ROLE_LABELS } from '@complivue/shared/roles';
import { MIN_PASSWORD_LENGTH } from '@complivue/shared/schemas/auth';
import { acceptInvitationFormSchema } from '@complivue/shared/schemas/team';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/form-fields';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { useAcceptInvitation, useAcceptInvitationSignedIn, useInvitationPreview } from './api.ts';

function NewAccountForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  // A password equal to the invited address is refused, as on the server.
  const schema = useMemo(() => acceptInvitationFormSchema(email), [email]);
  const form = useZodForm(schema, { fullName: '', password: '' });
  const accept = useAcceptInvitation();

  return (
    <Form
      form={form}
      failure="The invitation could not be accepted."
      className="mt-6 space-y-4"
      onSubmit={async ({ fullName, password }) => {
        const { redirectTo } = await accept.mutateAsync({ token, fullName, password });
        await navigate(redirectTo, { replace: true });
      }}
    >
      <FormField label="Work email">
        {({ id }) => <Input id={id} value={email} readOnly disabled />}
      </FormField>
      <TextField name="fullName" label="Full name" autoComplete="name" />
      <PasswordField
        name="password"
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        autoComplete="new-password"
      />
      <SubmitButton className="w-full" pendingLabel="Joining…">
        Accept and create my account
      </SubmitButton>
    </Form>
  );
}

function SignedInAccept({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const accept = useAcceptInvitationSignedIn();
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
  // Busy until the dashboard opens: the answer only starts the navigation.
  const busy = accept.isPending || accept.isSuccess;
  return (
    <div className="mt-6 space-y-3">
      {accept.isError && (
        <Alert variant="destructive">
          {userFacingMessage(accept.error, 'The invitation could not be accepted.')}
        </Alert>
      )}
      <p className="text-sm text-slate-700">You are signed in as {session.data.user.email}.</p>
      <Button
        className="w-full"
        disabled={busy}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: () => void navigate(paths.dashboard, { replace: true }),
          })
        }
      >
        {busy ? 'Joining…' : 'Accept invitation'}
      </Button>
    </div>
  );
}

/** `/invitations/accept?token=…`: the emailed link. New people create their account here. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);

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
