import { AGENCY_LABELS, type Agency } from '@complivue/shared/regulatory-monitoring';
import type { FeedItemDetail } from '@complivue/shared/schemas/feeds';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { ExternalLink, Lock, Star, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Citation } from '@/components/citation';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDateTime, formatDay } from '@/lib/format-day';
import { neededPlanLabel, usePageAccess } from '@/lib/use-page-access';
import { useFeedItem, useSetFeedItemState, useToggleFeedItem } from './api.ts';
import { AreaTags, DocumentTypeBadge, RelevanceBadge } from './feed-badges.tsx';

function StartChange({ item, session }: { item: FeedItemDetail; session: SessionResponse }) {
  const access = usePageAccess(paths.changeManagement, session);
  if (!access.allowed) {
    if (access.pending) return null;
    const plan = neededPlanLabel(access.needed);
    return (
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
        <p className="flex items-center gap-2 font-semibold">
          <Lock aria-hidden="true" className="size-4" />
          Start a change — {plan ?? 'Professional'} plan
        </p>
        <p className="mt-1">
          Turning an update into a tracked change (impact assessment, tasks, approvals) is part of
          change management, included from the {plan ?? 'Professional'} plan.{' '}
          <Link to={paths.settingsSubscription} className="font-medium text-brand-700 underline">
            Upgrade your plan
          </Link>
        </p>
      </div>
    );
  }
  // A draft the member confirms on the change page: nothing is created, rated or due until
  // they say so (or the change already open for this item opens instead).
  return (
    <Button asChild>
      <Link to={`${paths.changeManagement}?from-feed=${item.id}`}>Start a change</Link>
    </Button>
  );
}

function Facts({ item }: { item: FeedItemDetail }) {
  const rows: [string, ReactNode][] = [];
  rows.push([
    'Published',
    item.publishedAt ? formatDay(item.publishedAt.slice(0, 10)) : 'No date given by the feed',
  ]);
  if (item.effectiveDate) rows.push(['Effective', formatDay(item.effectiveDate)]);
  if (item.commentsCloseOn) rows.push(['Comments close', formatDay(item.commentsCloseOn)]);
  if (item.agencies.length)
    rows.push([
      'Agencies',
      item.agencies.map((agency) => AGENCY_LABELS[agency as Agency] ?? agency).join('; '),
    ]);
  if (item.citations.length)
    rows.push([
      'Citations',
      item.citations.map((citation, index) => (
        <Fragment key={citation}>
          {index > 0 && '; '}
          <Citation citation={citation} />
        </Fragment>
      )),
    ]);
  if (item.extra.federalRegisterCitation)
    rows.push(['Federal Register', item.extra.federalRegisterCitation]);
  if (item.extra.documentNumber) rows.push(['Document number', item.extra.documentNumber]);
  rows.push(['First seen', formatDateTime(item.firstSeenAt)]);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailBody({ item, session }: { item: FeedItemDetail; session: SessionResponse }) {
  const toggle = useToggleFeedItem(item.id);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <DocumentTypeBadge type={item.documentType} />
        <AreaTags areas={item.areas} />
      </div>
      <RelevanceBadge relevance={item.relevance} />
      {item.summary ? (
        <p className="text-sm whitespace-pre-line text-slate-800">{item.summary}</p>
      ) : (
        <p className="text-sm text-slate-700">The feed gave no summary; read the original.</p>
      )}
      <Facts item={item} />
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Sources</h3>
        <ul className="mt-1 space-y-1 text-sm text-slate-800">
          {item.sources.map((source) => (
            <li key={source.id}>
              {source.name}{' '}
              <span className="text-xs text-slate-600">
                ({source.companyOwned ? 'your institution’s source' : 'shared source'}, since{' '}
                {formatDateTime(source.firstSeenAt)})
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          Read the original
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Button
          variant="secondary"
          aria-pressed={item.starred}
          onClick={() => toggle({ starred: !item.starred })}
        >
          <Star
            aria-hidden="true"
            className={item.starred ? 'size-4 fill-amber-400 text-amber-600' : 'size-4'}
          />
          {item.starred ? 'Starred' : 'Star'}
        </Button>
        <Button variant="ghost" onClick={() => toggle({ read: !item.read })}>
          {item.read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </div>
      <StartChange item={item} session={session} />
    </div>
  );
}

/** The id of an update's title link in the list (focus returns there when its panel closes). */
export const feedItemLinkId = (itemId: string) => `feed-item-${itemId}-title`;
/** The page's heading: focus goes there when neither the row nor the opener is on the page. */
export const FEEDS_HEADING_ID = 'regulatory-feeds-heading';

/**
 * Where focus goes when the panel closes (it opens from the address, with no trigger for Radix
 * to return to): the update's title link in the list, else what had focus when it opened (a
 * notification, a search result), else the page's heading — never the document body.
 */
function restoreFocus(itemId: string, opener: HTMLElement | null) {
  const target =
    document.getElementById(feedItemLinkId(itemId)) ??
    (opener?.isConnected && opener !== document.body ? opener : null) ??
    document.getElementById(FEEDS_HEADING_ID);
  target?.focus();
}

/** `?item=<id>`: the update in a side panel (full screen on a phone). Opening it marks it read. */
export function FeedItemPanel({
  itemId,
  session,
  onClose,
}: {
  itemId: string;
  session: SessionResponse;
  onClose: () => void;
}) {
  const item = useFeedItem(itemId);
  const { mutate: setState } = useSetFeedItemState();
  const marked = useRef<string | null>(null);
  // Read once, at the first render: before the panel takes focus.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    if (!item.data || item.data.read || marked.current === item.data.id) return;
    marked.current = item.data.id;
    // Best effort: the reader can still toggle it, and a failure changes nothing shown.
    setState({ itemId: item.data.id, change: { read: true } });
  }, [item.data, setState]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-2xl flex-col bg-white shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus(itemId, opener);
          }}
        >
          <div className="flex items-start gap-3 border-b border-slate-200 p-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold text-slate-600">Regulatory update</p>
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900">
                {item.data?.title ?? 'Loading the update'}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                The update’s summary, dates, citations, sources and original link.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close the update">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4 sm:px-6">
            <QueryState query={item} loading="Loading the update">
              {(data) => <DetailBody item={data} session={session} />}
            </QueryState>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
