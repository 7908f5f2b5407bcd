import { HMDA_PERIOD_LABELS, type HmdaCheckSummary } from '@complivue/shared/schemas/hmda';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { useHmdaChecks } from './api.ts';
import { HmdaCheckStatusToken } from './hmda-status.tsx';
import { HmdaUpload } from './hmda-upload.tsx';
import { hmdaCheckPath } from './links.ts';

const filingOf = (check: HmdaCheckSummary) =>
  check.year !== null && check.period !== null
    ? `${check.year} ${HMDA_PERIOD_LABELS[check.period].toLowerCase()}`
    : 'Not determined';

const issues = (check: HmdaCheckSummary) => {
  if (check.formatErrorCount > 0) return `${check.formatErrorCount} format errors`;
  const { syntactical, validity, quality, macro } = check.editCounts;
  const parts = [
    syntactical + validity > 0 ? `${syntactical + validity} to fix` : '',
    quality + macro > 0 ? `${check.unverifiedCount} of ${quality + macro} to verify` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'None';
};

/**
 * `/hmda-checks`: the upload, then every check the institution ran, newest first, each with
 * what is left before the file can be filed; the ULI tool is one link away.
 */
export function HmdaChecksPage() {
  const checks = useHmdaChecks();
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">HMDA checks</h1>
        <p className="max-w-3xl text-slate-700">
          The CFPB HMDA Platform’s filing edits on your Loan/Application Register before you submit
          it (12 CFR 1003.5(a): the annual filing is due by March 1). Syntactical and validity edits
          must be fixed; quality and macro edits are fixed or verified, with a reason, by a manager
          or an administrator. To compute or validate a ULI’s check digit, use the{' '}
          <Link to={paths.hmdaUli} className="text-brand-700 underline underline-offset-2">
            ULI check digit tool
          </Link>
          .
        </p>
      </header>
      <HmdaUpload />
      <section aria-labelledby="hmda-history-heading" className="space-y-2">
        <h2 id="hmda-history-heading" className="text-lg font-semibold text-slate-900">
          Checks run
        </h2>
        <QueryState
          query={checks}
          loading="Loading the HMDA checks"
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-slate-700">No file has been checked yet.</p>}
        >
          {(data) => (
            <DataTable
              caption="HMDA checks, newest first"
              rows={data.items}
              rowKey={(check) => check.id}
              columns={[
                {
                  header: 'File',
                  cell: (check) => (
                    <Link
                      to={hmdaCheckPath(check.id)}
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {check.fileName}
                    </Link>
                  ),
                },
                { header: 'Filing', cell: filingOf, className: 'whitespace-nowrap' },
                { header: 'LAR rows', cell: (check) => check.larCount.toLocaleString('en-US') },
                {
                  header: 'Status',
                  cell: (check) => (
                    <HmdaCheckStatusToken
                      status={check.status}
                      unverifiedCount={check.unverifiedCount}
                    />
                  ),
                },
                { header: 'Edits left', cell: issues },
                {
                  header: 'Checked',
                  cell: (check) => `${formatDateTime(check.createdAt)} by ${check.createdByName}`,
                },
              ]}
            />
          )}
        </QueryState>
      </section>
    </div>
  );
}
