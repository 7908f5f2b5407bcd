import { readableLinkTitle } from '@complivue/shared/history-sentences';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-day';
import { AreaTags } from '../change-badges.tsx';

const LINK = 'text-brand-700 underline';

/**
 * Where the change came from: its feed item, opened in the app (where its relevance, citations
 * and other changes are), with the publication on its publisher's site beside it.
 */
function ChangeSource({ feedItem }: { feedItem: ChangeDetail['feedItem'] }) {
  if (!feedItem) return <>Entered by hand</>;
  const inApp = `${paths.regulatoryFeeds}?${new URLSearchParams({ item: feedItem.id })}`;
  return (
    <>
      <Link to={inApp} className={LINK}>
        <span className="sr-only">Feed item: </span>
        {feedItem.title}
      </Link>{' '}
      <span className="whitespace-nowrap">
        (
        <a
          href={feedItem.link}
          target="_blank"
          rel="noopener noreferrer"
          className={`inline-flex items-center gap-1 ${LINK}`}
        >
          {readableLinkTitle(feedItem.link) ?? 'the publication'}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens the publisher’s site in a new tab)</span>
        </a>
        )
      </span>
    </>
  );
}

/** The change's record: areas, source, who created it when, and how it ended. */
export function ChangeFacts({ change }: { change: ChangeDetail }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      <div className="sm:col-span-2">
        <dt className="inline font-medium text-slate-900">Source: </dt>
        <dd className="inline text-slate-800">
          <ChangeSource feedItem={change.feedItem} />
        </dd>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <dt className="font-medium text-slate-900">Areas: </dt>
        <dd className="text-slate-800">
          {change.areas.length > 0 ? <AreaTags areas={change.areas} /> : 'None chosen'}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium text-slate-900">Created: </dt>
        <dd className="inline text-slate-800">
          {formatDateTime(change.createdAt)}
          {change.createdByName ? ` by ${change.createdByName}` : ''}
        </dd>
      </div>
      {change.closedAt && (
        <div>
          <dt className="inline font-medium text-slate-900">Finished: </dt>
          <dd className="inline text-slate-800">{formatDateTime(change.closedAt)}</dd>
        </div>
      )}
      {change.notApplicableReason && (
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-slate-900">Why not applicable: </dt>
          <dd className="inline text-slate-800">{change.notApplicableReason}</dd>
        </div>
      )}
    </dl>
  );
}
