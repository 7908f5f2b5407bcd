import {
  feedItemDetailSchema,
  feedItemListResponseSchema,
  feedItemStateSchema,
  markAllReadResponseSchema,
  watchlistSchema,
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
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import type { FeedFilters } from './use-feed-filters.ts';

/** Every query of this feature starts with this key: one invalidation refreshes them all. */
export const feedsQueryKey = ['feeds'] as const;
const itemsKey = [...feedsQueryKey, 'items'] as const;

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
export async function setFeedItemState(
  queryClient: QueryClient,
  itemId: string,
  change: FeedItemStateRequest,
) {
  const state = await apiRequest(`/api/feeds/items/${itemId}/state`, {
    method: 'PUT',
    body: change,
    schema: feedItemStateSchema,
  });
  queryClient.setQueriesData<FeedItemListResponse>(
    { queryKey: [...itemsKey, 'list'] },
    (list) =>
      list && {
        ...list,
        items: list.items.map((item) => (item.id === itemId ? { ...item, ...state } : item)),
      },
  );
  queryClient.setQueryData<z.infer<typeof feedItemDetailSchema>>(
    [...itemsKey, 'detail', itemId],
    (detail) => detail && { ...detail, ...state },
  );
  void queryClient.invalidateQueries({ queryKey: [...itemsKey, 'list'] });
  return state;
}

export async function markAllRead(queryClient: QueryClient, filters: MarkAllReadRequest) {
  const result = await apiRequest('/api/feeds/items/mark-all-read', {
    method: 'POST',
    body: filters,
    schema: markAllReadResponseSchema,
  });
  await queryClient.invalidateQueries({ queryKey: itemsKey });
  return result;
}

export function useWatchlist() {
  return useQuery({
    queryKey: [...feedsQueryKey, 'watchlist'],
    queryFn: () => apiRequest('/api/feeds/watchlist', { schema: watchlistSchema }),
  });
}

export async function saveWatchlist(queryClient: QueryClient, watchlist: UpdateWatchlistRequest) {
  const saved = await apiRequest('/api/feeds/watchlist', {
    method: 'PUT',
    body: watchlist,
    schema: watchlistSchema,
    // Saving recomputes the relevance of half a year of updates.
    timeoutMs: 60_000,
  });
  queryClient.setQueryData([...feedsQueryKey, 'watchlist'], saved);
  await queryClient.invalidateQueries({ queryKey: itemsKey });
  return saved;
}

export function useFeedSources() {
  return useQuery({
    queryKey: [...feedsQueryKey, 'sources'],
    queryFn: () => apiRequest('/api/feeds/sources', { schema: companyFeedSourcesResponseSchema }),
  });
}

export function useInvalidateSources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...feedsQueryKey, 'sources'] });
}

export const createFeedSource = (body: CreateFeedSourceRequest) =>
  apiRequest('/api/feeds/sources', { method: 'POST', body, schema: feedSourceSchema });

export const updateFeedSource = (id: string, body: UpdateFeedSourceRequest) =>
  apiRequest(`/api/feeds/sources/${id}`, { method: 'PATCH', body, schema: feedSourceSchema });

export const deleteFeedSource = (id: string) =>
  apiRequest(`/api/feeds/sources/${id}`, { method: 'DELETE', schema: z.unknown() });

/** Change management creates a change from the item and answers with the change. */
export const startChangeFromItem = (feedItemId: string) =>
  apiRequest('/api/changes', {
    method: 'POST',
    body: { feedItemId },
    schema: z.object({ id: z.uuid() }),
  });
