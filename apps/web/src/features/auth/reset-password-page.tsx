import { PASSWORD_RESET_MESSAGES, resetPasswordFormSchema } from '@complivue/shared/schemas/auth';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiClientError } from '@/lib/api-client';
import { useResetPassword, useResetTokenStatus } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';

function RequestNewLink() {
  return (
    <p className="mt-4 text-sm">
      <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline">
        Request a new reset email
      </Link>
    </p>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useZodForm(resetPasswordFormSchema, { newPassword: '', confirmation: '' });
  const resetPassword = useResetPassword();
  return (
    <Form
      form={form}
      failure={PASSWORD_RESET_MESSAGES.failed}
      className="space-y-4"
      onSubmit={async ({ newPassword }) => {
        try {
          await resetPassword.mutateAsync({ token, newPassword });
        } catch (caught) {
          throw new Error(
            caught instanceof ApiClientError ? caught.message : PASSWORD_RESET_MESSAGES.failed,
            { cause: caught },
          );
        }
        onDone();
      }}
    >
      <PasswordField
        name="newPassword"
        label="New password"
        hint="At least 8 characters."
        autoComplete="new-password"
      />
      <PasswordField name="confirmation" label="Confirm new password" autoComplete="new-password" />
      <SubmitButton className="w-full" pendingLabel="Saving...">
        Set new password
      </SubmitButton>
    </Form>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const tokenStatus = useResetTokenStatus(token);
  const [done, setDone] = useState(false);

  const linkUnusable = token === '' || tokenStatus.data?.valid === false;
  if (linkUnusable) {
    return (
      <AuthPageLayout title="Choose a new password">
        <Alert variant="destructive">
          {token === ''
            ? PASSWORD_RESET_MESSAGES.no_session
            : PASSWORD_RESET_MESSAGES.invalid_token}
        </Alert>
        <RequestNewLink />
      </AuthPageLayout>
    );
  }
  return (
    <AuthPageLayout title="Choose a new password">
      {tokenStatus.isPending ? (
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
        <NewPasswordForm token={token} onDone={() => setDone(true)} />
      )}
    </AuthPageLayout>
  );
}
