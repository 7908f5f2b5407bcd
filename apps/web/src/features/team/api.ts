import type { ActivityFilters } from '@complivue/shared/schemas/activity';
import { activityResponseSchema } from '@complivue/shared/schemas/activity';
import type { CompanyRole } from '@complivue/shared/roles';
import {
  okResponseSchema,
  sessionResponseSchema,
  signUpResponseSchema,
} from '@complivue/shared/schemas/auth';
import {
  invitationPreviewSchema,
  invitationsResponseSchema,
  roleHoldersResponseSchema,
  teamDirectorySchema,
  teamMemberSchema,
  teamMembersResponseSchema,
  type TeamSort,
} from '@complivue/shared/schemas/team';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

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

export const setMemberActive = (userId: string, active: boolean) =>
  apiRequest(
    `/api/team/members/${encodeURIComponent(userId)}/${active ? 'reactivate' : 'deactivate'}`,
    { method: 'POST', schema: teamMemberSchema },
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

export const inviteMember = (body: { email: string; role: CompanyRole }) =>
  apiRequest('/api/team/invitations', { method: 'POST', body, schema: sentSchema });

export const resendInvitation = (id: string) =>
  apiRequest(`/api/team/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    schema: sentSchema,
  });

export const revokeInvitation = (id: string) =>
  apiRequest(`/api/team/invitations/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    schema: okResponseSchema,
  });

export const previewInvitation = (token: string) =>
  apiRequest('/api/invitations/preview', {
    method: 'POST',
    body: { token },
    schema: invitationPreviewSchema,
  });

export const acceptInvitation = (body: { token: string; fullName: string; password: string }) =>
  apiRequest('/api/invitations/accept', { method: 'POST', body, schema: signUpResponseSchema });

export const acceptInvitationSignedIn = (token: string) =>
  apiRequest('/api/invitations/accept-signed-in', {
    method: 'POST',
    body: { token },
    schema: sessionResponseSchema,
  });
