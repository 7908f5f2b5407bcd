import { describe, expect, it } from 'vitest';
import {
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
  SCALE_LEVELS,
  controlEffectiveness,
  overallEffectiveness,
  riskBand,
  suggestedResidual,
  type ScaleLevel,
} from './risk-scoring.ts';

describe('the risk scales and bands', () => {
  it('writes out the meaning of every level of both scales', () => {
    for (const scale of [LIKELIHOOD_LEVELS, IMPACT_LEVELS]) {
      expect(scale.map((level) => level.level)).toEqual([...SCALE_LEVELS]);
      for (const level of scale) expect(level.meaning.length).toBeGreaterThan(20);
    }
  });

  it('puts every cell of the 5 × 5 map in exactly one band', () => {
    const bands = SCALE_LEVELS.flatMap((likelihood) =>
      SCALE_LEVELS.map((impact) => riskBand({ likelihood, impact })),
    );
    expect(bands).toHaveLength(25);
    expect(riskBand({ likelihood: 1, impact: 4 })).toBe('low');
    expect(riskBand({ likelihood: 5, impact: 1 })).toBe('moderate');
    expect(riskBand({ likelihood: 3, impact: 3 })).toBe('moderate');
    expect(riskBand({ likelihood: 2, impact: 5 })).toBe('high');
    expect(riskBand({ likelihood: 4, impact: 4 })).toBe('high');
    expect(riskBand({ likelihood: 4, impact: 5 })).toBe('critical');
  });
});

describe('control effectiveness from the rules’ assessments', () => {
  it('is ineffective as soon as one rule is non-compliant', () => {
    expect(controlEffectiveness(['compliant', 'non_compliant'])).toBe('ineffective');
    expect(controlEffectiveness(['not_assessed', 'non_compliant'])).toBe('ineffective');
  });

  it('is effective only when every counted rule is compliant', () => {
    expect(controlEffectiveness(['compliant', 'compliant'])).toBe('effective');
    expect(controlEffectiveness(['compliant', 'not_applicable'])).toBe('effective');
    expect(controlEffectiveness(['compliant', 'needs_review'])).toBe('partially_effective');
    expect(controlEffectiveness(['compliant', 'not_assessed'])).toBe('partially_effective');
  });

  it('is not assessed with no rule, or none assessed', () => {
    expect(controlEffectiveness([])).toBe('not_assessed');
    expect(controlEffectiveness(['not_assessed', 'not_applicable'])).toBe('not_assessed');
    expect(controlEffectiveness(['not_applicable'])).toBe('not_assessed');
  });

  it('combines a risk’s controls without letting an unassessed one count', () => {
    expect(overallEffectiveness([])).toBe('not_assessed');
    expect(overallEffectiveness(['not_assessed'])).toBe('not_assessed');
    expect(overallEffectiveness(['effective', 'not_assessed'])).toBe('effective');
    expect(overallEffectiveness(['ineffective', 'ineffective'])).toBe('ineffective');
    expect(overallEffectiveness(['effective', 'ineffective'])).toBe('partially_effective');
    expect(overallEffectiveness(['partially_effective'])).toBe('partially_effective');
  });
});

describe('the suggested residual risk', () => {
  const inherent = { likelihood: 4 as ScaleLevel, impact: 5 as ScaleLevel };

  it('lowers likelihood by two levels for effective controls and one for partial ones', () => {
    expect(suggestedResidual(inherent, 'effective')).toEqual({ likelihood: 2, impact: 5 });
    expect(suggestedResidual(inherent, 'partially_effective')).toEqual({
      likelihood: 3,
      impact: 5,
    });
  });

  it('gives no credit for ineffective or unassessed controls', () => {
    expect(suggestedResidual(inherent, 'ineffective')).toEqual(inherent);
    expect(suggestedResidual(inherent, 'not_assessed')).toEqual(inherent);
  });

  it('never goes below the lowest level', () => {
    expect(suggestedResidual({ likelihood: 1, impact: 3 }, 'effective')).toEqual({
      likelihood: 1,
      impact: 3,
    });
  });
});
