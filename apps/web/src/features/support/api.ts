import {
  supportOverviewSchema,
  ticketDetailSchema,
  ticketListResponseSchema,
  type TicketStatus,
} from '@complivue/shared/schemas/support';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const supportQueryKey = ['support'] as const;

export interface TicketListQuery {
  status?: TicketStatus;
  query: string;
  page: number;
}

export function useSupportOverview() {
  return useQuery({
    queryKey: [...supportQueryKey, 'overview'],
    queryFn: () => apiRequest('/api/support/overview', { schema: supportOverviewSchema }),
  });
}

export function useTickets(query: TicketListQuery) {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  if (query.query.trim()) params.set('query', query.query.trim());
  return useQuery({
    queryKey: [...supportQueryKey, 'tickets', query],
    queryFn: () =>
      apiRequest(`/api/support/tickets?${params}`, { schema: ticketListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(ticketId: string) {
  return useQuery({
    queryKey: [...supportQueryKey, 'ticket', ticketId],
    queryFn: () => apiRequest(`/api/support/tickets/${ticketId}`, { schema: ticketDetailSchema }),
  });
}

/** Uploads take longer than a JSON call: up to 5 files of 10 MB on a branch office's line. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const openTicket = (form: FormData) =>
  apiRequest('/api/support/tickets', {
    method: 'POST',
    body: form,
    schema: z.object({ id: z.uuid(), number: z.number() }),
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

export const replyToTicket = (ticketId: string, form: FormData) =>
  apiRequest(`/api/support/tickets/${ticketId}/messages`, {
    method: 'POST',
    body: form,
    schema: ticketDetailSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

export const setTicketStatus = (ticketId: string, status: 'open' | 'closed') =>
  apiRequest(`/api/support/tickets/${ticketId}`, {
    method: 'PATCH',
    body: { status },
    schema: ticketDetailSchema,
  });
