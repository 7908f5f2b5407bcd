import type { Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import { paymentCheckouts, paymentEvents, subscriptions } from '@complivue/db/schema/subscriptions';
import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { applyPaidPlanEvent, type PaidPlanEvent } from './activate-plan.ts';
import type { PlanPrice } from './price-catalogue.ts';

/** How a Stripe subscription status reads in the app. */
export function statusFromStripe(status: Stripe.Subscription.Status): PaidPlanEvent['status'] {
  switch (status) {
    // Stripe retries a failed renewal for a while (past_due); access continues meanwhile.
    case 'active':
    case 'trialing':
    case 'past_due':
      return 'active';
    case 'canceled':
      return 'canceled';
    case 'incomplete_expired':
      return 'expired';
    default:
      // incomplete, unpaid, paused: nothing has been paid for the current period.
      return 'pending_payment';
  }
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The paid period: on the first item in current API versions, on the subscription in older ones. */
function periodOf(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0] as unknown as
    Record<string, number | undefined> | undefined;
  const legacy = subscription as unknown as Record<string, number | undefined>;
  return {
    start:
      toDate(item?.current_period_start ?? legacy.current_period_start) ??
      new Date(subscription.created * 1000),
    end:
      toDate(item?.current_period_end ?? legacy.current_period_end) ??
      new Date(subscription.created * 1000),
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function companyOf(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = subscription.metadata?.companyId;
  if (fromMetadata) return fromMetadata;
  const customerId = idOf(subscription.customer);
  const [row] = await db
    .select({ companyId: subscriptions.companyId })
    .from(subscriptions)
    .where(
      or(
        eq(subscriptions.providerSubscriptionId, subscription.id),
        ...(customerId ? [eq(subscriptions.providerCustomerId, customerId)] : []),
      ),
    )
    .limit(1);
  return row?.companyId ?? null;
}

export interface StripeEventContext {
  db: Db;
  stripe: Stripe;
  prices: PlanPrice[];
}

async function applySubscription(
  context: StripeEventContext,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  statusOverride?: PaidPlanEvent['status'],
) {
  const companyId = await companyOf(context.db, subscription);
  const priceId = subscription.items.data[0]?.price.id;
  const price = context.prices.find((candidate) => candidate.priceId === priceId);
  if (!companyId || !price) return 'ignored' as const;
  const period = periodOf(subscription);
  return applyPaidPlanEvent(context.db, {
    provider: 'stripe',
    eventId: event.id,
    eventType: event.type,
    occurredAt: new Date(event.created * 1000),
    companyId,
    userId: subscription.metadata?.userId ?? null,
    plan: price.plan,
    billing: price.billing,
    priceId: price.priceId,
    status: statusOverride ?? statusFromStripe(subscription.status),
    periodStart: period.start,
    periodEnd: period.end,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
  });
}

/**
 * Applies one verified Stripe event. Each event is applied once (its id is recorded) and an
 * event older than the last one applied to the company is ignored, so redelivery and
 * out-of-order delivery leave the right state.
 */
export async function applyStripeEvent(context: StripeEventContext, event: Stripe.Event) {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (!subscriptionId) return 'ignored';
      const subscription = await context.stripe.subscriptions.retrieve(subscriptionId);
      const result = await applySubscription(context, event, subscription);
      const checkoutId = session.metadata?.checkoutId;
      if (checkoutId) {
        await context.db
          .update(paymentCheckouts)
          .set({ status: 'complete' })
          .where(eq(paymentCheckouts.id, checkoutId));
      }
      return result;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return applySubscription(context, event, event.data.object);
    case 'customer.subscription.deleted':
      return applySubscription(context, event, event.data.object, 'canceled');
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const recorded = await context.db
        .insert(paymentEvents)
        .values({ provider: 'stripe', eventId: event.id, eventType: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return 'duplicate';
      const customerId = idOf(invoice.customer);
      const [row] = customerId
        ? await context.db
            .select({ companyId: subscriptions.companyId })
            .from(subscriptions)
            .where(eq(subscriptions.providerCustomerId, customerId))
            .limit(1)
        : [];
      await context.db.insert(auditLog).values({
        action: 'billing.payment_failed',
        companyId: row?.companyId ?? null,
        targetType: 'invoice',
        targetId: invoice.id ?? null,
        after: { amountDue: invoice.amount_due, attempt: invoice.attempt_count },
      });
      return 'applied';
    }
    default:
      return 'ignored';
  }
}
