import {
  adminCompaniesResponseSchema,
  adminCompanySchema,
  adminUsersResponseSchema,
  auditLogResponseSchema,
  featureMatrixResponseSchema,
  featureMatrixRowSchema,
  outboxResponseSchema,
  type setCompanySubscriptionRequestSchema,
} from '@complivue/shared/schemas/admin';
import {
  adminFeedSourcesResponseSchema,
  feedPollOutcomeSchema,
  feedSourceSchema,
  type CreateFeedSourceRequest,
  type UpdateFeedSourceRequest,
} from '@complivue/shared/schemas/feed-sources';
import { aporTableListSchema, aporTableSummarySchema } from '@complivue/shared/schemas/loan-tests';
import { ticketListResponseSchema } from '@complivue/shared/schemas/support';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const pageQuery = (query: string, page: number) =>
  `?${new URLSearchParams({ ...(query ? { query } : {}), page: String(page) })}`;

export const findCompanies = (query: string, page: number) =>
  apiRequest(`/api/admin/companies${pageQuery(query, page)}`, {
    schema: adminCompaniesResponseSchema,
  });

export const findUsers = (query: string, page: number) =>
  apiRequest(`/api/admin/users${pageQuery(query, page)}`, { schema: adminUsersResponseSchema });

export const findOutbox = (page: number) =>
  apiRequest(`/api/admin/email-outbox${pageQuery('', page)}`, { schema: outboxResponseSchema });

export const findAuditLog = (query: string, page: number) =>
  apiRequest(`/api/admin/audit-log${pageQuery(query, page)}`, { schema: auditLogResponseSchema });

/** Tickets waiting for support, for the console's Support tab. */
export const findWaitingTickets = () =>
  apiRequest('/api/support/tickets?status=open', { schema: ticketListResponseSchema });

/** A write of the console, after which the list it changed (`refreshes`) is fetched again. */
function useConsoleMutation<Variables, Result>(
  refreshes: QueryKey,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshes }),
  });
}

/** Sets a company's plan by hand (invoiced customers, corrections). */
export const useSetCompanySubscription = (companyId: string) =>
  useConsoleMutation(
    // The companies lists of `usePagedSearch('companies', …)`, every search and page.
    ['admin', 'companies'],
    (body: z.input<typeof setCompanySubscriptionRequestSchema>) =>
      apiRequest(`/api/admin/companies/${companyId}/subscription`, {
        method: 'PUT',
        body,
        schema: adminCompanySchema,
      }),
  );

const featureMatrixKey = ['admin', 'feature-matrix'] as const;

export function useFeatureMatrix() {
  return useQuery({
    queryKey: featureMatrixKey,
    queryFn: () => apiRequest('/api/admin/feature-matrix', { schema: featureMatrixResponseSchema }),
  });
}

export const useSetFeatureAccess = () =>
  useConsoleMutation(featureMatrixKey, (row: z.infer<typeof featureMatrixRowSchema>) =>
    apiRequest('/api/admin/feature-matrix', {
      method: 'PUT',
      body: row,
      schema: featureMatrixRowSchema,
    }),
  );

/** The console's Feed sources tab: the platform's shared sources. */
const adminFeedSourcesKey = ['admin', 'feed-sources'] as const;

export function useAdminFeedSources() {
  return useQuery({
    queryKey: adminFeedSourcesKey,
    queryFn: () =>
      apiRequest('/api/admin/feed-sources', { schema: adminFeedSourcesResponseSchema }),
  });
}

export const useCreateAdminFeedSource = () =>
  useConsoleMutation(adminFeedSourcesKey, (body: CreateFeedSourceRequest) =>
    apiRequest('/api/admin/feed-sources', { method: 'POST', body, schema: feedSourceSchema }),
  );

export const useUpdateAdminFeedSource = (id: string) =>
  useConsoleMutation(adminFeedSourcesKey, (body: UpdateFeedSourceRequest) =>
    apiRequest(`/api/admin/feed-sources/${id}`, {
      method: 'PATCH',
      body,
      schema: feedSourceSchema,
    }),
  );

export const useDeleteAdminFeedSource = (id: string) =>
  useConsoleMutation(adminFeedSourcesKey, () =>
    apiRequest(`/api/admin/feed-sources/${id}`, { method: 'DELETE', schema: z.unknown() }),
  );

/** Polls now; a slow feed may take the fetch deadline (15 s) and more to store. */
export const usePollAdminFeedSource = (id: string) =>
  useConsoleMutation(adminFeedSourcesKey, () =>
    apiRequest(`/api/admin/feed-sources/${id}/poll`, {
      method: 'POST',
      schema: feedPollOutcomeSchema,
      timeoutMs: 60_000,
    }),
  );

const aporTablesKey = ['admin', 'apor-tables'] as const;

/** The console: every APOR table version, and loading a new one. */
export function useAllAporTables() {
  return useQuery({
    queryKey: aporTablesKey,
    queryFn: () => apiRequest('/api/admin/apor-tables', { schema: aporTableListSchema }),
  });
}

export function useLoadAporTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest('/api/admin/apor-tables', {
        method: 'POST',
        body: form,
        schema: aporTableSummarySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aporTablesKey }),
  });
}
