/**
 * Plans and their guard order (docs/product.md § Access: trial 1 < basic 2 < professional 3 <
 * enterprise 4). The catalogue of paid plans and their prices (docs/product.md § Plans and prices)
 * lives here once: every page, the checkout and the assistant read it. Price ids are server
 * configuration, never shipped here.
 */
export const PLAN_NAMES = ['trial', 'basic', 'professional', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const PLAN_RANK: Record<PlanName, number> = {
  trial: 1,
  basic: 2,
  professional: 3,
  enterprise: 4,
};

export const PAID_PLAN_NAMES = ['basic', 'professional', 'enterprise'] as const;
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number];

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export interface PlanCatalogueEntry {
  name: PaidPlanName;
  label: string;
  /** US dollars. */
  price: Record<BillingInterval, number>;
}

export const PLAN_CATALOGUE: Record<PaidPlanName, PlanCatalogueEntry> = {
  basic: { name: 'basic', label: 'Basic', price: { monthly: 99, annual: 948 } },
  professional: {
    name: 'professional',
    label: 'Professional',
    price: { monthly: 299, annual: 2868 },
  },
  enterprise: { name: 'enterprise', label: 'Enterprise', price: { monthly: 499, annual: 4788 } },
};

/** A plan as people read it: "Basic", "Professional", "Enterprise", "Trial". */
export const planLabel = (plan: PlanName): string =>
  plan === 'trial' ? 'Trial' : PLAN_CATALOGUE[plan].label;

export const SUBSCRIPTION_STATUSES = [
  'pending_payment',
  'active',
  'trialing',
  'expired',
  'inactive',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** docs/product.md § Constants. */
export const TRIAL_DAYS = 14;
export const PAID_SIGNUP_PERIOD_DAYS = 30;
export const ENTERPRISE_ADMIN_SUBSCRIPTION_DAYS = 365;

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

/** Members a company may have on each plan; null: no limit. */
export const PLAN_SEAT_LIMITS: Record<PlanName, number | null> = {
  trial: 5,
  basic: 5,
  professional: 25,
  enterprise: null,
};

/** What the annual price saves against twelve monthly payments, in whole percent. */
export function annualSavingsPercent(plan: PlanCatalogueEntry): number {
  const twelveMonths = plan.price.monthly * 12;
  return Math.round(((twelveMonths - plan.price.annual) / twelveMonths) * 100);
}
