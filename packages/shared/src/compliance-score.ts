import { REGULATION_AREA_INFO, type RegulationArea } from './regulation-areas.ts';

/** A company's status for one rule of the library. */
export const ASSESSMENT_STATUSES = [
  'not_assessed',
  'compliant',
  'needs_review',
  'non_compliant',
  'not_applicable',
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

export const ASSESSMENT_STATUS_LABELS: Record<AssessmentStatus, string> = {
  not_assessed: 'Not assessed',
  compliant: 'Compliant',
  needs_review: 'Needs review',
  non_compliant: 'Non-compliant',
  not_applicable: 'Not applicable',
};

export type RiskLevel = 'Low' | 'Medium' | 'High';
export type AreaStatus = 'Compliant' | 'Review Needed' | 'Non-Compliant';

/** Statuses that count as assessed and applicable: the denominator of the score. */
const SCORED: readonly AssessmentStatus[] = ['compliant', 'needs_review', 'non_compliant'];

/**
 * Compliance score = compliant ÷ (applicable and assessed) × 100, rounded to a whole percent;
 * null when nothing applicable has been assessed yet (no score is better than a made-up one).
 */
export function complianceScore(statuses: readonly AssessmentStatus[]): number | null {
  const scored = statuses.filter((status) => SCORED.includes(status));
  if (scored.length === 0) return null;
  const compliant = scored.filter((status) => status === 'compliant').length;
  return Math.round((compliant / scored.length) * 100);
}

/** Low at 90 or more, Medium from 75 to 89, High below 75. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 90) return 'Low';
  if (score >= 75) return 'Medium';
  return 'High';
}

/**
 * An area is Compliant when every applicable rule is compliant or not applicable,
 * Non-Compliant when any rule is non-compliant, otherwise Review Needed (including rules not
 * assessed yet: an area nobody has looked at is not compliant).
 */
export function areaStatus(statuses: readonly AssessmentStatus[]): AreaStatus {
  if (statuses.some((status) => status === 'non_compliant')) return 'Non-Compliant';
  if (statuses.every((status) => status === 'compliant' || status === 'not_applicable')) {
    return 'Compliant';
  }
  return 'Review Needed';
}

/**
 * As the dashboard shows it (docs/product.md § Dashboard): 'TRID Compliant', 'QM Rules Review
 * Needed'.
 */
export function areaStatusLabel(area: RegulationArea, status: AreaStatus): string {
  const tag = REGULATION_AREA_INFO[area].tag;
  if (status === 'Review Needed') return `${tag} Rules Review Needed`;
  return `${tag} ${status}`;
}
