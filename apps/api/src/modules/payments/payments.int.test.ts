import { subscriptions } from '@complivue/db/schema/subscriptions';
import { auditLog } from '@complivue/db/schema/audit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applyPaidPlanEvent } from './activate-plan.ts';

describe('sandbox payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload?: Record<string, unknown>) =>
    payload === undefined
      ? t.app.inject({ method: 'POST', url, headers: { cookie } })
      : t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('publishes the catalogue with price ids', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.json().mode).toBe('sandbox');
    expect(response.json().prices).toContainEqual({
      plan: 'professional',
      label: 'Professional',
      billing: 'annual',
      amount: 2868,
      priceId: 'sandbox_professional_annual',
    });
  });

  it('takes a pending professional sign-up through checkout to an active plan, once', async () => {
    const { cookie, body } = await signUpThroughApi(t.app, {
      planType: 'professional',
      billing: 'annual',
    });
    const companyId = body.session.company.id;
    const unknown = await post('/api/stripe/create-checkout-session', cookie, {
      priceId: 'price_nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('That price is not one of our plans.');

    const started = await post('/api/stripe/create-checkout-session', cookie, {
      priceId: 'sandbox_professional_annual',
      successUrl: '/\\evil.example/steal',
      userId: 'someone-else',
      customerEmail: 'someone@else.example',
    });
    expect(started.statusCode).toBe(200);
    const { sessionId, url } = started.json();
    expect(url).toBe(`/checkout/sandbox/${sessionId}`);

    const open = await t.app.inject({
      method: 'GET',
      url: `/api/stripe/subscription-status/${sessionId}`,
      headers: { cookie },
    });
    expect(open.json()).toMatchObject({
      status: 'open',
      plan: 'professional',
      billing: 'annual',
      amount: 2868,
      sandbox: true,
    });
    expect(open.json().subscription.status).toBe('pending_payment');

    const paid = await post(`/api/payments/sandbox/${sessionId}/pay`, cookie);
    expect(paid.statusCode).toBe(200);
    // The body's successUrl pointed off-site (a browser reads \\ as /): it is not followed.
    expect(paid.json().url).toBe(`/success?plan=professional&session_id=${sessionId}`);
    const again = await post(`/api/payments/sandbox/${sessionId}/pay`, cookie);
    expect(again.json().url).toBe(paid.json().url);

    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, companyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      planName: 'professional',
      planType: 'annual',
      status: 'active',
      provider: 'sandbox',
    });
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/stripe/subscription-status/${sessionId}`,
      headers: { cookie },
    });
    expect(done.json()).toMatchObject({
      status: 'complete',
      subscription: { status: 'active', planName: 'professional' },
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'billing.plan_activated')));
    expect(audit).toHaveLength(1);

    const change = await post('/api/stripe/update-subscription', cookie, {
      subscriptionId: rows[0]!.id,
      newPriceId: 'sandbox_enterprise_annual',
    });
    expect(change.json()).toMatchObject({ planName: 'enterprise', status: 'active' });
    const cancel = await post('/api/stripe/cancel-subscription', cookie, {
      subscriptionId: rows[0]!.id,
    });
    expect(cancel.statusCode).toBe(200);
    const [afterCancel] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, rows[0]!.id));
    expect(afterCancel).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('returns to the checkout when the test payment is cancelled', async () => {
    const { cookie } = await signUpThroughApi(t.app, {
      planType: 'enterprise',
      billing: 'monthly',
    });
    const { sessionId } = (
      await post('/api/stripe/create-checkout-session', cookie, {
        priceId: 'sandbox_enterprise_monthly',
      })
    ).json();
    const cancelled = await post(`/api/payments/sandbox/${sessionId}/cancel`, cookie);
    expect(cancelled.json().url).toBe('/checkout?plan=enterprise&billing=monthly');
    expect((await post(`/api/payments/sandbox/${sessionId}/pay`, cookie)).statusCode).toBe(409);
  });

  it('keeps each company to its own checkouts and subscriptions', async () => {
    const owner = await signUpThroughApi(t.app, { planType: 'professional' });
    const { sessionId } = (
      await post('/api/stripe/create-checkout-session', owner.cookie, {
        priceId: 'sandbox_basic_monthly',
      })
    ).json();
    const stranger = await signUpThroughApi(t.app);
    const statusOf = (cookie: string, id = sessionId) =>
      t.app.inject({
        method: 'GET',
        url: `/api/stripe/subscription-status/${id}`,
        headers: { cookie },
      });
    const before = (await statusOf(owner.cookie)).json();
    const unknown = await statusOf(stranger.cookie, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    for (const response of [
      await post(`/api/payments/sandbox/${sessionId}/pay`, stranger.cookie),
      await post(`/api/payments/sandbox/${sessionId}/cancel`, stranger.cookie),
      await statusOf(stranger.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    // Read back as the owner: the checkout is still open, and still theirs to pay.
    expect((await statusOf(owner.cookie)).json()).toEqual(before);
    expect(before).toMatchObject({ status: 'open', plan: 'basic' });
    expect((await post(`/api/payments/sandbox/${sessionId}/pay`, owner.cookie)).statusCode).toBe(
      200,
    );
    const [ownerSubscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, owner.body.session.company.id));
    const foreignCancel = await post('/api/stripe/cancel-subscription', stranger.cookie, {
      subscriptionId: ownerSubscription!.id,
    });
    expect(foreignCancel.statusCode).toBe(404);
  });

  it('leaves billing to the company administrator', async () => {
    const { body } = await signUpThroughApi(t.app);
    const { cookie } = await signedInMember(t.app, {
      companyId: body.session.company.id,
      role: 'user',
    });
    const response = await post('/api/stripe/create-checkout-session', cookie, {
      priceId: 'sandbox_basic_monthly',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'role_required',
      details: { needed: 'admin', current: 'user' },
    });
  });
});

describe('payment events', () => {
  it('are applied once, and an older event arriving late is ignored', async () => {
    const t = await createTestApp();
    try {
      const { body } = await signUpThroughApi(t.app);
      const companyId = body.session.company.id;
      const base = {
        provider: 'sandbox' as const,
        eventType: 'customer.subscription.updated',
        companyId,
        userId: null,
        billing: 'monthly' as const,
        status: 'active' as const,
        periodStart: new Date('2026-11-01T00:00:00Z'),
        periodEnd: new Date('2026-12-01T00:00:00Z'),
      };
      const newer = {
        ...base,
        eventId: 'evt_2',
        occurredAt: new Date('2026-11-20T00:00:00Z'),
        plan: 'enterprise' as const,
        priceId: 'p_e',
      };
      const older = {
        ...base,
        eventId: 'evt_1',
        occurredAt: new Date('2026-11-10T00:00:00Z'),
        plan: 'basic' as const,
        priceId: 'p_b',
      };
      expect(await applyPaidPlanEvent(t.db, newer)).toBe('applied');
      expect(await applyPaidPlanEvent(t.db, newer)).toBe('duplicate');
      expect(await applyPaidPlanEvent(t.db, older)).toBe('stale');
      const [row] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.companyId, companyId));
      expect(row).toMatchObject({ planName: 'enterprise', status: 'active' });
    } finally {
      await t.close();
    }
  });

  it('are refused in production unless the operator allows the sandbox', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) } });
    try {
      const { cookie } = await signUpThroughApi(t.app, { planType: 'professional' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        headers: { cookie },
        payload: { priceId: 'sandbox_professional_monthly' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(
        'Payments are not configured on this server. Contact your administrator.',
      );
    } finally {
      await t.close();
    }
  });
});
