import { getMigrationStatus } from '@complivue/db/migrate';
import { healthResponseSchema } from '@complivue/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../lib/route-access.ts';

/** Liveness and readiness in one: 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['system'],
        summary: 'Service health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const engine = app.database.engine;
      try {
        const migrations = await getMigrationStatus(app.database);
        return { status: 'ok' as const, database: engine, migrations };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: engine,
          migrations: { applied: 0, latest: null },
        });
      }
    },
  );
};
