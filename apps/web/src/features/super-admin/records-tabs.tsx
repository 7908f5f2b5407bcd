import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { findAuditLog, findOutbox } from './api.ts';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { usePagedSearch } from './use-paged-search.ts';
import { formatDateTime } from '@/lib/format-day';

const when = formatDateTime;
const compact = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

export function OutboxTab() {
  const { result: outbox, setPage } = usePagedSearch('outbox', (_query, page) => findOutbox(page));
  return (
    <QueryState query={outbox} loading="Loading the outbox">
      {(outboxData) => (
        <div>
          <p className="mb-3 text-sm text-slate-700">
            Without an SMTP server (SMTP_URL), emails are kept here instead of being sent.
          </p>
          <ul className="divide-y divide-slate-200">
            {outboxData.items.map((email) => (
              <li key={email.id} className="py-2">
                <details>
                  <summary className="cursor-pointer text-sm">
                    <span className="font-medium text-slate-900">{email.subject}</span> — {email.to}{' '}
                    · {when(email.createdAt)}
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 text-xs text-slate-800">
                    {email.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
          <Pager
            page={outboxData.page}
            pageSize={outboxData.pageSize}
            total={outboxData.total}
            onPage={setPage}
          />
        </div>
      )}
    </QueryState>
  );
}

export function AuditLogTab() {
  const { result: log, setPage, search } = usePagedSearch('audit', findAuditLog);
  return (
    <div>
      <SearchBox label="Search by action, e.g. role.changed" onSearch={search} />
      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : log.isError ? (
        <Alert variant="destructive">{log.error.message}</Alert>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    By
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Target
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {log.data.items.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="py-2 pr-4 whitespace-nowrap">{when(entry.createdAt)}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
                    <td className="py-2 pr-4">{entry.actorEmail ?? entry.actorUserId ?? '—'}</td>
                    <td className="py-2 pr-4 break-all">
                      {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '—'}
                    </td>
                    <td className="py-2 font-mono text-xs break-all">
                      {compact(entry.before)}
                      {entry.before || entry.after ? ' → ' : ''}
                      {compact(entry.after)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={log.data.page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
