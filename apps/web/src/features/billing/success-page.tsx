import { PLAN_CATALOGUE } from '@complivue/shared/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { subscriptionQueryKey } from '@/lib/subscription';
import { getCheckoutStatus } from './api.ts';

const WAIT_FOR_CONFIRMATION_MS = 2000;

/**
 * `/success?session_id&plan`: says the plan is active only once the server confirms it (a
 * provider's confirmation may arrive a moment after the redirect, so it asks again meanwhile).
 */
export function SuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  const queryClient = useQueryClient();
  const checkout = useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: async () => {
      const status = await getCheckoutStatus(sessionId);
      if (status.status === 'complete')
        await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      return status;
    },
    enabled: sessionId !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'open' ? WAIT_FOR_CONFIRMATION_MS : false,
  });

  if (!sessionId)
    return <Alert variant="destructive">This page needs the checkout it confirms.</Alert>;
  if (checkout.isPending) return <Spinner label="Confirming your payment" />;
  if (checkout.isError) return <Alert variant="destructive">{checkout.error.message}</Alert>;
  const { status, plan, subscription } = checkout.data;
  const active =
    status === 'complete' && subscription?.status === 'active' && subscription.planName === plan;
  return (
    <Card className="mx-auto max-w-xl text-center">
      {active ? (
        <>
          <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-emerald-700" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            Your {PLAN_CATALOGUE[plan].label} plan is active
          </h1>
          <p className="mt-2 text-sm text-slate-700">
            {checkout.data.sandbox ? 'Paid in the test sandbox: nothing was charged. ' : ''}
            Your team has access to everything the plan includes.
          </p>
        </>
      ) : status === 'canceled' ? (
        <h1 className="text-2xl font-bold text-slate-900">The checkout was cancelled</h1>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">
            Waiting for the payment confirmation
          </h1>
          <Spinner label="Waiting for the payment confirmation" />
        </>
      )}
      <div className="mt-6 flex justify-center gap-4 text-sm">
        <Link to={paths.dashboard} className="font-medium text-brand-700 underline">
          Go to the dashboard
        </Link>
        <Link to={paths.subscription} className="font-medium text-brand-700 underline">
          View your subscription
        </Link>
      </div>
    </Card>
  );
}
