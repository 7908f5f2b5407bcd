import { isLocalPath } from '@complivue/shared/local-path';
import { paymentCheckouts, subscriptions } from '@complivue/db/schema/subscriptions';
import type { BillingInterval, PaidPlanName } from '@complivue/shared/plans';
import {
  PAYMENT_MESSAGES,
  checkoutSessionResponseSchema,
  checkoutStatusResponseSchema,
  createCheckoutSessionRequestSchema,
  plansResponseSchema,
  redirectResponseSchema,
} from '@complivue/shared/schemas/payments';
import { subscriptionSchema } from '@complivue/shared/schemas/subscriptions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { PUBLIC, SIGNED_IN, requireRole } from '../../lib/route-access.ts';
import { requireAuth, type AuthContextWithCompany } from '../auth/access.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { toSubscriptionResponse } from '../subscriptions/subscription.routes.ts';
import { applyPaidPlanEvent } from './activate-plan.ts';
import { priceList, sandboxPriceId } from './price-catalogue.ts';
import {
  createSandboxProvider,
  createStripeClient,
  createStripeProvider,
  type PaymentProvider,
} from './providers.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

// Billing changes are the company administrator's; paying needs no active subscription, so a
// blocked company can always pay.
const BILLING_ADMIN = requireRole('admin');

export type PaymentsMode = 'stripe' | 'sandbox' | 'not_configured';

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

/** Only paths inside this app are followed after a checkout (no open redirect). */
function localPath(candidate: string | undefined, fallback: string): string {
  return isLocalPath(candidate) ? candidate : fallback;
}

function addPeriod(start: Date, billing: BillingInterval): Date {
  const end = new Date(start);
  if (billing === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
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
  const priceById = new Map(prices.map((price) => [price.priceId, price]));
  const { db } = app.database;
  const absolute = (path: string) => new URL(path, app.env.APP_URL).toString();

  function requireProvider(): PaymentProvider {
    if (!provider) throw new AppError('payments_not_configured');
    return provider;
  }

  function requireCompany(request: FastifyRequest): AuthContextWithCompany {
    const auth = requireAuth(request);
    if (!auth.company)
      throw new AppError('no_company', 'Create your institution before choosing a plan.');
    return auth as AuthContextWithCompany;
  }

  async function findOwnCheckout(auth: AuthContextWithCompany, id: string) {
    if (!z.uuid().safeParse(id).success)
      throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
    const [checkout] = await db
      .select()
      .from(paymentCheckouts)
      .where(and(eq(paymentCheckouts.id, id), eq(paymentCheckouts.companyId, auth.company.id)));
    if (!checkout) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
    return checkout;
  }

  async function findOwnSubscription(auth: AuthContextWithCompany, subscriptionId: string) {
    if (!z.uuid().safeParse(subscriptionId).success)
      throw new AppError('not_found', 'That subscription was not found.');
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.id, subscriptionId), eq(subscriptions.companyId, auth.company.id)),
      );
    if (!row) throw new AppError('not_found', 'That subscription was not found.');
    return row;
  }

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
      const auth = requireCompany(request);
      const payments = requireProvider();
      const price = priceById.get(request.body.priceId);
      if (!price) throw new AppError('unknown_price');
      const cancelUrl = localPath(
        request.body.cancelUrl,
        `/checkout?plan=${price.plan}&billing=${price.billing}`,
      );
      const [checkout] = await db
        .insert(paymentCheckouts)
        .values({
          companyId: auth.company.id,
          userId: auth.user.id,
          provider: payments.mode,
          planName: price.plan,
          planType: price.billing,
          priceId: price.priceId,
          successUrl: 'pending',
          cancelUrl,
        })
        .returning();
      const successPath = localPath(request.body.successUrl, `/success?plan=${price.plan}`);
      const successUrl = `${successPath}${successPath.includes('?') ? '&' : '?'}session_id=${checkout!.id}`;
      const current = await findCompanySubscription(db, auth.company.id);
      const started = await payments.createCheckout({
        checkoutId: checkout!.id,
        price,
        companyId: auth.company.id,
        userId: auth.user.id,
        customerEmail: auth.user.email,
        customerId: current?.providerCustomerId ?? null,
        successUrl: absolute(successUrl),
        cancelUrl: absolute(cancelUrl),
      });
      await db
        .update(paymentCheckouts)
        .set({ successUrl, providerSessionId: started.providerSessionId })
        .where(eq(paymentCheckouts.id, checkout!.id));
      return { sessionId: checkout!.id, url: started.url };
    },
  );

  app.get(
    '/api/stripe/subscription-status/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "A checkout's state and the company's subscription as it stands now",
        params: z.object({ id: z.string().max(200) }),
        response: { 200: checkoutStatusResponseSchema },
      },
    },
    async (request) => {
      const auth = requireCompany(request);
      const checkout = await findOwnCheckout(auth, request.params.id);
      const subscription = await findCompanySubscription(db, auth.company.id);
      return {
        sessionId: checkout.id,
        status: checkout.status,
        plan: checkout.planName as PaidPlanName,
        billing: checkout.planType,
        amount: priceById.get(checkout.priceId)?.amount ?? 0,
        sandbox: checkout.provider === 'sandbox',
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
        params: z.object({ id: z.string().max(200) }),
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => {
      const auth = requireCompany(request);
      const checkout = await findOwnCheckout(auth, request.params.id);
      if (checkout.status === 'complete') return { url: checkout.successUrl };
      if (checkout.status !== 'open' || checkout.provider !== 'sandbox' || mode !== 'sandbox') {
        throw new AppError('checkout_closed');
      }
      const now = new Date();
      await applyPaidPlanEvent(db, {
        provider: 'sandbox',
        eventId: `checkout.completed:${checkout.id}`,
        eventType: 'checkout.session.completed',
        occurredAt: now,
        companyId: auth.company.id,
        userId: auth.user.id,
        plan: checkout.planName as PaidPlanName,
        billing: checkout.planType,
        priceId: checkout.priceId,
        status: 'active',
        periodStart: now,
        periodEnd: addPeriod(now, checkout.planType),
        customerId: `sandbox_customer_${auth.company.id}`,
        subscriptionId: `sandbox_subscription_${auth.company.id}`,
      });
      await db
        .update(paymentCheckouts)
        .set({ status: 'complete' })
        .where(eq(paymentCheckouts.id, checkout.id));
      await recordAudit(db, requestOrigin(request), {
        action: 'billing.plan_activated',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        targetType: 'subscription',
        after: { plan: checkout.planName, billing: checkout.planType, provider: 'sandbox' },
      });
      return { url: checkout.successUrl };
    },
  );

  app.post(
    '/api/payments/sandbox/:id/cancel',
    {
      config: { access: BILLING_ADMIN },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: abandon a test checkout',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) => {
      const auth = requireCompany(request);
      const checkout = await findOwnCheckout(auth, request.params.id);
      if (checkout.status === 'open' && checkout.provider === 'sandbox') {
        await db
          .update(paymentCheckouts)
          .set({ status: 'canceled' })
          .where(eq(paymentCheckouts.id, checkout.id));
      }
      return { url: checkout.cancelUrl };
    },
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
      const auth = requireCompany(request);
      const payments = requireProvider();
      const row = await findOwnSubscription(auth, request.body.subscriptionId);
      if (row.status !== 'active' || row.provider !== payments.mode) {
        throw new AppError('not_cancellable');
      }
      await payments.cancelAtPeriodEnd(row);
      const [updated] = await db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await recordAudit(db, requestOrigin(request), {
        action: 'billing.cancel_at_period_end',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        targetType: 'subscription',
        targetId: row.id,
        before: { cancelAtPeriodEnd: row.cancelAtPeriodEnd },
        after: { cancelAtPeriodEnd: true },
      });
      return toSubscriptionResponse(updated!);
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
      const auth = requireCompany(request);
      const payments = requireProvider();
      const row = await findOwnSubscription(auth, request.body.subscriptionId);
      const price = priceById.get(request.body.newPriceId);
      if (!price) throw new AppError('unknown_price');
      if (row.status !== 'active' || row.provider !== payments.mode) {
        throw new AppError('not_changeable');
      }
      await payments.changePrice(row, price);
      if (payments.mode === 'sandbox') {
        // The sandbox is its own provider: it confirms the change at once. Stripe confirms it
        // with a customer.subscription.updated webhook.
        const now = new Date();
        await applyPaidPlanEvent(db, {
          provider: 'sandbox',
          eventId: `subscription.updated:${row.id}:${now.getTime()}`,
          eventType: 'customer.subscription.updated',
          occurredAt: now,
          companyId: auth.company.id,
          userId: auth.user.id,
          plan: price.plan,
          billing: price.billing,
          priceId: price.priceId,
          status: 'active',
          periodStart: row.currentPeriodStart ?? now,
          periodEnd: row.currentPeriodEnd ?? addPeriod(now, price.billing),
        });
      }
      await recordAudit(db, requestOrigin(request), {
        action: 'billing.plan_changed',
        actorUserId: auth.user.id,
        companyId: auth.company.id,
        targetType: 'subscription',
        targetId: row.id,
        before: { plan: row.planName, billing: row.planType },
        after: { plan: price.plan, billing: price.billing },
      });
      const current = await findCompanySubscription(db, auth.company.id);
      return toSubscriptionResponse(current!);
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
    async (request) => {
      const auth = requireCompany(request);
      const payments = requireProvider();
      const returnPath = localPath(request.body.returnUrl, '/subscription');
      if (payments.mode === 'sandbox') return { url: returnPath };
      // The customer is the company's own, whatever the body says.
      const current = await findCompanySubscription(db, auth.company.id);
      if (!current?.providerCustomerId) {
        throw new AppError('no_customer');
      }
      return payments.createPortal({
        customerId: current.providerCustomerId,
        returnUrl: absolute(returnPath),
      });
    },
  );

  if (stripe) {
    await app.register(stripeWebhookRoutes, { stripe, prices });
  }
};
