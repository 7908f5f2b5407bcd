import { selfCheckResponseSchema } from '@complivue/shared/schemas/self-check';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { runSelfCheck } from './self-check.service.ts';

/**
 * `/qa-test` (docs/product.md § Self-check: role admin): the platform's and the institution's
 * health.
 */
export const selfCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/self-check',
    {
      config: { access: requireRole('admin') },
      schema: {
        tags: ['system'],
        summary:
          "Runs the self-check: the service's health and the caller's institution's configuration, each pass, warn or fail with its reason",
        response: { 200: selfCheckResponseSchema },
      },
    },
    async (request) => {
      const { user, profile } = requireAuth(request);
      return runSelfCheck(
        {
          database: app.database,
          storage: app.storage,
          realtime: app.realtime,
          mailer: app.mailer,
          log: request.log,
        },
        { actor: { companyId: profile.companyId, actorUserId: user.id, role: profile.role } },
      );
    },
  );
};
