import { FEATURE_LABELS, PLAN_FEATURES, type FeatureName } from '@complivue/shared/features';
import { PAID_PLAN_NAMES, PLAN_CATALOGUE, type PaidPlanName } from '@complivue/shared/plans';

export const PAIN_POINTS = {
  tracking_changes: {
    label: 'Keeping up with new and amended regulations',
    feature: 'regulatory_feeds',
  },
  deadlines: { label: 'Missing filing dates and effective dates', feature: 'regulatory_calendar' },
  exam_preparation: {
    label: 'Finding the rule and the evidence when examiners ask',
    feature: 'compliance_library',
  },
  implementing_changes: {
    label: 'Getting rule changes implemented across departments',
    feature: 'change_management',
  },
  policy_updates: {
    label: 'Knowing which policies a change affects',
    feature: 'policy_cross_referencing',
  },
  risk_assessment: {
    label: 'Keeping the compliance risk assessment current',
    feature: 'risk_scoring',
  },
  board_reporting: {
    label: 'Reporting compliance status to management and the board',
    feature: 'analytics_reporting',
  },
  manual_workflows: {
    label: 'Chasing reminders, assignments and escalations by hand',
    feature: 'automation_system',
  },
  integrations: {
    label: 'Connecting our loan origination system and other tools',
    feature: 'custom_integrations',
  },
} as const satisfies Record<string, { label: string; feature: FeatureName }>;
export type PainPoint = keyof typeof PAIN_POINTS;

export interface PlanRecommendation {
  plan: PaidPlanName;
  /** Why: each pain point with the feature that answers it and the plan that includes it. */
  reasons: { painPoint: PainPoint; feature: string; plan: string }[];
}

function lowestPlanWith(feature: FeatureName): PaidPlanName {
  return PAID_PLAN_NAMES.find((plan) => PLAN_FEATURES[plan].includes(feature)) ?? 'enterprise';
}

/**
 * The lowest paid plan whose features answer every pain point the visitor chose (the plan
 * matrix decides, so the recommendation never promises a feature the plan lacks). With no pain
 * point chosen, Basic: it is where the trial starts.
 */
export function recommendPlan(painPoints: readonly PainPoint[]): PlanRecommendation {
  const reasons = painPoints.map((painPoint) => {
    const feature = PAIN_POINTS[painPoint].feature;
    const plan = lowestPlanWith(feature);
    return {
      painPoint,
      feature: FEATURE_LABELS[feature],
      plan: PLAN_CATALOGUE[plan].label,
      rank: PAID_PLAN_NAMES.indexOf(plan),
    };
  });
  const highest = Math.max(0, ...reasons.map((reason) => reason.rank));
  return {
    plan: PAID_PLAN_NAMES[highest] ?? 'basic',
    reasons: reasons.map(({ rank: _rank, ...reason }) => reason),
  };
}
