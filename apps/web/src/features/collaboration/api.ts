import {
  discussionSchema,
  myWorkSchema,
  presenceSchema,
  teamActivitySchema,
  teamTaskListSchema,
  threadListSchema,
  type CreateThreadRequest,
} from '@complivue/shared/schemas/collaboration';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collaborationQueryKey } from '@/components/discussion/api';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export function useThreads() {
  return useQuery({
    queryKey: [...collaborationQueryKey, 'threads'],
    queryFn: () => apiRequest('/api/collaboration/threads', { schema: threadListSchema }),
  });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateThreadRequest) =>
      apiRequest('/api/collaboration/threads', {
        method: 'POST',
        body: request,
        schema: discussionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaborationQueryKey }),
  });
}

export interface ActivityFilters {
  module?: string;
  actor?: string;
  subject?: string;
}

export function useTeamActivity(filters: ActivityFilters, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('page', String(page));
  return useQuery({
    queryKey: [...collaborationQueryKey, 'activity', params.toString()],
    queryFn: () =>
      apiRequest(`/api/collaboration/activity?${params}`, { schema: teamActivitySchema }),
    placeholderData: keepPreviousData,
  });
}

export function useMyWork() {
  return useQuery({
    queryKey: [...collaborationQueryKey, 'my-work'],
    queryFn: () => apiRequest('/api/collaboration/my-work', { schema: myWorkSchema }),
  });
}

/** Who has the app open, asked again every 30 seconds while the page is shown. */
export function useOnline() {
  return useQuery({
    queryKey: [...collaborationQueryKey, 'online'],
    queryFn: () => apiRequest('/api/collaboration/online', { schema: presenceSchema }),
    refetchInterval: 30_000,
  });
}

/**
 * Marks one of My work's tasks done where it lives: a team task, or a step of a change (which
 * the change's own page then shows done too).
 */
export function useCompleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: { id: string; kind: 'task' | 'change_task'; changeId?: string }) =>
      task.kind === 'task'
        ? apiRequest(`/api/tasks/${task.id}`, {
            method: 'PATCH',
            body: { done: true },
            schema: teamTaskListSchema,
          })
        : apiRequest(`/api/changes/${task.changeId}/tasks/${task.id}`, {
            method: 'PATCH',
            body: { done: true },
            schema: z.unknown(),
          }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: collaborationQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['changes'] });
    },
  });
}
