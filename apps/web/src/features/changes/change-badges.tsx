import { formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  CHANGE_STATUS_LABELS,
  NOT_RATED,
  RISK_RATING_LABELS,
  type ChangeStatus,
  type RiskRating,
} from '@complivue/shared/regulatory-monitoring';
import { StatusToken } from '@/components/status-token';
import { cn } from '@/lib/cn';

const STATUS_STYLES: Record<ChangeStatus, string> = {
  identified: 'bg-slate-100 text-slate-800',
  assessing: 'bg-sky-100 text-sky-900',
  implementing: 'bg-indigo-100 text-indigo-900',
  review: 'bg-amber-100 text-amber-900',
  closed: 'bg-emerald-100 text-emerald-900',
  not_applicable: 'bg-slate-200 text-slate-800',
};

const RISK_STYLES: Record<RiskRating, string> = {
  low: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-200',
  high: 'bg-orange-50 text-orange-900 ring-orange-200',
  critical: 'bg-red-50 text-red-900 ring-red-200',
};

const pill = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export function ChangeStatusBadge({ status }: { status: ChangeStatus }) {
  return <span className={cn(pill, STATUS_STYLES[status])}>{CHANGE_STATUS_LABELS[status]}</span>;
}

/** "High risk", or "Not rated" (dashed) until a person rates the change. */
export function RiskBadge({ risk }: { risk: RiskRating | null }) {
  if (!risk) {
    return (
      <span className={cn(pill, 'border border-dashed border-slate-400 bg-white text-slate-700')}>
        {NOT_RATED}
      </span>
    );
  }
  return (
    <span className={cn(pill, 'ring-1', RISK_STYLES[risk])}>{RISK_RATING_LABELS[risk]} risk</span>
  );
}

export function AreaTags({ areas }: { areas: readonly RegulationArea[] }) {
  if (areas.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Regulation areas">
      {areas.map((area) => (
        <li
          key={area}
          className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800"
        >
          {REGULATION_AREA_INFO[area].tag}
        </li>
      ))}
    </ul>
  );
}

/** "Due Mar 1, 2027"; when overdue, the one overdue status token (colour, icon and word). */
export function DueDate({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  if (!dueDate) return <span className="text-slate-600">No due date</span>;
  const text = formatShortDay(dueDate);
  return overdue ? (
    <StatusToken tone="overdue">Overdue · due {text}</StatusToken>
  ) : (
    <span className="text-slate-700">Due {text}</span>
  );
}
