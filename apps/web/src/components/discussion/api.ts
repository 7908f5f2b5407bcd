import type { SubjectType } from '@complivue/shared/collaboration';
import {
  collaborationMembersSchema,
  commentRevisionsSchema,
  discussionSchema,
  teamTaskListSchema,
  type CreateTeamTaskRequest,
  type UpdateTeamTaskRequest,
} from '@complivue/shared/schemas/collaboration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { apiRequest } from '@/lib/api-client';

/**
 * Discussions belong to team collaboration: every query of it (a discussion, the page's
 * activity, threads, My work) starts with this key, so one invalidation refreshes them all.
 */
export const collaborationQueryKey = ['collaboration'] as const;

export interface SubjectId {
  type: SubjectType;
  id: string;
}

const discussionPath = ({ type, id }: SubjectId) =>
  `/api/discussions/${type}/${encodeURIComponent(id)}`;
const discussionKey = (subject: SubjectId) => [
  ...collaborationQueryKey,
  'discussion',
  subject.type,
  subject.id,
];

const tasksKey = (subject: SubjectId | null) => [
  ...collaborationQueryKey,
  'tasks',
  subject ? `${subject.type}:${subject.id}` : 'free-standing',
];

export function useDiscussion(subject: SubjectId) {
  return useQuery({
    queryKey: discussionKey(subject),
    queryFn: () => apiRequest(discussionPath(subject), { schema: discussionSchema }),
  });
}

/**
 * Keeps one object's discussion live: a comment added, edited or deleted by anyone, on any
 * instance, reloads it (and whatever `onChange` refreshes, a change's history say). The
 * browser's EventSource reconnects by itself.
 */
export function useLiveDiscussion({ type, id }: SubjectId, onChange?: () => void) {
  const queryClient = useQueryClient();
  const changed = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: discussionKey({ type, id }) });
    void queryClient.invalidateQueries({ queryKey: tasksKey({ type, id }) });
    void queryClient.invalidateQueries({ queryKey: [...collaborationQueryKey, 'my-work'] });
    onChange?.();
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${discussionPath({ type, id })}/stream`);
    source.addEventListener('discussion', () => changed());
    return () => source.close();
  }, [type, id]);
}

/** A write whose answer is the discussion as it now is. */
function useDiscussionWrite<Input>(subject: SubjectId, write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (discussion) => {
      queryClient.setQueryData(discussionKey(subject), discussion);
      void queryClient.invalidateQueries({ queryKey: collaborationQueryKey });
    },
  });
}

/** A comment, with a file when one is attached (sent as multipart). */
export const useAddComment = (subject: SubjectId) =>
  useDiscussionWrite(subject, ({ body, file }: { body: string; file: File | null }) => {
    if (!file) {
      return apiRequest(`${discussionPath(subject)}/comments`, {
        method: 'POST',
        body: { body },
        schema: discussionSchema,
      });
    }
    const form = new FormData();
    form.append('body', body);
    form.append('file', file);
    return apiRequest(`${discussionPath(subject)}/attachments`, {
      method: 'POST',
      body: form,
      schema: discussionSchema,
      // A 25 MB file on a slow line takes longer than a comment.
      timeoutMs: 120_000,
    });
  });

export const useEditComment = (subject: SubjectId) =>
  useDiscussionWrite(subject, ({ commentId, body }: { commentId: string; body: string }) =>
    apiRequest(`/api/comments/${commentId}`, {
      method: 'PATCH',
      body: { body },
      schema: discussionSchema,
    }),
  );

export const useDeleteComment = (subject: SubjectId) =>
  useDiscussionWrite(subject, (commentId: string) =>
    apiRequest(`/api/comments/${commentId}`, { method: 'DELETE', schema: discussionSchema }),
  );

export function useCommentRevisions(commentId: string | null) {
  return useQuery({
    queryKey: [...collaborationQueryKey, 'revisions', commentId],
    queryFn: () =>
      apiRequest(`/api/comments/${commentId}/revisions`, { schema: commentRevisionsSchema }),
    enabled: Boolean(commentId),
  });
}

export function useCollaborationMembers() {
  return useQuery({
    queryKey: [...collaborationQueryKey, 'members'],
    queryFn: () => apiRequest('/api/collaboration/members', { schema: collaborationMembersSchema }),
    staleTime: 60_000,
  });
}

/** An object's tasks (open first), or with no subject the team's free-standing ones. */
export function useTasks(subject: SubjectId | null) {
  const query = subject ? `?subject=${encodeURIComponent(`${subject.type}:${subject.id}`)}` : '';
  return useQuery({
    queryKey: tasksKey(subject),
    queryFn: () => apiRequest(`/api/tasks${query}`, { schema: teamTaskListSchema }),
  });
}

/** A task write whose answer is the tasks of the same object, as they now are. */
function useTaskWrite<Input>(subject: SubjectId | null, write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (tasks) => {
      if (tasks) queryClient.setQueryData(tasksKey(subject), tasks);
      void queryClient.invalidateQueries({ queryKey: collaborationQueryKey });
    },
  });
}

export const useCreateTask = (subject: SubjectId | null) =>
  useTaskWrite(subject, (request: Omit<CreateTeamTaskRequest, 'subject'>) =>
    apiRequest('/api/tasks', {
      method: 'POST',
      body: subject ? { ...request, subject } : request,
      schema: teamTaskListSchema,
    }),
  );

export const useUpdateTask = (subject: SubjectId | null) =>
  useTaskWrite(subject, ({ taskId, ...request }: UpdateTeamTaskRequest & { taskId: string }) =>
    apiRequest(`/api/tasks/${taskId}`, {
      method: 'PATCH',
      body: request,
      schema: teamTaskListSchema,
    }),
  );
