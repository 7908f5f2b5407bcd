import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  calendarEventListSchema,
  calendarEventSchema,
  calendarOccurrenceSchema,
  calendarOwnersSchema,
  calendarSubscriptionCreatedSchema,
  calendarSubscriptionStatusSchema,
  completionHistorySchema,
  type completionFieldsSchema,
  occurrencesResponseSchema,
  type CreateCalendarEventRequest,
  type EventDrivenDeadlineRequest,
  type UpdateCalendarEventRequest,
} from '@complivue/shared/schemas/calendar';
import type { OptionalDeadlineSetKey } from '@complivue/shared/regulatory-deadlines';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const calendarQueryKey = ['calendar'] as const;

export function useOccurrences(range: { from: string; to: string }, enabled = true) {
  return useQuery({
    queryKey: [...calendarQueryKey, 'occurrences', range.from, range.to],
    queryFn: () =>
      // Encoded: a range can come from the address as written.
      apiRequest(`/api/calendar/occurrences?${new URLSearchParams(range)}`, {
        schema: occurrencesResponseSchema,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCalendarEvents() {
  return useQuery({
    queryKey: [...calendarQueryKey, 'events'],
    queryFn: () => apiRequest('/api/calendar/events', { schema: calendarEventListSchema }),
  });
}

export function useCalendarEvent(eventId: string | null) {
  return useQuery({
    queryKey: [...calendarQueryKey, 'event', eventId],
    queryFn: () => apiRequest(`/api/calendar/events/${eventId}`, { schema: calendarEventSchema }),
    enabled: eventId !== null,
  });
}

export function useCalendarOwners() {
  return useQuery({
    queryKey: [...calendarQueryKey, 'owners'],
    queryFn: () => apiRequest('/api/calendar/owners', { schema: calendarOwnersSchema }),
    staleTime: 60_000,
  });
}

export function useSubscriptionStatus() {
  return useQuery({
    queryKey: [...calendarQueryKey, 'subscription'],
    queryFn: () =>
      apiRequest('/api/calendar/subscription', { schema: calendarSubscriptionStatusSchema }),
  });
}

/** After a change: the calendar's queries and the dashboard's deadline count. */
export function useRefreshCalendar() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
  };
}

/** A write to the calendar: when it succeeds, what it changed is read again. */
function useCalendarWrite<Variables, Result>(write: (variables: Variables) => Promise<Result>) {
  const refresh = useRefreshCalendar();
  return useMutation({ mutationFn: write, onSuccess: () => refresh() });
}

/** Adds a company event, or (with `eventId`) changes one. */
export const useSaveCalendarEvent = (eventId: string | undefined) =>
  useCalendarWrite((body: CreateCalendarEventRequest & UpdateCalendarEventRequest) =>
    eventId
      ? apiRequest(`/api/calendar/events/${eventId}`, {
          method: 'PATCH',
          body,
          schema: calendarEventSchema,
        })
      : apiRequest('/api/calendar/events', { method: 'POST', body, schema: calendarEventSchema }),
  );

/** `message` says the event was kept (hidden) for its records. */
export const useDeleteCalendarEvent = () =>
  useCalendarWrite((eventId: string) =>
    apiRequest(`/api/calendar/events/${eventId}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useRestoreCalendarEvent = () =>
  useCalendarWrite((eventId: string) =>
    apiRequest(`/api/calendar/events/${eventId}/restore`, {
      method: 'POST',
      schema: calendarEventSchema,
    }),
  );

export const useAddOptionalDeadlines = () =>
  useCalendarWrite((set: OptionalDeadlineSetKey) =>
    apiRequest(`/api/calendar/deadlines/optional/${set}`, {
      method: 'POST',
      schema: calendarEventListSchema.pick({ events: true }),
    }),
  );

export const useCreateEventDrivenDeadline = () =>
  useCalendarWrite((body: EventDrivenDeadlineRequest) =>
    apiRequest('/api/calendar/deadlines/event-driven', {
      method: 'POST',
      body,
      schema: calendarEventSchema,
    }),
  );

const occurrencePath = (eventId: string, date: string) =>
  `/api/calendar/events/${eventId}/occurrences/${date}/completion`;

/** Marks a due date done, with its evidence (a note, a link, a file). */
export const useCompleteOccurrence = (eventId: string, date: string) =>
  useCalendarWrite((evidence: z.output<typeof completionFieldsSchema> & { file: File | null }) => {
    const form = new FormData();
    form.append('evidenceNote', evidence.evidenceNote);
    form.append('evidenceUrl', evidence.evidenceUrl ?? '');
    if (evidence.file) form.append('file', evidence.file);
    return apiRequest(occurrencePath(eventId, date), {
      method: 'POST',
      body: form,
      schema: calendarOccurrenceSchema,
      timeoutMs: 180_000,
    });
  });

export const useReopenOccurrence = (eventId: string, date: string) =>
  useCalendarWrite(() =>
    apiRequest(occurrencePath(eventId, date), { method: 'DELETE', schema: okResponseSchema }),
  );

export const evidenceFileHref = (eventId: string, date: string) =>
  `${occurrencePath(eventId, date)}/file`;

/** An undone completion's file (undo keeps the evidence). */
export const completionFileHref = (eventId: string, completionId: string) =>
  `/api/calendar/events/${eventId}/completions/${completionId}/file`;

/** Every completion of a due date, undone ones included. */
export function useCompletionHistory(eventId: string, date: string) {
  return useQuery({
    queryKey: [...calendarQueryKey, 'completions', eventId, date],
    queryFn: () =>
      apiRequest(`${occurrencePath(eventId, date)}s`, { schema: completionHistorySchema }),
  });
}

export const ICS_EXPORT_HREF = '/api/calendar/export.ics';

export const useCreateSubscription = () =>
  useCalendarWrite(() =>
    apiRequest('/api/calendar/subscription', {
      method: 'POST',
      schema: calendarSubscriptionCreatedSchema,
    }),
  );

export const useRevokeSubscription = () =>
  useCalendarWrite(() =>
    apiRequest('/api/calendar/subscription', { method: 'DELETE', schema: okResponseSchema }),
  );
