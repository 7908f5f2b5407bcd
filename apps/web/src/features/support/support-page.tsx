import {
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
  type TicketSummary,
} from '@complivue/shared/schemas/support';
import { LifeBuoy, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/data-table';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { HELP_CATEGORY_LABELS, useHelpSearch } from '@/lib/help-articles';
import { useSession } from '@/lib/session';
import { useSupportOverview, useTickets, type TicketListQuery } from './api.ts';
import { NewTicketForm } from './new-ticket-form.tsx';
import { ticketPath } from './ticket-path.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

function HelpSearch() {
  const [query, setQuery] = useState('');
  const { searching, results } = useHelpSearch(query);
  const id = useId();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Search the help centre</h2>
      <form role="search" className="mt-3" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={id} className="sr-only">
          Search the help centre
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={id}
            type="search"
            className="pl-9"
            placeholder="e.g. “two-factor” or “invoice”"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </form>
      {searching && (
        <div className="mt-3">
          <p role="status" className="text-sm text-slate-700">
            {results.length === 1 ? '1 article' : `${results.length} articles`} found
          </p>
          <ul className="mt-2 space-y-1">
            {results.slice(0, 6).map(({ article }) => (
              <li key={article.slug}>
                <a
                  href={`${paths.help}/${article.slug}`}
                  className="block rounded-md px-2 py-1.5 hover:bg-slate-50"
                >
                  <span className="font-medium text-brand-700">{article.title}</span>
                  <span className="ml-2 text-xs text-slate-600">
                    {HELP_CATEGORY_LABELS[article.category]}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700">
        Or browse the whole{' '}
        <a href={paths.help} className="font-medium text-brand-700 underline">
          help centre
        </a>
        .
      </p>
    </Card>
  );
}

function ResponseTarget() {
  const overview = useSupportOverview();
  if (!overview.data) return null;
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <LifeBuoy aria-hidden="true" className="size-5 text-brand-700" />
        {overview.data.prioritySupport ? 'Priority support' : 'Standard support'}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{overview.data.responseTarget}</p>
      <p className="mt-1 text-xs text-slate-600">
        Business hours: Monday to Friday, 8 a.m. to 6 p.m. US Eastern.
      </p>
      {!overview.data.prioritySupport && (
        <p className="mt-2 text-sm text-slate-700">
          Priority support comes with the Enterprise plan.{' '}
          <Link to={paths.settingsSubscription} className="font-medium text-brand-700 underline">
            See plans
          </Link>
        </p>
      )}
    </Card>
  );
}

function ticketColumns(showCompany: boolean): Column<TicketSummary>[] {
  return [
    { header: 'No.', cell: (ticket) => ticket.number, className: 'text-slate-600' },
    {
      header: 'Subject',
      cell: (ticket) => (
        <>
          <Link
            to={ticketPath(ticket.id)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {ticket.subject}
          </Link>
          <span className="block text-xs text-slate-600">
            {showCompany ? `${ticket.companyName} · ` : ''}
            {ticket.requesterName}
            {ticket.prioritySupport ? ' · Priority support' : ''}
          </span>
        </>
      ),
    },
    { header: 'Priority', cell: (ticket) => ticket.priority, className: 'capitalize' },
    { header: 'Status', cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    {
      header: 'Last activity',
      cell: (ticket) => formatDateTime(ticket.lastMessageAt),
      className: 'text-slate-700',
    },
  ];
}

function TicketList({ isAgent }: { isAgent: boolean }) {
  const [query, setQuery] = useState<TicketListQuery>({
    status: isAgent ? 'open' : undefined,
    query: '',
    page: 1,
  });
  const tickets = useTickets(query);
  const statusId = useId();
  const searchId = useId();
  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-900">
            Status
          </label>
          <Select
            id={statusId}
            className="mt-1 w-48"
            value={query.status ?? ''}
            onChange={(event) =>
              setQuery((current) => ({
                ...current,
                status: (event.target.value || undefined) as TicketStatus | undefined,
                page: 1,
              }))
            }
          >
            <option value="">All tickets</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TICKET_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-900">
            Subject or ticket number
          </label>
          <Input
            id={searchId}
            type="search"
            className="mt-1"
            value={query.query}
            onChange={(event) =>
              setQuery((current) => ({ ...current, query: event.target.value, page: 1 }))
            }
          />
        </div>
      </div>
      <div className="mt-4">
        <QueryState
          query={tickets}
          loading="Loading tickets"
          isEmpty={(page) => page.items.length === 0}
          empty={<p className="text-sm text-slate-700">No tickets here.</p>}
        >
          {(page) => (
            <>
              <DataTable
                caption="Support tickets"
                columns={ticketColumns(isAgent)}
                rows={page.items}
                rowKey={(ticket) => ticket.id}
                rowHeader={1}
              />
              <Pager
                page={page.page}
                pageSize={page.pageSize}
                total={page.total}
                onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
              />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}

/**
 * `/support`: the help centre's answers, the plan's response target, and support tickets —
 * your own, all of the institution's for administrators, every institution's for super admins.
 */
export function SupportPage() {
  const { data: session } = useSession();
  const [composing, setComposing] = useState(false);
  if (!session) return null;
  const isAgent = session.profile.role === 'super_admin';
  const isAdmin = session.profile.role === 'admin';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          {isAgent ? 'Support queue' : 'Help & Support'}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {isAgent
            ? 'Tickets from every institution. Your reply is emailed to the member who opened the ticket.'
            : 'Find an answer in the help centre, or open a ticket and follow the conversation here.'}
        </p>
      </div>
      {!isAgent && (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <HelpSearch />
          <ResponseTarget />
        </div>
      )}
      <Card className="p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">
            {isAgent ? 'Tickets' : isAdmin ? 'Your institution’s tickets' : 'Your tickets'}
          </h2>
          {!isAgent && !composing && (
            <Button onClick={() => setComposing(true)}>Open a ticket</Button>
          )}
        </div>
        {composing && (
          <div className="mt-4 rounded-md border border-slate-200 p-4">
            <NewTicketForm onCancel={() => setComposing(false)} />
          </div>
        )}
        <div className="mt-4">
          <TicketList isAgent={isAgent} />
        </div>
      </Card>
    </div>
  );
}
