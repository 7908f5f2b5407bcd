import { AUDIT_ACTION_LABELS } from '@complivue/shared/audit-actions';
import type { ActivityEntry, ActivityFilters } from '@complivue/shared/schemas/activity';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format-day';
import { activityCsvHref, useActivity, useTeamDirectory } from './api.ts';

const ACTIONS = Object.entries(AUDIT_ACTION_LABELS).sort(([, a], [, b]) => a.localeCompare(b));

/** What changed, in a line: `role: user → manager`. */
function changeSummary(entry: ActivityEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof after !== 'object' || Array.isArray(after)) return '';
  return Object.keys(after)
    .map((key) => {
      const show = (value: unknown) =>
        Array.isArray(value) ? value.join(', ') || '—' : value == null ? '—' : String(value);
      return key in before
        ? `${key}: ${show(before[key])} → ${show(after[key])}`
        : `${key}: ${show(after[key])}`;
    })
    .join('; ');
}

/** Who did it: the member, the address a system email went to, or the system itself. */
function actorName(entry: ActivityEntry): string {
  if (entry.actor) return entry.actor.fullName ?? entry.actor.email ?? entry.actor.userId;
  return entry.targetType === 'email' ? (entry.targetId ?? 'System') : 'System';
}

const ACTIVITY_COLUMNS: Column<ActivityEntry>[] = [
  {
    header: 'When',
    cell: (entry) => formatDateTime(entry.createdAt),
    className: 'whitespace-nowrap text-slate-700',
  },
  { header: 'Member', cell: actorName },
  { header: 'Action', cell: (entry) => entry.actionLabel, className: 'font-medium text-slate-900' },
  { header: 'Details', cell: changeSummary, className: 'text-slate-700' },
  { header: 'IP address', cell: (entry) => entry.ipAddress ?? '—', className: 'text-slate-700' },
];

function Filters({
  initial,
  onApply,
}: {
  initial: ActivityFilters;
  onApply: (filters: ActivityFilters) => void;
}) {
  const directory = useTeamDirectory();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof ActivityFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value || undefined }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('The start date must be on or before the end date');
      return;
    }
    setError(null);
    onApply(draft);
  }

  return (
    <form onSubmit={submit} aria-label="Filter activity" className="space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Member">
          {({ id }) => (
            <Select id={id} value={draft.actor ?? ''} onChange={set('actor')}>
              <option value="">Everyone</option>
              {directory.data?.members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.fullName ?? member.email}
                  {member.status === 'deactivated' ? ' (deactivated)' : ''}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Action">
          {({ id }) => (
            <Select id={id} value={draft.action ?? ''} onChange={set('action')}>
              <option value="">Any action</option>
              {ACTIONS.map(([action, label]) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="From">
          {({ id }) => (
            <Input id={id} type="date" value={draft.from ?? ''} onChange={set('from')} />
          )}
        </FormField>
        <FormField label="To">
          {({ id }) => <Input id={id} type="date" value={draft.to ?? ''} onChange={set('to')} />}
        </FormField>
      </div>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </form>
  );
}

/**
 * `/users/activity`: the institution's audit trail (sign-ins, failed sign-ins, role and plan
 * changes, settings, exports…). Append-only: there is nothing here, or in the API, to edit.
 */
export function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page);

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
        <Filters
          initial={filters}
          onApply={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
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
                columns={ACTIVITY_COLUMNS}
                rows={page.items}
                rowKey={(entry) => entry.id}
                minWidth="44rem"
              />
              <Pager
                page={page.page}
                pageSize={page.pageSize}
                total={page.total}
                onPage={setPage}
              />
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
