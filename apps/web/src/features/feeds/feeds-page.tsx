import {
  FEED_DOCUMENT_TYPE_LABELS,
  FEED_DOCUMENT_TYPES,
  FEED_POLL_INTERVAL_DEFAULT,
} from '@complivue/shared/regulatory-monitoring';
import type { FeedItemSummary } from '@complivue/shared/schemas/feeds';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { CheckCheck, Search, Star } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Pager } from '@/components/pager';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AreaFilterSelect, FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format-day';
import { useSession } from '@/lib/session';
import { useFeedItems, useFeedSources, useMarkAllRead, useToggleFeedItem } from './api.ts';
import { AreaTags, DocumentTypeBadge, RelevanceBadge } from './feed-badges.tsx';
import { FEEDS_HEADING_ID, FeedItemPanel, feedItemLinkId } from './feed-item-detail.tsx';
import { SourcesPanel } from './sources-panel.tsx';
import {
  FEED_TABS,
  hasFilters,
  useFeedPageState,
  type FeedFilters,
  type FeedTab,
} from './use-feed-filters.ts';
import { WatchlistPanel } from './watchlist-panel.tsx';

const TAB_LABELS: Record<FeedTab, string> = {
  updates: 'Updates',
  watchlist: 'Watchlist',
  sources: 'Sources',
};

function SourceFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (source: string | undefined) => void;
}) {
  const sources = useFeedSources();
  const all = [...(sources.data?.own ?? []), ...(sources.data?.shared ?? [])];
  const names = new Map(all.map((source) => [source.id, source.name]));
  return (
    <FilterSelect
      label="Source"
      allLabel="All sources"
      value={value}
      options={all.map((source) => source.id)}
      optionLabel={(id) => names.get(id) ?? id}
      unknownLabel="A removed source"
      onChange={onChange}
    />
  );
}

/** The words filter is applied when typing pauses, so each keystroke is not a request. */
function WordsFilter({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  const id = useId();
  // The filter changed from outside (cleared, or the address): show it.
  if (value !== applied) {
    setApplied(value);
    if (value !== draft.trim()) setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onChange(draft.trim()), 400);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Words in title or summary
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          maxLength={200}
          placeholder="e.g. escrow, adverse action"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
    </div>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: FeedFilters;
  onChange: (next: Partial<FeedFilters>) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <form
      aria-label="Filter updates"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => event.preventDefault()}
    >
      <AreaFilterSelect value={filters.area} onChange={(area) => onChange({ area })} />
      <FilterSelect
        label="Type"
        allLabel="All types"
        value={filters.type}
        options={FEED_DOCUMENT_TYPES}
        optionLabel={(type) => FEED_DOCUMENT_TYPE_LABELS[type]}
        onChange={(type) => onChange({ type })}
      />
      <SourceFilter value={filters.source} onChange={(source) => onChange({ source })} />
      {/* Two columns wide on a large screen: in one, each date field cut its own date. */}
      <div className="grid grid-cols-2 gap-2 lg:col-span-2">
        <div>
          <label htmlFor={fromId} className="block text-sm font-medium text-slate-800">
            From
          </label>
          <Input
            id={fromId}
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </div>
        <div>
          <label htmlFor={toId} className="block text-sm font-medium text-slate-800">
            To
          </label>
          <Input
            id={toId}
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </div>
      </div>
      <WordsFilter value={filters.q} onChange={(q) => onChange({ q })} />
      <div className="flex flex-wrap items-end gap-4 pb-2 text-sm text-slate-800 sm:col-span-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.unread}
            onChange={(event) => onChange({ unread: event.target.checked })}
          />
          Unread only
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.starred}
            onChange={(event) => onChange({ starred: event.target.checked })}
          />
          Starred only
        </label>
      </div>
    </form>
  );
}

function ItemRow({ item, openHref }: { item: FeedItemSummary; openHref: string }) {
  const toggle = useToggleFeedItem(item.id);
  return (
    <li
      className={cn(
        'border-l-4 px-4 py-4 sm:px-5',
        item.read ? 'border-l-transparent' : 'border-l-brand-600 bg-brand-50/40',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
            {!item.read && (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 font-semibold text-white">
                Unread
              </span>
            )}
            <DocumentTypeBadge type={item.documentType} />
            <AreaTags areas={item.areas} />
            <span>{formatDay(item.sortAt.slice(0, 10))}</span>
            {item.effectiveDate && <span>· effective {formatDay(item.effectiveDate)}</span>}
          </div>
          <h2 className={cn('mt-1 break-words', item.read ? 'font-medium' : 'font-bold')}>
            <Link
              id={feedItemLinkId(item.id)}
              to={openHref}
              className="text-slate-900 hover:text-brand-700 hover:underline"
            >
              {item.title}
            </Link>
          </h2>
          {item.summary && (
            <p className="mt-1 line-clamp-2 text-sm text-slate-700">{item.summary}</p>
          )}
          <p className="mt-1 text-xs text-slate-600">
            {item.sources.map((source) => source.name).join(' · ')}
            {item.agencies.length ? ` · ${item.agencies.join(', ')}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-start gap-2 sm:flex-col sm:items-end">
          <RelevanceBadge relevance={item.relevance} />
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={item.starred}
              aria-label={item.starred ? `Unstar ${item.title}` : `Star ${item.title}`}
              title={item.starred ? 'Unstar' : 'Star'}
              onClick={() => toggle({ starred: !item.starred })}
            >
              <Star
                aria-hidden="true"
                className={item.starred ? 'size-4 fill-amber-400 text-amber-600' : 'size-4'}
              />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={
                item.read ? `Mark as unread: ${item.title}` : `Mark as read: ${item.title}`
              }
              onClick={() => toggle({ read: !item.read })}
            >
              {item.read ? 'Mark as unread' : 'Mark as read'}
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

const NO_FILTERS: Partial<FeedFilters> = {
  area: undefined,
  type: undefined,
  source: undefined,
  from: undefined,
  to: undefined,
  unread: false,
  starred: false,
  q: '',
};

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (filtered) {
    return (
      <Card className="p-6 text-center">
        <p className="text-sm text-slate-800">No updates match these filters.</p>
        <Button className="mt-3" variant="secondary" onClick={onClear}>
          Clear the filters
        </Button>
      </Card>
    );
  }
  return (
    <Card className="p-6">
      <h2 className="font-semibold text-slate-900">No regulatory updates yet</h2>
      <p className="mt-2 text-sm text-slate-700">
        Updates arrive from the regulators’ feeds (the CFPB, the Federal Register’s documents of the
        CFPB, OCC, FDIC, NCUA, Federal Reserve and FinCEN, the FFIEC and others) and from your
        institution’s own sources. Each source is checked on its own schedule — every{' '}
        {FEED_POLL_INTERVAL_DEFAULT} minutes unless set otherwise — and new publications appear here
        after the next check, tagged by area and scored for your institution.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Meanwhile, set up your watchlist so that the updates that matter alert your team.
      </p>
    </Card>
  );
}

function UpdatesTab({
  filters,
  page,
  onFilters,
  onPage,
  itemHref,
}: {
  filters: FeedFilters;
  page: number;
  onFilters: (next: Partial<FeedFilters>) => void;
  onPage: (page: number) => void;
  itemHref: (itemId: string) => string;
}) {
  const items = useFeedItems(filters, page);
  const markAllRead = useMarkAllRead();
  const filtered = hasFilters(filters);
  const clearFilters = () => onFilters(NO_FILTERS);
  const markAll = () => {
    const { unread: _unread, q, ...rest } = filters;
    markAllRead.mutate(
      { ...rest, ...(q ? { q } : {}) },
      {
        onSuccess: ({ marked }) =>
          toast.success(
            marked === 1 ? '1 update marked as read.' : `${marked} updates marked as read.`,
          ),
        onError: (caught) =>
          toast.error(userFacingMessage(caught, 'The updates could not be marked as read.')),
      },
    );
  };
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-5">
        <Filters filters={filters} onChange={onFilters} />
        {filtered && (
          <Button className="mt-3" size="sm" variant="ghost" onClick={clearFilters}>
            Clear the filters
          </Button>
        )}
      </Card>
      <QueryState query={items} loading="Loading the updates">
        {(data) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm text-slate-700">
                {data.total === 1 ? '1 update' : `${data.total} updates`}
                {filtered ? ' match' : ''} · {data.unreadCount} unread in all
              </p>
              {data.unreadCount > 0 && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={markAllRead.isPending}
                  onClick={markAll}
                >
                  <CheckCheck aria-hidden="true" className="size-4" />
                  {filtered ? 'Mark these as read' : 'Mark all as read'}
                </Button>
              )}
            </div>
            {data.items.length === 0 ? (
              <EmptyState filtered={filtered} onClear={clearFilters} />
            ) : (
              <Card className="overflow-hidden p-0 sm:p-0">
                <ul className="divide-y divide-slate-200" aria-label="Regulatory updates">
                  {data.items.map((item) => (
                    <ItemRow key={item.id} item={item} openHref={itemHref(item.id)} />
                  ))}
                </ul>
              </Card>
            )}
            {data.total > data.pageSize && (
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function FeedsContent({ session }: { session: SessionResponse }) {
  const [state, update] = useFeedPageState();
  const location = useLocation();
  // The item opens over the current view: its filters and page stay in the address.
  const itemHref = (itemId: string) => {
    const params = new URLSearchParams(location.search);
    params.set('item', itemId);
    return `?${params}`;
  };
  return (
    <div className="space-y-6">
      <div>
        <h1
          id={FEEDS_HEADING_ID}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none"
        >
          Regulatory Feeds
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          New rules, guidance and enforcement actions from the regulators, newest first, tagged by
          area and scored for your institution. Informational only; read the original before acting.
        </p>
      </div>
      <Tabs.Root value={state.tab} onValueChange={(tab) => update({ tab: tab as FeedTab })}>
        <Tabs.List
          aria-label="Regulatory feeds"
          className="flex gap-1 overflow-x-auto border-b border-slate-200"
        >
          {FEED_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="updates" className="pt-4">
          <UpdatesTab
            filters={state.filters}
            page={state.page}
            onFilters={(filters) => update({ filters })}
            onPage={(page) => update({ page })}
            itemHref={itemHref}
          />
        </Tabs.Content>
        <Tabs.Content value="watchlist" className="pt-4">
          <WatchlistPanel />
        </Tabs.Content>
        <Tabs.Content value="sources" className="pt-4">
          <SourcesPanel />
        </Tabs.Content>
      </Tabs.Root>
      {state.itemId && (
        <FeedItemPanel
          itemId={state.itemId}
          session={session}
          onClose={() => update({ itemId: null })}
        />
      )}
    </div>
  );
}

/** `/regulatory-feeds`: updates with filters, the watchlist and the sources. */
export function RegulatoryFeedsPage() {
  const session = useSession();
  if (!session.data) return <Spinner label="Loading" />;
  return <FeedsContent session={session.data} />;
}
