import type { ActivityFilters } from '@complivue/shared/schemas/activity';
import { activityResponseSchema } from '@complivue/shared/schemas/activity';
import {
  roleHoldersResponseSchema,
  teamDirectorySchema,
  teamMemberSchema,
  teamMembersResponseSchema,
  type TeamSort,
} from '@complivue/shared/schemas/team';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
