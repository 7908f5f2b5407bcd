import { describe, expect, it } from 'vitest';
import {
  containsKeyword,
  keywordPatternsOf,
  scoreRelevance,
  type RelevanceItem,
  type RelevanceProfile,
} from './feed-relevance.ts';

const item = (overrides: Partial<RelevanceItem> = {}): RelevanceItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Truth in Lending (Regulation Z) annual threshold adjustments',
  summary: 'The CFPB is amending the official interpretations to Regulation Z.',
  documentType: 'final_rule',
  areas: ['tila'],
  agencies: ['CFPB'],
  ...overrides,
});

const creditUnion = (overrides: Partial<RelevanceProfile> = {}): RelevanceProfile => ({
  companyId: 'c1',
  institutionType: 'credit_union',
  primaryRegulator: 'ncua',
  regulationAreas: ['trid', 'qm_atr', 'hmda', 'tila', 'bsa_aml'],
  watchlist: null,
  ...overrides,
});

describe('containsKeyword', () => {
  it('matches whole words and phrases, ignoring case', () => {
    expect(containsKeyword('Escrow accounts under RESPA', 'escrow')).toBe(true);
    expect(containsKeyword('Amounts escrowed monthly', 'escrow')).toBe(false);
    expect(containsKeyword('Loan  originator\ncompensation', 'loan originator')).toBe(true);
    expect(containsKeyword('ability-to-repay rule', 'ability-to-repay')).toBe(true);
    expect(containsKeyword('APR tolerance (1026.22)', '1026.22')).toBe(true);
    expect(containsKeyword('section 1026.220', '1026.22')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(containsKeyword('Section 8(a) of RESPA', '8(a)')).toBe(true);
    expect(containsKeyword('Section 8xa', '8.a')).toBe(false);
  });
});

describe('keywordPatternsOf', () => {
  it('compiles a company’s keywords once, however many items a run scores', () => {
    const profile = creditUnion({
      watchlist: { areas: [], keywords: ['escrow', ' ', 'loan originator'], agencies: [] },
    });
    const first = keywordPatternsOf(profile);
    expect(first.map(({ keyword }) => keyword)).toEqual(['escrow', 'loan originator']);
    for (let index = 0; index < 50; index += 1) {
      scoreRelevance(item({ summary: `Escrow accounts ${index}` }), profile);
    }
    expect(keywordPatternsOf(profile)).toBe(first);
    expect(
      scoreRelevance(item({ summary: 'Loan  originator pay; escrowed funds' }), profile).reasons,
    ).toContain('Keyword: loan originator');
    expect(
      scoreRelevance(item({ summary: 'Loan  originator pay; escrowed funds' }), profile).reasons,
    ).not.toContain('Keyword: escrow');
  });
});

describe('scoreRelevance', () => {
  it('scores nothing without any match', () => {
    const result = scoreRelevance(
      item({ areas: ['flood'], agencies: ['FEMA'] }),
      creditUnion({ regulationAreas: ['hmda'] }),
    );
    expect(result).toMatchObject({ score: 0, reasons: [], watchlistMatch: false });
  });

  it('adds the profile area and the binding document weight', () => {
    const result = scoreRelevance(item(), creditUnion());
    expect(result.reasons).toEqual(['Your profile: TILA']);
    expect(result.score).toBe(20 + 10);
    expect(result.watchlistMatch).toBe(false);
  });

  it('gives a guidance item in a profile area no binding weight', () => {
    expect(scoreRelevance(item({ documentType: 'guidance' }), creditUnion()).score).toBe(20);
  });

  it('counts watched areas, keywords and agencies, and matches the watchlist', () => {
    const result = scoreRelevance(
      item({
        title: 'Escrow requirements for higher-priced mortgage loans',
        summary: 'Amends the escrow exemption for small creditors (TILA).',
        areas: ['tila', 'trid'],
      }),
      creditUnion({
        watchlist: {
          areas: ['trid'],
          keywords: ['escrow', 'small creditor', 'HPML'],
          agencies: ['CFPB'],
        },
      }),
    );
    expect(result.reasons).toEqual([
      'Watched area: TRID',
      'Keyword: escrow',
      'Agency: CFPB',
      'Your profile: TILA',
      'Your profile: TRID',
    ]);
    // 40 watched area + 20 keyword + 15 agency + 20 profile + 10 final rule = 105 → 100.
    expect(result.score).toBe(100);
    expect(result.watchlistMatch).toBe(true);
    expect(result.watchedAreas).toEqual(['trid']);
  });

  it('caps keyword points at 30', () => {
    const result = scoreRelevance(
      item({
        title: 'escrow appraisal servicing forbearance loss mitigation',
        summary: '',
        areas: [],
        agencies: [],
        documentType: 'guidance',
      }),
      creditUnion({
        watchlist: {
          areas: [],
          keywords: ['escrow', 'appraisal', 'servicing', 'forbearance', 'loss mitigation'],
          agencies: [],
        },
      }),
    );
    expect(result.score).toBe(30);
    expect(result.reasons).toHaveLength(5);
  });

  it('rewards items from the primary regulator: NCUA items matter to credit unions', () => {
    const ncuaItem = item({
      title: 'NCUA letter to credit unions on BSA examinations',
      areas: ['bsa_aml'],
      agencies: ['NCUA'],
      documentType: 'guidance',
    });
    const forCreditUnion = scoreRelevance(ncuaItem, creditUnion());
    expect(forCreditUnion.reasons).toEqual(['Your profile: BSA/AML', 'Your regulator: NCUA']);
    expect(forCreditUnion.score).toBe(30);

    const forBank = scoreRelevance(
      ncuaItem,
      creditUnion({ institutionType: 'community_bank', primaryRegulator: 'fdic' }),
    );
    expect(forBank.score).toBe(10);
    expect(forBank.reasons).toContain('Issued by NCUA for other kinds of institution');
  });

  it('halves bank-regulator-only items for a credit union, unless the agency is watched', () => {
    const occItem = item({ areas: ['tila'], agencies: ['OCC', 'FDIC', 'FRB'] });
    expect(scoreRelevance(occItem, creditUnion()).score).toBe(15);
    const watched = scoreRelevance(
      occItem,
      creditUnion({ watchlist: { areas: [], keywords: [], agencies: ['OCC'] } }),
    );
    // 15 agency + 20 profile + 10 final rule, no halving.
    expect(watched.score).toBe(45);
  });

  it('treats CRA as inapplicable to credit unions and mortgage companies, but not to banks', () => {
    const craItem = item({
      title: 'Community Reinvestment Act regulations',
      areas: ['cra'],
      agencies: ['OCC', 'FDIC', 'FRB'],
    });
    const allAreas = creditUnion({ regulationAreas: null });
    const forCreditUnion = scoreRelevance(craItem, allAreas);
    expect(forCreditUnion.score).toBe(0);
    expect(forCreditUnion.reasons).toContain('CRA does not apply to credit unions');

    const forBank = scoreRelevance(craItem, {
      ...allAreas,
      institutionType: 'community_bank',
      primaryRegulator: 'occ',
    });
    // 20 profile (suggested areas of a bank include CRA) + 10 regulator + 10 final rule.
    expect(forBank.score).toBe(40);
    expect(forBank.reasons).toEqual(['Your profile: CRA', 'Your regulator: OCC']);
  });

  it('keeps a watched area even when the type would exclude it', () => {
    const result = scoreRelevance(
      item({ areas: ['cra'], agencies: ['CFPB'] }),
      creditUnion({ watchlist: { areas: ['cra'], keywords: [], agencies: [] } }),
    );
    expect(result.watchlistMatch).toBe(true);
    expect(result.score).toBe(50);
  });

  it('uses the areas suggested for the type until the profile selects some', () => {
    const result = scoreRelevance(item({ areas: ['hmda'] }), creditUnion({ regulationAreas: [] }));
    expect(result.reasons).toEqual(['Your profile: HMDA']);
  });
});
