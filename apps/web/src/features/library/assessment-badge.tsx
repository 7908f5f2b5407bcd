import {
  ASSESSMENT_STATUS_LABELS,
  type AssessmentStatus,
} from '@complivue/shared/compliance-score';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import { cn } from '@/lib/cn';

const STATUS_STYLES: Record<AssessmentStatus, string> = {
  not_assessed: 'bg-slate-100 text-slate-800',
  compliant: 'bg-emerald-100 text-emerald-900',
  needs_review: 'bg-amber-100 text-amber-900',
  non_compliant: 'bg-red-100 text-red-900',
  not_applicable: 'bg-slate-200 text-slate-800',
};

export function AssessmentBadge({ status }: { status: AssessmentStatus }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATUS_STYLES[status],
      )}
    >
      {ASSESSMENT_STATUS_LABELS[status]}
    </span>
  );
}

export function AreaTag({ area }: { area: RegulationArea }) {
  return (
    <span className="inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
      {REGULATION_AREA_INFO[area].tag}
    </span>
  );
}
