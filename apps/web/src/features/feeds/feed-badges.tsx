import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FEED_DOCUMENT_TYPE_LABELS,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import type { FeedItemRelevance } from '@complivue/shared/schemas/feeds';
import { cn } from '@/lib/cn';

const TYPE_STYLES: Record<FeedDocumentType, string> = {
  final_rule: 'bg-red-50 text-red-800 ring-red-200',
  proposed_rule: 'bg-amber-50 text-amber-900 ring-amber-200',
  guidance: 'bg-sky-50 text-sky-900 ring-sky-200',
  notice: 'bg-teal-50 text-teal-900 ring-teal-200',
  enforcement_action: 'bg-purple-50 text-purple-900 ring-purple-200',
  press_release: 'bg-slate-100 text-slate-800 ring-slate-200',
};

export function DocumentTypeBadge({ type }: { type: FeedDocumentType }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TYPE_STYLES[type],
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

/** High from 70, medium from 40 (feed-relevance.ts on the server documents the score). */
export function relevanceLevel(score: number): 'high' | 'medium' | 'low' | 'none' {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  if (score > 0) return 'low';
  return 'none';
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

/** The score, and why, in a disclosure a keyboard can open (and a tooltip on hover). */
export function RelevanceBadge({ relevance }: { relevance: FeedItemRelevance }) {
  const level = relevanceLevel(relevance.score);
  const why = relevance.reasons.length
    ? relevance.reasons.join('; ')
    : 'Nothing in your profile or watchlist matches this update.';
  return (
    <details className="group text-xs">
      <summary
        title={why}
        className={cn(
          'inline-flex cursor-pointer list-none items-center gap-1 rounded-full px-2 py-0.5 font-semibold [&::-webkit-details-marker]:hidden',
          LEVEL_STYLES[level],
        )}
      >
        {LEVEL_LABELS[level]} · {relevance.score}
        {relevance.watchlistMatch && <span aria-hidden="true">★</span>}
        <span className="sr-only">
          {relevance.watchlistMatch ? ', matches your watchlist' : ''}. Show why
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
