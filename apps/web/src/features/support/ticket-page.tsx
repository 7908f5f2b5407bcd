import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGES,
  type TicketDetail,
  type TicketMessage,
} from '@complivue/shared/schemas/support';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Paperclip } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-day';
import { useAsyncAction } from '@/lib/use-async-action';
import { replyToTicket, setTicketStatus, supportQueryKey, useTicket } from './api.ts';
import {
  AttachmentInput,
  attachmentProblem,
  formatBytes,
  ticketForm,
} from './attachment-input.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

function Message({ message }: { message: TicketMessage }) {
  return (
    <li
      className={cn(
        'rounded-lg border p-4',
        message.fromSupport ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-white',
      )}
    >
      <p className="text-sm">
        <span className="font-semibold text-slate-900">{message.authorName}</span>
        {message.fromSupport && (
          <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
            Complivue support
          </span>
        )}
        <span className="ml-2 text-slate-600">{formatDateTime(message.createdAt)}</span>
      </p>
      <p className="mt-2 text-sm whitespace-pre-wrap text-slate-900">{message.body}</p>
      {message.attachments.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <a
                href={`/api/support/attachments/${attachment.id}`}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                <Paperclip aria-hidden="true" className="size-4" />
                {attachment.fileName}
              </a>{' '}
              <span className="text-slate-600">({formatBytes(attachment.sizeBytes)})</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { busy, error, setError, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = attachmentProblem(files);
    if (problem) {
      setError(problem);
      return;
    }
    const form = ticketForm({ body }, files);
    const sent = await run(async () => {
      queryClient.setQueryData(
        [...supportQueryKey, 'ticket', ticket.id],
        await replyToTicket(ticket.id, form),
      );
      await queryClient.invalidateQueries({ queryKey: [...supportQueryKey, 'tickets'] });
    }, 'The reply could not be sent.');
    if (sent) {
      setBody('');
      setFiles([]);
      setFormKey((key) => key + 1);
    }
  }

  return (
    <form key={formKey} onSubmit={submit} noValidate className="space-y-3" aria-label="Reply">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Your reply">
        {({ id }) => (
          <Textarea
            id={id}
            rows={5}
            maxLength={10_000}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </FormField>
      <AttachmentInput files={files} onChange={setFiles} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy || body.trim() === ''}>
          {busy ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function StatusAction({ ticket }: { ticket: TicketDetail }) {
  const queryClient = useQueryClient();
  const { busy, error, run } = useAsyncAction();
  const closed = ticket.status === 'closed';
  async function toggle() {
    await run(async () => {
      queryClient.setQueryData(
        [...supportQueryKey, 'ticket', ticket.id],
        await setTicketStatus(ticket.id, closed ? 'open' : 'closed'),
      );
      await queryClient.invalidateQueries({ queryKey: [...supportQueryKey, 'tickets'] });
    }, 'The ticket could not be updated.');
  }
  return (
    <div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button variant="secondary" disabled={busy} onClick={() => void toggle()}>
        {closed ? 'Reopen ticket' : 'Close ticket'}
      </Button>
    </div>
  );
}

/** `/support/tickets/:ticketId`: one ticket's thread, replies and its status. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useTicket(ticketId);
  return (
    <div className="space-y-6">
      <Link
        to={paths.support}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Help &amp; Support
      </Link>
      {ticket.isPending ? (
        <Spinner label="Loading the ticket" />
      ) : ticket.isError ? (
        <Alert variant="destructive">{ticket.error.message}</Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold text-slate-900">
                Ticket {ticket.data.number}: {ticket.data.subject}
              </h1>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <TicketStatusBadge status={ticket.data.status} />
                <span>{SUPPORT_CATEGORY_LABELS[ticket.data.category]}</span>
                <span>· Priority: {ticket.data.priority}</span>
                <span>· {ticket.data.companyName}</span>
                <span>· {ticket.data.responseTarget}</span>
              </p>
            </div>
            <StatusAction ticket={ticket.data} />
          </div>
          <ol className="space-y-3" aria-label="Conversation">
            {ticket.data.messages.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </ol>
          <Card className="p-5">
            {ticket.data.status === 'closed' ? (
              <p className="text-sm text-slate-700">{SUPPORT_MESSAGES.closed}</p>
            ) : (
              <ReplyForm ticket={ticket.data} />
            )}
          </Card>
        </>
      )}
    </div>
  );
}
