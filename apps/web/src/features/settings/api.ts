import {
  securitySettingsSchema,
  type UpdateSecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

export const securitySettingsQueryKey = ['company-settings'] as const;

export function useSecuritySettings(enabled: boolean) {
  return useQuery({
    queryKey: securitySettingsQueryKey,
    queryFn: () => apiRequest('/api/company/settings', { schema: securitySettingsSchema }),
    enabled,
  });
}

export const updateSecuritySettings = (body: UpdateSecuritySettings) =>
  apiRequest('/api/company/settings', { method: 'PATCH', body, schema: securitySettingsSchema });

export const notificationDefaultsQueryKey = ['company-notification-defaults'] as const;

export function useNotificationDefaults() {
  return useQuery({
    queryKey: notificationDefaultsQueryKey,
    queryFn: () =>
      apiRequest('/api/company/notification-defaults', { schema: notificationPreferencesSchema }),
  });
}

/** Saves the institution's defaults; members following them see them in their session. */
export function useSaveNotificationDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      apiRequest('/api/company/notification-defaults', {
        method: 'PUT',
        body,
        schema: notificationPreferencesSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationDefaultsQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export const deleteCompany = (confirmName: string) =>
  apiRequest('/api/company', { method: 'DELETE', body: { confirmName }, schema: okResponseSchema });
