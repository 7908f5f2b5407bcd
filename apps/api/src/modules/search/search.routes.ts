import { decideAccess, PAGE_ACCESS } from '@complivue/shared/access';
import {
  recordSearchQuerySchema,
  recordSearchResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@complivue/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN, SUBSCRIBED } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { searchRecords } from './record-search.ts';
import { search } from './search.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      // It finds the library's articles and rules: the library's subscription guard
      // (docs/product.md § Route requirements).
      config: { access: SUBSCRIBED },
      schema: {
        tags: ['search'],
        summary:
          'Full-text search of the library and your institution’s own documents and policies; citations ("1026.19(e)") and regulation names ("Reg Z") are understood',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      // The access hook loaded the company's subscription (the route needs one).
      const { profile, subscription } = requireAuth(request);
      // The same decision the regulatory feeds' routes make: their items are found only by
      // readers whose plan opens the page.
      const feeds = decideAccess(PAGE_ACCESS['/regulatory-feeds']!, {
        role: profile.role,
        subscription: subscription ?? null,
      });
      // Likewise the institution's policies: only plans that open their page find them.
      const policies = decideAccess(PAGE_ACCESS['/policy-cross-referencing']!, {
        role: profile.role,
        subscription: subscription ?? null,
      });
      return search(
        app.database.db,
        { companyId: profile.companyId, feedItems: feeds.allowed, policies: policies.allowed },
        request.query,
      );
    },
  );

  app.get(
    '/api/search/records',
    {
      // Every member has records (support tickets at least); each kind is searched only when
      // the member's plan and role open its page (record-search.ts).
      config: { access: SIGNED_IN },
      schema: {
        tags: ['search'],
        summary:
          'Your institution’s own records matching the words or number ("CHG-12"): changes, calendar deadlines, risks, findings, policies and support tickets, five of each at most',
        querystring: recordSearchQuerySchema,
        response: { 200: recordSearchResponseSchema },
      },
    },
    async (request) => {
      const { profile, user } = requireAuth(request);
      if (!profile.companyId) return { groups: [] };
      const subscription = await findCompanySubscription(app.database.db, profile.companyId);
      return searchRecords(
        app.database.db,
        { actorUserId: user.id, role: profile.role, companyId: profile.companyId, subscription },
        request.query.q,
      );
    },
  );
};
