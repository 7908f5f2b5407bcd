import type { SessionResponse } from '@complivue/shared/schemas/auth';
import {
  PROFILE_MESSAGES,
  profileFormSchema,
  resolveNotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { useState } from 'react';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { NotificationPreferencesFields } from '@/components/notification-preferences-fields';
import { useUpdateProfile } from '@/lib/profile';

function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function ProfileDetailsForm({ session }: { session: SessionResponse }) {
  const [zones] = useState(timeZones);
  const form = useZodForm(profileFormSchema, {
    fullName: session.profile.fullName ?? session.user.name,
    jobTitle: session.profile.jobTitle ?? '',
    phone: session.profile.phone ?? '',
    timezone: session.profile.timezone ?? '',
    notificationPreferences: resolveNotificationPreferences(
      session.profile.notificationPreferences,
    ),
  });
  const updateProfile = useUpdateProfile();

  return (
    <Form
      form={form}
      failure="Your profile could not be saved."
      className="space-y-6"
      onSubmit={async (values) => {
        await updateProfile.mutateAsync(values);
        toast.success(PROFILE_MESSAGES.saved);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="fullName" label="Full name" autoComplete="name" />
        <TextField name="jobTitle" label="Job title" autoComplete="organization-title" />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
        <SelectField
          name="timezone"
          label="Time zone"
          hint="Deadlines and reminders are shown in this zone."
        >
          <option value="">Use my browser's time zone</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>

      <NotificationPreferencesFields legend="Notifications" prefix="notificationPreferences." />
      <SubmitButton pendingLabel="Saving...">Save profile</SubmitButton>
    </Form>
  );
}
