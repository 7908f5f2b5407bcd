import { AUDIT_ACTION_LABELS } from '@complivue/shared/audit-actions';
import type { ActivityEntry, ActivityFilters } from '@complivue/shared/schemas/activity';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Pager } from '@/components/pager';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
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
        {activity.isPending ? (
          <Spinner label="Loading activity" />
        ) : activity.isError ? (
          <Alert variant="destructive">{activity.error.message}</Alert>
        ) : activity.data.items.length === 0 ? (
          <p className="text-sm text-slate-700">No activity matches these filters.</p>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">Activity entries</caption>
                <thead className="text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      When
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Member
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Action
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Details
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      IP address
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {activity.data.items.map((entry) => (
                    <tr key={entry.id}>
                      <td className="py-2 pr-4 whitespace-nowrap text-slate-700">
                        {formatDateTime(entry.createdAt)}
                      </td>
                      <td className="py-2 pr-4">
                        {entry.actor
                          ? (entry.actor.fullName ?? entry.actor.email ?? entry.actor.userId)
                          : entry.targetType === 'email'
                            ? entry.targetId
                            : 'System'}
                      </td>
                      <td className="py-2 pr-4 font-medium text-slate-900">{entry.actionLabel}</td>
                      <td className="py-2 pr-4 text-slate-700">{changeSummary(entry)}</td>
                      <td className="py-2 text-slate-700">{entry.ipAddress ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={activity.data.page}
              pageSize={activity.data.pageSize}
              total={activity.data.total}
              onPage={setPage}
            />
          </>
        )}
      </Card>
    </div>
  );
}
