import {
  checkoutSessionResponseSchema,
  checkoutStatusResponseSchema,
  plansResponseSchema,
  redirectResponseSchema,
} from '@complivue/shared/schemas/payments';
import { subscriptionSchema } from '@complivue/shared/schemas/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { ApiClientError, apiRequest } from '@/lib/api-client';

export const plansQueryKey = ['plans'] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => apiRequest('/api/plans', { schema: plansResponseSchema }),
    staleTime: Infinity,
  });
}

export const startCheckout = (body: {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, unknown>;
}) =>
  apiRequest('/api/stripe/create-checkout-session', {
    method: 'POST',
    body,
    schema: checkoutSessionResponseSchema,
  });

export const getCheckoutStatus = (sessionId: string) =>
  apiRequest(`/api/stripe/subscription-status/${encodeURIComponent(sessionId)}`, {
    schema: checkoutStatusResponseSchema,
  });

export const paySandboxCheckout = (sessionId: string) =>
  apiRequest(`/api/payments/sandbox/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    schema: redirectResponseSchema,
  });

export const cancelSandboxCheckout = (sessionId: string) =>
  apiRequest(`/api/payments/sandbox/${encodeURIComponent(sessionId)}/cancel`, {
    method: 'POST',
    schema: redirectResponseSchema,
  });

export const changePlan = (subscriptionId: string, newPriceId: string) =>
  apiRequest('/api/stripe/update-subscription', {
    method: 'POST',
    body: { subscriptionId, newPriceId },
    schema: subscriptionSchema,
  });

export const cancelAtPeriodEnd = (subscriptionId: string) =>
  apiRequest('/api/stripe/cancel-subscription', {
    method: 'POST',
    body: { subscriptionId },
    schema: subscriptionSchema,
  });

/** docs/product.md § Payments: the error field of the answer, else 'Unknown error'. */
export function paymentError(caught: unknown): string {
  return caught instanceof ApiClientError ? caught.message : 'Unknown error';
}

export const formatUsd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
