import { z } from 'zod';
import { BILLING_INTERVALS, PAID_PLAN_NAMES } from '../plans.ts';
import { subscriptionSchema } from './subscriptions.ts';

export const PAYMENT_MESSAGES = {
  invalid_plan: (plan: string) => `Invalid plan: ${plan}`,
  unknown_price: 'That price is not one of our plans.',
  not_configured: 'Payments are not configured on this server. Contact your administrator.',
  not_found: 'That checkout was not found.',
  unknown_error: 'Unknown error',
  http_error: (status: number) => `HTTP error! status: ${status}`,
} as const;

export const planPriceSchema = z.object({
  plan: z.enum(PAID_PLAN_NAMES),
  label: z.string(),
  billing: z.enum(BILLING_INTERVALS),
  amount: z.number(),
  priceId: z.string(),
});

export const plansResponseSchema = z.object({
  mode: z.enum(['stripe', 'sandbox', 'not_configured']),
  prices: z.array(planPriceSchema),
});

/**
 * docs/product.md § Payments: the body the checkout sends; the user and email are taken from the
 * session.
 */
export const createCheckoutSessionRequestSchema = z.object({
  priceId: z.string().min(1).max(200),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
  customerEmail: z.string().max(320).optional(),
  userId: z.string().max(100).optional(),
  metadata: z
    .object({
      planName: z.string().optional(),
      isAnnual: z.boolean().optional(),
      price_id: z.string().optional(),
    })
    .optional(),
});

export const checkoutSessionResponseSchema = z.object({ sessionId: z.string(), url: z.string() });

export const checkoutStatusResponseSchema = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'complete', 'canceled']),
  plan: z.enum(PAID_PLAN_NAMES),
  billing: z.enum(BILLING_INTERVALS),
  amount: z.number(),
  sandbox: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});

export const redirectResponseSchema = z.object({ url: z.string() });

/** The client's reading of a failed payment call (docs/product.md § Error messages). */
export function paymentErrorMessage(status: number, body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error) return error;
  if (
    error &&
    typeof error === 'object' &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  if (body && typeof body === 'object') return PAYMENT_MESSAGES.unknown_error;
  return PAYMENT_MESSAGES.http_error(status);
}
