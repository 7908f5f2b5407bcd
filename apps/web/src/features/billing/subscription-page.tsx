import { decideAccess, SUBSCRIBED } from '@complivue/shared/access';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  BILLING_INTERVALS,
  PAID_PLAN_NAMES,
  PLAN_CATALOGUE,
  type BillingInterval,
} from '@complivue/shared/plans';
import type { Subscription } from '@complivue/shared/schemas/subscriptions';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSubscription } from '@/lib/subscription';
import { formatUsd, paymentError, useCancelAtPeriodEnd, useChangePlan, usePlans } from './api.ts';

const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'Active',
  trialing: 'Free trial',
  pending_payment: 'Waiting for payment',
  expired: 'Expired',
  inactive: 'Inactive',
  canceled: 'Cancelled',
};

const date = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : '—';

function planLabel(subscription: Subscription): string {
  return subscription.planName === 'trial'
    ? 'Free trial'
    : PLAN_CATALOGUE[subscription.planName].label;
}

function Summary({ subscription }: { subscription: Subscription }) {
  const rows: [string, string][] = [
    ['Plan', planLabel(subscription)],
    ['Status', subscription.isExpired ? 'Expired' : STATUS_LABELS[subscription.status]],
  ];
  if (subscription.status === 'trialing') {
    rows.push([
      'Trial ends',
      `${date(subscription.trialEnd)} (${subscription.daysLeft ?? 0} days left)`,
    ]);
  } else if (subscription.currentPeriodEnd) {
    rows.push(['Billing', subscription.planType === 'annual' ? 'Annual' : 'Monthly']);
    rows.push([
      'Current period',
      `${date(subscription.currentPeriodStart)} – ${date(subscription.currentPeriodEnd)}`,
    ]);
  }
  if (subscription.provider === 'sandbox') rows.push(['Payment', 'Test sandbox (nothing charged)']);
  return (
    <dl className="divide-y divide-slate-200 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-4 py-3">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="col-span-2 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChoosePlan({ current }: { current: Subscription | null }) {
  const [billing, setBilling] = useState<BillingInterval>(current?.planType ?? 'monthly');
  return (
    <div>
      <div className="flex gap-4 text-sm" role="radiogroup" aria-label="Billing">
        {BILLING_INTERVALS.map((interval) => (
          <label key={interval} className="flex items-center gap-2">
            <input
              type="radio"
              name="plan-billing"
              className="accent-brand-700"
              checked={billing === interval}
              onChange={() => setBilling(interval)}
            />
            {interval === 'monthly' ? 'Monthly' : 'Annual'}
          </label>
        ))}
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {PAID_PLAN_NAMES.map((plan) => (
          <li key={plan} className="rounded-md border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">{PLAN_CATALOGUE[plan].label}</h3>
            <p className="mt-1 text-sm text-slate-700">
              {formatUsd(PLAN_CATALOGUE[plan].price[billing])} /{' '}
              {billing === 'annual' ? 'year' : 'month'}
            </p>
            <Button asChild size="sm" className="mt-3">
              <Link to={`${paths.checkout}?plan=${plan}&billing=${billing}`}>
                Choose {PLAN_CATALOGUE[plan].label}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ManagePaidPlan({ subscription }: { subscription: Subscription }) {
  const plans = usePlans();
  const [priceId, setPriceId] = useState('');
  const changePlan = useChangePlan();
  const cancel = useCancelAtPeriodEnd();
  const busy = changePlan.isPending || cancel.isPending;
  // One message for the two actions: the last one's (starting one clears the other's).
  const failure = changePlan.error ?? cancel.error;

  function change() {
    cancel.reset();
    changePlan.mutate(
      { subscriptionId: subscription.id, newPriceId: priceId },
      { onSuccess: () => toast.success('Your plan has been changed.') },
    );
  }

  function cancelAtPeriodEnd() {
    changePlan.reset();
    cancel.mutate(subscription.id, {
      onSuccess: () => toast.success('Your subscription will end with the current period.'),
    });
  }

  const options = plans.data?.prices.filter(
    (price) => !(price.plan === subscription.planName && price.billing === subscription.planType),
  );
  return (
    <div className="space-y-4">
      {failure && <Alert variant="destructive">{paymentError(failure)}</Alert>}
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1.5 block font-medium text-slate-800">Change plan</span>
          <select
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={priceId}
            onChange={(event) => setPriceId(event.target.value)}
          >
            <option value="">Choose…</option>
            {options?.map((price) => (
              <option key={price.priceId} value={price.priceId}>
                {price.label}, {price.billing} ({formatUsd(price.amount)})
              </option>
            ))}
          </select>
        </label>
        <Button disabled={busy || !priceId} onClick={change}>
          Change plan
        </Button>
      </div>
      {subscription.cancelAtPeriodEnd ? (
        <Alert>
          Your subscription ends on {date(subscription.currentPeriodEnd)} and will not renew.
        </Alert>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" disabled={busy}>
              Cancel at the end of the period
            </Button>
          }
          title="End your subscription?"
          description={`Your plan stays active until ${date(subscription.currentPeriodEnd)} and will not renew after that. Your records stay; you can subscribe again at any time.`}
          confirmLabel="End my subscription"
          cancelLabel="Keep my plan"
          onConfirm={cancelAtPeriodEnd}
        />
      )}
    </div>
  );
}

/**
 * `/subscription` (also `/settings/subscription`): the plan, its state, and what can be done.
 * `leaving`: what an administrator can still do with the institution's records while the plan
 * does not open the product (composed by the app: it belongs to Settings).
 */
export function SubscriptionPage({ leaving }: { leaving?: ReactNode }) {
  const { data: session } = useSession();
  const subscription = useSubscription();
  if (subscription.isPending) return <Spinner label="Loading your subscription" />;
  if (subscription.isError)
    return <Alert variant="destructive">{subscription.error.message}</Alert>;
  const current = subscription.data;
  const isAdmin = session?.profile.role === 'admin' || session?.profile.role === 'super_admin';
  const paidAndActive =
    current?.status === 'active' && current.provider !== null && !current.isExpired;
  // Whether the plan itself opens the product, as the shared access table decides it (asked for
  // an administrator, so that the operator's bypass does not hide the institution's data).
  const opensTheProduct = decideAccess(SUBSCRIBED, {
    role: 'admin',
    subscription: current,
  }).allowed;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Subscription</h1>
      <Card>
        <h2 className="mb-2 text-lg font-semibold text-slate-900">Your plan</h2>
        {current ? (
          <Summary subscription={current} />
        ) : (
          <p className="text-sm text-slate-700">Your institution has no subscription yet.</p>
        )}
      </Card>
      {isAdmin ? (
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">
            {paidAndActive ? 'Manage your plan' : 'Choose a plan'}
          </h2>
          {paidAndActive ? (
            <ManagePaidPlan subscription={current} />
          ) : (
            <ChoosePlan current={current} />
          )}
        </Card>
      ) : (
        <Alert>Your institution's administrator manages its plan.</Alert>
      )}
      {isAdmin && !opensTheProduct && leaving && (
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Your institution’s data</h2>
          {leaving}
        </Card>
      )}
    </div>
  );
}
