import { searchQuerySchema, searchResponseSchema } from '@complivue/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
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
    async (request) =>
      search(app.database.db, { companyId: requireAuth(request).profile.companyId }, request.query),
  );
};
