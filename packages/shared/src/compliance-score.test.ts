import { describe, expect, it } from 'vitest';
import {
  areaStatus,
  areaStatusLabel,
  complianceScore,
  countRules,
  coverageOf,
  coverageText,
  riskLevelText,
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

describe('coverage beside the score', () => {
  it('counts the rules that apply and how many a person has assessed, not applicable included', () => {
    expect(
      coverageOf([...many('compliant', 1), 'not_applicable', ...many('not_assessed', 115)]),
    ).toEqual({ assessed: 2, applicable: 117 });
  });

  it('says it in words, rounding down so that it never reads better than it is', () => {
    expect(coverageText({ assessed: 1, applicable: 117 })).toBe(
      '1 of 117 applicable rules assessed (under 1%)',
    );
    expect(coverageText({ assessed: 116, applicable: 117 })).toBe(
      '116 of 117 applicable rules assessed (99%)',
    );
    expect(coverageText({ assessed: 117, applicable: 117 })).toBe(
      '117 of 117 applicable rules assessed (100%)',
    );
    expect(coverageText({ assessed: 0, applicable: 1 })).toBe(
      '0 of 1 applicable rule assessed (0%)',
    );
  });

  it('gives the risk level with what it rests on until every rule that applies is assessed', () => {
    expect(riskLevelText('Low', { assessed: 1, applicable: 117 })).toBe(
      'Low, on 1 of 117 rules assessed',
    );
    expect(riskLevelText('Low', { assessed: 117, applicable: 117 })).toBe('Low');
  });
});
