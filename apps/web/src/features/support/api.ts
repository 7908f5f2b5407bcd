import {
  supportOverviewSchema,
  ticketDetailSchema,
  ticketListResponseSchema,
  type TicketDetail,
  type TicketStatus,
} from '@complivue/shared/schemas/support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Opens a ticket (its fields and files as multipart); the lists are read again. */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest('/api/support/tickets', {
        method: 'POST',
        body: form,
        schema: z.object({ id: z.uuid(), number: z.number() }),
        timeoutMs: UPLOAD_TIMEOUT_MS,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKey }),
  });
}

/** A write that answers with the ticket: it is shown at once, and the lists are read again. */
function useTicketWrite<Variables>(
  ticketId: string,
  write: (variables: Variables) => Promise<TicketDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (ticket) => {
      queryClient.setQueryData([...supportQueryKey, 'ticket', ticketId], ticket);
      await queryClient.invalidateQueries({ queryKey: [...supportQueryKey, 'tickets'] });
    },
  });
}

export const useReplyToTicket = (ticketId: string) =>
  useTicketWrite(ticketId, (form: FormData) =>
    apiRequest(`/api/support/tickets/${ticketId}/messages`, {
      method: 'POST',
      body: form,
      schema: ticketDetailSchema,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
  );

export const useSetTicketStatus = (ticketId: string) =>
  useTicketWrite(ticketId, (status: 'open' | 'closed') =>
    apiRequest(`/api/support/tickets/${ticketId}`, {
      method: 'PATCH',
      body: { status },
      schema: ticketDetailSchema,
    }),
  );
