import { LOAN_TEST_LABELS } from '@complivue/shared/loan-tests/loan-test-kinds';
import type { SavedLoanTest } from '@complivue/shared/schemas/loan-tests';
import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { useSavedLoanTest } from './api.ts';
import { LoanTestInputs } from './loan-test-inputs.tsx';
import { ExplainedResult } from './loan-test-result.tsx';
import { OutcomeToken } from '@/components/loan-tests/outcome-token';

function SavedBody({ test }: { test: SavedLoanTest }) {
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">
          {LOAN_TEST_LABELS[test.kind]}: loan {test.loanReference}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <OutcomeToken outcome={test.outcome} />
          <span>
            Saved by {test.createdByName} on{' '}
            <time dateTime={test.createdAt}>{formatDateTime(test.createdAt)}</time> to{' '}
            <Link to={test.record.href} className="text-brand-700 underline underline-offset-2">
              {test.record.label}
            </Link>
          </span>
        </div>
        <p className="text-slate-900">{test.headline}</p>
        {test.aporTable && (
          <p className="text-sm text-slate-700">APOR read from the {test.aporTable.label}.</p>
        )}
        {test.note && <p className="text-sm text-slate-800">Note: {test.note}</p>}
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" />
          Print or save as PDF
        </Button>
      </header>
      <LoanTestInputs input={test.input} />
      {test.results.map((result) => (
        <ExplainedResult key={result.title} result={result} />
      ))}
    </article>
  );
}

/** `/loan-tests/results/:resultId`: a saved test as the loan file keeps it, ready to print. */
export function SavedLoanTestPage() {
  const { resultId = '' } = useParams();
  const test = useSavedLoanTest(resultId);
  return (
    <div className="space-y-4">
      <div className="print:hidden">
        <BackLink to={paths.loanTests}>Loan tests</BackLink>
      </div>
      <QueryState query={test} loading="Loading the saved test">
        {(data) => <SavedBody test={data} />}
      </QueryState>
    </div>
  );
}
