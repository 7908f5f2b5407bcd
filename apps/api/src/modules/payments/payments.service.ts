import { paymentCheckouts, subscriptions } from '@complivue/db/schema/subscriptions';
import { isLocalPath } from '@complivue/shared/local-path';
import type { BillingInterval, PaidPlanName } from '@complivue/shared/plans';
import { PAYMENT_MESSAGES } from '@complivue/shared/schemas/payments';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { applyPaidPlanEvent } from './activate-plan.ts';
import type { PlanPrice } from './price-catalogue.ts';
import type { PaymentProvider, PaymentsMode } from './providers.ts';

/** How this instance takes payments: its provider (none when not configured) and its prices. */
export interface Billing {
  mode: PaymentsMode;
  provider: PaymentProvider | null;
  priceById: ReadonlyMap<string, PlanPrice>;
}

/** The administrator who pays for the institution; the email is the checkout's customer. */
export interface Payer extends Actor {
  email: string;
}

type Deps = Pick<ServiceDeps, 'db' | 'env' | 'clock'>;

function requireProvider(billing: Billing): PaymentProvider {
  if (!billing.provider) throw new AppError('payments_not_configured');
  return billing.provider;
}

function requirePrice(billing: Billing, priceId: string): PlanPrice {
  const price = billing.priceById.get(priceId);
  if (!price) throw new AppError('unknown_price');
  return price;
}

/** Only paths inside this app are followed after a checkout (no open redirect). */
function localPath(candidate: string | undefined, fallback: string): string {
  return isLocalPath(candidate) ? candidate : fallback;
}

const absolute = (deps: Deps, path: string) => new URL(path, deps.env.APP_URL).toString();

function addPeriod(start: Date, billing: BillingInterval): Date {
  const end = new Date(start);
  if (billing === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A checkout of the payer's institution, or 404 (another institution's is not found). */
async function getOwnCheckout(deps: Deps, companyId: string, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
  const [checkout] = await deps.db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.id, id), eq(paymentCheckouts.companyId, companyId)));
  if (!checkout) throw new AppError('not_found', PAYMENT_MESSAGES.not_found);
  return checkout;
}

/** A subscription of the payer's institution, or 404. */
async function getOwnSubscription(deps: Deps, companyId: string, subscriptionId: string) {
  if (!z.uuid().safeParse(subscriptionId).success)
    throw new AppError('not_found', 'That subscription was not found.');
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.companyId, companyId)));
  if (!row) throw new AppError('not_found', 'That subscription was not found.');
  return row;
}

/**
 * Starts a checkout for a plan: the row first (its id is the session id the browser returns
 * with), then the provider's page. The customer is the institution's, never the body's.
 */
export async function startCheckout(
  deps: Deps,
  options: {
    payer: Payer;
    billing: Billing;
    priceId: string;
    successUrl?: string;
    cancelUrl?: string;
  },
) {
  const { db } = deps;
  const { payer } = options;
  const payments = requireProvider(options.billing);
  const price = requirePrice(options.billing, options.priceId);
  const cancelUrl = localPath(
    options.cancelUrl,
    `/checkout?plan=${price.plan}&billing=${price.billing}`,
  );
  const [checkout] = await db
    .insert(paymentCheckouts)
    .values({
      companyId: payer.companyId,
      userId: payer.actorUserId,
      provider: payments.mode,
      planName: price.plan,
      planType: price.billing,
      priceId: price.priceId,
      successUrl: 'pending',
      cancelUrl,
    })
    .returning();
  const successPath = localPath(options.successUrl, `/success?plan=${price.plan}`);
  const successUrl = `${successPath}${successPath.includes('?') ? '&' : '?'}session_id=${checkout!.id}`;
  const current = await findCompanySubscription(db, payer.companyId);
  const started = await payments.createCheckout({
    checkoutId: checkout!.id,
    price,
    companyId: payer.companyId,
    userId: payer.actorUserId,
    customerEmail: payer.email,
    customerId: current?.providerCustomerId ?? null,
    successUrl: absolute(deps, successUrl),
    cancelUrl: absolute(deps, cancelUrl),
  });
  await db
    .update(paymentCheckouts)
    .set({ successUrl, providerSessionId: started.providerSessionId })
    .where(eq(paymentCheckouts.id, checkout!.id));
  return { sessionId: checkout!.id, url: started.url };
}

/** A checkout's state and the institution's subscription as it stands now. */
export async function checkoutStatus(
  deps: Deps,
  options: { payer: Actor; billing: Billing; checkoutId: string },
) {
  const { companyId } = options.payer;
  const checkout = await getOwnCheckout(deps, companyId, options.checkoutId);
  const subscription = await findCompanySubscription(deps.db, companyId);
  return {
    sessionId: checkout.id,
    status: checkout.status,
    plan: checkout.planName as PaidPlanName,
    billing: checkout.planType,
    amount: options.billing.priceById.get(checkout.priceId)?.amount ?? 0,
    sandbox: checkout.provider === 'sandbox',
    subscription,
  };
}

/**
 * Sandbox only: completes a test checkout (no charge) through the same path as a paid
 * webhook. Paying twice answers the same; a closed or non-sandbox checkout is refused.
 */
export async function paySandboxCheckout(
  deps: Deps,
  options: { payer: Actor; billing: Billing; checkoutId: string },
) {
  const { db } = deps;
  const { payer } = options;
  const checkout = await getOwnCheckout(deps, payer.companyId, options.checkoutId);
  if (checkout.status === 'complete') return { url: checkout.successUrl };
  if (
    checkout.status !== 'open' ||
    checkout.provider !== 'sandbox' ||
    options.billing.mode !== 'sandbox'
  ) {
    throw new AppError('checkout_closed');
  }
  const now = deps.clock();
  await applyPaidPlanEvent(db, {
    provider: 'sandbox',
    eventId: `checkout.completed:${checkout.id}`,
    eventType: 'checkout.session.completed',
    occurredAt: now,
    companyId: payer.companyId,
    userId: payer.actorUserId,
    plan: checkout.planName as PaidPlanName,
    billing: checkout.planType,
    priceId: checkout.priceId,
    status: 'active',
    periodStart: now,
    periodEnd: addPeriod(now, checkout.planType),
    customerId: `sandbox_customer_${payer.companyId}`,
    subscriptionId: `sandbox_subscription_${payer.companyId}`,
  });
  await db
    .update(paymentCheckouts)
    .set({ status: 'complete' })
    .where(eq(paymentCheckouts.id, checkout.id));
  await recordAudit(db, payer, {
    action: 'billing.plan_activated',
    actorUserId: payer.actorUserId,
    companyId: payer.companyId,
    targetType: 'subscription',
    after: { plan: checkout.planName, billing: checkout.planType, provider: 'sandbox' },
  });
  return { url: checkout.successUrl };
}

/** Sandbox only: abandons a test checkout; answers where to go back to either way. */
export async function cancelSandboxCheckout(
  deps: Deps,
  options: { payer: Actor; checkoutId: string },
) {
  const checkout = await getOwnCheckout(deps, options.payer.companyId, options.checkoutId);
  if (checkout.status === 'open' && checkout.provider === 'sandbox') {
    await deps.db
      .update(paymentCheckouts)
      .set({ status: 'canceled' })
      .where(eq(paymentCheckouts.id, checkout.id));
  }
  return { url: checkout.cancelUrl };
}

/** Cancels at the end of the paid period (access continues until then), audited. */
export async function cancelSubscription(
  deps: Deps,
  options: { payer: Actor; billing: Billing; subscriptionId: string },
) {
  const { db } = deps;
  const { payer } = options;
  const payments = requireProvider(options.billing);
  const row = await getOwnSubscription(deps, payer.companyId, options.subscriptionId);
  if (row.status !== 'active' || row.provider !== payments.mode) {
    throw new AppError('not_cancellable');
  }
  await payments.cancelAtPeriodEnd(row);
  const [updated] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await recordAudit(db, payer, {
    action: 'billing.cancel_at_period_end',
    actorUserId: payer.actorUserId,
    companyId: payer.companyId,
    targetType: 'subscription',
    targetId: row.id,
    before: { cancelAtPeriodEnd: row.cancelAtPeriodEnd },
    after: { cancelAtPeriodEnd: true },
  });
  return updated!;
}

/** Moves a paid subscription to another plan or billing interval, audited. */
export async function changeSubscriptionPrice(
  deps: Deps,
  options: { payer: Actor; billing: Billing; subscriptionId: string; newPriceId: string },
) {
  const { db } = deps;
  const { payer } = options;
  const payments = requireProvider(options.billing);
  const row = await getOwnSubscription(deps, payer.companyId, options.subscriptionId);
  const price = requirePrice(options.billing, options.newPriceId);
  if (row.status !== 'active' || row.provider !== payments.mode) {
    throw new AppError('not_changeable');
  }
  await payments.changePrice(row, price);
  if (payments.mode === 'sandbox') {
    // The sandbox is its own provider: it confirms the change at once. Stripe confirms it
    // with a customer.subscription.updated webhook.
    const now = deps.clock();
    await applyPaidPlanEvent(db, {
      provider: 'sandbox',
      eventId: `subscription.updated:${row.id}:${now.getTime()}`,
      eventType: 'customer.subscription.updated',
      occurredAt: now,
      companyId: payer.companyId,
      userId: payer.actorUserId,
      plan: price.plan,
      billing: price.billing,
      priceId: price.priceId,
      status: 'active',
      periodStart: row.currentPeriodStart ?? now,
      periodEnd: row.currentPeriodEnd ?? addPeriod(now, price.billing),
    });
  }
  await recordAudit(db, payer, {
    action: 'billing.plan_changed',
    actorUserId: payer.actorUserId,
    companyId: payer.companyId,
    targetType: 'subscription',
    targetId: row.id,
    before: { plan: row.planName, billing: row.planType },
    after: { plan: price.plan, billing: price.billing },
  });
  return (await findCompanySubscription(db, payer.companyId))!;
}

/**
 * The billing portal of the institution's customer (whatever a body says); in the sandbox,
 * the app's own subscription page.
 */
export async function openBillingPortal(
  deps: Deps,
  options: { payer: Actor; billing: Billing; returnUrl?: string },
) {
  const payments = requireProvider(options.billing);
  const returnPath = localPath(options.returnUrl, '/subscription');
  if (payments.mode === 'sandbox') return { url: returnPath };
  const current = await findCompanySubscription(deps.db, options.payer.companyId);
  if (!current?.providerCustomerId) throw new AppError('no_customer');
  return payments.createPortal({
    customerId: current.providerCustomerId,
    returnUrl: absolute(deps, returnPath),
  });
}
