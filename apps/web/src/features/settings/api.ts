import {
  securitySettingsSchema,
  type UpdateSecuritySettings,
} from '@complivue/shared/schemas/company-settings';
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
