import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { ExternalLink, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-day';
import { reportHref } from '../api.ts';
import { AreaTags, ChangeStatusBadge, DueDate, RiskBadge } from '../change-badges.tsx';

/** The change at a glance: status, risk, areas, due date, owner, source, and its report. */
export function ChangeFacts({ change }: { change: ChangeDetail }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <ChangeStatusBadge status={change.status} />
        <RiskBadge risk={change.riskRating} />
        <AreaTags areas={change.areas} />
        <span className="text-xs">
          <DueDate dueDate={change.dueDate} overdue={change.overdue} />
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-900">Owner: </dt>
          <dd className="inline text-slate-800">{change.ownerName ?? 'No owner'}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-900">Source: </dt>
          <dd className="inline text-slate-800">
            {change.feedItem ? (
              <a
                href={change.feedItem.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 underline"
              >
                Feed item
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens the publication in a new tab)</span>
              </a>
            ) : (
              'Entered by hand'
            )}
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
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={reportHref(change.id)}>
            <FileText aria-hidden="true" className="size-4" />
            Printable report (PDF)
          </a>
        </Button>
      </div>
    </>
  );
}
