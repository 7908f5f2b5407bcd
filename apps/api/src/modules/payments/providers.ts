import type { BillingInterval, PaidPlanName } from '@complivue/shared/plans';
import Stripe from 'stripe';
import type { Env } from '../../env.ts';
import { priceList, sandboxPriceId, type PlanPrice } from './price-catalogue.ts';

/** Stripe, the sandbox, or neither (production without a key nor PAYMENTS_SANDBOX=1). */
export type PaymentsMode = 'stripe' | 'sandbox' | 'not_configured';

export interface CheckoutRequest {
  checkoutId: string;
  price: PlanPrice;
  companyId: string;
  userId: string;
  customerEmail: string;
  customerId: string | null;
  /** Absolute URLs (Stripe's hosted page sends the browser back to them). */
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSubscriptionRef {
  providerSubscriptionId: string | null;
}

/**
 * Where money is taken. The sandbox keeps everything in the app and charges nothing; Stripe
 * (official SDK, keys only on the server) hosts the checkout and reports back by webhook.
 */
export interface PaymentProvider {
  mode: 'stripe' | 'sandbox';
  prices: PlanPrice[];
  createCheckout(request: CheckoutRequest): Promise<{ providerSessionId: string; url: string }>;
  createPortal(options: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Asks the provider to stop renewing; the app records it at once. */
  cancelAtPeriodEnd(subscription: ProviderSubscriptionRef): Promise<void>;
  /** Asks the provider to move the subscription to another price (Stripe confirms by webhook). */
  changePrice(subscription: ProviderSubscriptionRef, price: PlanPrice): Promise<void>;
}

export function createSandboxProvider(): PaymentProvider {
  return {
    mode: 'sandbox',
    prices: priceList(sandboxPriceId),
    async createCheckout(request) {
      return {
        providerSessionId: request.checkoutId,
        url: `/checkout/sandbox/${request.checkoutId}`,
      };
    },
    async createPortal(options) {
      return { url: options.returnUrl };
    },
    async cancelAtPeriodEnd() {},
    async changePrice() {},
  };
}

const STRIPE_PRICE_ENV = {
  basic: { monthly: 'STRIPE_PRICE_BASIC_MONTHLY', annual: 'STRIPE_PRICE_BASIC_ANNUAL' },
  professional: {
    monthly: 'STRIPE_PRICE_PROFESSIONAL_MONTHLY',
    annual: 'STRIPE_PRICE_PROFESSIONAL_ANNUAL',
  },
  enterprise: {
    monthly: 'STRIPE_PRICE_ENTERPRISE_MONTHLY',
    annual: 'STRIPE_PRICE_ENTERPRISE_ANNUAL',
  },
} as const satisfies Record<PaidPlanName, Record<BillingInterval, keyof Env>>;

export function createStripeClient(env: Env): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port,
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export function createStripeProvider(env: Env, stripe: Stripe): PaymentProvider {
  return {
    mode: 'stripe',
    prices: priceList((plan, billing) => env[STRIPE_PRICE_ENV[plan][billing]]!),
    async createCheckout(request) {
      const metadata = {
        companyId: request.companyId,
        userId: request.userId,
        planName: request.price.plan,
        billing: request.price.billing,
        checkoutId: request.checkoutId,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: request.price.priceId, quantity: 1 }],
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_email: request.customerEmail }),
          client_reference_id: request.companyId,
          metadata,
          subscription_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { providerSessionId: session.id, url: session.url };
    },
    async createPortal(options) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: options.customerId,
        return_url: options.returnUrl,
      });
      return { url: portal.url };
    },
    async cancelAtPeriodEnd(subscription) {
      if (!subscription.providerSubscriptionId) throw new Error('no Stripe subscription to cancel');
      await stripe.subscriptions.update(subscription.providerSubscriptionId, {
        cancel_at_period_end: true,
      });
    },
    async changePrice(subscription, price) {
      if (!subscription.providerSubscriptionId) throw new Error('no Stripe subscription to change');
      const current = await stripe.subscriptions.retrieve(subscription.providerSubscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error('the Stripe subscription has no item');
      await stripe.subscriptions.update(subscription.providerSubscriptionId, {
        items: [{ id: item.id, price: price.priceId }],
        proration_behavior: 'create_prorations',
      });
    },
  };
}
