import { FlaskConical } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { PLAN_CATALOGUE } from '@complivue/shared/plans';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatUsd, paymentError, useCheckoutStatus, useFinishSandboxCheckout } from './api.ts';

/** The sandbox's stand-in for a hosted payment page; it says plainly that nothing is charged. */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useCheckoutStatus(sessionId);
  const finishCheckout = useFinishSandboxCheckout();
  // Busy until the next page opens: the answer only starts the navigation.
  const busy = finishCheckout.isPending || finishCheckout.isSuccess;
  const error = finishCheckout.isError ? paymentError(finishCheckout.error) : null;

  function finish(outcome: 'pay' | 'cancel') {
    finishCheckout.mutate(
      { sessionId, outcome },
      { onSuccess: ({ url }) => void navigate(url, { replace: true }) },
    );
  }

  if (checkout.isPending) return <Spinner label="Loading the test checkout" />;
  if (checkout.isError) return <Alert variant="destructive">{checkout.error.message}</Alert>;
  const { plan, billing, amount, status } = checkout.data;
  return (
    <Card className="mx-auto max-w-xl border-amber-300">
      <div className="flex items-center gap-3 rounded-md bg-amber-50 px-4 py-3 text-amber-950">
        <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
        <p className="text-sm font-medium">
          Test checkout — no charge. This is the payment sandbox: no card is asked for and no money
          moves.
        </p>
      </div>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Test payment</h1>
      <p className="mt-2 text-sm text-slate-700">
        {PLAN_CATALOGUE[plan].label} plan, billed {billing === 'annual' ? 'annually' : 'monthly'}:{' '}
        {formatUsd(amount)} (test).
      </p>
      {error && (
        <Alert variant="destructive" className="mt-4">
          {error}
        </Alert>
      )}
      {status !== 'open' ? (
        <Alert className="mt-4">
          This test checkout is {status === 'complete' ? 'already paid' : 'cancelled'}.
        </Alert>
      ) : (
        <div className="mt-6 flex gap-3">
          <Button disabled={busy} onClick={() => finish('pay')}>
            Pay {formatUsd(amount)} (test)
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => finish('cancel')}>
            Cancel
          </Button>
        </div>
      )}
    </Card>
  );
}
