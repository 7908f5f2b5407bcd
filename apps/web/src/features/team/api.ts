import type { ActivityFilters } from '@complivue/shared/schemas/activity';
import { activityResponseSchema } from '@complivue/shared/schemas/activity';
import {
  okResponseSchema,
  sessionResponseSchema,
  signUpResponseSchema,
} from '@complivue/shared/schemas/auth';
import {
  invitationPreviewSchema,
  type acceptInvitationRequestSchema,
  type createInvitationRequestSchema,
  invitationsResponseSchema,
  roleHoldersResponseSchema,
  teamDirectorySchema,
  teamMemberSchema,
  teamMembersResponseSchema,
  type TeamSort,
} from '@complivue/shared/schemas/team';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const teamQueryKey = ['team'] as const;

export interface MembersQuery {
  query: string;
  sort: TeamSort;
  direction: 'asc' | 'desc';
  page: number;
}

function searchParams(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function useTeamMembers(query: MembersQuery) {
  return useQuery({
    queryKey: [...teamQueryKey, 'members', query],
    queryFn: () =>
      apiRequest(`/api/team/members?${searchParams({ ...query })}`, {
        schema: teamMembersResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A write of this feature, after which every team query is fetched again. */
function useTeamMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** Deactivates a member (signed out everywhere, seat freed) or lets them sign in again. */
export const useSetMemberActive = () =>
  useTeamMutation(({ userId, active }: { userId: string; active: boolean }) =>
    apiRequest(
      `/api/team/members/${encodeURIComponent(userId)}/${active ? 'reactivate' : 'deactivate'}`,
      { method: 'POST', schema: teamMemberSchema },
    ),
  );

export function useRoleHolders() {
  return useQuery({
    queryKey: [...teamQueryKey, 'roles'],
    queryFn: () => apiRequest('/api/team/roles', { schema: roleHoldersResponseSchema }),
  });
}

export function useTeamDirectory() {
  return useQuery({
    queryKey: [...teamQueryKey, 'directory'],
    queryFn: () => apiRequest('/api/team/directory', { schema: teamDirectorySchema }),
  });
}

export function useActivity(filters: ActivityFilters, page: number) {
  return useQuery({
    queryKey: [...teamQueryKey, 'activity', filters, page],
    queryFn: () =>
      apiRequest(`/api/team/activity?${searchParams({ ...filters, page })}`, {
        schema: activityResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of the same filters (a plain link: the browser streams it to a file). */
export const activityCsvHref = (filters: ActivityFilters) =>
  `/api/team/activity.csv?${searchParams({ ...filters })}`;

export function useInvitations() {
  return useQuery({
    queryKey: [...teamQueryKey, 'invitations'],
    queryFn: () => apiRequest('/api/team/invitations', { schema: invitationsResponseSchema }),
  });
}

const sentSchema = z.object({ id: z.string(), delivered: z.boolean() });

export const useInviteMember = () =>
  useTeamMutation((body: z.input<typeof createInvitationRequestSchema>) =>
    apiRequest('/api/team/invitations', { method: 'POST', body, schema: sentSchema }),
  );

/** Sends the invitation again with a new link (the old one stops working). */
export const useResendInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest(`/api/team/invitations/${encodeURIComponent(id)}/resend`, {
      method: 'POST',
      schema: sentSchema,
    }),
  );

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest(`/api/team/invitations/${encodeURIComponent(id)}/revoke`, {
      method: 'POST',
      schema: okResponseSchema,
    }),
  );

/** What the emailed link offers (asked once per token; a refusal is final). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiRequest('/api/invitations/preview', {
        method: 'POST',
        body: { token },
        schema: invitationPreviewSchema,
      }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** Accepts with a new account; the answer is the new member's session. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof acceptInvitationRequestSchema>) =>
      apiRequest('/api/invitations/accept', {
        method: 'POST',
        body,
        schema: signUpResponseSchema,
      }),
    onSuccess: ({ session }) => queryClient.setQueryData(sessionQueryKey, session),
  });
}

/** Accepts into the signed-in account; the answer is its session, now in the institution. */
export function useAcceptInvitationSignedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/invitations/accept-signed-in', {
        method: 'POST',
        body: { token },
        schema: sessionResponseSchema,
      }),
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
