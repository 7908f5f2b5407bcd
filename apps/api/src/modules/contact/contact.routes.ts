import { contactRequests } from '@complivue/db/schema/site';
import {
  CONTACT_MESSAGES,
  contactRequestSchema,
  contactResponseSchema,
} from '@complivue/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { deliverContactRequest } from './contact-delivery.ts';

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

      const [stored] = await app.database.db
        .insert(contactRequests)
        .values({
          ...message,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        })
        .returning({ id: contactRequests.id });
      const outcome = await deliverContactRequest({
        db: app.database.db,
        mailer: app.mailer,
        contactEmail: app.env.CONTACT_EMAIL,
        id: stored!.id,
      });
      if (outcome === 'failed') {
        request.log.warn({ contactRequestId: stored!.id }, 'contact email failed; the job retries');
      }
      return reply.status(201).send({ message: CONTACT_MESSAGES.received });
    },
  );
};
