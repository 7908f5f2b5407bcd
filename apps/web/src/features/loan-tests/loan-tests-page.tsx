import {
  LOAN_TEST_KINDS,
  LOAN_TEST_LABELS,
  type LoanTestKind,
} from '@complivue/shared/loan-tests/loan-test-kinds';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { formatDay } from '@/lib/format-day';
import { useAporTablesInUse } from './api.ts';
import { loanTestPath } from './links.ts';
import { SavedLoanTests } from '@/components/loan-tests/saved-loan-tests';

/** What each test answers, in the words a QC reviewer would use, with its provisions. */
const DESCRIPTIONS: Record<LoanTestKind, { what: string; cites: string }> = {
  trid_timing: {
    what: 'Loan Estimate and Closing Disclosure deadlines from the application date, counted with both definitions of business day and the federal holidays of any year.',
    cites: '12 CFR 1026.19(e), (f); 1026.2(a)(6)',
  },
  tolerance: {
    what: 'Loan Estimate against Closing Disclosure fees by tolerance category: the excess in each, the cure owed and the refund deadline.',
    cites: '12 CFR 1026.19(e)(3), (f)(2)(v)',
  },
  rate_spread: {
    what: 'The APR’s spread over the Average Prime Offer Rate, the higher-priced mortgage loan test and the HOEPA APR trigger. A CSV of loans runs as a batch.',
    cites: '12 CFR 1003.4(a)(12); 1026.35(a)(1); 1026.32(a)(1)(i)',
  },
  points_and_fees: {
    what: 'Points and fees entered item by item against the qualified-mortgage limit and the HOEPA trigger for the year of consummation.',
    cites: '12 CFR 1026.43(e)(3); 1026.32(a)(1)(ii), (b)(1)',
  },
};

function AporTablesInUse() {
  const tables = useAporTablesInUse();
  return (
    <QueryState query={tables} loading="Loading the APOR tables">
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-700">
            No APOR table is loaded yet, so rate spreads cannot be computed. The platform operator
            loads the FFIEC’s tables in the console.
          </p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800">
            {data.items.map((table) => (
              <li key={table.id}>
                {table.label}: weeks of {formatDay(table.firstWeek)} to {formatDay(table.lastWeek)}
                {table.sourceNote && <span className="text-slate-700"> · {table.sourceNote}</span>}
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

/** `/loan-tests`: the four explainable tests, the APOR tables in use, and the saved tests. */
export function LoanTestsPage() {
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Loan tests</h1>
        <p className="max-w-3xl text-slate-700">
          Test one loan during quality control or before an exam. Each test shows its calculation
          step by step with the provision it applies, so a reviewer can re-perform it, and can be
          saved to a regulatory change or a finding.
        </p>
      </header>
      <ul className="grid gap-4 md:grid-cols-2">
        {LOAN_TEST_KINDS.map((kind) => (
          <li key={kind}>
            <Card className="h-full p-4 sm:p-5">
              <h2 className="text-lg font-semibold">
                <Link
                  to={loanTestPath(kind)}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {LOAN_TEST_LABELS[kind]}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-800">{DESCRIPTIONS[kind].what}</p>
              <p className="mt-2 text-xs text-slate-700">{DESCRIPTIONS[kind].cites}</p>
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="apor-heading" className="space-y-2">
        <h2 id="apor-heading" className="text-lg font-semibold text-slate-900">
          APOR tables in use
        </h2>
        <AporTablesInUse />
      </section>
      <section aria-labelledby="saved-heading" className="space-y-2">
        <h2 id="saved-heading" className="text-lg font-semibold text-slate-900">
          Saved tests
        </h2>
        <SavedLoanTests
          caption="Loan tests saved to changes and findings"
          empty="No test has been saved yet. Run a test, then save it to a change or a finding."
        />
      </section>
    </div>
  );
}
