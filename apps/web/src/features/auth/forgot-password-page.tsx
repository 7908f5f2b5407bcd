import {
  PASSWORD_RESET_MESSAGES,
  normalizeEmail,
  validateResetEmail,
} from '@complivue/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiClientError } from '@/lib/api-client';
import { requestPasswordReset } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failure = validateResetEmail(email);
    if (failure) {
      setError(failure.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await requestPasswordReset(normalizeEmail(email));
      setSent(result.message ?? PASSWORD_RESET_MESSAGES.sent);
    } catch (caught) {
      // The server's catalogue message (rate limit, email service down, reset disabled), else
      // the spec's default.
      const serverMessage =
        caught instanceof ApiClientError &&
        caught.code !== 'http_error' &&
        caught.code !== 'internal_error';
      setError(serverMessage ? caught.message : PASSWORD_RESET_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPageLayout
      title="Reset your password"
      description="Enter the email you sign in with. We will send you a link to choose a new password."
    >
      {error && (
        <Alert variant="destructive" className="mb-4">
          {error}
        </Alert>
      )}
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Email">
            {({ id }) => (
              <Input
                id={id}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </AuthPageLayout>
  );
}
