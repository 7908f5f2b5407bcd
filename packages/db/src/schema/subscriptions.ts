import {
  BILLING_INTERVALS,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  type BillingInterval,
  type PlanName,
  type SubscriptionStatus,
} from '@complivue/shared/plans';
import { FEATURE_NAMES, type FeatureName } from '@complivue/shared/features';
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A subscription belongs to a company (docs/product.md § Subscription status); `user_id` is the
 * purchaser. "The company's subscription" is the newest row that is active or trialing, else the
 * newest row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    planId: text('plan_id'),
    planName: text('plan_name').$type<PlanName>().notNull(),
    planType: text('plan_type').$type<BillingInterval>(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    trialEnd: timestamptz('trial_end'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** `stripe` or `sandbox` once paid through a provider; null for trials and manual plans. */
    provider: text('provider'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Time of the newest provider event applied: older events arriving late are ignored. */
    providerEventAt: timestamptz('provider_event_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_provider_subscription_idx').on(table.providerSubscriptionId),
    index('subscriptions_company_created_idx').on(table.companyId, table.createdAt.desc()),
    index('subscriptions_user_id_idx').on(table.userId),
    index('subscriptions_trialing_end_idx').on(table.status, table.trialEnd),
    check('subscriptions_plan_name_check', inList(table.planName, PLAN_NAMES)),
    check('subscriptions_status_check', inList(table.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_plan_type_check', inList(table.planType, BILLING_INTERVALS)),
  ],
);

export const featureAccessMatrix = pgTable(
  'feature_access_matrix',
  {
    id: uuidPrimaryKey(),
    planName: text('plan_name').$type<PlanName>().notNull(),
    featureName: text('feature_name').$type<FeatureName>().notNull(),
    hasAccess: boolean('has_access').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('feature_access_matrix_plan_feature_key').on(table.planName, table.featureName),
    check('feature_access_matrix_plan_name_check', inList(table.planName, PLAN_NAMES)),
    check('feature_access_matrix_feature_name_check', inList(table.featureName, FEATURE_NAMES)),
  ],
);

export const CHECKOUT_STATUSES = ['open', 'complete', 'canceled'] as const;

/** A checkout the user started: the sandbox's own, or a Stripe Checkout Session. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    planName: text('plan_name').$type<PlanName>().notNull(),
    planType: text('plan_type').$type<BillingInterval>().notNull(),
    priceId: text('price_id').notNull(),
    status: text('status').$type<(typeof CHECKOUT_STATUSES)[number]>().notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payment_checkouts_company_idx').on(table.companyId, table.createdAt.desc()),
    index('payment_checkouts_provider_session_idx').on(table.providerSessionId),
    check('payment_checkouts_status_check', inList(table.status, CHECKOUT_STATUSES)),
  ],
);

/** Provider events already applied: a webhook delivered twice is applied once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuidPrimaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('payment_events_provider_event_key').on(table.provider, table.eventId)],
);
