import {
  securitySettingsSchema,
  type UpdateSecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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

export const saveNotificationDefaults = (body: NotificationPreferences) =>
  apiRequest('/api/company/notification-defaults', {
    method: 'PUT',
    body,
    schema: notificationPreferencesSchema,
  });

export const deleteCompany = (confirmName: string) =>
  apiRequest('/api/company', { method: 'DELETE', body: { confirmName }, schema: okResponseSchema });
