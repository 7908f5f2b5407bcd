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

/**
 * What the library counts of each article's rules, each count a filter of the rules: the
 * article page lists exactly the rules a count counts (`?rules=non_compliant`), so a number
 * leads to its records. Only rules that apply to the institution count, as in the score.
 */
export const RULE_FILTERS = [
  'applicable',
  'assessed',
  'compliant',
  'needs_review',
  'non_compliant',
] as const;
export type RuleFilter = (typeof RULE_FILTERS)[number];

export const RULE_FILTER_LABELS: Record<RuleFilter, string> = {
  applicable: 'Apply to you',
  assessed: 'Assessed',
  compliant: 'Compliant',
  needs_review: 'Needs review',
  non_compliant: 'Non-compliant',
};

/** A rule as the counts see it: whether it applies (the profile), and its status. */
export interface CountedRule {
  appliesToInstitution: boolean;
  status: AssessmentStatus;
}

/** Whether a rule is one a count counts ("assessed": a person has set a status). */
export function ruleMatchesFilter(rule: CountedRule, filter: RuleFilter): boolean {
  if (!rule.appliesToInstitution) return false;
  switch (filter) {
    case 'applicable':
      return true;
    case 'assessed':
      return rule.status !== 'not_assessed';
    default:
      return rule.status === filter;
  }
}

/** Each count of some rules (an article's). */
export function countRules(rules: readonly CountedRule[]): Record<RuleFilter, number> {
  return Object.fromEntries(
    RULE_FILTERS.map((filter) => [
      filter,
      rules.filter((rule) => ruleMatchesFilter(rule, filter)).length,
    ]),
  ) as Record<RuleFilter, number>;
}
