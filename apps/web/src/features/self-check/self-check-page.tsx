import {
  SELF_CHECK_GROUP_LABELS,
  SELF_CHECK_STATUS_LABELS,
  type SelfCheck,
  type SelfCheckStatus,
} from '@complivue/shared/schemas/self-check';
import { CircleAlert, CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSelfCheck } from './api.ts';

/** Word, icon and colour together, never colour alone (DESIGN.md, status tokens). */
const STATUS_TOKENS: Record<SelfCheckStatus, { icon: typeof CircleCheck; className: string }> = {
  pass: { icon: CircleCheck, className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  warn: { icon: CircleAlert, className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  fail: { icon: CircleX, className: 'bg-red-100 text-red-900 ring-red-300' },
};

function StatusToken({ status }: { status: SelfCheckStatus }) {
  const { icon: Icon, className } = STATUS_TOKENS[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {SELF_CHECK_STATUS_LABELS[status]}
    </span>
  );
}

/** `Nov 22, 2026, 2:05:07 PM`: the app's date format, with seconds, since checks are re-run. */
function formatCheckedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

function CheckReason({ check }: { check: SelfCheck }) {
  return (
    <>
      <p>{check.reason}</p>
      {check.details.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-700">
          {check.details.map((detail, index) => (
            <li key={index} className="break-words">
              {detail}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CheckFix({ check }: { check: SelfCheck }) {
  if (!check.fix) {
    return (
      <span className="text-slate-600">
        {check.status === 'pass' ? 'Nothing to fix' : 'In the deployment (see reason)'}
      </span>
    );
  }
  return (
    <Link
      to={check.fix.href}
      className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {check.fix.label}
      <span className="sr-only"> ({check.title})</span>
    </Link>
  );
}

/**
 * One check. On a phone the reason and the fix sit under the check's title (their columns are
 * hidden), so nothing that needs action is off-screen behind a horizontal scroll.
 */
function CheckRow({ check }: { check: SelfCheck }) {
  return (
    <tr className="align-top" data-check={check.id}>
      <td className="py-3 pr-3">
        <StatusToken status={check.status} />
      </td>
      <th scope="row" className="py-3 pr-3 text-left font-medium text-slate-900">
        {check.title}
        <span className="block text-xs font-normal text-slate-600">
          {SELF_CHECK_GROUP_LABELS[check.group]}
        </span>
        <div className="mt-2 space-y-2 font-normal text-slate-800 md:hidden">
          <CheckReason check={check} />
          <CheckFix check={check} />
        </div>
      </th>
      <td className="hidden py-3 pr-3 text-slate-800 md:table-cell">
        <CheckReason check={check} />
      </td>
      <td className="hidden py-3 whitespace-nowrap md:table-cell">
        <CheckFix check={check} />
      </td>
    </tr>
  );
}

/**
 * `/qa-test` (docs/product.md § Self-check: administrators, no layout): the service's health and
 * the institution's configuration, failing checks first, each with its reason and where to fix it.
 */
export function SelfCheckPage() {
  const result = useSelfCheck();
  const running = result.isFetching;

  return (
    <div className="space-y-6">
      <p>
        <Link to={paths.dashboard} className="text-sm text-brand-800 underline underline-offset-2">
          Back to the dashboard
        </Link>
      </p>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">System self-check</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            Whether the service works for your institution right now, and what in your institution's
            set-up needs attention. Failing checks come first.
          </p>
        </div>
        <Button onClick={() => void result.refetch()} disabled={running} aria-busy={running}>
          <RefreshCw aria-hidden="true" className={cn('size-4', running && 'animate-spin')} />
          {running ? 'Running checks…' : 'Run checks again'}
        </Button>
      </header>

      {result.isPending ? (
        <Spinner label="Running the checks" />
      ) : result.isError ? (
        <Alert variant="destructive">The checks could not be run: {result.error.message}</Alert>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-800">
            Checked{' '}
            <time dateTime={result.data.checkedAt} data-testid="checked-at">
              {formatCheckedAt(result.data.checkedAt)}
            </time>
            : <strong>{result.data.summary.fail} failing</strong>,{' '}
            <strong>{result.data.summary.warn} with warnings</strong>, {result.data.summary.pass}{' '}
            passing.
          </p>
          <div
            className="overflow-x-auto rounded-lg border border-slate-200 bg-white px-4"
            role="region"
            aria-labelledby="checks-caption"
            tabIndex={0}
          >
            <table className="w-full text-sm md:min-w-[720px]" aria-busy={running}>
              <caption id="checks-caption" className="sr-only">
                Self-check results, failing first
              </caption>
              <thead className="border-b border-slate-200 text-left text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Check
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                    Reason
                  </th>
                  <th scope="col" className="hidden py-2 font-semibold md:table-cell">
                    Fix
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.data.checks.map((check) => (
                  <CheckRow key={check.id} check={check} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
