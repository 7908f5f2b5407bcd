import type { Db } from '@complivue/db/database';
import { paymentEvents, subscriptions } from '@complivue/db/schema/subscriptions';
import type { BillingInterval, PaidPlanName } from '@complivue/shared/plans';
import { eq } from 'drizzle-orm';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';

export interface PaidPlanEvent {
  provider: 'stripe' | 'sandbox';
  /** The provider's event id: an event delivered twice is applied once. */
  eventId: string;
  eventType: string;
  /** When the provider created the event: an older event arriving after a newer one is ignored. */
  occurredAt: Date;
  companyId: string;
  userId: string | null;
  plan: PaidPlanName;
  billing: BillingInterval;
  priceId: string;
  status: 'active' | 'canceled' | 'expired' | 'pending_payment';
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  customerId?: string | null;
  subscriptionId?: string | null;
}

/**
 * Applies a payment event to the company's subscription, in one transaction: recorded once
 * (duplicates are ignored), skipped when an event newer than it was applied already, and
 * written in place on the company's current subscription row (or a new row when there is none).
 * The sandbox's Pay button and Stripe's webhooks both come here.
 */
export async function applyPaidPlanEvent(
  db: Db,
  event: PaidPlanEvent,
): Promise<'applied' | 'duplicate' | 'stale'> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.eventId, eventType: event.eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate';

    const current = await findCompanySubscription(tx as unknown as Db, event.companyId);
    if (current?.providerEventAt && current.providerEventAt > event.occurredAt) return 'stale';
    const values = {
      planName: event.plan,
      planType: event.billing,
      planId: event.priceId,
      status: event.status,
      currentPeriodStart: event.periodStart,
      currentPeriodEnd: event.periodEnd,
      trialEnd: null,
      provider: event.provider,
      providerCustomerId: event.customerId ?? current?.providerCustomerId ?? null,
      providerSubscriptionId: event.subscriptionId ?? current?.providerSubscriptionId ?? null,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd ?? false,
      providerEventAt: event.occurredAt,
    };
    if (current) {
      await tx
        .update(subscriptions)
        .set({ ...values, metadata: { ...current.metadata, last_event: event.eventType } })
        .where(eq(subscriptions.id, current.id));
    } else {
      await tx.insert(subscriptions).values({
        ...values,
        companyId: event.companyId,
        userId: event.userId,
        metadata: { last_event: event.eventType },
      });
    }
    return 'applied';
  });
}
