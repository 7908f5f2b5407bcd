import {
  feedItemDetailSchema,
  feedItemListResponseSchema,
  feedItemStateSchema,
  markAllReadResponseSchema,
  watchlistSchema,
  type FeedItemDetail,
  type FeedItemListResponse,
  type FeedItemStateRequest,
  type MarkAllReadRequest,
  type UpdateWatchlistRequest,
} from '@complivue/shared/schemas/feeds';
import {
  companyFeedSourcesResponseSchema,
  feedSourceSchema,
  type CreateFeedSourceRequest,
  type UpdateFeedSourceRequest,
} from '@complivue/shared/schemas/feed-sources';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiRequest, userFacingMessage } from '@/lib/api-client';
import type { FeedFilters } from './use-feed-filters.ts';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const feedsQueryKey = ['feeds'] as const;
const itemsKey = [...feedsQueryKey, 'items'] as const;
const sourcesKey = [...feedsQueryKey, 'sources'] as const;

/** The filters as the list's query parameters. */
export function filterParams(filters: FeedFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.area) params.set('area', filters.area);
  if (filters.type) params.set('type', filters.type);
  if (filters.source) params.set('source', filters.source);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.unread) params.set('unread', 'true');
  if (filters.starred) params.set('starred', 'true');
  if (filters.q) params.set('q', filters.q);
  return params;
}

export function useFeedItems(filters: FeedFilters, page: number) {
  const params = filterParams(filters);
  params.set('page', String(page));
  return useQuery({
    queryKey: [...itemsKey, 'list', params.toString()],
    queryFn: () => apiRequest(`/api/feeds/items?${params}`, { schema: feedItemListResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useFeedItem(itemId: string | null) {
  return useQuery({
    queryKey: [...itemsKey, 'detail', itemId],
    queryFn: () => apiRequest(`/api/feeds/items/${itemId}`, { schema: feedItemDetailSchema }),
    enabled: Boolean(itemId),
  });
}

/**
 * Sets the caller's read or starred state, updating every cached list and the detail at once
 * (the answer is the stored state), then refreshing the lists whose filters it may affect.
 */
export function useSetFeedItemState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, change }: { itemId: string; change: FeedItemStateRequest }) =>
      apiRequest(`/api/feeds/items/${itemId}/state`, {
        method: 'PUT',
        body: change,
        schema: feedItemStateSchema,
      }),
    onSuccess: (state, { itemId }) => {
      queryClient.setQueriesData<FeedItemListResponse>(
        { queryKey: [...itemsKey, 'list'] },
        (list) =>
          list && {
            ...list,
            items: list.items.map((item) => (item.id === itemId ? { ...item, ...state } : item)),
          },
      );
      queryClient.setQueryData<FeedItemDetail>(
        [...itemsKey, 'detail', itemId],
        (detail) => detail && { ...detail, ...state },
      );
      void queryClient.invalidateQueries({ queryKey: [...itemsKey, 'list'] });
    },
  });
}

/** The read and star buttons of an update: a refusal is said in a toast, nothing else moves. */
export function useToggleFeedItem(itemId: string) {
  const { mutate } = useSetFeedItemState();
  return (change: FeedItemStateRequest) =>
    mutate(
      { itemId, change },
      {
        onError: (caught) =>
          toast.error(userFacingMessage(caught, 'The change could not be saved.')),
      },
    );
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: MarkAllReadRequest) =>
      apiRequest('/api/feeds/items/mark-all-read', {
        method: 'POST',
        body: filters,
        schema: markAllReadResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey }),
  });
}

export function useWatchlist() {
  return useQuery({
    queryKey: [...feedsQueryKey, 'watchlist'],
    queryFn: () => apiRequest('/api/feeds/watchlist', { schema: watchlistSchema }),
  });
}

export function useSaveWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watchlist: UpdateWatchlistRequest) =>
      apiRequest('/api/feeds/watchlist', {
        method: 'PUT',
        body: watchlist,
        schema: watchlistSchema,
        // Saving recomputes the relevance of half a year of updates.
        timeoutMs: 60_000,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...feedsQueryKey, 'watchlist'], saved);
      await queryClient.invalidateQueries({ queryKey: itemsKey });
    },
  });
}

export function useFeedSources() {
  return useQuery({
    queryKey: sourcesKey,
    queryFn: () => apiRequest('/api/feeds/sources', { schema: companyFeedSourcesResponseSchema }),
  });
}

/** A write to the institution's sources: the list (and the source filter) refreshed after. */
function useSourceWrite<Variables>(write: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey }),
  });
}

export const useCreateFeedSource = () =>
  useSourceWrite((body: CreateFeedSourceRequest) =>
    apiRequest('/api/feeds/sources', { method: 'POST', body, schema: feedSourceSchema }),
  );

export const useUpdateFeedSource = (id: string) =>
  useSourceWrite((body: UpdateFeedSourceRequest) =>
    apiRequest(`/api/feeds/sources/${id}`, { method: 'PATCH', body, schema: feedSourceSchema }),
  );

export const useDeleteFeedSource = (id: string) =>
  useSourceWrite(() =>
    apiRequest(`/api/feeds/sources/${id}`, { method: 'DELETE', schema: z.unknown() }),
  );

/** Change management creates a change from the item and answers with the change. */
