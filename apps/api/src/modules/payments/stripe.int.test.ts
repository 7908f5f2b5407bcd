import { auditLog } from '@complivue/db/schema/audit';
import { paymentCheckouts, subscriptions } from '@complivue/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../../test/http.ts';
import { startStripeDouble } from '../../../test/stripe-double.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_double';
const PRICES = {
  STRIPE_PRICE_BASIC_MONTHLY: 'price_basic_m',
  STRIPE_PRICE_BASIC_ANNUAL: 'price_basic_a',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_pro_m',
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: 'price_pro_a',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_ent_m',
  STRIPE_PRICE_ENTERPRISE_ANNUAL: 'price_ent_a',
};
const PERIOD_START = 1_795_000_000;
const PERIOD_END = PERIOD_START + 365 * 86_400;

function stripeSubscription(options: {
  id: string;
  price: string;
  companyId?: string;
  status?: string;
  cancel?: boolean;
}) {
  return {
    id: options.id,
    object: 'subscription',
    status: options.status ?? 'active',
    customer: 'cus_double',
    created: PERIOD_START,
    cancel_at_period_end: options.cancel ?? false,
    metadata: options.companyId ? { companyId: options.companyId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_double',
          object: 'subscription_item',
          price: { id: options.price, object: 'price' },
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
        },
      ],
    },
  };
}

describe('the Stripe provider (against a local double of the API)', () => {
  let t: TestApp;
  let double: Awaited<ReturnType<typeof startStripeDouble>>;
  const signer = new Stripe('sk_test_signer_only');
  const remote = new Map<string, unknown>();

  beforeAll(async () => {
    double = await startStripeDouble((request) => {
      if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
        return {
          body: {
            id: 'cs_double_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_double_1',
          },
        };
      }
      if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
        return {
          body: {
            id: 'bps_double',
            object: 'billing_portal.session',
            url: 'https://billing.stripe.com/p/session/double',
          },
        };
      }
      const subscription = request.path.match(/^\/v1\/subscriptions\/(\w+)$/)?.[1];
      if (subscription && remote.has(subscription)) return { body: remote.get(subscription) };
      return undefined;
    });
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_double',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: double.url,
        ...PRICES,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });

  function sendEvent(event: Record<string, unknown>, options: { tamper?: boolean } = {}) {
    const payload = JSON.stringify({
      object: 'event',
      api_version: '2025-01-01',
      livemode: false,
      ...event,
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: options.tamper
        ? payload.replace(String(event.id), `${String(event.id)}_forged`)
        : payload,
    });
  }

  const companySubscription = async (companyId: string) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)))[0];

  it('publishes the configured Stripe price ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.json().mode).toBe('stripe');
    expect(response.json().prices).toContainEqual(
      expect.objectContaining({ plan: 'professional', billing: 'annual', priceId: 'price_pro_a' }),
    );
  });

  it('creates a Checkout Session for the signed-in user, not for whoever the body names', async () => {
    const { cookie, body, input } = await signUpThroughApi(t.app, {
      planType: 'professional',
      billing: 'annual',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { cookie },
      payload: { priceId: 'price_pro_a', customerEmail: 'attacker@example.org', userId: 'someone' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe('https://checkout.stripe.com/c/pay/cs_double_1');
    const sent = double.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(sent.authorization).toBe('Bearer sk_test_double');
    expect(sent.body.get('mode')).toBe('subscription');
    expect(sent.body.get('line_items[0][price]')).toBe('price_pro_a');
    expect(sent.body.get('customer_email')).toBe(input.email);
    expect(sent.body.get('metadata[companyId]')).toBe(body.session.company.id);
    expect(sent.body.get('success_url')).toMatch(
      /^http:\/\/localhost:3000\/success\?plan=professional&session_id=/,
    );
    const [checkout] = await t.db
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.companyId, body.session.company.id));
    expect(checkout).toMatchObject({
      provider: 'stripe',
      providerSessionId: 'cs_double_1',
      status: 'open',
    });
  });

  it('applies a verified checkout.session.completed once, refusing tampered and replayed deliveries', async () => {
    const { cookie, body } = await signUpThroughApi(t.app, {
      planType: 'professional',
      billing: 'annual',
    });
    const companyId = body.session.company.id;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { cookie },
      payload: { priceId: 'price_pro_a' },
    });
    const checkoutId = started.json().sessionId;
    remote.set('sub_pro', stripeSubscription({ id: 'sub_pro', price: 'price_pro_a', companyId }));
    const event = {
      id: 'evt_checkout_1',
      type: 'checkout.session.completed',
      created: PERIOD_START + 10,
      data: {
        object: {
          id: 'cs_double_1',
          object: 'checkout.session',
          subscription: 'sub_pro',
          metadata: { checkoutId, companyId },
        },
      },
    };

    const tampered = await sendEvent(event, { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('invalid_signature');
    expect((await companySubscription(companyId))!.status).toBe('pending_payment');

    const first = await sendEvent(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    expect(await companySubscription(companyId)).toMatchObject({
      planName: 'professional',
      planType: 'annual',
      status: 'active',
      provider: 'stripe',
      providerSubscriptionId: 'sub_pro',
      providerCustomerId: 'cus_double',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/stripe/subscription-status/${checkoutId}`,
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({
      status: 'complete',
      sandbox: false,
      subscription: { status: 'active' },
    });

    const replay = await sendEvent(event);
    expect(replay.json()).toEqual({ received: true, result: 'duplicate' });

    const noSignature = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(noSignature.statusCode).toBe(400);
  });

  it('keeps the newest state when events arrive out of order, and cancels on deletion', async () => {
    const { body } = await signUpThroughApi(t.app);
    const companyId = body.session.company.id;
    const updated = (id: string, created: number, price: string) => ({
      id,
      type: 'customer.subscription.updated',
      created,
      data: { object: stripeSubscription({ id: 'sub_order', price, companyId }) },
    });
    expect(
      (await sendEvent(updated('evt_order_2', PERIOD_START + 200, 'price_basic_m'))).json().result,
    ).toBe('applied');
    expect(
      (await sendEvent(updated('evt_order_1', PERIOD_START + 100, 'price_ent_m'))).json().result,
    ).toBe('stale');
    expect(await companySubscription(companyId)).toMatchObject({
      planName: 'basic',
      status: 'active',
    });

    const deleted = await sendEvent({
      id: 'evt_order_3',
      type: 'customer.subscription.deleted',
      created: PERIOD_START + 300,
      data: {
        object: stripeSubscription({
          id: 'sub_order',
          price: 'price_basic_m',
          companyId,
          status: 'canceled',
        }),
      },
    });
    expect(deleted.json().result).toBe('applied');
    expect((await companySubscription(companyId))!.status).toBe('canceled');
  });

  it('records a failed invoice payment in the audit log', async () => {
    const { body } = await signUpThroughApi(t.app);
    const companyId = body.session.company.id;
    await sendEvent({
      id: 'evt_sub_fail',
      type: 'customer.subscription.created',
      created: PERIOD_START,
      data: { object: stripeSubscription({ id: 'sub_fail', price: 'price_basic_m', companyId }) },
    });
    const response = await sendEvent({
      id: 'evt_invoice_fail',
      type: 'invoice.payment_failed',
      created: PERIOD_START + 50,
      data: {
        object: {
          id: 'in_double',
          object: 'invoice',
          customer: 'cus_double',
          amount_due: 9900,
          attempt_count: 1,
        },
      },
    });
    expect(response.json().result).toBe('applied');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'billing.payment_failed'));
    expect(entries.some((entry) => entry.targetId === 'in_double')).toBe(true);
  });

  it("opens the billing portal for the company's own customer only", async () => {
    const { cookie, body } = await signUpThroughApi(t.app);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-portal-session',
      headers: { cookie },
      payload: {},
    });
    expect(none.statusCode).toBe(409);
    await sendEvent({
      id: 'evt_portal',
      type: 'customer.subscription.created',
      created: PERIOD_START,
      data: {
        object: stripeSubscription({
          id: 'sub_portal',
          price: 'price_basic_m',
          companyId: body.session.company.id,
        }),
      },
    });
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-portal-session',
      headers: { cookie },
      payload: { customerId: 'cus_someone_else' },
    });
    expect(portal.json().url).toBe('https://billing.stripe.com/p/session/double');
    const sent = double.requests.findLast(
      (request) => request.path === '/v1/billing_portal/sessions',
    )!;
    expect(sent.body.get('customer')).toBe('cus_double');
  });
});
