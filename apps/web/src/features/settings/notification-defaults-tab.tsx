import { QueryState } from '@/components/query-state';
import type { NotificationPreferences } from '@complivue/shared/schemas/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NotificationPreferencesFields } from '@/components/notification-preferences-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { sessionQueryKey } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  notificationDefaultsQueryKey,
  saveNotificationDefaults,
  useNotificationDefaults,
} from './api.ts';

function NotificationDefaultsForm({ defaults }: { defaults: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(defaults);
  const { busy, error, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      queryClient.setQueryData(notificationDefaultsQueryKey, await saveNotificationDefaults(value));
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success('The notification defaults have been saved.');
    }, 'The notification defaults could not be saved.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && <Alert variant="destructive">{error}</Alert>}
      <NotificationPreferencesFields
        legend="Notification defaults"
        description="Every member follows these until they choose their own in their profile. Members who already chose keep their choice."
        value={value}
        onChange={setValue}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save notification defaults'}
        </Button>
      </div>
    </form>
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
