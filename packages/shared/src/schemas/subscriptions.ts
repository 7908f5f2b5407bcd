import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_NAMES, SUBSCRIPTION_STATUSES } from '../plans.ts';

export const subscriptionSchema = z.object({
  id: z.string(),
  planName: z.enum(PLAN_NAMES),
  planType: z.enum(BILLING_INTERVALS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  createdAt: z.string(),
  /** `stripe` or `sandbox` when paid through a provider; null for trials and manual plans. */
  provider: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Days left in the trial, or in the paid period; null when there is no end. */
  daysLeft: z.number().int().nullable(),
  /** True for an expired subscription and for a trial past its end (even before the job ran). */
  isExpired: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/subscription`: the company's subscription, or null when it has none. */
export const maybeSubscriptionResponseSchema = subscriptionSchema.nullable();
