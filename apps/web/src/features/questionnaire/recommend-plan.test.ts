import { describe, expect, it } from 'vitest';
import { recommendPlan } from './recommend-plan.ts';

describe('recommendPlan', () => {
  it('recommends Basic when nothing beyond monitoring and deadlines is needed', () => {
    expect(recommendPlan([]).plan).toBe('basic');
    expect(recommendPlan(['tracking_changes', 'deadlines', 'exam_preparation']).plan).toBe('basic');
  });

  it('recommends the lowest plan that includes every needed feature', () => {
    expect(recommendPlan(['deadlines', 'implementing_changes']).plan).toBe('professional');
    expect(recommendPlan(['policy_updates', 'manual_workflows']).plan).toBe('enterprise');
  });

  it('explains each choice with the feature and the plan that has it', () => {
    expect(recommendPlan(['risk_assessment']).reasons).toEqual([
      { painPoint: 'risk_assessment', feature: 'Risk scoring', plan: 'Professional' },
    ]);
  });
});
