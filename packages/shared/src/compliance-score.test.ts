import { describe, expect, it } from 'vitest';
import {
  areaStatus,
  areaStatusLabel,
  complianceScore,
  countRules,
  RULE_FILTERS,
  ruleMatchesFilter,
  riskLevel,
  type AssessmentStatus,
} from './compliance-score.ts';

const many = (status: AssessmentStatus, count: number) =>
  Array.from({ length: count }, () => status);

describe('compliance score', () => {
  it('is compliant over applicable-and-assessed, leaving out not applicable and not assessed', () => {
    expect(
      complianceScore([
        ...many('compliant', 13),
        ...many('needs_review', 2),
        ...many('not_applicable', 4),
        ...many('not_assessed', 9),
      ]),
    ).toBe(87);
    expect(complianceScore([...many('compliant', 1), 'non_compliant', 'needs_review'])).toBe(33);
    expect(complianceScore(['not_assessed', 'not_applicable'])).toBeNull();
  });

  it('maps the score to a risk level at 90 and 75', () => {
    expect([100, 90, 89, 75, 74, 0].map(riskLevel)).toEqual([
      'Low',
      'Low',
      'Medium',
      'Medium',
      'High',
      'High',
    ]);
  });

  it('rates an area Compliant, Non-Compliant or Review Needed', () => {
    expect(areaStatus(['compliant', 'not_applicable'])).toBe('Compliant');
    expect(areaStatus(['compliant', 'non_compliant', 'needs_review'])).toBe('Non-Compliant');
    expect(areaStatus(['compliant', 'needs_review'])).toBe('Review Needed');
    expect(areaStatus(['compliant', 'not_assessed'])).toBe('Review Needed');
  });

  it('labels areas as the dashboard shows them', () => {
    expect(areaStatusLabel('trid', 'Compliant')).toBe('TRID Compliant');
    expect(areaStatusLabel('qm_atr', 'Review Needed')).toBe('QM Rules Review Needed');
    expect(areaStatusLabel('hmda', 'Non-Compliant')).toBe('HMDA Non-Compliant');
  });
});

describe('rule counts', () => {
  const rule = (status: AssessmentStatus, appliesToInstitution = true) => ({
    status,
    appliesToInstitution,
  });

  it('counts only the rules that apply; assessed is any status a person set', () => {
    expect(
      countRules([
        rule('compliant'),
        rule('compliant'),
        rule('needs_review'),
        rule('non_compliant'),
        rule('not_applicable'),
        rule('not_assessed'),
        rule('non_compliant', false),
        rule('compliant', false),
      ]),
    ).toEqual({ applicable: 6, assessed: 5, compliant: 2, needs_review: 1, non_compliant: 1 });
  });

  it('is the filter the article page applies, so a count equals the rules it lists', () => {
    const rules = [rule('compliant'), rule('not_assessed'), rule('non_compliant', false)];
    for (const filter of RULE_FILTERS) {
      expect(rules.filter((each) => ruleMatchesFilter(each, filter)).length, filter).toBe(
        countRules(rules)[filter],
      );
    }
    expect(ruleMatchesFilter(rule('non_compliant', false), 'non_compliant')).toBe(false);
  });
});
