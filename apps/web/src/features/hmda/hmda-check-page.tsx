import { hasRoleAtLeast } from '@complivue/shared/roles';
import { changeLink } from '@complivue/shared/record-links';
import {
  HMDA_CATEGORY_LABELS,
  HMDA_PERIOD_LABELS,
  isVerifiableCategory,
  type HmdaCheck,
  type HmdaEditResult,
} from '@complivue/shared/schemas/hmda';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ViewTabs } from '@/components/ui/view-tabs';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { usePageAccess } from '@/lib/use-page-access';
import { hmdaDownloadPath, useChangeFromHmdaEdit, useHmdaCheck, useVerifyHmdaEdit } from './api.ts';
import { HmdaCheckStatusToken } from './hmda-status.tsx';
import { hmdaCheckPath } from './links.ts';

const ROWS_VIEW = 'rows';

const rowsText = (edit: HmdaEditResult) =>
  edit.rows.length === 0
    ? 'The file as a whole'
    : `${edit.rowCount.toLocaleString('en-US')} row${edit.rowCount === 1 ? '' : 's'}: ${edit.rows.slice(0, 8).join(', ')}${edit.rowCount > 8 ? ', …' : ''}`;

function EditExamples({ edit }: { edit: HmdaEditResult }) {
  if (edit.examples.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm text-brand-700 underline underline-offset-2">
        Rows and values
        {edit.rowCount > edit.examples.length ? ` (first ${edit.examples.length})` : ''}
      </summary>
      <DataTable
        caption={`Rows failing ${edit.id}`}
        rows={edit.examples}
        rowKey={(example) => example.row}
        minWidth="30rem"
        className="mt-2"
        columns={[
          { header: 'Row', cell: (example) => example.row, className: 'whitespace-nowrap' },
          { header: 'ULI', cell: (example) => example.uli || '—', className: 'break-all' },
          {
            header: 'Fields and values',
            cell: (example) => (
              <ul>
                {example.values.map((value) => (
                  <li key={value.field}>
                    {value.field}: <span className="font-mono">{value.value || '(blank)'}</span>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </details>
  );
}

/** Offered where the plan has change management (the server checks it again). */
function OpenChange({
  checkId,
  editId,
  session,
}: {
  checkId: string;
  editId: string;
  session: SessionResponse;
}) {
  const access = usePageAccess(paths.changeManagement, session);
  const open = useChangeFromHmdaEdit(checkId);
  if (!access.allowed) return null;
  if (open.data) {
    return (
      <Link
        to={changeLink(open.data.changeId)}
        className="text-sm text-brand-700 underline underline-offset-2"
      >
        Change opened
      </Link>
    );
  }
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={open.isPending}
        onClick={() => open.mutate(editId)}
      >
        Open a change<span className="sr-only"> for {editId}</span>
      </Button>
      {open.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {userFacingMessage(open.error, 'The change could not be opened.')}
        </p>
      )}
    </div>
  );
}

function VerifyForm({ checkId, edit }: { checkId: string; edit: HmdaEditResult }) {
  const id = useId();
  const verify = useVerifyHmdaEdit(checkId);
  const [reason, setReason] = useState(edit.verification?.reason ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    verify.mutate({ editId: edit.id, reason });
  }
  const error = verify.isError ? userFacingMessage(verify.error, 'Not verified.') : null;
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-2" aria-label={`Verify ${edit.id}`}>
      <Label htmlFor={`${id}-reason`}>Why the data is accurate as reported</Label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-700"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={verify.isPending}>
        {edit.verification ? 'Verify again' : 'Verify'}
        <span className="sr-only"> {edit.id}</span>
      </Button>
    </form>
  );
}

function EditCard({
  check,
  edit,
  canVerify,
  session,
}: {
  check: HmdaCheck;
  edit: HmdaEditResult;
  canVerify: boolean;
  session: SessionResponse | null | undefined;
}) {
  const verifiable = isVerifiableCategory(edit.category);
  return (
    <li>
      <Card className="space-y-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-slate-900">
            {edit.id}{' '}
            <span className="text-sm font-normal text-slate-700">
              {HMDA_CATEGORY_LABELS[edit.category]}
            </span>
          </h3>
          {verifiable ? (
            edit.verification ? (
              <StatusToken tone="compliant">Verified</StatusToken>
            ) : (
              <StatusToken tone="needs_review">Not verified</StatusToken>
            )
          ) : (
            <StatusToken tone="failing">Must be fixed</StatusToken>
          )}
        </div>
        <p className="text-sm text-slate-800">{edit.description}</p>
        <p className="text-sm text-slate-700">Fields: {edit.affectedFields.join('; ') || '—'}</p>
        <p className="text-sm text-slate-900">{rowsText(edit)}</p>
        {edit.verification && (
          <p className="text-sm text-slate-800">
            Verified by {edit.verification.verifiedByName} on{' '}
            {formatDateTime(edit.verification.verifiedAt)}: “{edit.verification.reason}”
          </p>
        )}
        <EditExamples edit={edit} />
        {session && <OpenChange checkId={check.id} editId={edit.id} session={session} />}
        {verifiable && canVerify && <VerifyForm checkId={check.id} edit={edit} />}
      </Card>
    </li>
  );
}

function ByRow({ check }: { check: HmdaCheck }) {
  const byRow = new Map<number, { row: number; uli: string; edits: string[] }>();
  for (const edit of check.edits) {
    for (const example of edit.examples) {
      const entry = byRow.get(example.row) ?? { row: example.row, uli: example.uli, edits: [] };
      entry.edits.push(edit.id);
      byRow.set(example.row, entry);
    }
  }
  const rows = [...byRow.values()].sort((a, b) => a.row - b.row);
  return (
    <section aria-labelledby="by-row-heading" className="space-y-2">
      <h2 id="by-row-heading" className="text-lg font-semibold text-slate-900">
        By row
      </h2>
      <p className="text-sm text-slate-700">
        The rows shown in the report (up to 100 per edit); the CSV export lists every row with its
        values.
      </p>
      <DataTable
        caption="Rows with failed edits"
        rows={rows}
        rowKey={(row) => row.row}
        columns={[
          { header: 'Row', cell: (row) => row.row },
          { header: 'ULI', cell: (row) => row.uli || '—', className: 'break-all' },
          { header: 'Edits failed', cell: (row) => row.edits.join(', ') },
        ]}
      />
    </section>
  );
}

function CheckReport({ check }: { check: HmdaCheck }) {
  const [params] = useSearchParams();
  const { data: session } = useSession();
  const canVerify = hasRoleAtLeast(session?.profile.role ?? 'user', 'manager');
  const view = params.get('view') === ROWS_VIEW ? ROWS_VIEW : 'edits';
  const mustFix = check.edits.filter((edit) => !isVerifiableCategory(edit.category));
  const toVerify = check.edits.filter((edit) => isVerifiableCategory(edit.category));
  const filing =
    check.year !== null && check.period !== null
      ? `${check.year} ${HMDA_PERIOD_LABELS[check.period].toLowerCase()} filing`
      : 'Filing not determined';
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <BackLink to={paths.hmdaChecks}>HMDA checks</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold break-all text-slate-900">{check.fileName}</h1>
          <HmdaCheckStatusToken status={check.status} unverifiedCount={check.unverifiedCount} />
        </div>
        <p className="text-sm text-slate-700">
          {filing} · {check.institutionName || 'No institution name'} · LEI {check.lei || '—'} ·{' '}
          {check.larCount.toLocaleString('en-US')} LAR rows · checked{' '}
          {formatDateTime(check.createdAt)} by {check.createdByName}
        </p>
        <p className="flex flex-wrap gap-4 text-sm">
          <a
            href={hmdaDownloadPath(check.id, 'findings.csv')}
            download
            className="text-brand-700 underline underline-offset-2"
          >
            Export every finding (CSV)
          </a>
          <a
            href={hmdaDownloadPath(check.id, 'summary.pdf')}
            download
            className="text-brand-700 underline underline-offset-2"
          >
            Summary for sign-off (PDF)
          </a>
          <a
            href={hmdaDownloadPath(check.id, 'file')}
            download
            className="text-brand-700 underline underline-offset-2"
          >
            The file as uploaded
          </a>
          <Link
            to={`${paths.compliance}?area=hmda`}
            className="text-brand-700 underline underline-offset-2"
          >
            The library’s HMDA rules
          </Link>
        </p>
        {check.progress && (
          <p className="text-sm text-slate-800">
            Since the check of {formatDateTime(check.progress.previousCreatedAt)}:{' '}
            {check.progress.fixed.length} edits fixed
            {check.progress.fixed.length > 0 ? ` (${check.progress.fixed.join(', ')})` : ''},{' '}
            {check.progress.added.length} new
            {check.progress.added.length > 0 ? ` (${check.progress.added.join(', ')})` : ''},{' '}
            {check.progress.stillFailing.length} still failing.{' '}
            <Link
              to={hmdaCheckPath(check.progress.previousId)}
              className="text-brand-700 underline underline-offset-2"
            >
              Previous check
            </Link>
          </p>
        )}
      </header>

      {check.formatErrorCount > 0 ? (
        <section aria-labelledby="format-heading" className="space-y-2">
          <h2 id="format-heading" className="text-lg font-semibold text-slate-900">
            Format errors: {check.formatErrorCount.toLocaleString('en-US')}
          </h2>
          <Alert variant="destructive">
            The file cannot be read as a HMDA file until these are fixed; like the CFPB’s platform,
            the check runs no edit on it.
          </Alert>
          <DataTable
            caption="Format errors"
            rows={check.formatErrors}
            rowKey={(error) => `${error.row}-${error.field}`}
            columns={[
              { header: 'Row', cell: (error) => error.row },
              { header: 'Field', cell: (error) => error.field },
              {
                header: 'Value',
                cell: (error) => error.value || '(blank)',
                className: 'break-all',
              },
              { header: 'Valid values', cell: (error) => error.validValues },
            ]}
          />
        </section>
      ) : (
        <>
          <ViewTabs
            label="Report views"
            current={view}
            tabs={[
              { view: 'edits', label: 'By edit', to: hmdaCheckPath(check.id) },
              { view: ROWS_VIEW, label: 'By row', to: `${hmdaCheckPath(check.id)}?view=rows` },
            ]}
          />
          {view === ROWS_VIEW ? (
            <ByRow check={check} />
          ) : (
            <>
              <section aria-labelledby="fix-heading" className="space-y-2">
                <h2 id="fix-heading" className="text-lg font-semibold text-slate-900">
                  Syntactical and validity edits to fix: {mustFix.length}
                </h2>
                {mustFix.length === 0 ? (
                  <p className="text-sm text-slate-700">None: no row breaks a filing rule.</p>
                ) : (
                  <ul className="space-y-3">
                    {mustFix.map((edit) => (
                      <EditCard
                        key={edit.id}
                        check={check}
                        edit={edit}
                        canVerify={false}
                        session={session}
                      />
                    ))}
                  </ul>
                )}
              </section>
              <section aria-labelledby="verify-heading" className="space-y-2">
                <h2 id="verify-heading" className="text-lg font-semibold text-slate-900">
                  Quality and macro edits to fix or verify: {toVerify.length}
                </h2>
                {!canVerify && toVerify.length > 0 && (
                  <p className="text-sm text-slate-700">
                    A manager or an administrator verifies these edits.
                  </p>
                )}
                {toVerify.length === 0 ? (
                  <p className="text-sm text-slate-700">None.</p>
                ) : (
                  <ul className="space-y-3">
                    {toVerify.map((edit) => (
                      <EditCard
                        key={edit.id}
                        check={check}
                        edit={edit}
                        canVerify={canVerify}
                        session={session}
                      />
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
          {check.notChecked.length > 0 && (
            <section aria-labelledby="not-checked-heading" className="space-y-2">
              <h2 id="not-checked-heading" className="text-lg font-semibold text-slate-900">
                Edits not checked here
              </h2>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                {check.notChecked.map((item) => (
                  <li key={item.id}>
                    {item.id}: {item.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** `/hmda-checks/:checkId`: one check's report, by edit or by row. */
export function HmdaCheckPage() {
  const { checkId = '' } = useParams();
  const check = useHmdaCheck(checkId);
  return (
    <QueryState query={check} loading="Loading the HMDA check">
      {(data) => <CheckReport check={data} />}
    </QueryState>
  );
}
