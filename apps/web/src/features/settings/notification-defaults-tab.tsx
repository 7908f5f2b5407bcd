import { notificationPreferencesSchema } from '@complivue/shared/schemas/profile';
import type { NotificationPreferences } from '@complivue/shared/schemas/profile';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { NotificationPreferencesFields } from '@/components/notification-preferences-fields';
import { QueryState } from '@/components/query-state';
import { useNotificationDefaults, useSaveNotificationDefaults } from './api.ts';

function NotificationDefaultsForm({ defaults }: { defaults: NotificationPreferences }) {
  const form = useZodForm(notificationPreferencesSchema, defaults);
  const save = useSaveNotificationDefaults();

  return (
    <Form
      form={form}
      failure="The notification defaults could not be saved."
      className="space-y-5"
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        toast.success('The notification defaults have been saved.');
      }}
    >
      <NotificationPreferencesFields
        legend="Notification defaults"
        description="Every member follows these until they choose their own in their profile. Members who already chose keep their choice."
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save notification defaults</SubmitButton>
      </div>
    </Form>
  );
}

/** Settings › Notifications (administrators). */
export function NotificationDefaultsTab() {
  const defaults = useNotificationDefaults();
  return (
    <QueryState query={defaults} loading="Loading the notification defaults">
      {(data) => <NotificationDefaultsForm defaults={data} />}
    </QueryState>
  );
}
