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

/**
 * What a score stands on: of the rules that apply to the institution, how many a person has
 * assessed (`countRules`' `assessed` of its `applicable`). Shown beside every score, so that a
 * score of 100% on one rule of 117 never reads as a clean bill of health.
 */
export interface Coverage {
  assessed: number;
  applicable: number;
}

/** The coverage of the statuses of rules that apply to the institution. */
export function coverageOf(statuses: readonly AssessmentStatus[]): Coverage {
  const { assessed, applicable } = countRules(
    statuses.map((status) => ({ appliesToInstitution: true, status })),
  );
  return { assessed, applicable };
}

/** Whether every rule that applies has been assessed. */
export const isFullyAssessed = ({ assessed, applicable }: Coverage) => assessed >= applicable;

/**
 * The share assessed as a whole percent, rounded down so that it never reads better than it is
 * (116 of 117 is 99%, not 100%); "under 1%" rather than 0% once something is assessed.
 */
export function coverageShare({ assessed, applicable }: Coverage): string {
  if (applicable === 0) return '0%';
  const percent = Math.floor((assessed / applicable) * 100);
  return assessed > 0 && percent === 0 ? 'under 1%' : `${percent}%`;
}

/** "rule" or "rules", after the number of rules that apply. */
export const applicableRulesWord = ({ applicable }: Coverage) =>
  applicable === 1 ? 'applicable rule' : 'applicable rules';

/** "1 of 117 applicable rules assessed (under 1%)": the words beside every score. */
export function coverageText(coverage: Coverage): string {
  return `${coverage.assessed} of ${coverage.applicable} ${applicableRulesWord(coverage)} assessed (${coverageShare(coverage)})`;
}

/**
 * The risk level with what it rests on until every rule that applies is assessed: "Low" once
 * they all are, "Low, on 1 of 117 rules assessed" before. No threshold of coverage is invented:
 * the level is the score's, and the reader sees how much of the library it covers.
 */
export function riskLevelText(level: RiskLevel, coverage: Coverage): string {
  return isFullyAssessed(coverage)
    ? level
    : `${level}, on ${coverage.assessed} of ${coverage.applicable} rules assessed`;
}
