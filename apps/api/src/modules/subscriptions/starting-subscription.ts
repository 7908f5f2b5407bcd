import type { subscriptions } from '@complivue/db/schema/subscriptions';
import type { PlanName } from '@complivue/shared/plans';
import { PAID_SIGNUP_PERIOD_DAYS, TRIAL_DAYS } from '@complivue/shared/plans';
import type { signUpRequestSchema } from '@complivue/shared/schemas/auth';
import type { z } from 'zod';

type SignUpRequest = z.output<typeof signUpRequestSchema>;

const DAY_MS = 86_400_000;
const PAID_PLANS: readonly PlanName[] = ['professional', 'enterprise'];

/** A subscription row without its company and user, which the caller adds. */
export type StartingSubscription = Omit<typeof subscriptions.$inferInsert, 'companyId' | 'userId'>;

/**
 * The subscription a new institution starts with (at sign-up, or when a member without one
 * creates theirs). Trial and basic start a 14-day trial with no card
 * (the intended plan is kept); professional and enterprise wait for payment.
 */
export function startingSubscription(
  input: Pick<SignUpRequest, 'planType' | 'billing' | 'questionnaireData'>,
  now = new Date(),
): StartingSubscription {
  const billing = input.billing ?? 'monthly';
  const questionnaireData = input.questionnaireData ?? null;
  if (input.planType && PAID_PLANS.includes(input.planType)) {
    return {
      planName: input.planType,
      planType: billing,
      status: 'pending_payment',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + PAID_SIGNUP_PERIOD_DAYS * DAY_MS),
      metadata: { signup_flow: true, questionnaire_data: questionnaireData },
    };
  }
  return {
    planName: 'trial',
    planType: billing,
    status: 'trialing',
    trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    metadata: {
      signup_flow: true,
      intended_plan: input.planType ?? 'trial',
      questionnaire_data: questionnaireData,
    },
  };
}
