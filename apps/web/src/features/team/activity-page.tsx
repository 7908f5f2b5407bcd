import { describeActivity } from '@complivue/shared/activity-sentences';
import { AUDIT_ACTION_LABELS } from '@complivue/shared/audit-actions';
import {
  activityFiltersFormSchema,
  activityFiltersSchema,
  type ActivityEntry,
  type ActivityFilters,
} from '@complivue/shared/schemas/activity';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DataTable, type Column } from '@/components/data-table';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { HistorySentenceView } from '@/components/history-sentence';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format-day';
import { recordPath as targetPath } from '@/lib/record-path';
import { activityCsvHref, useActivity, useTeamDirectory } from './api.ts';

const ACTIONS = Object.entries(AUDIT_ACTION_LABELS).sort(([, a], [, b]) => a.localeCompare(b));

function activityColumns(
  memberName: (userId: string) => string | undefined,
): Column<ActivityEntry>[] {
  return [
    {
      header: 'When',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
      className: 'whitespace-nowrap text-slate-700',
    },
    {
      header: 'What happened',
      cell: (entry) => (
        <HistorySentenceView sentence={describeActivity(entry, { memberName, targetPath })} />
      ),
    },
    {
      header: 'IP address',
      headerClassName: 'whitespace-nowrap',
      cell: (entry) => entry.ipAddress ?? '—',
      className: 'text-slate-700',
    },
  ];
}

type FilterFields = z.input<typeof activityFiltersFormSchema>;

function Filters({
  initial,
  onApply,
}: {
  initial: ActivityFilters;
  onApply: (filters: ActivityFilters) => void;
}) {
  const directory = useTeamDirectory();
  const form = useZodForm(activityFiltersFormSchema, {
    actor: initial.actor ?? '',
    action: initial.action ?? '',
    workOnly: initial.kind === 'work',
    from: initial.from ?? '',
    to: initial.to ?? '',
  });
  return (
    <Form
      form={form}
      failure="These filters could not be applied."
      aria-label="Filter activity"
      className="space-y-3"
      onSubmit={onApply}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField<FilterFields> name="actor" label="Member">
          <option value="">Everyone</option>
          {directory.data?.members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.fullName ?? member.email}
              {member.status === 'deactivated' ? ' (deactivated)' : ''}
            </option>
          ))}
        </SelectField>
        <SelectField<FilterFields> name="action" label="Action">
          <option value="">Any action</option>
          {ACTIONS.map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField<FilterFields> name="from" label="From" type="date" />
        <TextField<FilterFields> name="to" label="To" type="date" />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('workOnly')} />
        Work only (without sign-ins), as the dashboard counts it
      </label>
      <SubmitButton variant="secondary" pendingLabel="Applying…">
        Apply filters
      </SubmitButton>
    </Form>
  );
}

const FILTER_KEYS = ['actor', 'action', 'kind', 'from', 'to'] as const;

/** The filters and page live in the URL, so the dashboard can link to exactly what it counts. */
function useActivityParams() {
  const [params, setParams] = useSearchParams();
  const parsed = activityFiltersSchema.safeParse(
    Object.fromEntries(
      FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
    ),
  );
  const filters: ActivityFilters = parsed.success ? parsed.data : {};
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (next: ActivityFilters, nextPage = 1) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key]);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };
  return { filters, page, update };
}

/**
 * `/users/activity`: the institution's audit trail (sign-ins, failed sign-ins, role and plan
 * changes, settings, exports…). Append-only: there is nothing here, or in the API, to edit.
 */
export function ActivityPage() {
  const { filters, page, update } = useActivityParams();
  const activity = useActivity(filters, page);
  const directory = useTeamDirectory();
  const names = new Map(
    directory.data?.members.map((member) => [member.userId, member.fullName ?? member.email]),
  );
  const columns = activityColumns((userId) => names.get(userId));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">User Activity</h1>
          <p className="mt-1 text-sm text-slate-700">
            Your institution’s audit trail, newest first. Entries cannot be changed or deleted.
            Times are shown in your time zone; the CSV export is in UTC.
          </p>
        </div>
        <a href={activityCsvHref(filters)} className={buttonVariants({ variant: 'secondary' })}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <Card className="p-5 sm:p-6">
        <Filters key={JSON.stringify(filters)} initial={filters} onApply={(next) => update(next)} />
      </Card>
      <Card className="p-5 sm:p-6">
        <QueryState
          query={activity}
          loading="Loading activity"
          isEmpty={(page) => page.items.length === 0}
          empty={<p className="text-sm text-slate-700">No activity matches these filters.</p>}
        >
          {(page) => (
            <>
              <DataTable
                caption="Activity entries"
                columns={columns}
                rows={page.items}
                rowKey={(entry) => entry.id}
                minWidth="44rem"
              />
              <Pager
                page={page.page}
                pageSize={page.pageSize}
                total={page.total}
                onPage={(next) => update(filters, next)}
              />
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
