import {
  analyticsChangesSchema,
  analyticsComplianceSchema,
  analyticsDeadlinesSchema,
  analyticsMembersSchema,
  analyticsOverviewSchema,
  analyticsTeamSchema,
  reportScheduleListSchema,
  reportSendOutcomeSchema,
  savedViewListSchema,
  type CreateReportScheduleRequest,
  type CreateSavedViewRequest,
} from '@complivue/shared/schemas/analytics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const analyticsQueryKey = ['analytics'] as const;

/** One hook per read; `search` is the period and area as the page's URL carries them. */
function useAnalyticsRead<Schema extends z.ZodType>(topic: string, schema: Schema, search: string) {
  return useQuery({
    queryKey: [...analyticsQueryKey, topic, search],
    queryFn: () => apiRequest(`/api/analytics/${topic}${search ? `?${search}` : ''}`, { schema }),
    placeholderData: keepPreviousData,
  });
}

export const useAnalyticsOverview = (search: string) =>
  useAnalyticsRead('overview', analyticsOverviewSchema, search);
export const useAnalyticsCompliance = (search: string) =>
  useAnalyticsRead('compliance', analyticsComplianceSchema, search);
export const useAnalyticsChanges = (search: string) =>
  useAnalyticsRead('changes', analyticsChangesSchema, search);
export const useAnalyticsDeadlines = (search: string) =>
  useAnalyticsRead('deadlines', analyticsDeadlinesSchema, search);
export const useAnalyticsTeam = (search: string) =>
  useAnalyticsRead('team', analyticsTeamSchema, search);

export const boardReportHref = (search: string) =>
  `/api/analytics/board-report.pdf${search ? `?${search}` : ''}`;

export function useAnalyticsMembers(enabled: boolean) {
  return useQuery({
    queryKey: [...analyticsQueryKey, 'members'],
    queryFn: () => apiRequest('/api/analytics/members', { schema: analyticsMembersSchema }),
    enabled,
    staleTime: 60_000,
  });
}

const schedulesKey = [...analyticsQueryKey, 'report-schedules'];
const savedViewsKey = [...analyticsQueryKey, 'saved-views'];

export function useReportSchedules() {
  return useQuery({
    queryKey: schedulesKey,
    queryFn: () =>
      apiRequest('/api/analytics/report-schedules', { schema: reportScheduleListSchema }),
  });
}

/** A write that refreshes one list when it is done. */
function useListWrite<Variables, Result>(
  key: readonly unknown[],
  write: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateReportSchedule = () =>
  useListWrite(schedulesKey, (body: CreateReportScheduleRequest) =>
    apiRequest('/api/analytics/report-schedules', {
      method: 'POST',
      body,
      schema: z.object({ id: z.string() }),
    }),
  );

export const useDeleteReportSchedule = () =>
  useListWrite(schedulesKey, (scheduleId: string) =>
    apiRequest(`/api/analytics/report-schedules/${scheduleId}`, {
      method: 'DELETE',
      schema: z.unknown(),
    }),
  );

export const useSendReportNow = () =>
  useListWrite(schedulesKey, (scheduleId: string) =>
    apiRequest(`/api/analytics/report-schedules/${scheduleId}/send`, {
      method: 'POST',
      schema: reportSendOutcomeSchema,
    }),
  );

export const useUnsubscribeFromReport = () =>
  useListWrite(schedulesKey, (scheduleId: string) =>
    apiRequest(`/api/analytics/report-schedules/${scheduleId}/unsubscribe`, {
      method: 'POST',
      schema: z.unknown(),
    }),
  );

export function useSavedViews(enabled: boolean) {
  return useQuery({
    queryKey: savedViewsKey,
    queryFn: () => apiRequest('/api/analytics/saved-views', { schema: savedViewListSchema }),
    enabled,
  });
}

export const useCreateSavedView = () =>
  useListWrite(savedViewsKey, (body: CreateSavedViewRequest) =>
    apiRequest('/api/analytics/saved-views', {
      method: 'POST',
      body,
      schema: z.object({ id: z.string() }),
    }),
  );

export const useDeleteSavedView = () =>
  useListWrite(savedViewsKey, (viewId: string) =>
    apiRequest(`/api/analytics/saved-views/${viewId}`, { method: 'DELETE', schema: z.unknown() }),
  );
