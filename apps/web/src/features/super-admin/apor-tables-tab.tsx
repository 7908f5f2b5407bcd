import {
  APOR_AMORTIZATIONS,
  APOR_AMORTIZATION_LABELS,
  type AporAmortization,
} from '@complivue/shared/loan-tests/loan-test-kinds';
import type { AporTableSummary } from '@complivue/shared/schemas/loan-tests';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table';
import { fieldFailures } from '@/components/form/form';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { LabelledControl } from '@/components/form/form-fields';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime, formatDay } from '@/lib/format-day';
import { useAllAporTables, useLoadAporTable } from './api.ts';

const columns: Column<AporTableSummary>[] = [
  {
    header: 'Table',
    cell: (table) => (
      <>
        {APOR_AMORTIZATION_LABELS[table.amortization]}, version {table.version}
        {table.current && (
          <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
            In use
          </span>
        )}
      </>
    ),
  },
  {
    header: 'Weeks',
    cell: (table) =>
      `${table.weekCount} (${formatDay(table.firstWeek)} to ${formatDay(table.lastWeek)})`,
  },
  {
    header: 'File',
    cell: (table) => (
      <>
        {table.fileName}
        {table.sourceNote && (
          <span className="block text-xs text-slate-700">{table.sourceNote}</span>
        )}
        <span className="block font-mono text-xs break-all text-slate-600">
          SHA-256 {table.sha256.slice(0, 16)}…
        </span>
      </>
    ),
  },
  {
    header: 'Loaded',
    className: 'whitespace-nowrap',
    cell: (table) => (
      <>
        {formatDateTime(table.createdAt)}
        <span className="block text-xs text-slate-700">by {table.uploadedByName}</span>
      </>
    ),
  },
];

/** Loading a table: its kind, the file, and where it came from; refusals name the bad lines. */
function LoadForm() {
  const load = useLoadAporTable();
  const [amortization, setAmortization] = useState<AporAmortization>('fixed');
  const [sourceNote, setSourceNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Kept now: React clears the event's currentTarget once the handler awaits.
    const formElement = event.currentTarget;
    setFailure(null);
    setProblems([]);
    const form = new FormData();
    form.append('amortization', amortization);
    form.append('sourceNote', sourceNote);
    if (file) form.append('file', file);
    try {
      const table = await load.mutateAsync(form);
      toast.success(`${table.label} loaded: ${table.weekCount} weeks.`);
      formElement.reset();
      setFile(null);
      setSourceNote('');
    } catch (caught) {
      setFailure(userFacingMessage(caught, 'The table could not be loaded.'));
      setProblems(
        fieldFailures(caught)
          .filter(({ path }) => path.startsWith('file.line.'))
          .map(({ path, message }) => `Line ${path.split('.').pop()}: ${message}`),
      );
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Load an APOR table">
      {failure && (
        <Alert variant="destructive">
          {failure}
          {problems.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <LabelledControl label="Table">
          {(ids) => (
            <Select
              {...ids}
              value={amortization}
              onChange={(event) => setAmortization(event.target.value as AporAmortization)}
            >
              {APOR_AMORTIZATIONS.map((kind) => (
                <option key={kind} value={kind}>
                  {APOR_AMORTIZATION_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </LabelledControl>
        <LabelledControl label="APOR file (pipe-delimited .txt)">
          {(ids) => (
            <Input
              {...ids}
              type="file"
              accept=".txt,text/plain"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </LabelledControl>
        <LabelledControl label="Source (optional)">
          {(ids) => (
            <Input
              {...ids}
              value={sourceNote}
              maxLength={500}
              placeholder="FFIEC YieldTableFixed.txt, downloaded …"
              onChange={(event) => setSourceNote(event.target.value)}
            />
          )}
        </LabelledControl>
      </div>
      <Button type="submit" disabled={load.isPending}>
        {load.isPending ? 'Loading…' : 'Load the table'}
      </Button>
    </form>
  );
}

/**
 * The APOR tables rate spreads read. Each load is a new version and the newest of each kind is
 * in use; saved results keep the version they read, so older versions stay listed.
 */
export function AporTablesTab() {
  const tables = useAllAporTables();
  return (
    <div className="space-y-6 p-4 sm:p-6">
      <p className="max-w-3xl text-sm text-slate-700">
        Load the FFIEC’s Average Prime Offer Rate tables (fixed and adjustable, the rate-set date
        then the APOR for terms of 1 to 50 years on each line). Loan tests compute rate spreads from
        the newest version of each and name the table and week they used.
      </p>
      <LoadForm />
      <QueryState
        query={tables}
        loading="Loading the APOR tables"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-slate-700">No APOR table has been loaded yet.</p>}
      >
        {(data) => (
          <DataTable
            caption="APOR table versions"
            columns={columns}
            rows={data.items}
            rowKey={(table) => table.id}
          />
        )}
      </QueryState>
    </div>
  );
}
