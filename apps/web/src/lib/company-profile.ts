import {
  companyProfileSchema,
  type UpdateCompanyProfileRequest,
} from '@complivue/shared/schemas/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const companyProfileQueryKey = ['company-profile'] as const;

export function useCompanyProfile(enabled = true) {
  return useQuery({
    queryKey: companyProfileQueryKey,
    queryFn: () => apiRequest('/api/company', { schema: companyProfileSchema }),
    enabled,
  });
}

/** Saves the institution's profile; the cached profile becomes the one the server answered. */
export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyProfileRequest) =>
      apiRequest('/api/company', { method: 'PATCH', body, schema: companyProfileSchema }),
    onSuccess: (saved) => queryClient.setQueryData(companyProfileQueryKey, saved),
  });
}
