import {
  checkoutSessionResponseSchema,
  checkoutStatusResponseSchema,
  plansResponseSchema,
  redirectResponseSchema,
} from '@complivue/shared/schemas/payments';
import { subscriptionSchema, type Subscription } from '@complivue/shared/schemas/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiClientError, apiRequest } from '@/lib/api-client';
import { subscriptionQueryKey } from '@/lib/subscription';

export const plansQueryKey = ['plans'] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => apiRequest('/api/plans', { schema: plansResponseSchema }),
    staleTime: Infinity,
  });
}

/** Starts a checkout; the answer is the payment page to go to (Stripe's, or the sandbox's). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (body: {
      priceId: string;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, unknown>;
    }) =>
      apiRequest('/api/stripe/create-checkout-session', {
        method: 'POST',
        body,
        schema: checkoutSessionResponseSchema,
      }),
  });
}

export const getCheckoutStatus = (sessionId: string) =>
  apiRequest(`/api/stripe/subscription-status/${encodeURIComponent(sessionId)}`, {
    schema: checkoutStatusResponseSchema,
  });

export function useCheckoutStatus(sessionId: string) {
  return useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: () => getCheckoutStatus(sessionId),
  });
}

/** Pays or cancels a sandbox checkout; the answer is where the browser goes next. */
export function useFinishSandboxCheckout() {
  return useMutation({
    mutationFn: ({ sessionId, outcome }: { sessionId: string; outcome: 'pay' | 'cancel' }) =>
      apiRequest(`/api/payments/sandbox/${encodeURIComponent(sessionId)}/${outcome}`, {
        method: 'POST',
        schema: redirectResponseSchema,
      }),
  });
}

/** A change of the paid plan; the cached subscription becomes the one the server answered with. */
function useSubscriptionChange<Variables>(send: (variables: Variables) => Promise<Subscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQueryKey, subscription),
  });
}

export const useChangePlan = () =>
  useSubscriptionChange(
    ({ subscriptionId, newPriceId }: { subscriptionId: string; newPriceId: string }) =>
      apiRequest('/api/stripe/update-subscription', {
        method: 'POST',
        body: { subscriptionId, newPriceId },
        schema: subscriptionSchema,
      }),
  );

export const useCancelAtPeriodEnd = () =>
  useSubscriptionChange((subscriptionId: string) =>
    apiRequest('/api/stripe/cancel-subscription', {
      method: 'POST',
      body: { subscriptionId },
      schema: subscriptionSchema,
    }),
  );

/** docs/product.md § Payments: the error field of the answer, else 'Unknown error'. */
export function paymentError(caught: unknown): string {
  return caught instanceof ApiClientError ? caught.message : 'Unknown error';
}

export const formatUsd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
