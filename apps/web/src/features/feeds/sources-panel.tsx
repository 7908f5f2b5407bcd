import { FEED_FORMAT_LABELS } from '@complivue/shared/regulatory-monitoring';
import {
  COMPANY_FEED_SOURCES_MAX,
  feedSourceFormSchema,
  type CompanyFeedSourcesResponse,
  type FeedSource,
} from '@complivue/shared/schemas/feed-sources';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  EMPTY_FEED_SOURCE_FORM,
  FeedSourceFormFields,
  feedSourceFormOf,
  type FeedSourceForm,
} from '@/components/feed-source-form-fields';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { cn } from '@/lib/cn';
import {
  useCreateFeedSource,
  useDeleteFeedSource,
  useFeedSources,
  useUpdateFeedSource,
} from './api.ts';

const STATUS_TEXT: Record<FeedSource['status'], string> = {
  pending: 'Not polled yet',
  ok: 'Working',
  failing: 'Failing',
};

function StatusBadge({ source }: { source: FeedSource }) {
  const label = source.enabled ? STATUS_TEXT[source.status] : 'Switched off';
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        !source.enabled
          ? 'bg-slate-200 text-slate-800'
          : source.status === 'ok'
            ? 'bg-emerald-100 text-emerald-900'
            : source.status === 'failing'
              ? 'bg-red-100 text-red-900'
              : 'bg-amber-100 text-amber-900',
      )}
    >
      {label}
    </span>
  );
}

function SourceForm({
  initial,
  submitLabel,
  label,
  onSubmit,
  onCancel,
}: {
  initial: FeedSourceForm;
  submitLabel: string;
  /** Names the form (a page may hold several: one per source being edited). */
  label: string;
  onSubmit: (body: z.output<typeof feedSourceFormSchema>) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useZodForm(feedSourceFormSchema, initial);
  return (
    <Form
      form={form}
      failure="The source could not be saved."
      onSubmit={onSubmit}
      className="space-y-3"
      aria-label={label}
    >
      <FeedSourceFormFields scope="institution" />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function DeleteSource({ source }: { source: FeedSource }) {
  const deleteSource = useDeleteFeedSource(source.id);
  const remove = () =>
    // mutateAsync: the refreshed list drops this row, and mutate()'s callbacks never run
    // once their component has unmounted.
    deleteSource.mutateAsync().then(
      () => toast.success(`${source.name} was removed. Its updates stay in the feed.`),
      (caught: unknown) =>
        toast.error(userFacingMessage(caught, 'The source could not be removed.')),
    );
  return (
    <ConfirmDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          disabled={deleteSource.isPending}
          aria-label={`Remove ${source.name}`}
        >
          Remove
        </Button>
      }
      title={`Remove ${source.name}?`}
      description="It is no longer checked for new updates. The updates it already brought stay in your feed, with their read and starred state."
      confirmLabel="Remove"
      onConfirm={remove}
    />
  );
}

function EditSource({ source, onDone }: { source: FeedSource; onDone: () => void }) {
  const updateSource = useUpdateFeedSource(source.id);
  return (
    <SourceForm
      initial={feedSourceFormOf(source)}
      submitLabel="Save source"
      label={`Edit ${source.name}`}
      onCancel={onDone}
      onSubmit={async (body) => {
        await updateSource.mutateAsync(body);
        toast.success('Source saved.');
        onDone();
      }}
    />
  );
}

/**
 * A source that cannot be read, in words: since when, and that it is retried. The technical
 * reason is shown only for the institution's own sources, whose address its administrator can
 * fix; a shared source's is the platform operator's to read in the console.
 */
function FailingNote({ source }: { source: FeedSource }) {
  const since = source.lastSuccessAt
    ? `since ${formatDateTime(source.lastSuccessAt)}`
    : 'since it was added';
  return (
    <p className="mt-1 text-xs text-red-800">
      Could not be read {since}; retrying, next try {formatDateTime(source.nextPollAt)}.
      {source.lastError && (
        <span className="block text-slate-700">
          Details: {source.lastError} ({source.consecutiveFailures}{' '}
          {source.consecutiveFailures === 1 ? 'failure' : 'failures'} in a row)
        </span>
      )}
    </p>
  );
}

function SourceRow({ source, canManage }: { source: FeedSource; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="border-t border-slate-200 py-3 first:border-t-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{source.name}</p>
          <p className="text-xs break-all text-slate-600">{source.url}</p>
          <p className="mt-1 text-xs text-slate-700">
            {FEED_FORMAT_LABELS[source.format]}
            {source.agency ? ` · ${source.agency}` : ''} · every {source.pollIntervalMinutes} min ·{' '}
            {source.itemCount} {source.itemCount === 1 ? 'update' : 'updates'}
            {source.lastSuccessAt ? ` · last read ${formatDateTime(source.lastSuccessAt)}` : ''}
          </p>
          {source.status === 'failing' && <FailingNote source={source} />}
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge source={source} />
          {canManage && !editing && (
            <>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${source.name}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <DeleteSource source={source} />
            </>
          )}
        </div>
      </div>
      {editing && (
        <div className="mt-3 rounded-md border border-slate-200 p-3">
          <EditSource source={source} onDone={() => setEditing(false)} />
        </div>
      )}
    </li>
  );
}

function AddSource() {
  const [adding, setAdding] = useState(false);
  const createSource = useCreateFeedSource();
  if (!adding) {
    return (
      <Button className="mt-4" variant="secondary" onClick={() => setAdding(true)}>
        Add a source
      </Button>
    );
  }
  return (
    <div className="mt-4 rounded-md border border-slate-200 p-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Add a source</h3>
      <SourceForm
        initial={EMPTY_FEED_SOURCE_FORM}
        submitLabel="Add source"
        label="Add a source"
        onCancel={() => setAdding(false)}
        onSubmit={async (body) => {
          await createSource.mutateAsync(body);
          toast.success('Source added. It is checked within its interval.');
          setAdding(false);
        }}
      />
    </div>
  );
}

function SourceLists({ shared, own, canManage }: CompanyFeedSourcesResponse) {
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Your institution’s sources</h2>
        <p className="mt-1 text-sm text-slate-700">
          Feeds only your institution receives, such as a state regulator’s or a trade association’s
          (up to {COMPANY_FEED_SOURCES_MAX}). Each is checked on its own interval; new publications
          appear in the feed after the next check.
        </p>
        {own.length ? (
          <ul className="mt-3">
            {own.map((source) => (
              <SourceRow key={source.id} source={source} canManage={canManage} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700">Your institution has no sources of its own.</p>
        )}
        {canManage ? (
          <AddSource />
        ) : (
          <p className="mt-3 text-xs text-slate-600">Administrators add and change sources.</p>
        )}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Shared sources</h2>
        <p className="mt-1 text-sm text-slate-700">
          The regulators’ public feeds every institution receives, maintained by the platform.
        </p>
        {shared.length ? (
          <ul className="mt-3">
            {shared.map((source) => (
              <SourceRow key={source.id} source={source} canManage={false} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700">No shared sources are configured.</p>
        )}
      </Card>
    </div>
  );
}

/** The platform's shared sources (read only) and the institution's own (its admins edit them). */
export function SourcesPanel() {
  const sources = useFeedSources();
  return (
    <QueryState query={sources} loading="Loading the sources">
      {(data) => <SourceLists {...data} />}
    </QueryState>
  );
}
