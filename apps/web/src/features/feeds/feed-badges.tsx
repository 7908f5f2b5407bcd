import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FEED_DOCUMENT_TYPE_LABELS,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import { relevanceLevel, type FeedItemRelevance } from '@complivue/shared/schemas/feeds';
import { Eye } from 'lucide-react';
import { cn } from '@/lib/cn';

export function DocumentTypeBadge({ type }: { type: FeedDocumentType }) {
  return (
    <span
      className={cn(
        // One neutral style for every type: colour is kept for status (DESIGN.md), and a red
        // "Final rule" read as an error.
        'inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset',
      )}
    >
      {FEED_DOCUMENT_TYPE_LABELS[type]}
    </span>
  );
}

export function AreaTags({ areas }: { areas: RegulationArea[] }) {
  if (areas.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Regulation areas">
      {areas.map((area) => (
        <li
          key={area}
          title={REGULATION_AREA_INFO[area].label}
          className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800"
        >
          {REGULATION_AREA_INFO[area].tag}
        </li>
      ))}
    </ul>
  );
}

const LEVEL_STYLES = {
  high: 'bg-emerald-700 text-white',
  medium: 'bg-emerald-100 text-emerald-900',
  low: 'bg-slate-100 text-slate-800',
  none: 'bg-slate-50 text-slate-700',
};

const LEVEL_LABELS = {
  high: 'High relevance',
  medium: 'Relevant',
  low: 'Low relevance',
  none: 'Not matched',
};

/**
 * The score, and why, in a disclosure a keyboard can open (and a tooltip on hover). "Why?" is
 * written on it, so nobody has to guess it opens; a watchlist match has its own mark and word,
 * unlike the star that saves an update.
 */
export function RelevanceBadge({ relevance }: { relevance: FeedItemRelevance }) {
  const level = relevanceLevel(relevance.score);
  const why = relevance.reasons.length
    ? relevance.reasons.join('; ')
    : 'Nothing in your profile or watchlist matches this update.';
  return (
    <details className="group text-xs">
      <summary
        title={why}
        className="inline-flex cursor-pointer list-none flex-wrap items-center gap-1.5 [&::-webkit-details-marker]:hidden"
      >
        <span className={cn('rounded-full px-2 py-0.5 font-semibold', LEVEL_STYLES[level])}>
          {LEVEL_LABELS[level]} · {relevance.score}
        </span>
        {relevance.watchlistMatch && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 ring-1 ring-brand-200 ring-inset">
            <Eye aria-hidden="true" className="size-3" />
            Watchlist
          </span>
        )}
        <span className="font-medium text-brand-800 underline underline-offset-2">
          Why<span aria-hidden="true">?</span>
          <span className="sr-only"> this relevance</span>
        </span>
      </summary>
      <div className="mt-1 rounded-md border border-slate-200 bg-white p-2 text-slate-800 shadow-sm">
        {relevance.reasons.length ? (
          <ul className="list-disc space-y-0.5 pl-4">
            {relevance.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : (
          <p>{why}</p>
        )}
      </div>
    </details>
  );
}
