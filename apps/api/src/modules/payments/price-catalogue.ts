import {
  BILLING_INTERVALS,
  PAID_PLAN_NAMES,
  PLAN_CATALOGUE,
  type BillingInterval,
  type PaidPlanName,
} from '@complivue/shared/plans';

export interface PlanPrice {
  plan: PaidPlanName;
  label: string;
  billing: BillingInterval;
  amount: number;
  priceId: string;
}

/**
 * The paid plans with the provider's price ids, from the one catalogue in packages/shared. The
 * sandbox names its own ids; a Stripe deployment configures its ids on the server.
 */
export function priceList(
  priceIdOf: (plan: PaidPlanName, billing: BillingInterval) => string,
): PlanPrice[] {
  return PAID_PLAN_NAMES.flatMap((plan) =>
    BILLING_INTERVALS.map((billing) => ({
      plan,
      label: PLAN_CATALOGUE[plan].label,
      billing,
      amount: PLAN_CATALOGUE[plan].price[billing],
      priceId: priceIdOf(plan, billing),
    })),
  );
}

export const sandboxPriceId = (plan: PaidPlanName, billing: BillingInterval) =>
  `sandbox_${plan}_${billing}`;
