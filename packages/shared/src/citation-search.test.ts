import { describe, expect, it } from 'vitest';
import { citationIndexText, citationSearchTerms, parseSearchQuery } from './citation-search.ts';

describe('citation search terms', () => {
  it('indexes a paragraph citation with each of its parents and its regulation', () => {
    expect(citationSearchTerms('12 CFR 1026.19(e)(1)(iii)')).toEqual([
      'cfr1026',
      'cfr1026s19',
      'cfr1026s19pe',
      'cfr1026s19pep1',
      'cfr1026s19pep1piii',
      'regz',
    ]);
    expect(citationSearchTerms('12 CFR part 1003')).toEqual(['cfr1003', 'regc']);
    expect(citationSearchTerms('31 CFR 1020.320')).toEqual(['cfr1020', 'cfr1020s320']);
    expect(citationSearchTerms('42 U.S.C. 4012a(b)')).toEqual(['usc4012a', 'usc4012apb']);
    expect(citationIndexText(['12 CFR 1026.19(e)', '12 CFR 1026.19(f)'])).toBe(
      'cfr1026 cfr1026s19 cfr1026s19pe regz cfr1026s19pf',
    );
  });

  it('finds citations and regulation names in a typed query', () => {
    expect(parseSearchQuery('1026.19(e)')).toEqual({ text: '', citationTerms: ['cfr1026s19pe'] });
    expect(parseSearchQuery('tolerance 12 CFR § 1026.19 (e)(3)')).toEqual({
      text: 'tolerance',
      citationTerms: ['cfr1026s19pep3'],
    });
    expect(parseSearchQuery('Reg Z APR')).toEqual({ text: 'APR', citationTerms: ['regz'] });
    expect(parseSearchQuery('Regulation B adverse action')).toEqual({
      text: 'adverse action',
      citationTerms: ['regb'],
    });
    expect(parseSearchQuery('12 CFR part 1003 deadlines').citationTerms).toEqual(['cfr1003']);
    expect(parseSearchQuery('42 U.S.C. 3605').citationTerms).toEqual(['usc3605']);
  });

  it('leaves ordinary words and numbers alone', () => {
    expect(parseSearchQuery('HMDA 2026 March 1 reg review')).toEqual({
      text: 'HMDA 2026 March 1 reg review',
      citationTerms: [],
    });
    expect(parseSearchQuery('"quoted" -minus OR (unbalanced').citationTerms).toEqual([]);
  });
});
