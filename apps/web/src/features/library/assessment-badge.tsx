import type { AssessmentStatus } from '@complivue/shared/compliance-score';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import { ASSESSMENT_TONES, StatusToken } from '@/components/status-token';

export function AssessmentBadge({ status }: { status: AssessmentStatus }) {
  return <StatusToken tone={ASSESSMENT_TONES[status]} />;
}
export function AreaTag({ area }: { area: RegulationArea }) {
  return (
    <span className="inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
      {REGULATION_AREA_INFO[area].tag}
    </span>
  );
}
