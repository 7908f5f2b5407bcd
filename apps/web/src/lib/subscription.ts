import { maybeSubscriptionResponseSchema } from '@complivue/shared/schemas/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const subscriptionQueryKey = ['subscription'] as const;

export const getSubscription = () =>
  apiRequest('/api/subscription', { schema: maybeSubscriptionResponseSchema });

/** The company's subscription; checked again every 60 minutes (docs/product.md § Trial). */
export function useSubscription(enabled = true) {
  return useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: getSubscription,
    enabled,
    staleTime: 60_000,
    refetchInterval: 60 * 60 * 1000,
  });
}
