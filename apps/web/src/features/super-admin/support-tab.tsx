import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { findWaitingTickets } from './api.ts';

/** The support queue at a glance: tickets waiting for an answer, oldest activity last. */
export function SupportTab() {
  const waiting = useQuery({
    queryKey: ['admin', 'support', 'waiting'],
    queryFn: findWaitingTickets,
  });
  if (waiting.isPending) return <Spinner label="Loading the support queue" />;
  if (waiting.isError) return <Alert variant="destructive">{waiting.error.message}</Alert>;
  const { items, total } = waiting.data;
  return (
    <div className="space-y-4 p-4 text-sm">
      <p className="text-slate-800">
        {total === 0
          ? 'No ticket is waiting for support.'
          : `${total} ticket${total === 1 ? ' is' : 's are'} waiting for support.`}
      </p>
      {items.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {items.slice(0, 10).map((ticket) => (
            <li key={ticket.id} className="py-2">
              <Link
                to={paths.supportTicket.replace(':ticketId', ticket.id)}
                className="font-medium text-brand-700 underline"
              >
                {ticket.number}: {ticket.subject}
              </Link>
              <span className="block text-xs text-slate-600">
                {ticket.companyName} · {ticket.priority}
                {ticket.prioritySupport ? ' · Priority support' : ''} · last activity{' '}
                {formatDateTime(ticket.lastMessageAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.support} className={buttonVariants({ variant: 'secondary' })}>
        Open the support queue
      </Link>
    </div>
  );
}
