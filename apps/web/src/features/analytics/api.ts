import {
  analyticsChangesSchema,
  analyticsComplianceSchema,
  analyticsDeadlinesSchema,
  analyticsOverviewSchema,
  analyticsTeamSchema,
} from '@complivue/shared/schemas/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
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
