import {
  BILLING_INTERVALS,
  PAID_PLAN_NAMES,
  PLAN_CATALOGUE,
  type BillingInterval,
  type PaidPlanName,
} from '@complivue/shared/plans';
import { PAYMENT_MESSAGES } from '@complivue/shared/schemas/payments';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { formatUsd, paymentError, usePlans, useStartCheckout } from './api.ts';

function isPaidPlan(value: string): value is PaidPlanName {
  return (PAID_PLAN_NAMES as readonly string[]).includes(value);
}

/** `/checkout?plan&billing`: the order summary and the start of payment. */
export function CheckoutPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: session } = useSession();
  const plans = usePlans();
  const startCheckout = useStartCheckout();
  // Busy until the payment page opens: the answer only starts the navigation.
  const busy = startCheckout.isPending || startCheckout.isSuccess;
  const error = startCheckout.isError ? paymentError(startCheckout.error) : null;
  const plan = searchParams.get('plan') ?? '';
  const billingParam = searchParams.get('billing');
  const billing: BillingInterval = billingParam === 'annual' ? 'annual' : 'monthly';

  if (!isPaidPlan(plan)) {
    return (
      <Card className="mx-auto max-w-xl">
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
        <Alert variant="destructive" className="mt-4">
          {PAYMENT_MESSAGES.invalid_plan(plan)}
        </Alert>
        <p className="mt-4 text-sm">
          <Link to={paths.subscription} className="font-medium text-brand-700 underline">
            Choose a plan
          </Link>
        </p>
      </Card>
    );
  }
  if (plans.isPending) return <Spinner label="Loading plans" />;
  if (plans.isError) return <Alert variant="destructive">{plans.error.message}</Alert>;

  const entry = PLAN_CATALOGUE[plan];
  const price = plans.data.prices.find(
    (candidate) => candidate.plan === plan && candidate.billing === billing,
  )!;
  const isAdmin = session?.profile.role === 'admin' || session?.profile.role === 'super_admin';

  function pay() {
    startCheckout.mutate(
      {
        priceId: price.priceId,
        successUrl: `${paths.success}?plan=${plan}`,
        cancelUrl: `${paths.checkout}?plan=${plan}&billing=${billing}`,
        metadata: { planName: plan, isAnnual: billing === 'annual', price_id: price.priceId },
      },
      {
        onSuccess: ({ url }) => {
          if (/^https?:\/\//.test(url)) window.location.assign(url);
          else void navigate(url);
        },
      },
    );
  }

  return (
    <Card className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
      {plans.data.mode === 'sandbox' && (
        <Alert className="mt-4">
          Test mode: this server uses a payment sandbox. No card is asked for and nothing is
          charged.
        </Alert>
      )}
      {plans.data.mode === 'not_configured' && (
        <Alert variant="destructive" className="mt-4">
          {PAYMENT_MESSAGES.not_configured}
        </Alert>
      )}
      {error && (
        <Alert variant="destructive" className="mt-4">
          {error}
        </Alert>
      )}
      <fieldset className="mt-6">
        <legend className="text-sm font-medium text-slate-800">Billing</legend>
        <div className="mt-2 flex gap-4 text-sm">
          {BILLING_INTERVALS.map((interval) => (
            <label key={interval} className="flex items-center gap-2">
              <input
                type="radio"
                name="billing"
                className="accent-brand-700"
                checked={billing === interval}
                onChange={() => setSearchParams({ plan, billing: interval }, { replace: true })}
              />
              {interval === 'monthly' ? 'Monthly' : 'Annual'}
            </label>
          ))}
        </div>
      </fieldset>
      <dl className="mt-6 divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
        <div className="flex justify-between px-4 py-3">
          <dt className="text-slate-700">Plan</dt>
          <dd className="font-medium text-slate-900">{entry.label}</dd>
        </div>
        <div className="flex justify-between px-4 py-3">
          <dt className="text-slate-700">Billed</dt>
          <dd className="font-medium text-slate-900">
            {billing === 'annual' ? 'Every year' : 'Every month'}
          </dd>
        </div>
        <div className="flex justify-between px-4 py-3">
          <dt className="text-slate-700">Total due today</dt>
          <dd className="text-lg font-bold text-slate-900">{formatUsd(price.amount)}</dd>
        </div>
      </dl>
      {billing === 'annual' && (
        <p className="mt-2 text-xs text-slate-600">
          {formatUsd(price.amount / 12)} a month, against {formatUsd(entry.price.monthly)} billed
          monthly.
        </p>
      )}
      {!isAdmin && (
        <Alert className="mt-4">Only your institution's administrator can change its plan.</Alert>
      )}
      <Button
        className="mt-6 w-full"
        disabled={busy || !isAdmin || plans.data.mode === 'not_configured'}
        onClick={pay}
      >
        {busy ? 'Starting checkout...' : 'Continue to payment'}
      </Button>
    </Card>
  );
}
