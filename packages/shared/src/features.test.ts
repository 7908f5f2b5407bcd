import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, PLAN_FEATURES, planHasFeature, trialIncludesSentence } from './features.ts';

describe('plan → feature matrix', () => {
  it('names the 20 features of the specification once each', () => {
    expect(FEATURE_NAMES).toHaveLength(20);
    expect(new Set(FEATURE_NAMES).size).toBe(20);
  });

  it('grants basic its seven features', () => {
    expect([...PLAN_FEATURES.basic].sort()).toEqual(
      [
        'ai_assistant',
        'compliance_library',
        'regulatory_calendar',
        'regulatory_feeds',
        'subscription_management',
        'team_collaboration',
        'user_management',
      ].sort(),
    );
  });

  it('grants professional everything basic has plus five features', () => {
    for (const feature of PLAN_FEATURES.basic)
      expect(planHasFeature('professional', feature)).toBe(true);
    expect(PLAN_FEATURES.professional).toHaveLength(12);
    expect(planHasFeature('professional', 'workflow_automation')).toBe(true);
    expect(planHasFeature('professional', 'automation_system')).toBe(false);
  });

  it('grants enterprise all 20', () => {
    expect([...PLAN_FEATURES.enterprise]).toEqual([...FEATURE_NAMES]);
  });

  it('lets a trial try the product but not the enterprise services', () => {
    expect(planHasFeature('trial', 'automation_system')).toBe(true);
    expect(planHasFeature('trial', 'advanced_analytics')).toBe(true);
    for (const service of [
      'custom_integrations',
      'priority_support',
      'dedicated_manager',
      'api_access',
      'white_label',
      'soc2_compliance',
    ] as const) {
      expect(planHasFeature('trial', service)).toBe(false);
    }
  });

  it('says what a trial includes in one sentence made from the matrix (decision 0026)', () => {
    expect(trialIncludesSentence(14)).toBe(
      'For 14 days a trial opens everything in the Professional plan, and from Enterprise the automation hub and advanced analytics. Custom integrations, priority support, dedicated account manager, API access, white label and SOC 2 documentation package are Enterprise services, not part of a trial.',
    );
  });
});
