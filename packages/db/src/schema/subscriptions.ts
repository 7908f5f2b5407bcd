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
 * A subscription belongs to a company (DESIGN.md deviations); `user_id` is the purchaser.
 * "The company's subscription" is the newest row that is active or trialing, else the newest row.
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
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
