import { LOAN_TEST_LABELS } from '@complivue/shared/loan-tests/loan-test-kinds';
import type { SavedLoanTestSummary } from '@complivue/shared/schemas/loan-tests';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/format-day';
import { savedResultPath, useSavedLoanTests } from './api.ts';
import { OutcomeToken } from './outcome-token.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';

const columns = (withRecord: boolean): Column<SavedLoanTestSummary>[] => [
  {
    header: 'Loan',
    cell: (test) => (
      <Link to={savedResultPath(test.id)} className={LINK}>
        {test.loanReference}
      </Link>
    ),
  },
  { header: 'Test', cell: (test) => LOAN_TEST_LABELS[test.kind] },
  {
    header: 'Outcome',
    cell: (test) => (
      <span className="flex flex-col items-start gap-1">
        <OutcomeToken outcome={test.outcome} />
        <span className="text-xs text-slate-700">{test.headline}</span>
      </span>
    ),
  },
  ...(withRecord
    ? [
        {
          header: 'Saved to',
          cell: (test: SavedLoanTestSummary) => (
            <Link to={test.record.href} className={LINK}>
              {test.record.label}
            </Link>
          ),
        },
      ]
    : []),
  {
    header: 'Saved',
    className: 'whitespace-nowrap',
    cell: (test) => (
      <>
        {formatDateTime(test.createdAt)}
        <span className="block text-xs text-slate-700">by {test.createdByName}</span>
      </>
    ),
  },
];

/**
 * The loan tests saved to the institution's QC record: all of them on the hub, or those of one
 * change or finding on its page. Each row opens the worked result.
 */
export function SavedLoanTests({
  filter = {},
  caption,
  empty,
}: {
  filter?: { changeId?: string; findingId?: string };
  caption: string;
  empty: string;
}) {
  const saved = useSavedLoanTests(filter);
  const onRecord = Boolean(filter.changeId || filter.findingId);
  return (
    <QueryState
      query={saved}
      loading="Loading the saved loan tests"
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="text-sm text-slate-700">{empty}</p>}
    >
      {(data) => (
        <DataTable
          caption={caption}
          columns={columns(!onRecord)}
          rows={data.items}
          rowKey={(test) => test.id}
        />
      )}
    </QueryState>
  );
}
