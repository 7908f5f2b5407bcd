import { FEED_FORMAT_LABELS } from '@complivue/shared/regulatory-monitoring';
import type { FeedSource } from '@complivue/shared/schemas/feed-sources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  emptyFeedSourceDraft,
  FeedSourceFields,
  feedSourceBodyOf,
  feedSourceDraftOf,
  type FeedSourceDraft,
} from '@/components/feed-source-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-day';
import {
  adminFeedSourcesKey,
  createAdminFeedSource,
  deleteAdminFeedSource,
  findAdminFeedSources,
  pollAdminFeedSource,
  updateAdminFeedSource,
} from './feed-sources-api.ts';

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

/** Adds a source (no `source`) or edits one. */
function SourceForm({ source, onDone }: { source?: FeedSource; onDone: (saved: boolean) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FeedSourceDraft>(
    source ? feedSourceDraftOf(source) : emptyFeedSourceDraft,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (next: Partial<FeedSourceDraft>) => setDraft((current) => ({ ...current, ...next }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = feedSourceBodyOf(draft);
    try {
      if (source) await updateAdminFeedSource(source.id, body);
      else await createAdminFeedSource(body);
      await queryClient.invalidateQueries({ queryKey: adminFeedSourcesKey });
      toast.success(
        source ? `${body.name}: saved.` : `${body.name} added; it is polled within a minute.`,
      );
      onDone(true);
    } catch (caught) {
      setError(userFacingMessage(caught, 'The source could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={save}
      aria-label={source ? `Edit ${source.name}` : 'Add a feed source'}
      className="mb-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="font-semibold text-slate-900">
        {source ? `Edit ${source.name}` : 'Add a shared feed source'}
      </h3>
      {error && <Alert variant="destructive">{error}</Alert>}
      <FeedSourceFields draft={draft} onChange={set} scope="shared" />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {source ? 'Save source' : 'Add source'}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteSource({ source }: { source: FeedSource }) {
  const queryClient = useQueryClient();
  async function remove() {
    try {
      await deleteAdminFeedSource(source.id);
      await queryClient.invalidateQueries({ queryKey: adminFeedSourcesKey });
      toast.success(`${source.name} removed.`);
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The source could not be removed.'));
    }
  }
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
      onConfirm={() => void remove()}
    />
  );
}

function SourceRow({ source, onEdit }: { source: FeedSource; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminFeedSourcesKey });

  // The switch moves at once; it goes back if the change is refused.
  const [switching, setSwitching] = useState<boolean | null>(null);
  async function toggle(enabled: boolean) {
    setSwitching(enabled);
    try {
      await updateAdminFeedSource(source.id, { enabled });
      await refresh();
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The change could not be saved.'));
    } finally {
      setSwitching(null);
    }
  }

  async function pollNow() {
    setPolling(true);
    try {
      const outcome = await pollAdminFeedSource(source.id);
      await refresh();
      if (outcome.status === 'failed') toast.error(`${source.name}: ${outcome.error}`);
      else if (outcome.status === 'not_modified')
        toast.success(`${source.name}: unchanged since the last poll.`);
      else
        toast.success(
          `${source.name}: ${outcome.itemsSeen} item${outcome.itemsSeen === 1 ? '' : 's'} read, ${outcome.newItems} new.`,
        );
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The source could not be polled.'));
    } finally {
      setPolling(false);
    }
  }

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
          onChange={(event) => void toggle(event.target.checked)}
        />
      </td>
      <td className="py-2 pl-2">
        <div className="flex flex-wrap justify-end gap-1">
          <Button size="sm" variant="secondary" disabled={polling} onClick={() => void pollNow()}>
            {polling ? 'Polling…' : 'Poll now'}
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
  const sources = useQuery({ queryKey: adminFeedSourcesKey, queryFn: findAdminFeedSources });
  // null: no form; 'new': adding; an id: editing that source.
  const [editing, setEditing] = useState<string | null>(null);
  if (sources.isPending) return <Spinner label="Loading the feed sources" />;
  if (sources.isError) return <Alert variant="destructive">{sources.error.message}</Alert>;
  const items = sources.data.items;
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
      {editing === 'new' && <SourceForm onDone={() => setEditing(null)} />}
      {editedSource && (
        <SourceForm key={editedSource.id} source={editedSource} onDone={() => setEditing(null)} />
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
