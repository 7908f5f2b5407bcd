import {
  checkoutSessionResponseSchema,
  checkoutStatusResponseSchema,
  createCheckoutSessionRequestSchema,
  plansResponseSchema,
  redirectResponseSchema,
} from '@complivue/shared/schemas/payments';
import { subscriptionSchema } from '@complivue/shared/schemas/subscriptions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { PUBLIC, SIGNED_IN, requireRole } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import { requireActor } from '../auth/actor.ts';
import { toSubscriptionResponse } from '../subscriptions/subscription.routes.ts';
import {
  cancelSandboxCheckout,
  cancelSubscription,
  changeSubscriptionPrice,
  checkoutStatus,
  openBillingPortal,
  paySandboxCheckout,
  startCheckout,
  type Billing,
  type Payer,
} from './payments.service.ts';
import { priceList, sandboxPriceId } from './price-catalogue.ts';
import {
  createSandboxProvider,
  createStripeClient,
  createStripeProvider,
  type PaymentProvider,
  type PaymentsMode,
} from './providers.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

// Billing changes are the company administrator's; paying needs no active subscription, so a
// blocked company can always pay.
const BILLING_ADMIN = requireRole('admin');

/**
 * Stripe when its key is set; else the sandbox, which charges nothing and which production
 * allows only when the operator says so.
 */
export function paymentsMode(app: FastifyInstance): PaymentsMode {
  if (app.env.STRIPE_SECRET_KEY) return 'stripe';
  return app.env.NODE_ENV !== 'production' || app.env.PAYMENTS_SANDBOX === '1'
    ? 'sandbox'
    : 'not_configured';
}

/** The member who pays: an institution is needed first (its subscription is what is bought). */
function payerOf(request: FastifyRequest): Payer {
  const auth = requireAuth(request);
  if (!auth.company)
    throw new AppError('no_company', 'Create your institution before choosing a plan.');
  return { ...requireActor(request), email: auth.user.email };
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const mode = paymentsMode(app);
  const stripe = mode === 'stripe' ? createStripeClient(app.env) : null;
  const provider: PaymentProvider | null =
    mode === 'stripe'
      ? createStripeProvider(app.env, stripe!)
      : mode === 'sandbox'
        ? createSandboxProvider()
        : null;
  const prices = provider?.prices ?? priceList(sandboxPriceId);
  const billing: Billing = {
    mode,
    provider,
    priceById: new Map(prices.map((price) => [price.priceId, price])),
  };
  const checkoutParams = z.object({ id: z.string().max(200) });

  app.get(
    '/api/plans',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['payments'],
        summary: 'The paid plans, their prices and price ids',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({ mode, prices }),
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary:
          'Start a checkout for a plan (the user and email come from the session, not the body)',
        body: createCheckoutSessionRequestSchema,
        response: { 200: checkoutSessionResponseSchema },
      },
    },
    async (request) => {
      // The customer's email and id in the body are ignored: they come from the session.
      const { priceId, successUrl, cancelUrl } = request.body;
      return startCheckout(app.deps, {
        payer: payerOf(request),
        billing,
        priceId,
        successUrl,
        cancelUrl,
      });
    },
  );

  app.get(
    '/api/stripe/subscription-status/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "A checkout's state and the company's subscription as it stands now",
        params: checkoutParams,
        response: { 200: checkoutStatusResponseSchema },
      },
    },
    async (request) => {
      const { subscription, ...status } = await checkoutStatus(app.deps, {
        payer: payerOf(request),
        billing,
        checkoutId: request.params.id,
      });
      return {
        ...status,
        subscription: subscription ? toSubscriptionResponse(subscription) : null,
      };
    },
  );

  app.post(
    '/api/payments/sandbox/:id/pay',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox only: complete a test checkout (no charge) through the same path as a paid webhook',
        params: checkoutParams,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) =>
      paySandboxCheckout(app.deps, {
        payer: payerOf(request),
        billing,
        checkoutId: request.params.id,
      }),
  );

  app.post(
    '/api/payments/sandbox/:id/cancel',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: abandon a test checkout',
        params: checkoutParams,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) =>
      cancelSandboxCheckout(app.deps, { payer: payerOf(request), checkoutId: request.params.id }),
  );

  app.post(
    '/api/stripe/cancel-subscription',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary: 'Cancel at the end of the paid period (access continues until then)',
        body: z.object({ subscriptionId: z.string().max(200) }),
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => {
      const updated = await cancelSubscription(app.deps, {
        payer: payerOf(request),
        billing,
        subscriptionId: request.body.subscriptionId,
      });
      return toSubscriptionResponse(updated);
    },
  );

  app.post(
    '/api/stripe/update-subscription',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary: 'Move a paid subscription to another plan or billing interval',
        body: z.object({ subscriptionId: z.string().max(200), newPriceId: z.string().max(200) }),
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => {
      const current = await changeSubscriptionPrice(app.deps, {
        payer: payerOf(request),
        billing,
        subscriptionId: request.body.subscriptionId,
        newPriceId: request.body.newPriceId,
      });
      return toSubscriptionResponse(current);
    },
  );

  app.post(
    '/api/stripe/create-portal-session',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary:
          "The billing portal for your company's customer; in the sandbox, the app's own subscription page",
        body: z.object({
          customerId: z.string().max(200).optional(),
          returnUrl: z.string().max(2000).optional(),
        }),
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) =>
      openBillingPortal(app.deps, {
        payer: payerOf(request),
        billing,
        returnUrl: request.body.returnUrl,
      }),
  );

  if (stripe) {
    await app.register(stripeWebhookRoutes, { stripe, prices });
  }
};
