import {
  feedItemDetailSchema,
  feedItemListQuerySchema,
  feedItemListResponseSchema,
  feedItemStateRequestSchema,
  feedItemStateSchema,
  markAllReadRequestSchema,
  markAllReadResponseSchema,
  updateWatchlistRequestSchema,
  watchlistSchema,
} from '@complivue/shared/schemas/feeds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import type { AuthContext } from '../auth/session.ts';
import { requireCompanyId } from '../companies/institution.ts';
import {
  getFeedItem,
  listFeedItems,
  markAllFeedItemsRead,
  setFeedItemState,
  type FeedReader,
} from './feed-items.ts';
import { getWatchlist, updateWatchlist, WATCHLIST_EDITOR_ROLE } from './watchlist.ts';

/** The page's requirement (packages/shared/src/access.ts: /regulatory-feeds needs basic). */
const FEEDS_ACCESS = requirePlan('basic');

const itemParams = z.object({ itemId: z.uuid() });

function readerOf(auth: AuthContext): FeedReader {
  return { companyId: requireCompanyId(auth.profile.companyId), userId: auth.user.id };
}

/**
 * Reading the regulatory feeds: the company's items with each reader's read and starred state,
 * and the company's watchlist. Sources are managed by feed-sources.routes.ts.
 */
export const feedItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/feeds/items',
    {
      config: { access: FEEDS_ACCESS },
      schema: {
        tags: ['feeds'],
        summary:
          'Regulatory updates your institution sees, newest first, with relevance and your read/starred state',
        querystring: feedItemListQuerySchema,
        response: { 200: feedItemListResponseSchema },
      },
    },
    async (request) => listFeedItems(db, readerOf(requireAuth(request)), request.query),
  );

  app.post(
    '/api/feeds/items/mark-all-read',
    {
      config: { access: FEEDS_ACCESS },
      schema: {
        tags: ['feeds'],
        summary: 'Mark every update read for you (optionally only those of the given filters)',
        body: markAllReadRequestSchema.nullish(),
        response: { 200: markAllReadResponseSchema },
      },
    },
    async (request) => markAllFeedItemsRead(db, readerOf(requireAuth(request)), request.body ?? {}),
  );

  app.get(
    '/api/feeds/items/:itemId',
    {
      config: { access: FEEDS_ACCESS },
      schema: {
        tags: ['feeds'],
        summary: 'One update: original link, citations, summary and the sources that carried it',
        params: itemParams,
        response: { 200: feedItemDetailSchema },
      },
    },
    async (request) => getFeedItem(db, readerOf(requireAuth(request)), request.params.itemId),
  );

  app.put(
    '/api/feeds/items/:itemId/state',
    {
      config: { access: FEEDS_ACCESS },
      schema: {
        tags: ['feeds'],
        summary: 'Mark an update read or unread, starred or not (for you only)',
        params: itemParams,
        body: feedItemStateRequestSchema,
        response: { 200: feedItemStateSchema },
      },
    },
    async (request) =>
      setFeedItemState(db, readerOf(requireAuth(request)), request.params.itemId, request.body),
  );

  app.get(
    '/api/feeds/watchlist',
    {
      config: { access: FEEDS_ACCESS },
      schema: {
        tags: ['feeds'],
        summary: "Your institution's watchlist: areas, keywords and agencies that trigger alerts",
        response: { 200: watchlistSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return getWatchlist(db, {
        companyId: requireCompanyId(auth.profile.companyId),
        role: auth.profile.role,
      });
    },
  );

  app.put(
    '/api/feeds/watchlist',
    {
      config: { access: requireAll(FEEDS_ACCESS, requireRole(WATCHLIST_EDITOR_ROLE)) },
      schema: {
        tags: ['feeds'],
        summary: 'Replace the watchlist (managers and administrators); recomputes relevance',
        body: updateWatchlistRequestSchema,
        response: { 200: watchlistSchema },
      },
    },
    async (request) => {
      return updateWatchlist(app.deps, { actor: requireActor(request), watchlist: request.body });
    },
  );
};
