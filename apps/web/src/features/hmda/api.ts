import {
  hmdaCheckListSchema,
  hmdaCheckSchema,
  type HmdaPeriod,
} from '@complivue/shared/schemas/hmda';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const hmdaQueryKey = ['hmda-checks'] as const;

export function useHmdaChecks() {
  return useQuery({
    queryKey: hmdaQueryKey,
    queryFn: () => apiRequest('/api/hmda/checks', { schema: hmdaCheckListSchema }),
  });
}

export function useHmdaCheck(checkId: string) {
  return useQuery({
    queryKey: [...hmdaQueryKey, checkId],
    queryFn: () => apiRequest(`/api/hmda/checks/${checkId}`, { schema: hmdaCheckSchema }),
  });
}

export function useRunHmdaCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; year?: number; period?: HmdaPeriod }) => {
      const form = new FormData();
      if (input.year) form.append('year', String(input.year));
      if (input.period) form.append('period', input.period);
      form.append('file', input.file);
      return apiRequest('/api/hmda/checks', {
        method: 'POST',
        body: form,
        schema: hmdaCheckSchema,
        // A file of tens of thousands of rows takes longer than a JSON call.
        timeoutMs: 120_000,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hmdaQueryKey }),
  });
}

export function useVerifyHmdaEdit(checkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { editId: string; reason: string }) =>
      apiRequest(`/api/hmda/checks/${checkId}/edits/${input.editId}/verification`, {
        method: 'PUT',
        body: { reason: input.reason },
        schema: hmdaCheckSchema,
      }),
    onSuccess: (check) => {
      queryClient.setQueryData([...hmdaQueryKey, checkId], check);
      return queryClient.invalidateQueries({ queryKey: hmdaQueryKey, exact: true });
    },
  });
}

export function useChangeFromHmdaEdit(checkId: string) {
  return useMutation({
    mutationFn: (editId: string) =>
      apiRequest(`/api/hmda/checks/${checkId}/edits/${editId}/change`, {
        method: 'POST',
        schema: z.object({ changeId: z.string() }),
      }),
  });
}

export const hmdaDownloadPath = (checkId: string, file: 'findings.csv' | 'summary.pdf' | 'file') =>
  `/api/hmda/checks/${checkId}/${file}`;
