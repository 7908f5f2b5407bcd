import { validatePassword } from '@complivue/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/password-input';
import { ApiClientError } from '@/lib/api-client';
import { changePassword } from './api.ts';

export function ChangePasswordForm({ email }: { email: string }) {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmation: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = validatePassword(form.newPassword, email);
    if (failure) return setError(failure.message);
    if (form.newPassword !== form.confirmation)
      return setError('The two new passwords do not match.');
    setBusy(true);
    setError(null);
    try {
      await changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      setForm({ currentPassword: '', newPassword: '', confirmation: '' });
      toast.success('Your password has been changed. Your other devices have been signed out.');
    } catch (caught) {
      setError(
        caught instanceof ApiClientError ? caught.message : 'The password could not be changed.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Current password">
        {({ id }) => (
          <PasswordInput
            id={id}
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={update('currentPassword')}
          />
        )}
      </FormField>
      <FormField label="New password" hint="At least 8 characters.">
        {({ id, describedBy }) => (
          <PasswordInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="new-password"
            value={form.newPassword}
            onChange={update('newPassword')}
          />
        )}
      </FormField>
      <FormField label="Confirm new password">
        {({ id }) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            value={form.confirmation}
            onChange={update('confirmation')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
