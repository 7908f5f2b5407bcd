import {
  findingDetailSchema,
  findingListResponseSchema,
  type ActionRequest,
  type CreateFindingRequest,
  type FindingDetail,
  type UpdateActionRequest,
  type UpdateFindingRequest,
} from '@complivue/shared/schemas/risk-findings';
import { changeListResponseSchema } from '@complivue/shared/schemas/changes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { risksQueryKey } from './api.ts';
import type { FindingPageFilters } from './use-finding-filters.ts';

/** Under the risks' key: a finding's write refreshes the register's links to it too. */
const findingsQueryKey = [...risksQueryKey, 'findings'] as const;
const findingQueryKey = (findingId: string) => [...findingsQueryKey, 'detail', findingId];

function filterParams(filters: FindingPageFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', filters.area);
  if (filters.severity) params.set('severity', filters.severity);
  if (filters.source) params.set('source', filters.source);
  if (filters.status) params.set('status', filters.status);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.risk) params.set('risk', filters.risk);
  return params;
}

/** The findings as CSV under the list's filters. */
export const findingsExportHref = (filters: FindingPageFilters) => {
  const params = filterParams(filters).toString();
  return `/api/risks/findings/export.csv${params ? `?${params}` : ''}`;
};

export const evidenceHref = (findingId: string, actionId: string) =>
  `/api/risks/findings/${findingId}/actions/${actionId}/evidence`;

export function useFindings(filters: FindingPageFilters, enabled = true) {
  const params = filterParams(filters);
  return useQuery({
    queryKey: [...findingsQueryKey, 'list', params.toString()],
    queryFn: () =>
      apiRequest(`/api/risks/findings?${params}`, { schema: findingListResponseSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFinding(findingId: string | null) {
  return useQuery({
    queryKey: findingQueryKey(findingId ?? ''),
    queryFn: () => apiRequest(`/api/risks/findings/${findingId}`, { schema: findingDetailSchema }),
    enabled: Boolean(findingId),
  });
}

/** The institution's changes a finding may be linked to (the newest first page). */
export function useLinkableChanges(enabled: boolean) {
  return useQuery({
    queryKey: [...findingsQueryKey, 'changes'],
    queryFn: () => apiRequest('/api/changes', { schema: changeListResponseSchema }),
    enabled,
    staleTime: 60_000,
  });
}

/** A write answering with the finding: its detail is filled, the lists read again. */
function useFindingWrite<Variables>(write: (variables: Variables) => Promise<FindingDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      queryClient.setQueryData(findingQueryKey(detail.id), detail);
      return queryClient.invalidateQueries({
        queryKey: findingsQueryKey,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}

const findingRequest = (path: string, method: 'POST' | 'PATCH', body?: unknown) =>
  apiRequest(path, { method, body, schema: findingDetailSchema });
const base = (findingId: string) => `/api/risks/findings/${findingId}`;

export const useCreateFinding = () =>
  useFindingWrite((body: CreateFindingRequest) =>
    findingRequest('/api/risks/findings', 'POST', body),
  );

export const useUpdateFinding = (findingId: string) =>
  useFindingWrite((changes: UpdateFindingRequest) =>
    findingRequest(base(findingId), 'PATCH', changes),
  );

export const useCloseFinding = (findingId: string) =>
  useFindingWrite((note: string) => findingRequest(`${base(findingId)}/close`, 'POST', { note }));

export const useReopenFinding = (findingId: string) =>
  useFindingWrite((note: string) => findingRequest(`${base(findingId)}/reopen`, 'POST', { note }));

export const useAddAction = (findingId: string) =>
  useFindingWrite((body: ActionRequest) =>
    findingRequest(`${base(findingId)}/actions`, 'POST', body),
  );

export const useUpdateAction = (findingId: string) =>
  useFindingWrite(({ actionId, changes }: { actionId: string; changes: UpdateActionRequest }) =>
    findingRequest(`${base(findingId)}/actions/${actionId}`, 'PATCH', changes),
  );

/** Completion with evidence: the words, and a file when one is chosen (multipart). */
export const useCompleteAction = (findingId: string) =>
  useFindingWrite(
    ({ actionId, evidence, file }: { actionId: string; evidence: string; file: File | null }) => {
      const form = new FormData();
      form.append('evidence', evidence);
      if (file) form.append('file', file);
      return apiRequest(`${base(findingId)}/actions/${actionId}/completion`, {
        method: 'POST',
        body: form,
        schema: findingDetailSchema,
        timeoutMs: 180_000,
      });
    },
  );

export const useValidateAction = (findingId: string) =>
  useFindingWrite(({ actionId, note }: { actionId: string; note: string }) =>
    findingRequest(`${base(findingId)}/actions/${actionId}/validation`, 'POST', { note }),
  );

export function useDeleteFinding(findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(base(findingId), { method: 'DELETE', schema: z.undefined() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: findingsQueryKey }),
  });
}
