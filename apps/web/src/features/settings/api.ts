import {
  securitySettingsSchema,
  type UpdateSecuritySettings,
  type deleteCompanyRequestSchema,
} from '@complivue/shared/schemas/company-settings';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@complivue/shared/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

/** Saves security or retention settings; the session (which carries the two-factor rule) is asked again. */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSecuritySettings) =>
      apiRequest('/api/company/settings', {
        method: 'PATCH',
        body,
        schema: securitySettingsSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(securitySettingsQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

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

/** Deletes the institution and signs everyone out (the page then starts again from `/`). */
export function useDeleteCompany() {
  return useMutation({
    mutationFn: (body: z.input<typeof deleteCompanyRequestSchema>) =>
      apiRequest('/api/company', { method: 'DELETE', body, schema: okResponseSchema }),
  });
}
