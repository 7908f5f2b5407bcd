import { complianceScore, type AssessmentStatus } from '@complivue/shared/compliance-score';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type {
  AnalyticsSnapshotFigures,
  ComplianceFigures,
} from '@complivue/shared/schemas/analytics';

/**
 * The score with its coverage, from the statuses of the rules that apply (one per rule, "not
 * assessed" for a rule nobody has touched): the score's own formula (complianceScore), and the
 * counts that say how much of the library it rests on.
 */
export function countCompliance(statuses: readonly AssessmentStatus[]): ComplianceFigures {
  const counted = (status: AssessmentStatus) => statuses.filter((each) => each === status).length;
  return {
    score: complianceScore(statuses),
    applicable: statuses.length,
    assessed: statuses.length - counted('not_assessed'),
    compliant: counted('compliant'),
    needsReview: counted('needs_review'),
    nonCompliant: counted('non_compliant'),
    notApplicable: counted('not_applicable'),
  };
}

/** The institution's figures and each area's, from the applicable rules and a status of each. */
export function complianceByArea(
  rulesByArea: ReadonlyMap<RegulationArea, readonly string[]>,
  statusOf: (ruleId: string) => AssessmentStatus,
): AnalyticsSnapshotFigures['compliance'] {
  const byArea: AnalyticsSnapshotFigures['compliance']['byArea'] = {};
  const all: AssessmentStatus[] = [];
  for (const [area, ruleIds] of rulesByArea) {
    const statuses = ruleIds.map(statusOf);
    all.push(...statuses);
    byArea[area] = countCompliance(statuses);
  }
  return { ...countCompliance(all), byArea };
}
