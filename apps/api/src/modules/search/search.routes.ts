import { decideAccess, PAGE_ACCESS } from '@complivue/shared/access';
import { searchQuerySchema, searchResponseSchema } from '@complivue/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { search } from './search.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['search'],
        summary:
          'Full-text search of the library and your institution’s own documents; citations ("1026.19(e)") and regulation names ("Reg Z") are understood',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const { profile, subscription } = requireAuth(request);
      const db = app.database.db;
      // The same decision the regulatory feeds' routes make: their items are found only by
      // readers whose plan opens the page.
      const feeds = decideAccess(PAGE_ACCESS['/regulatory-feeds']!, {
        role: profile.role,
        subscription:
          subscription ??
          (profile.companyId ? await findCompanySubscription(db, profile.companyId) : null),
      });
      return search(db, { companyId: profile.companyId, feedItems: feeds.allowed }, request.query);
    },
  );
};
