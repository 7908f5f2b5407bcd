import {
  createThreadRequestSchema,
  type CreateThreadRequest,
} from '@complivue/shared/schemas/collaboration';
import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Discussion } from '@/components/discussion/discussion';
import { useDiscussion } from '@/components/discussion/api';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField, TextareaField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format-day';
import { useCreateThread, useThreads } from './api.ts';

const threadLink = (threadId: string) => `?view=threads&thread=${threadId}`;

function NewThreadForm({ onDone }: { onDone: (threadId: string) => void }) {
  const create = useCreateThread();
  const form = useZodForm(createThreadRequestSchema, { title: '', body: '' });
  return (
    <Form
      form={form}
      failure="The thread could not be started."
      aria-label="Start a thread"
      className="space-y-3"
      onSubmit={async (values: CreateThreadRequest) => {
        const started = await create.mutateAsync(values);
        toast.success('The thread was started.');
        onDone(started.subject.id);
      }}
    >
      <TextField<CreateThreadRequest> name="title" label="Title" maxLength={200} />
      <TextareaField<CreateThreadRequest>
        name="body"
        label="First message"
        rows={4}
        maxLength={10_000}
        hint="Mention members in the replies: type @ and a name."
      />
      <SubmitButton pendingLabel="Starting…">Start thread</SubmitButton>
    </Form>
  );
}

function ThreadDetail({ threadId }: { threadId: string }) {
  const discussion = useDiscussion({ type: 'thread', id: threadId });
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <Link
        to="?view=threads"
        className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All threads
      </Link>
      <QueryState query={discussion} loading="Loading the thread">
        {(data) => <h2 className="text-lg font-semibold text-slate-900">{data.subject.label}</h2>}
      </QueryState>
      <Discussion subject={{ type: 'thread', id: threadId }} />
    </Card>
  );
}

/** Free-standing discussions of the team, the most recently active first. */
export function ThreadsView() {
  const [params, setParams] = useSearchParams();
  const threadId = params.get('thread');
  const [starting, setStarting] = useState(false);
  const threads = useThreads();
  if (threadId) return <ThreadDetail threadId={threadId} />;
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Team threads</h2>
        {!starting && (
          <Button size="sm" onClick={() => setStarting(true)}>
            <Plus aria-hidden="true" className="size-4" /> Start a thread
          </Button>
        )}
      </div>
      {starting && (
        <NewThreadForm
          onDone={(id) => {
            setStarting(false);
            setParams({ view: 'threads', thread: id });
          }}
        />
      )}
      <QueryState
        query={threads}
        loading="Loading the threads"
        isEmpty={(data) => data.threads.length === 0}
        empty={
          <p className="text-sm text-slate-700">
            No threads yet. Start one for anything that is not about a single record: exam
            preparation, a board report, a question for the team.
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Threads">
            {data.threads.map((thread) => (
              <li key={thread.id} className="py-2 text-sm">
                <Link
                  to={threadLink(thread.id)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {thread.title}
                </Link>
                <p className="text-xs text-slate-700">
                  Started by {thread.createdByName} · {thread.comments}{' '}
                  {thread.comments === 1 ? 'comment' : 'comments'} · last{' '}
                  <time dateTime={thread.updatedAt}>{formatDateTime(thread.updatedAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
