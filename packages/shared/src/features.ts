import type { PlanName } from './plans.ts';

/** The 20 feature names, in the order of docs/product.md § Plan features. */
export const FEATURE_NAMES = [
  'compliance_library',
  'team_collaboration',
  'analytics_reporting',
  'user_management',
  'subscription_management',
  'ai_assistant',
  'regulatory_feeds',
  'change_management',
  'risk_scoring',
  'policy_cross_referencing',
  'automation_system',
  'regulatory_calendar',
  'advanced_analytics',
  'custom_integrations',
  'priority_support',
  'dedicated_manager',
  'workflow_automation',
  'api_access',
  'white_label',
  'soc2_compliance',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

const BASIC_FEATURES: readonly FeatureName[] = [
  'compliance_library',
  'team_collaboration',
  'user_management',
  'subscription_management',
  'ai_assistant',
  'regulatory_feeds',
  'regulatory_calendar',
];

const PROFESSIONAL_FEATURES: readonly FeatureName[] = [
  ...BASIC_FEATURES,
  'analytics_reporting',
  'change_management',
  'risk_scoring',
  'policy_cross_referencing',
  'workflow_automation',
];

/**
 * While a trial runs the guards let users through (docs/product.md § Trial), so a trial sees the
 * product features of the top plan; the enterprise services (integrations, support contracts, API,
 * white label, SOC 2 package) are sold, not tried.
 */
const TRIAL_FEATURES: readonly FeatureName[] = [
  ...PROFESSIONAL_FEATURES,
  'automation_system',
  'advanced_analytics',
];

/**
 * The plan → feature matrix. It is seeded into `feature_access_matrix`, which the SQL function
 * `check_feature_access` reads; the web app reads this copy only to decide what to show.
 */
export const PLAN_FEATURES: Record<PlanName, readonly FeatureName[]> = {
  trial: TRIAL_FEATURES,
  basic: BASIC_FEATURES,
  professional: PROFESSIONAL_FEATURES,
  enterprise: FEATURE_NAMES,
};

export function planHasFeature(plan: PlanName, feature: FeatureName): boolean {
  return PLAN_FEATURES[plan].includes(feature);
}

/** How each feature is named to people (pricing table, locked sidebar items, guard screens). */
export const FEATURE_LABELS: Record<FeatureName, string> = {
  compliance_library: 'Compliance library',
  team_collaboration: 'Team collaboration',
  analytics_reporting: 'Analytics and reporting',
  user_management: 'User management',
  subscription_management: 'Subscription management',
  ai_assistant: 'Compliance assistant',
  regulatory_feeds: 'Regulatory feeds',
  change_management: 'Change management',
  risk_scoring: 'Risk scoring',
  policy_cross_referencing: 'Policy cross-referencing',
  automation_system: 'Automation hub',
  regulatory_calendar: 'Regulatory calendar',
  advanced_analytics: 'Advanced analytics',
  custom_integrations: 'Custom integrations',
  priority_support: 'Priority support',
  dedicated_manager: 'Dedicated account manager',
  workflow_automation: 'Workflow automation',
  api_access: 'API access',
  white_label: 'White label',
  soc2_compliance: 'SOC 2 documentation package',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const listInWords = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * What a trial includes, in one sentence generated from PLAN_FEATURES (decision 0026): the
 * pricing FAQ, the sign-up page and Roles & Permissions say this and nothing else.
 */
export function trialIncludesSentence(days: number): string {
  const trial = PLAN_FEATURES.trial;
  const fromEnterprise = trial.filter((feature) => !PROFESSIONAL_FEATURES.includes(feature));
  const notIncluded = FEATURE_NAMES.filter((feature) => !trial.includes(feature));
  // "Priority support" → "priority support", but "API access" and "SOC 2 …" keep their capitals.
  const lower = (feature: FeatureName) =>
    FEATURE_LABELS[feature].replace(/^([A-Z])(?=[a-z])/, (first) => first.toLowerCase());
  return (
    `For ${days} days a trial opens everything in the Professional plan` +
    (fromEnterprise.length > 0
      ? `, and from Enterprise the ${listInWords(fromEnterprise.map(lower))}`
      : '') +
    `. ${capitalize(listInWords(notIncluded.map(lower)))} are Enterprise services, not part of a trial.`
  );
}
