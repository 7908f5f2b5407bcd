import {
  LOAN_TEST_KINDS,
  LOAN_TEST_LABELS,
  LOAN_TEST_SLUGS,
  type LoanTestKind,
} from '@complivue/shared/loan-tests/loan-test-kinds';
import type { LoanTestRequest, LoanTestRun } from '@complivue/shared/schemas/loan-tests';
import { Printer } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { OutcomeToken } from '@/components/loan-tests/outcome-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useRunLoanTest } from './api.ts';
import { ExplainedResult } from './loan-test-result.tsx';
import { PointsAndFeesForm } from './points-and-fees-form.tsx';
import { RateSpreadBatch } from './rate-spread-batch.tsx';
import { RateSpreadForm } from './rate-spread-form.tsx';
import { SaveLoanTest } from './save-loan-test.tsx';
import { ToleranceForm } from './tolerance-form.tsx';
import { TridTimingForm } from './trid-timing-form.tsx';

/** What a test's form hands back: a request the API will run (checked with the same schema). */
export type RunTest = (request: LoanTestRequest) => Promise<void>;

const FORMS: Record<LoanTestKind, ComponentType<{ onRun: RunTest }>> = {
  trid_timing: TridTimingForm,
  tolerance: ToleranceForm,
  rate_spread: RateSpreadForm,
  points_and_fees: PointsAndFeesForm,
};

const kindOfSlug = (slug: string | undefined) =>
  LOAN_TEST_KINDS.find((kind) => LOAN_TEST_SLUGS[kind] === slug) ?? null;

function RunResult({ run }: { run: LoanTestRun }) {
  return (
    <section aria-labelledby="result-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="result-heading" className="text-xl font-semibold text-slate-900">
            Result
          </h2>
          <OutcomeToken outcome={run.outcome} />
        </div>
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" />
          Print or save as PDF
        </Button>
      </div>
      {/* One part already says its headline in its card; several need the overall one. */}
      <p className={run.results.length > 1 ? 'text-slate-900' : 'sr-only'} role="status">
        {run.headline}
      </p>
      {run.aporTable && (
        <p className="text-sm text-slate-700">APOR read from the {run.aporTable.label}.</p>
      )}
      {run.results.map((result) => (
        <ExplainedResult key={result.title} result={result} headingLevel={3} />
      ))}
    </section>
  );
}

/** `/loan-tests/:test`: one test's form, its worked result, and saving it to the QC record. */
export function LoanTestPage() {
  const { test } = useParams();
  const kind = kindOfSlug(test);
  const run = useRunLoanTest();
  const [last, setLast] = useState<{ request: LoanTestRequest; run: LoanTestRun } | null>(null);

  if (!kind) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.loanTests}>Loan tests</BackLink>
        <Alert variant="destructive">This loan test does not exist.</Alert>
      </div>
    );
  }
  const Form = FORMS[kind];
  const onRun: RunTest = async (request) => {
    setLast({ request, run: await run.mutateAsync(request) });
  };
  return (
    <div className="space-y-6">
      <div className="print:hidden">
        <BackLink to={paths.loanTests}>Loan tests</BackLink>
      </div>
      <h1 className="text-2xl font-bold text-slate-900">{LOAN_TEST_LABELS[kind]}</h1>
      <div className="print:hidden">
        <Form key={kind} onRun={onRun} />
      </div>
      {last && last.request.kind === kind && (
        <>
          <RunResult run={last.run} />
          <SaveLoanTest request={last.request} />
        </>
      )}
      {kind === 'rate_spread' && <RateSpreadBatch />}
    </div>
  );
}
