import {
  adminFeedSourcesResponseSchema,
  feedPollOutcomeSchema,
  feedSourceSchema,
  type CreateFeedSourceRequest,
  type UpdateFeedSourceRequest,
} from '@complivue/shared/schemas/feed-sources';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** The console's Feed sources tab: the platform's shared sources. */
export const adminFeedSourcesKey = ['admin', 'feed-sources'] as const;

export const findAdminFeedSources = () =>
  apiRequest('/api/admin/feed-sources', { schema: adminFeedSourcesResponseSchema });

export const createAdminFeedSource = (body: CreateFeedSourceRequest) =>
  apiRequest('/api/admin/feed-sources', { method: 'POST', body, schema: feedSourceSchema });

export const updateAdminFeedSource = (id: string, body: UpdateFeedSourceRequest) =>
  apiRequest(`/api/admin/feed-sources/${id}`, { method: 'PATCH', body, schema: feedSourceSchema });

export const deleteAdminFeedSource = (id: string) =>
  apiRequest(`/api/admin/feed-sources/${id}`, { method: 'DELETE', schema: z.unknown() });

/** Polls now; a slow feed may take the fetch deadline (15 s) and more to store. */
export const pollAdminFeedSource = (id: string) =>
  apiRequest(`/api/admin/feed-sources/${id}/poll`, {
    method: 'POST',
    schema: feedPollOutcomeSchema,
    timeoutMs: 60_000,
  });
