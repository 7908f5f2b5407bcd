import {
  companyProfileSchema,
  type UpdateCompanyProfileRequest,
} from '@complivue/shared/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const companyProfileQueryKey = ['company-profile'] as const;

export function useCompanyProfile(enabled = true) {
  return useQuery({
    queryKey: companyProfileQueryKey,
    queryFn: () => apiRequest('/api/company', { schema: companyProfileSchema }),
    enabled,
  });
}

export const updateCompanyProfile = (body: UpdateCompanyProfileRequest) =>
  apiRequest('/api/company', { method: 'PATCH', body, schema: companyProfileSchema });
