import { FEED_FORMAT_LABELS } from '@complivue/shared/regulatory-monitoring';
import { feedSourceFormSchema, type FeedSource } from '@complivue/shared/schemas/feed-sources';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  EMPTY_FEED_SOURCE_FORM,
  FeedSourceFormFields,
  feedSourceFormOf,
} from '@/components/feed-source-form-fields';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { userFacingMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-day';
import {
  useAdminFeedSources,
  useCreateAdminFeedSource,
  useDeleteAdminFeedSource,
  usePollAdminFeedSource,
  useUpdateAdminFeedSource,
} from './api.ts';

const STATUS_LABELS: Record<FeedSource['status'], string> = {
  ok: 'OK',
  failing: 'Failing',
  pending: 'Pending',
};

function StatusBadge({ source }: { source: FeedSource }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        source.status === 'ok' && 'bg-emerald-100 text-emerald-900',
        source.status === 'failing' && 'bg-red-100 text-red-900',
        source.status === 'pending' && 'bg-amber-100 text-amber-900',
      )}
    >
      {STATUS_LABELS[source.status]}
    </span>
  );
}

/** The form of a source: empty to add one, or the source's fields to edit it. */
function SourceForm({
  source,
  onSubmit,
  onDone,
}: {
  source?: FeedSource;
  onSubmit: (body: z.output<typeof feedSourceFormSchema>) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useZodForm(
    feedSourceFormSchema,
    source ? feedSourceFormOf(source) : EMPTY_FEED_SOURCE_FORM,
  );
  const submitLabel = source ? 'Save source' : 'Add source';
  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="mb-3 font-semibold text-slate-900">
        {source ? `Edit ${source.name}` : 'Add a shared feed source'}
      </h3>
      <Form
        form={form}
        failure="The source could not be saved."
        aria-label={source ? `Edit ${source.name}` : 'Add a feed source'}
        className="space-y-3"
        onSubmit={async (body) => {
          await onSubmit(body);
          onDone();
        }}
      >
        <FeedSourceFormFields scope="shared" />
        <div className="flex gap-2">
          {/* The button keeps its words while the source is sent, as it always has. */}
          <SubmitButton size="sm" pendingLabel={submitLabel}>
            {submitLabel}
          </SubmitButton>
          <Button type="button" size="sm" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

function AddSource({ onDone }: { onDone: () => void }) {
  const createSource = useCreateAdminFeedSource();
  return (
    <SourceForm
      onDone={onDone}
      onSubmit={async (body) => {
        await createSource.mutateAsync(body);
        toast.success(`${body.name} added; it is polled within a minute.`);
      }}
    />
  );
}

function EditSource({ source, onDone }: { source: FeedSource; onDone: () => void }) {
  const updateSource = useUpdateAdminFeedSource(source.id);
  return (
    <SourceForm
      source={source}
      onDone={onDone}
      onSubmit={async (body) => {
        await updateSource.mutateAsync(body);
        toast.success(`${body.name}: saved.`);
      }}
    />
  );
}

function DeleteSource({ source }: { source: FeedSource }) {
  const deleteSource = useDeleteAdminFeedSource(source.id);
  const remove = () =>
    // mutateAsync: the refreshed list drops this row, and mutate()'s callbacks never run
    // once their component has unmounted.
    deleteSource.mutateAsync().then(
      () => toast.success(`${source.name} removed.`),
      (caught: unknown) =>
        toast.error(userFacingMessage(caught, 'The source could not be removed.')),
    );
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={`Delete ${source.name}`}>
          Delete
        </Button>
      }
      title={`Delete ${source.name}?`}
      description={
        <>
          It is no longer polled. The {source.itemCount} item
          {source.itemCount === 1 ? '' : 's'} it brought stay in every institution&apos;s feed. To
          pause it instead, switch it off.
        </>
      }
      confirmLabel="Delete"
      onConfirm={remove}
    />
  );
}

function SourceRow({ source, onEdit }: { source: FeedSource; onEdit: () => void }) {
  // The switch moves at once (to the value being sent); it goes back if the change is refused.
  const toggle = useUpdateAdminFeedSource(source.id);
  const switching = toggle.isPending ? Boolean(toggle.variables.enabled) : null;
  const switchTo = (enabled: boolean) =>
    toggle.mutate(
      { enabled },
      {
        onError: (caught) =>
          toast.error(userFacingMessage(caught, 'The change could not be saved.')),
      },
    );

  const poll = usePollAdminFeedSource(source.id);
  const pollNow = () =>
    poll.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.status === 'failed') toast.error(`${source.name}: ${outcome.error}`);
        else if (outcome.status === 'not_modified')
          toast.success(`${source.name}: unchanged since the last poll.`);
        else
          toast.success(
            `${source.name}: ${outcome.itemsSeen} item${outcome.itemsSeen === 1 ? '' : 's'} read, ${outcome.newItems} new.`,
          );
      },
      onError: (caught) =>
        toast.error(userFacingMessage(caught, 'The source could not be polled.')),
    });

  return (
    <tr className="align-top">
      <th scope="row" className="py-2 pr-3 text-left font-normal">
        <span className="block font-medium text-slate-900">{source.name}</span>
        <span className="block text-xs break-all text-slate-600">{source.url}</span>
        <span className="block text-xs text-slate-600">
          {FEED_FORMAT_LABELS[source.format]}
          {source.agency ? ` · ${source.agency}` : ''} · every {source.pollIntervalMinutes} min
        </span>
        {source.status === 'failing' && source.lastError && (
          <span className="mt-1 block text-xs text-red-800">
            Last error ({source.consecutiveFailures} in a row): {source.lastError} Next try{' '}
            {formatDateTime(source.nextPollAt)}.
          </span>
        )}
      </th>
      <td className="px-2 py-2">
        <StatusBadge source={source} />
      </td>
      <td className="px-2 py-2 text-slate-700">
        {source.lastPolledAt ? formatDateTime(source.lastPolledAt) : 'Never'}
      </td>
      <td className="px-2 py-2 text-right text-slate-700">{source.itemCount}</td>
      <td className="px-2 py-2 text-center">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          aria-label={`${source.name} enabled`}
          checked={switching ?? source.enabled}
          disabled={switching !== null}
          onChange={(event) => switchTo(event.target.checked)}
        />
      </td>
      <td className="py-2 pl-2">
        <div className="flex flex-wrap justify-end gap-1">
          <Button size="sm" variant="secondary" disabled={poll.isPending} onClick={pollNow}>
            {poll.isPending ? 'Polling…' : 'Poll now'}
            <span className="sr-only"> {source.name}</span>
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Edit ${source.name}`} onClick={onEdit}>
            Edit
          </Button>
          <DeleteSource source={source} />
        </div>
      </td>
    </tr>
  );
}

/** The console's Feed sources tab: the shared sources every institution receives. */
export function FeedSourcesTab() {
  const sources = useAdminFeedSources();
  // null: no form; 'new': adding; an id: editing that source.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <QueryState query={sources} loading="Loading the feed sources">
      {({ items }) => <SharedSources items={items} editing={editing} onEditing={setEditing} />}
    </QueryState>
  );
}

function SharedSources({
  items,
  editing,
  onEditing: setEditing,
}: {
  items: FeedSource[];
  editing: string | null;
  onEditing: (editing: string | null) => void;
}) {
  const failing = items.filter((source) => source.status === 'failing').length;
  const editedSource = items.find((source) => source.id === editing);

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-700">
          Shared sources reach every institution. Each is polled on its interval; a source that
          fails is retried later and keeps the items it brought. Institutions add their own sources
          on their Regulatory Feeds page.
          {failing > 0 && (
            <strong className="ml-1 text-red-800">
              {failing} source{failing === 1 ? ' is' : 's are'} failing.
            </strong>
          )}
        </p>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            Add source
          </Button>
        )}
      </div>
      {editing === 'new' && <AddSource onDone={() => setEditing(null)} />}
      {editedSource && (
        <EditSource key={editedSource.id} source={editedSource} onDone={() => setEditing(null)} />
      )}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">No shared sources yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Shared feed sources</caption>
            <thead className="text-left text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Last polled
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Items
                </th>
                <th scope="col" className="px-2 py-2 text-center font-medium">
                  Enabled
                </th>
                <th scope="col" className="py-2 pl-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((source) => (
                <SourceRow key={source.id} source={source} onEdit={() => setEditing(source.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
