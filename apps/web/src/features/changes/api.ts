import type { ChangeStatus } from '@complivue/shared/regulatory-monitoring';
import { policyImpactListSchema } from '@complivue/shared/schemas/policies';
import {
  changeBoardSchema,
  changeDetailSchema,
  changeDraftSchema,
  changeListResponseSchema,
  changeMembersSchema,
  type ChangeDetail,
  type CreateChangeRequest,
  type CreateTaskRequest,
  type UpdateChangeRequest,
  type UpdateTaskRequest,
} from '@complivue/shared/schemas/changes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filterParams, type ChangeFilterState } from './use-change-filters.ts';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const changesQueryKey = ['changes'] as const;
export const changeQueryKey = (changeId: string) => [...changesQueryKey, 'detail', changeId];

export function useChangeBoard(filters: ChangeFilterState, enabled: boolean) {
  const params = filterParams({ ...filters, status: undefined });
  return useQuery({
    queryKey: [...changesQueryKey, 'board', params.toString()],
    queryFn: () => apiRequest(`/api/changes/board?${params}`, { schema: changeBoardSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useChangeList(filters: ChangeFilterState, page: number, enabled: boolean) {
  const params = filterParams(filters);
  params.set('page', String(page));
  return useQuery({
    queryKey: [...changesQueryKey, 'list', params.toString()],
    queryFn: () => apiRequest(`/api/changes?${params}`, { schema: changeListResponseSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useChange(changeId: string | null) {
  return useQuery({
    queryKey: changeQueryKey(changeId ?? ''),
    queryFn: () => apiRequest(`/api/changes/${changeId}`, { schema: changeDetailSchema }),
    enabled: Boolean(changeId),
  });
}

export function useChangeMembers() {
  return useQuery({
    queryKey: [...changesQueryKey, 'members'],
    queryFn: () => apiRequest('/api/changes/members', { schema: changeMembersSchema }),
    staleTime: 60_000,
  });
}

/** After a write: the detail the server answered with, and every list and board refreshed. */
export function useApplyChange() {
  const queryClient = useQueryClient();
  return async (detail: ChangeDetail) => {
    queryClient.setQueryData(changeQueryKey(detail.id), detail);
    await queryClient.invalidateQueries({
      queryKey: changesQueryKey,
      predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'members',
    });
  };
}

const detailRequest = (path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) =>
  apiRequest(path, { method, body, schema: changeDetailSchema });

/** A write that answers with the change: the detail is applied and the lists refreshed. */
function useChangeWrite<Variables>(write: (variables: Variables) => Promise<ChangeDetail>) {
  const apply = useApplyChange();
  return useMutation({ mutationFn: write, onSuccess: (detail) => apply(detail) });
}

/** What a feed item would fill in, for the member to confirm (`GET /api/changes/draft`). */
export function useChangeDraft(feedItemId: string | null) {
  return useQuery({
    queryKey: [...changesQueryKey, 'draft', feedItemId],
    queryFn: () =>
      apiRequest(`/api/changes/draft?feedItemId=${encodeURIComponent(feedItemId ?? '')}`, {
        schema: changeDraftSchema,
      }),
    enabled: Boolean(feedItemId),
  });
}

export const useCreateChange = () =>
  useChangeWrite((body: CreateChangeRequest) => detailRequest('/api/changes', 'POST', body));

export const useUpdateChange = (changeId: string) =>
  useChangeWrite((body: UpdateChangeRequest) =>
    detailRequest(`/api/changes/${changeId}`, 'PATCH', body),
  );

export const useTransitionChange = () =>
  useChangeWrite(({ changeId, to, note }: { changeId: string; to: ChangeStatus; note?: string }) =>
    detailRequest(`/api/changes/${changeId}/transition`, 'POST', note ? { to, note } : { to }),
  );

export const useAddTask = (changeId: string) =>
  useChangeWrite((task: CreateTaskRequest) =>
    detailRequest(`/api/changes/${changeId}/tasks`, 'POST', task),
  );

export const useUpdateTask = (changeId: string, taskId: string) =>
  useChangeWrite((changes: UpdateTaskRequest) =>
    detailRequest(`/api/changes/${changeId}/tasks/${taskId}`, 'PATCH', changes),
  );

export const useRemoveTask = (changeId: string, taskId: string) =>
  useChangeWrite(() => detailRequest(`/api/changes/${changeId}/tasks/${taskId}`, 'DELETE'));

export const useUploadAttachment = (changeId: string) =>
  useChangeWrite((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest(`/api/changes/${changeId}/attachments`, {
      method: 'POST',
      body: form,
      schema: changeDetailSchema,
      timeoutMs: 180_000,
    });
  });

export const useRemoveAttachment = (changeId: string) =>
  useChangeWrite((attachmentId: string) =>
    detailRequest(`/api/changes/${changeId}/attachments/${attachmentId}`, 'DELETE'),
  );

export const attachmentHref = (changeId: string, attachmentId: string) =>
  `/api/changes/${changeId}/attachments/${attachmentId}`;

export const reportHref = (changeId: string) => `/api/changes/${changeId}/report.pdf`;

export const exportHref = (filters: ChangeFilterState) => {
  const params = filterParams(filters).toString();
  return `/api/changes/export.csv${params ? `?${params}` : ''}`;
};

/**
 * The approved policies covering a CFR section the change cites (policies' own endpoint: both
 * pages need the professional plan). Read again with every policy write, under its key.
 */
export function useChangePolicies(changeId: string) {
  return useQuery({
    queryKey: ['policies', 'impacts', 'change', changeId],
    queryFn: () =>
      apiRequest(`/api/policies/impacts?change=${encodeURIComponent(changeId)}`, {
        schema: policyImpactListSchema,
      }),
  });
}
