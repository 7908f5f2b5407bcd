import { FEED_FORMAT_LABELS } from '@complivue/shared/regulatory-monitoring';
import {
  COMPANY_FEED_SOURCES_MAX,
  createFeedSourceRequestSchema,
  type FeedSource,
} from '@complivue/shared/schemas/feed-sources';
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
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { cn } from '@/lib/cn';
import {
  createFeedSource,
  deleteFeedSource,
  updateFeedSource,
  useFeedSources,
  useInvalidateSources,
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
  onSubmit,
  onCancel,
}: {
  initial: FeedSourceDraft;
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof createFeedSourceRequestSchema.parse>) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (next: Partial<FeedSourceDraft>) => setDraft({ ...draft, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createFeedSourceRequestSchema.safeParse(feedSourceBodyOf(draft));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the source.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(parsed.data);
    } catch (caught) {
      setError(userFacingMessage(caught, 'The source could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <FeedSourceFields draft={draft} onChange={set} scope="institution" />
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function DeleteSource({ source, onDeleted }: { source: FeedSource; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteFeedSource(source.id);
      toast.success(`${source.name} was removed. Its updates stay in the feed.`);
      onDeleted();
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The source could not be removed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Remove ${source.name}`}>
          Remove
        </Button>
      }
      title={`Remove ${source.name}?`}
      description="It is no longer checked for new updates. The updates it already brought stay in your feed, with their read and starred state."
      confirmLabel="Remove"
      onConfirm={() => void remove()}
    />
  );
}

function SourceRow({
  source,
  canManage,
  onChanged,
}: {
  source: FeedSource;
  canManage: boolean;
  onChanged: () => void;
}) {
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
          {source.status === 'failing' && source.lastError && (
            <p className="mt-1 text-xs text-red-800">
              {source.lastError} ({source.consecutiveFailures}{' '}
              {source.consecutiveFailures === 1 ? 'failure' : 'failures'} in a row; next try{' '}
              {formatDateTime(source.nextPollAt)})
            </p>
          )}
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
              <DeleteSource source={source} onDeleted={onChanged} />
            </>
          )}
        </div>
      </div>
      {editing && (
        <div className="mt-3 rounded-md border border-slate-200 p-3">
          <SourceForm
            initial={feedSourceDraftOf(source)}
            submitLabel="Save source"
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await updateFeedSource(source.id, body);
              toast.success('Source saved.');
              setEditing(false);
              onChanged();
            }}
          />
        </div>
      )}
    </li>
  );
}

/** The platform's shared sources (read only) and the institution's own (its admins edit them). */
export function SourcesPanel() {
  const sources = useFeedSources();
  const invalidate = useInvalidateSources();
  const [adding, setAdding] = useState(false);
  if (sources.isPending) return <Spinner label="Loading the sources" />;
  if (sources.isError) return <Alert variant="destructive">{sources.error.message}</Alert>;
  const { shared, own, canManage } = sources.data;
  const refresh = () => void invalidate();
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
              <SourceRow
                key={source.id}
                source={source}
                canManage={canManage}
                onChanged={refresh}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700">Your institution has no sources of its own.</p>
        )}
        {canManage &&
          (adding ? (
            <div className="mt-4 rounded-md border border-slate-200 p-3">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Add a source</h3>
              <SourceForm
                initial={emptyFeedSourceDraft}
                submitLabel="Add source"
                onCancel={() => setAdding(false)}
                onSubmit={async (body) => {
                  await createFeedSource(body);
                  toast.success('Source added. It is checked within its interval.');
                  setAdding(false);
                  refresh();
                }}
              />
            </div>
          ) : (
            <Button className="mt-4" variant="secondary" onClick={() => setAdding(true)}>
              Add a source
            </Button>
          ))}
        {!canManage && (
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
              <SourceRow key={source.id} source={source} canManage={false} onChanged={refresh} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-700">No shared sources are configured.</p>
        )}
      </Card>
    </div>
  );
}
