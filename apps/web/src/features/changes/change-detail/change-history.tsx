import { describeChangeHistory } from '@complivue/shared/change-history-sentences';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { HistorySentenceView } from '@/components/history-sentence';
import { formatDateTime } from '@/lib/format-day';

/** The change's history as sentences, newest first: who did what, and when. */
export function HistoryTimeline({
  change,
}: {
  change: Pick<ChangeDetail, 'history' | 'feedItem'>;
}) {
  const linkTitles = change.feedItem ? { [change.feedItem.link]: change.feedItem.title } : {};
  return (
    <ol className="space-y-3 text-sm" aria-label="History, newest first">
      {change.history.map((entry) => (
        <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
          <HistorySentenceView
            sentence={describeChangeHistory(entry, { feedItem: change.feedItem })}
            linkTitles={linkTitles}
          />
          <p className="text-xs text-slate-600">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
