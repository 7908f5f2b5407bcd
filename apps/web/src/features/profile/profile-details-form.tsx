import type { SessionResponse } from '@complivue/shared/schemas/auth';
import {
  PROFILE_MESSAGES,
  resolveNotificationPreferences,
  type NotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NotificationPreferencesFields } from '@/components/notification-preferences-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { sessionQueryKey } from '@/lib/session';
import { userFacingMessage } from '@/lib/api-client';
import { updateProfile } from '@/lib/profile';

function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function ProfileDetailsForm({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient();
  const [zones] = useState(timeZones);
  const [form, setForm] = useState({
    fullName: session.profile.fullName ?? session.user.name,
    jobTitle: session.profile.jobTitle ?? '',
    phone: session.profile.phone ?? '',
    timezone: session.profile.timezone ?? '',
  });
  const [preferences, setPreferences] = useState<NotificationPreferences>(
    resolveNotificationPreferences(session.profile.notificationPreferences),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.fullName.trim()) {
      setError(PROFILE_MESSAGES.full_name_required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await updateProfile({
        fullName: form.fullName.trim(),
        jobTitle: form.jobTitle.trim() || null,
        phone: form.phone.trim() || null,
        timezone: form.timezone || null,
        notificationPreferences: preferences,
      });
      queryClient.setQueryData(sessionQueryKey, saved);
      toast.success(PROFILE_MESSAGES.saved);
    } catch (caught) {
      setError(userFacingMessage(caught, 'Your profile could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full name">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="name"
              value={form.fullName}
              onChange={update('fullName')}
            />
          )}
        </FormField>
        <FormField label="Job title">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="organization-title"
              value={form.jobTitle}
              onChange={update('jobTitle')}
            />
          )}
        </FormField>
        <FormField label="Phone">
          {({ id }) => (
            <Input
              id={id}
              type="tel"
              autoComplete="tel"
              value={form.phone}
              onChange={update('phone')}
            />
          )}
        </FormField>
        <FormField label="Time zone" hint="Deadlines and reminders are shown in this zone.">
          {({ id, describedBy }) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              value={form.timezone}
              onChange={update('timezone')}
            >
              <option value="">Use my browser's time zone</option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      <NotificationPreferencesFields
        legend="Notifications"
        value={preferences}
        onChange={setPreferences}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save profile'}
      </Button>
    </form>
  );
}
