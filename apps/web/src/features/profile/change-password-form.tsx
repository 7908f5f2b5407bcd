import { changePasswordFormSchema } from '@complivue/shared/schemas/auth';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField } from '@/components/form/form-fields';
import { useChangePassword } from './api.ts';

export function ChangePasswordForm({ email }: { email: string }) {
  // The schema knows the member's email: a password equal to it is refused, as on the server.
  const schema = useMemo(() => changePasswordFormSchema(email), [email]);
  const form = useZodForm(schema, { currentPassword: '', newPassword: '', confirmation: '' });
  const changePassword = useChangePassword();

  return (
    <Form
      form={form}
      failure="The password could not be changed."
      className="max-w-md space-y-4"
      onSubmit={async ({ currentPassword, newPassword }) => {
        await changePassword.mutateAsync({ currentPassword, newPassword });
        form.reset();
        toast.success('Your password has been changed. Your other devices have been signed out.');
      }}
    >
      <PasswordField
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
      />
      <PasswordField
        name="newPassword"
        label="New password"
        hint="At least 8 characters."
        autoComplete="new-password"
      />
      <PasswordField name="confirmation" label="Confirm new password" autoComplete="new-password" />
      <SubmitButton pendingLabel="Changing...">Change password</SubmitButton>
    </Form>
  );
}
