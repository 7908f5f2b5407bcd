import { ROLE_RANK } from '@complivue/shared/roles';
import {
  adminFeedSourcesResponseSchema,
  companyFeedSourcesResponseSchema,
  createFeedSourceRequestSchema,
  FEED_SOURCE_MESSAGES,
  feedPollOutcomeSchema,
  feedSourceParamsSchema,
  feedSourceSchema,
  updateFeedSourceRequestSchema,
} from '@complivue/shared/schemas/feed-sources';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAll, requirePlan, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { feedFetchOptions, leaseSource, pollLeasedSource } from './feed-poll.ts';
import {
  asSeenByInstitution,
  createFeedSource,
  deleteFeedSource,
  findFeedSources,
  getFeedSource,
  updateFeedSource,
  type SourceScope,
} from './feed-sources.ts';

/** The platform's shared sources: the platform operator's. */
const PLATFORM_OPERATOR = requireRole('super_admin');
/** Reading an institution's sources: whoever may open /regulatory-feeds. */
const FEEDS_READER = requirePlan('basic');
/** Changing them: its administrators. */
const FEEDS_ADMIN = requireAll(requirePlan('basic'), requireRole('admin'));

const SHARED: SourceScope = { companyId: null };

function companyScope(request: FastifyRequest): SourceScope {
  const companyId = requireAuth(request).profile.companyId;
  if (!companyId) throw new AppError('no_company', FEED_SOURCE_MESSAGES.company_required);
  return { companyId };
}

function actorOf(request: FastifyRequest) {
  const auth = requireAuth(request);
  return {
    ...requestOrigin(request),
    actorUserId: auth.user.id,
    companyId: auth.profile.companyId,
  };
}

/**
 * Feed sources: `/api/admin/feed-sources` for the shared sources (super admins, in the console),
 * `/api/feeds/sources` for an institution's own (read by its members, changed by its admins).
 */
export const feedSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const fetchOptions = feedFetchOptions(app.env);
  const blockPrivateAddresses = fetchOptions.blockPrivateAddresses ?? true;

  // ---- shared sources -------------------------------------------------------------------------

  app.get(
    '/api/admin/feed-sources',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Shared feed sources with their poll status, last error and item counts',
        response: { 200: adminFeedSourcesResponseSchema },
      },
    },
    async () => ({ items: await findFeedSources(db, SHARED) }),
  );

  app.post(
    '/api/admin/feed-sources',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Add a shared feed source (every institution receives its items)',
        body: createFeedSourceRequestSchema,
        response: { 201: feedSourceSchema },
      },
    },
    async (request, reply) => {
      const source = await createFeedSource(app.deps, {
        scope: SHARED,
        actor: actorOf(request),
        body: request.body,
        blockPrivateAddresses,
      });
      return reply.status(201).send(source);
    },
  );

  app.patch(
    '/api/admin/feed-sources/:id',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Change a shared feed source (name, address, format, agency, interval, enabled)',
        params: feedSourceParamsSchema,
        body: updateFeedSourceRequestSchema,
        response: { 200: feedSourceSchema },
      },
    },
    async (request) =>
      updateFeedSource(app.deps, {
        scope: SHARED,
        actor: actorOf(request),
        id: request.params.id,
        body: request.body,
        blockPrivateAddresses,
      }),
  );

  app.delete(
    '/api/admin/feed-sources/:id',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Remove a shared feed source; the items it brought stay',
        params: feedSourceParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteFeedSource(app.deps, {
        scope: SHARED,
        actor: actorOf(request),
        id: request.params.id,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/feed-sources/:id/poll',
    {
      config: { access: PLATFORM_OPERATOR },
      schema: {
        tags: ['admin'],
        summary: 'Poll a shared feed source now and report what happened',
        params: feedSourceParamsSchema,
        response: { 200: feedPollOutcomeSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await getFeedSource(db, SHARED, id);
      const leased = await leaseSource(db, id, new Date());
      if (!leased) throw new AppError('poll_in_progress');
      const outcome = await pollLeasedSource(
        { db, log: request.log, notify: notifyDependencies(app), fetch: fetchOptions },
        leased,
      );
      return {
        status: outcome.status,
        itemsSeen: outcome.itemsSeen,
        newItems: outcome.newItems,
        skipped: outcome.skipped,
        error: outcome.error,
        source: await getFeedSource(db, SHARED, id),
      };
    },
  );

  // ---- an institution's sources ---------------------------------------------------------------

  app.get(
    '/api/feeds/sources',
    {
      config: { access: FEEDS_READER },
      schema: {
        tags: ['feeds'],
        summary: "The shared feed sources (read only) and the institution's own, with status",
        response: { 200: companyFeedSourcesResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const scope = companyScope(request);
      const [shared, own] = await Promise.all([
        findFeedSources(db, SHARED),
        findFeedSources(db, scope),
      ]);
      return {
        shared: shared.map(asSeenByInstitution),
        own,
        canManage: ROLE_RANK[auth.profile.role] >= ROLE_RANK.admin,
      };
    },
  );

  app.post(
    '/api/feeds/sources',
    {
      config: { access: FEEDS_ADMIN },
      schema: {
        tags: ['feeds'],
        summary: "Add one of the institution's own feed sources",
        body: createFeedSourceRequestSchema,
        response: { 201: feedSourceSchema },
      },
    },
    async (request, reply) => {
      const source = await createFeedSource(app.deps, {
        scope: companyScope(request),
        actor: actorOf(request),
        body: request.body,
        blockPrivateAddresses,
      });
      return reply.status(201).send(source);
    },
  );

  app.patch(
    '/api/feeds/sources/:id',
    {
      config: { access: FEEDS_ADMIN },
      schema: {
        tags: ['feeds'],
        summary: "Change one of the institution's own feed sources",
        params: feedSourceParamsSchema,
        body: updateFeedSourceRequestSchema,
        response: { 200: feedSourceSchema },
      },
    },
    async (request) =>
      updateFeedSource(app.deps, {
        scope: companyScope(request),
        actor: actorOf(request),
        id: request.params.id,
        body: request.body,
        blockPrivateAddresses,
      }),
  );

  app.delete(
    '/api/feeds/sources/:id',
    {
      config: { access: FEEDS_ADMIN },
      schema: {
        tags: ['feeds'],
        summary: "Remove one of the institution's own feed sources; its items stay",
        params: feedSourceParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteFeedSource(app.deps, {
        scope: companyScope(request),
        actor: actorOf(request),
        id: request.params.id,
      });
      return reply.status(204).send();
    },
  );
};
