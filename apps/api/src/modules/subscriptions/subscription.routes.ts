import { maybeSubscriptionResponseSchema } from '@complivue/shared/schemas/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from '../auth/access.ts';
import {
  deriveSubscriptionState,
  findCompanySubscription,
  type SubscriptionRow,
} from './company-subscription.ts';

export function toSubscriptionResponse(row: SubscriptionRow) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    planName: row.planName,
    planType: row.planType ?? null,
    status: row.status,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    trialEnd: iso(row.trialEnd),
    createdAt: row.createdAt.toISOString(),
    provider: row.provider ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    ...deriveSubscriptionState(row),
  };
}

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscription',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['subscriptions'],
        summary:
          "Your company's subscription with days left and whether it is over; null when it has none",
        response: { 200: maybeSubscriptionResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await findCompanySubscription(app.database.db, auth.profile.companyId);
      return row ? toSubscriptionResponse(row) : null;
    },
  );
};
