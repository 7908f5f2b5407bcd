import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { userFacingMessage } from '@/lib/api-client';
import { rateSpreadBatch } from './api.ts';

/**
 * The batch: a CSV of loans in the CFPB rate spread calculator's layout in, the same rows with
 * their rate spread, APOR, APOR week and HPML flag out. A bad row says why in its own error
 * column and never stops the others.
 */
export function RateSpreadBatch() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ href: string; rows: number; errors: number } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!file) {
      setFailure('Choose a CSV file of loans.');
      return;
    }
    setPending(true);
    try {
      const batch = await rateSpreadBatch(file);
      if (done) URL.revokeObjectURL(done.href);
      setDone({ href: URL.createObjectURL(batch.csv), rows: batch.rows, errors: batch.errors });
    } catch (caught) {
      setFailure(userFacingMessage(caught, 'The batch could not be run.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="space-y-3 p-4 sm:p-6 print:hidden">
      <h2 className="text-lg font-semibold text-slate-900">Batch: a CSV of loans</h2>
      <p className="text-sm text-slate-700">
        One loan per line, as the CFPB’s rate spread calculator reads them:{' '}
        {/* One unbroken line of column names: on a phone it breaks rather than widen the page. */}
        <code className="text-xs break-all">
          action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage
        </code>{' '}
        (for example <code className="text-xs break-all">1,30,FixedRate,7.125,2026-11-02,2</code>),
        with a header line or without. Add <code className="text-xs">lien_status</code> (1 first, 2
        subordinate) and <code className="text-xs">jumbo</code> (Y or N) for the HPML flag. Up to
        10,000 loans.
      </p>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Rate spread batch">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <div className="max-w-md">
          <Label htmlFor={`${id}-csv`}>CSV of loans</Label>
          <Input
            id={`${id}-csv`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Computing…' : 'Compute the rate spreads'}
        </Button>
      </form>
      {done && (
        <p role="status" className="text-sm text-slate-900">
          {done.rows} {done.rows === 1 ? 'loan' : 'loans'} computed
          {done.errors > 0 ? `, ${done.errors} with an error (see the error column)` : ''}.{' '}
          <a href={done.href} download="rate-spreads.csv" className="text-brand-700 underline">
            Download rate-spreads.csv
          </a>
        </p>
      )}
    </Card>
  );
}
