import {
  replyFieldsSchema,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGES,
  type TicketDetail,
  type TicketMessage,
} from '@complivue/shared/schemas/support';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format-bytes';
import { formatDateTime } from '@/lib/format-day';
import { userFacingMessage } from '@/lib/api-client';
import { useReplyToTicket, useSetTicketStatus, useTicket } from './api.ts';
import { AttachmentInput, attachmentProblem, ticketForm } from './attachment-input.tsx';
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
  const form = useZodForm(replyFieldsSchema, { body: '' });
  const reply = useReplyToTicket(ticket.id);
  const [files, setFiles] = useState<File[]>([]);
  const [filesKey, setFilesKey] = useState(0);
  const body = useWatch({ control: form.control, name: 'body' });
  return (
    <Form
      form={form}
      failure="The reply could not be sent."
      className="space-y-3"
      aria-label="Reply"
      onSubmit={async (fields) => {
        const problem = attachmentProblem(files);
        if (problem) {
          form.setError('root.server', { message: problem });
          return;
        }
        await reply.mutateAsync(ticketForm(fields, files));
        form.reset();
        setFiles([]);
        setFilesKey((key) => key + 1);
      }}
    >
      <TextareaField name="body" label="Your reply" rows={5} maxLength={10_000} />
      <AttachmentInput key={filesKey} files={files} onChange={setFiles} />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Sending…" disabled={body.trim() === ''}>
          Send reply
        </SubmitButton>
      </div>
    </Form>
  );
}

function StatusAction({ ticket }: { ticket: TicketDetail }) {
  const setStatus = useSetTicketStatus(ticket.id);
  const closed = ticket.status === 'closed';
  return (
    <div>
      {setStatus.isError && (
        <Alert variant="destructive">
          {userFacingMessage(setStatus.error, 'The ticket could not be updated.')}
        </Alert>
      )}
      <Button
        variant="secondary"
        disabled={setStatus.isPending}
        onClick={() => setStatus.mutate(closed ? 'open' : 'closed')}
      >
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
      <BackLink to={paths.support}>Help &amp; Support</BackLink>
      <QueryState query={ticket} loading="Loading the ticket">
        {(data) => (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h1 className="text-2xl font-bold text-slate-900">
                  Ticket {data.number}: {data.subject}
                </h1>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <TicketStatusBadge status={data.status} />
                  <span>{SUPPORT_CATEGORY_LABELS[data.category]}</span>
                  <span>· Priority: {data.priority}</span>
                  <span>· {data.companyName}</span>
                  <span>· {data.responseTarget}</span>
                </p>
              </div>
              <StatusAction ticket={data} />
            </div>
            <ol className="space-y-3" aria-label="Conversation">
              {data.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </ol>
            <Card className="p-5">
              {data.status === 'closed' ? (
                <p className="text-sm text-slate-700">{SUPPORT_MESSAGES.closed}</p>
              ) : (
                <ReplyForm ticket={data} />
              )}
            </Card>
          </>
        )}
      </QueryState>
    </div>
  );
}
