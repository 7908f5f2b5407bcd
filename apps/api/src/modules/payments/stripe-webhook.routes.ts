import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import type { PlanPrice } from './price-catalogue.ts';
import { applyStripeEvent } from './stripe-events.ts';

/**
 * `POST /api/stripe/webhook`: Stripe's signature is checked on the exact bytes it sent, so this
 * plugin keeps JSON bodies raw (only for its own route).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  stripe: Stripe;
  prices: PlanPrice[];
}> = async (app, options) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/stripe/webhook',
    {
      config: { access: PUBLIC },
      schema: { tags: ['payments'], summary: 'Stripe events (signature verified on the raw body)' },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('invalid_signature', 'The Stripe signature is missing.');
      }
      let event: Stripe.Event;
      try {
        event = options.stripe.webhooks.constructEvent(
          request.body,
          signature,
          app.env.STRIPE_WEBHOOK_SECRET!,
        );
      } catch {
        throw new AppError('invalid_signature');
      }
      const result = await applyStripeEvent(
        { db: app.database.db, stripe: options.stripe, prices: options.prices },
        event,
      );
      request.log.info({ eventId: event.id, type: event.type, result }, 'stripe event');
      return { received: true, result };
    },
  );
};
