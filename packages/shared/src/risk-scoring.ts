import type { AssessmentStatus } from './compliance-score.ts';

/*
 * The compliance risk assessment's methodology, in one place (docs/product.md § Risk scoring):
 * the 1–5 scales with what each level means, the rating bands of likelihood × impact, how a
 * control's effectiveness follows from the assessments of the library rules it is tied to, and
 * the residual risk the product suggests from inherent risk and control effectiveness. The
 * exam-ready report prints the same texts, so what the screen does and what the examiner reads
 * cannot drift apart.
 */

export const SCALE_LEVELS = [1, 2, 3, 4, 5] as const;
export type ScaleLevel = (typeof SCALE_LEVELS)[number];

export interface LevelMeaning {
  level: ScaleLevel;
  name: string;
  meaning: string;
}

export const LIKELIHOOD_LEVELS: readonly LevelMeaning[] = [
  {
    level: 1,
    name: 'Rare',
    meaning:
      'Not expected within the next 12 months; no exceptions in recent testing, audits or exams.',
  },
  {
    level: 2,
    name: 'Unlikely',
    meaning: 'Could occur occasionally; isolated exceptions, corrected, in the last two years.',
  },
  {
    level: 3,
    name: 'Possible',
    meaning:
      'May occur within the next 12 months; exceptions found in testing or a recent change not yet fully in place.',
  },
  {
    level: 4,
    name: 'Likely',
    meaning:
      'Expected to occur within the next 12 months; repeated exceptions, manual processes or high volume.',
  },
  {
    level: 5,
    name: 'Almost certain',
    meaning: 'Occurring now or expected to recur; known unresolved exceptions or findings.',
  },
];

export const IMPACT_LEVELS: readonly LevelMeaning[] = [
  {
    level: 1,
    name: 'Minimal',
    meaning: 'Technical exception with no consumer harm; corrected in the normal course.',
  },
  {
    level: 2,
    name: 'Minor',
    meaning:
      'Few consumers affected with little or no financial harm; small remediation; no supervisory criticism expected.',
  },
  {
    level: 3,
    name: 'Moderate',
    meaning:
      'Consumer harm or a pattern of violations requiring restitution or file corrections; a possible exam finding.',
  },
  {
    level: 4,
    name: 'Major',
    meaning:
      'Widespread harm or a pattern or practice; significant restitution or resubmission; likely a matter requiring attention or a downgrade.',
  },
  {
    level: 5,
    name: 'Severe',
    meaning:
      'Systemic violation; enforcement action, civil money penalties, referral or lasting reputational damage likely.',
  },
];

export type RiskBand = 'low' | 'moderate' | 'high' | 'critical';

export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
  critical: 'Critical',
};

/** The bands of likelihood × impact (1–25), as the heat map colours them. */
export const RISK_BANDS: readonly { band: RiskBand; from: number; to: number }[] = [
  { band: 'low', from: 1, to: 4 },
  { band: 'moderate', from: 5, to: 9 },
  { band: 'high', from: 10, to: 16 },
  { band: 'critical', from: 20, to: 25 },
];

export interface RiskScore {
  likelihood: ScaleLevel;
  impact: ScaleLevel;
}

export const riskScoreValue = (score: RiskScore): number => score.likelihood * score.impact;

export function riskBand(score: RiskScore): RiskBand {
  const value = riskScoreValue(score);
  return RISK_BANDS.find((band) => value >= band.from && value <= band.to)!.band;
}

export const CONTROL_EFFECTIVENESS = [
  'effective',
  'partially_effective',
  'ineffective',
  'not_assessed',
] as const;
export type ControlEffectiveness = (typeof CONTROL_EFFECTIVENESS)[number];

export const CONTROL_EFFECTIVENESS_LABELS: Record<ControlEffectiveness, string> = {
  effective: 'Effective',
  partially_effective: 'Partially effective',
  ineffective: 'Ineffective',
  not_assessed: 'Not assessed',
};

/**
 * A control's effectiveness from the institution's assessments of the rules it is tied to
 * (rules assessed "not applicable" are left out):
 * - any rule non-compliant → ineffective;
 * - every rule compliant → effective;
 * - none assessed (or no rule tied) → not assessed;
 * - otherwise (a rule needs review, or some are not assessed yet) → partially effective.
 */
export function controlEffectiveness(
  ruleStatuses: readonly AssessmentStatus[],
): ControlEffectiveness {
  const counted = ruleStatuses.filter((status) => status !== 'not_applicable');
  if (counted.some((status) => status === 'non_compliant')) return 'ineffective';
  if (counted.length === 0 || counted.every((status) => status === 'not_assessed')) {
    return 'not_assessed';
  }
  if (counted.every((status) => status === 'compliant')) return 'effective';
  return 'partially_effective';
}

/**
 * The controls of a risk together: not assessed while none of them is; effective when every
 * assessed control is, ineffective when every assessed control is; otherwise partially
 * effective. A control not assessed gives no credit but does not count against the others.
 */
export function overallEffectiveness(
  controls: readonly ControlEffectiveness[],
): ControlEffectiveness {
  const assessed = controls.filter((effectiveness) => effectiveness !== 'not_assessed');
  if (assessed.length === 0) return 'not_assessed';
  if (assessed.every((effectiveness) => effectiveness === 'effective')) return 'effective';
  if (assessed.every((effectiveness) => effectiveness === 'ineffective')) return 'ineffective';
  return 'partially_effective';
}

/** How many likelihood levels the controls take off: controls prevent, they rarely soften harm. */
export const LIKELIHOOD_REDUCTION: Record<ControlEffectiveness, number> = {
  effective: 2,
  partially_effective: 1,
  ineffective: 0,
  not_assessed: 0,
};

/**
 * The suggested residual risk: the inherent likelihood lowered by `LIKELIHOOD_REDUCTION` of the
 * controls' overall effectiveness (never below 1), the inherent impact unchanged. The person
 * rating the risk may set another residual risk, with a reason.
 */
export function suggestedResidual(inherent: RiskScore, controls: ControlEffectiveness): RiskScore {
  const likelihood = Math.max(
    1,
    inherent.likelihood - LIKELIHOOD_REDUCTION[controls],
  ) as ScaleLevel;
  return { likelihood, impact: inherent.impact };
}

/** The methodology in words, for the screen and the exam report. */
export const RISK_METHODOLOGY = [
  'Each risk is rated for likelihood and impact on a scale of 1 to 5; its score is likelihood × impact (1–25).',
  'Ratings: Low 1–4, Moderate 5–9, High 10–16, Critical 20–25.',
  'Inherent risk is rated before controls. A control tied to library rules takes its effectiveness from the institution’s assessments of those rules: ineffective if any is non-compliant, effective if all are compliant, not assessed if none is assessed, partially effective otherwise. A person may override it with a reason.',
  'The controls of a risk together are effective when every assessed control is, ineffective when every assessed control is, and partially effective otherwise.',
  'Suggested residual risk: the inherent likelihood lowered by 2 levels for effective controls and 1 level for partially effective controls (never below 1), the impact unchanged. A person may set another residual risk, with a reason.',
] as const;
