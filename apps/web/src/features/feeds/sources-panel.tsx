import {
  AGENCIES,
  FEED_FORMAT_LABELS,
  FEED_FORMATS,
  FEED_POLL_INTERVAL_DEFAULT,
  FEED_POLL_INTERVAL_MAX,
  FEED_POLL_INTERVAL_MIN,
  type Agency,
  type FeedFormat,
} from '@complivue/shared/regulatory-monitoring';
import {
  COMPANY_FEED_SOURCES_MAX,
  createFeedSourceRequestSchema,
  type FeedSource,
} from '@complivue/shared/schemas/feed-sources';
import { AlertDialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
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

interface SourceDraft {
  name: string;
  url: string;
  format: FeedFormat;
  agency: Agency | '';
  pollIntervalMinutes: string;
  enabled: boolean;
}

const emptyDraft: SourceDraft = {
  name: '',
  url: '',
  format: 'rss',
  agency: '',
  pollIntervalMinutes: String(FEED_POLL_INTERVAL_DEFAULT),
  enabled: true,
};

const draftOf = (source: FeedSource): SourceDraft => ({
  name: source.name,
  url: source.url,
  format: source.format,
  agency: source.agency ?? '',
  pollIntervalMinutes: String(source.pollIntervalMinutes),
  enabled: source.enabled,
});

function SourceForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: SourceDraft;
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof createFeedSourceRequestSchema.parse>) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (next: Partial<SourceDraft>) => setDraft({ ...draft, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createFeedSourceRequestSchema.safeParse({
      name: draft.name,
      url: draft.url,
      format: draft.format,
      agency: draft.agency || null,
      pollIntervalMinutes: Number(draft.pollIntervalMinutes),
      enabled: draft.enabled,
    });
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
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name">
          {({ id }) => (
            <Input
              id={id}
              value={draft.name}
              maxLength={120}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Feed address"
          hint="The full https:// address of the RSS, Atom or Federal Register API feed."
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="url"
              inputMode="url"
              value={draft.url}
              aria-describedby={describedBy}
              onChange={(event) => set({ url: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Format">
          {({ id }) => (
            <Select
              id={id}
              value={draft.format}
              onChange={(event) => set({ format: event.target.value as FeedFormat })}
            >
              {FEED_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FEED_FORMAT_LABELS[format]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Agency (optional)">
          {({ id }) => (
            <Select
              id={id}
              value={draft.agency}
              onChange={(event) => set({ agency: event.target.value as Agency | '' })}
            >
              <option value="">None</option>
              {AGENCIES.map((agency) => (
                <option key={agency} value={agency}>
                  {agency}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Check every (minutes)"
          hint={`${FEED_POLL_INTERVAL_MIN} to ${FEED_POLL_INTERVAL_MAX} minutes.`}
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="number"
              min={FEED_POLL_INTERVAL_MIN}
              max={FEED_POLL_INTERVAL_MAX}
              value={draft.pollIntervalMinutes}
              aria-describedby={describedBy}
              onChange={(event) => set({ pollIntervalMinutes: event.target.value })}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={draft.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
          Poll this source
        </label>
      </div>
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
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Remove ${source.name}`}>
          Remove
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Remove {source.name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            It is no longer checked for new updates. The updates it already brought stay in your
            feed, with their read and starred state.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={() => void remove()}>
                Remove
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
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
            initial={draftOf(source)}
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
                initial={emptyDraft}
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
