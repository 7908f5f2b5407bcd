import { TICKET_STATUS_LABELS, type TicketStatus } from '@complivue/shared/schemas/support';
import { cn } from '@/lib/cn';

const STYLES: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', STYLES[status])}
    >
      {TICKET_STATUS_LABELS[status]}
    </span>
  );
}
