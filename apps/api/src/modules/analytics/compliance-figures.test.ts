import { describe, expect, it } from 'vitest';
import { complianceByArea, countCompliance } from './compliance-figures.ts';

describe('compliance figures', () => {
  it('puts the coverage beside the score: 1 of 4 assessed, score 100', () => {
    expect(countCompliance(['compliant', 'not_assessed', 'not_assessed', 'not_assessed'])).toEqual({
      score: 100,
      applicable: 4,
      assessed: 1,
      compliant: 1,
      needsReview: 0,
      nonCompliant: 0,
      notApplicable: 0,
    });
  });

  it('counts a rule judged not applicable as assessed but outside the score', () => {
    const figures = countCompliance(['compliant', 'non_compliant', 'not_applicable']);
    expect(figures).toMatchObject({ score: 50, assessed: 3, notApplicable: 1 });
  });

  it('gives no score before anything applicable is assessed', () => {
    expect(countCompliance(['not_assessed']).score).toBeNull();
    expect(countCompliance([]).score).toBeNull();
  });

  it('sums the areas into the institution’s figures', () => {
    const statuses: Record<string, 'compliant' | 'needs_review' | 'not_assessed'> = {
      a: 'compliant',
      b: 'needs_review',
    };
    const figures = complianceByArea(
      new Map([
        ['trid', ['a', 'c']],
        ['hmda', ['b']],
      ]),
      (id) => statuses[id] ?? 'not_assessed',
    );
    expect(figures).toMatchObject({ applicable: 3, assessed: 2, score: 50 });
    expect(figures.byArea.trid).toMatchObject({ applicable: 2, assessed: 1, score: 100 });
    expect(figures.byArea.hmda).toMatchObject({ applicable: 1, needsReview: 1, score: 0 });
  });
});
