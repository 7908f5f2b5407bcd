import { PASSWORD_RESET_MESSAGES, validatePassword } from '@complivue/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiClientError } from '@/lib/api-client';
import { getResetTokenStatus, resetPassword } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { PasswordInput } from '@/components/password-input';

function RequestNewLink() {
  return (
    <p className="mt-4 text-sm">
      <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline">
        Request a new reset email
      </Link>
    </p>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenStatus = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => getResetTokenStatus(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failure = validatePassword(password);
    if (failure) {
      setError(failure.message);
      return;
    }
    if (password !== confirmation) {
      setError('The two passwords do not match.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiClientError ? caught.message : PASSWORD_RESET_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  const linkUnusable = token === '' || tokenStatus.data?.valid === false;
  return (
    <AuthPageLayout title="Choose a new password">
      {linkUnusable ? (
        <>
          <Alert variant="destructive">
            {token === ''
              ? PASSWORD_RESET_MESSAGES.no_session
              : PASSWORD_RESET_MESSAGES.invalid_token}
          </Alert>
          <RequestNewLink />
        </>
      ) : tokenStatus.isPending ? (
        <Spinner label="Checking your reset link" />
      ) : done ? (
        <>
          <Alert variant="success">
            Your password has been changed, and every device that was signed in has been signed out.
          </Alert>
          <p className="mt-4 text-sm">
            <Link to={paths.login} className="font-medium text-brand-700 underline">
              Sign in with your new password
            </Link>
          </p>
        </>
      ) : (
        <>
          {error && (
            <Alert variant="destructive" className="mb-4">
              {error}
            </Alert>
          )}
          <form onSubmit={submit} noValidate className="space-y-4">
            <FormField label="New password" hint="At least 8 characters.">
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
            <FormField label="Confirm new password">
              {({ id }) => (
                <PasswordInput
                  id={id}
                  autoComplete="new-password"
                  value={confirmation}
                  onChange={(event) => setConfirmation(event.target.value)}
                />
              )}
            </FormField>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        </>
      )}
    </AuthPageLayout>
  );
}
