import swagger from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC } from '../lib/route-access.ts';

/** The OpenAPI document is generated from the route schemas; `/api/docs` renders it. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Complivue API',
        version: '0.1.0',
        description: 'The HTTP API of Complivue. Errors are `{ "error": { "code", "message" } }`.',
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(apiReference, {
    routePrefix: '/api/docs',
    logLevel: 'warn',
    configuration: { url: '/api/openapi.json', hideClientButton: true },
    hooks: {
      // The reference page is a self-contained script bundle that needs inline bootstrapping.
      onRequest: async (_request, reply) => {
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'",
        );
      },
    },
  });
}
