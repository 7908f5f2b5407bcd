import {
  CONTACT_MESSAGES,
  contactRequestSchema,
  contactResponseSchema,
} from '@complivue/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { submitContactRequest } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { access: PUBLIC, rateLimit: 'contact' },
      schema: {
        tags: ['site'],
        summary:
          'Send a message to the team from the public contact form (stored first, then emailed)',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(request);
      const { website, ...message } = request.body;
      // A filled honeypot is a bot: it gets the same answer, so it learns nothing, and nothing is kept.
      if (website) return reply.status(201).send({ message: CONTACT_MESSAGES.received });

      const { id, outcome } = await submitContactRequest(app.deps, {
        origin: requestOrigin(request),
        message,
      });
      if (outcome === 'failed') {
        request.log.warn({ contactRequestId: id }, 'contact email failed; the job retries');
      }
      return reply.status(201).send({ message: CONTACT_MESSAGES.received });
    },
  );
};
