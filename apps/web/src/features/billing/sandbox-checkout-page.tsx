import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PLAN_CATALOGUE } from '@complivue/shared/plans';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  cancelSandboxCheckout,
  formatUsd,
  getCheckoutStatus,
  paySandboxCheckout,
  paymentError,
} from './api.ts';

/** The sandbox's stand-in for a hosted payment page; it says plainly that nothing is charged. */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useQuery({
    queryKey: ['checkout', sessionId],
    queryFn: () => getCheckoutStatus(sessionId),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function finish(action: typeof paySandboxCheckout) {
    setBusy(true);
    setError(null);
    try {
      navigate((await action(sessionId)).url, { replace: true });
    } catch (caught) {
      setError(paymentError(caught));
      setBusy(false);
    }
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
          <Button disabled={busy} onClick={() => finish(paySandboxCheckout)}>
            Pay {formatUsd(amount)} (test)
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => finish(cancelSandboxCheckout)}>
            Cancel
          </Button>
        </div>
      )}
    </Card>
  );
}
