import {
  updateWebhookEndpointRequestSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointRequestSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@complivue/shared/schemas/automations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { SUBSCRIBED, requireAll, requireFeature, requireRole } from '../../lib/route-access.ts';
import { requireActor } from '../auth/actor.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookDeliveries,
  findWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestDelivery,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

/**
 * Outbound webhooks are part of /automations (administrators, with a subscription) and are
 * custom integrations, an enterprise feature.
 */
const WEBHOOKS = requireAll(
  requireRole('admin'),
  SUBSCRIBED,
  requireFeature('custom_integrations'),
);

const endpointParams = z.object({ endpointId: z.uuid() });
const deliveryParams = z.object({ deliveryId: z.uuid() });
const tags = ['automations'];

/** The institution's outbound webhook endpoints and their delivery logs (docs/webhooks.md). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: WEBHOOKS } as const;

  app.get(
    '/api/automations/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'The institution’s webhook endpoints, each with its latest delivery',
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => ({
      endpoints: await findWebhookEndpoints(app.deps, { actor: requireActor(request) }),
    }),
  );

  app.post(
    '/api/automations/webhooks',
    {
      config,
      schema: {
        tags,
        summary:
          'Add an endpoint (public https only); the answer carries its signing secret, shown this once',
        body: webhookEndpointRequestSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createWebhookEndpoint(app.deps, {
          actor: requireActor(request),
          input: request.body,
        }),
      ),
  );

  app.patch(
    '/api/automations/webhooks/:endpointId',
    {
      config,
      schema: {
        tags,
        summary: 'Rename an endpoint, change its address, or turn it on or off',
        params: endpointParams,
        body: updateWebhookEndpointRequestSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    (request) =>
      updateWebhookEndpoint(app.deps, {
        actor: requireActor(request),
        endpointId: request.params.endpointId,
        input: request.body,
      }),
  );

  app.delete(
    '/api/automations/webhooks/:endpointId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an endpoint (its deliveries stay on record; rules naming it stop posting)',
        params: endpointParams,
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(app.deps, {
        actor: requireActor(request),
        endpointId: request.params.endpointId,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/automations/webhooks/:endpointId/rotate-secret',
    {
      config,
      schema: {
        tags,
        summary:
          'Replace an endpoint’s signing secret; the answer carries the new one, shown this once',
        params: endpointParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    (request) =>
      rotateWebhookSecret(app.deps, {
        actor: requireActor(request),
        endpointId: request.params.endpointId,
      }),
  );

  app.post(
    '/api/automations/webhooks/:endpointId/test',
    {
      config: { ...config, rateLimit: 'webhook-send' },
      schema: {
        tags,
        summary: 'Post a signed `ping` to an endpoint now and answer the delivery with its attempt',
        params: endpointParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => {
      await enforceRateLimit(request);
      return sendTestDelivery(app.deps, {
        actor: requireActor(request),
        endpointId: request.params.endpointId,
      });
    },
  );

  app.get(
    '/api/automations/webhooks/:endpointId/deliveries',
    {
      config,
      schema: {
        tags,
        summary: 'An endpoint’s 50 newest deliveries, newest first, with every attempt',
        params: endpointParams,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => ({
      deliveries: await findWebhookDeliveries(app.deps, {
        actor: requireActor(request),
        endpointId: request.params.endpointId,
      }),
    }),
  );

  app.post(
    '/api/automations/webhook-deliveries/:deliveryId/redeliver',
    {
      config: { ...config, rateLimit: 'webhook-send' },
      schema: {
        tags,
        summary:
          'Send a delivery’s payload again now, as a new delivery (the original stays as it was)',
        params: deliveryParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => {
      await enforceRateLimit(request);
      return redeliverWebhook(app.deps, {
        actor: requireActor(request),
        deliveryId: request.params.deliveryId,
      });
    },
  );
};
