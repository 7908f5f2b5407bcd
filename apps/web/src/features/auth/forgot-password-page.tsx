import {
  PASSWORD_RESET_MESSAGES,
  forgotPasswordFormSchema,
  normalizeEmail,
} from '@complivue/shared/schemas/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiClientError } from '@/lib/api-client';
import { useRequestPasswordReset } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';

export function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordFormSchema, { email: '' });
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);

  return (
    <AuthPageLayout
      title="Reset your password"
      description="Enter the email you sign in with. We will send you a link to choose a new password."
    >
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <Form
          form={form}
          failure={PASSWORD_RESET_MESSAGES.failed}
          className="space-y-4"
          onSubmit={async ({ email }) => {
            try {
              const result = await requestReset.mutateAsync(normalizeEmail(email));
              setSent(result.message ?? PASSWORD_RESET_MESSAGES.sent);
            } catch (caught) {
              // The server's catalogue message (rate limit, email service down, reset
              // disabled), else the spec's default.
              const serverMessage =
                caught instanceof ApiClientError &&
                caught.code !== 'http_error' &&
                caught.code !== 'internal_error';
              throw new Error(serverMessage ? caught.message : PASSWORD_RESET_MESSAGES.failed, {
                cause: caught,
              });
            }
          }}
        >
          <TextField name="email" label="Email" type="email" autoComplete="email" required />
          <SubmitButton className="w-full" pendingLabel="Sending...">
            Send reset link
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login} className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </AuthPageLayout>
  );
}
