import { describe, expect, it } from 'vitest';
import { appliesTo } from './applicability.ts';

const everyone = {
  institutionTypes: ['credit_union', 'community_bank', 'mortgage_company', 'other'] as const,
  hmdaReportersOnly: false,
};
const banksOnly = { institutionTypes: ['community_bank'] as const, hmdaReportersOnly: false };

describe('appliesTo', () => {
  const creditUnion = {
    institutionType: 'credit_union' as const,
    regulationAreas: ['trid' as const, 'hmda' as const],
  };

  it('hides CRA from a credit union and areas it did not select', () => {
    expect(
      appliesTo(creditUnion, { ...banksOnly, institutionTypes: ['community_bank'] }, 'cra'),
    ).toBe(false);
    expect(
      appliesTo(
        creditUnion,
        { ...everyone, institutionTypes: [...everyone.institutionTypes] },
        'trid',
      ),
    ).toBe(true);
    expect(
      appliesTo(
        creditUnion,
        { ...everyone, institutionTypes: [...everyone.institutionTypes] },
        'respa',
      ),
    ).toBe(false);
  });

  it('applies everything while the profile is incomplete', () => {
    expect(
      appliesTo(
        { institutionType: null, regulationAreas: [] },
        { ...banksOnly, institutionTypes: ['community_bank'] },
        'cra',
      ),
    ).toBe(true);
  });
});
