import { describe, expect, it } from 'vitest';
import { citationUrl, isWellFormedCitation } from './citations.ts';

describe('isWellFormedCitation', () => {
  it.each([
    '12 CFR 1026.19(e)(1)(iii)',
    '12 CFR 1003.5',
    '31 CFR 1020.320',
    '12 CFR part 1003',
    '12 CFR 1026.43(e)(3)',
    '42 U.S.C. 4012a(b)',
    '12 U.S.C. 5531',
    '15 U.S.C. 1681m',
    '12 CFR 22.3',
    '16 CFR part 681',
    '32 CFR 232.4(b)',
  ])('accepts %s', (citation) => {
    expect(isWellFormedCitation(citation)).toBe(true);
  });

  it.each([
    '12 CFR',
    '1026.19(e)',
    'Reg Z',
    '12 C.F.R. 1026.19',
    '12 CFR 1026.19 (e)',
    '12 CFR 1026.19(e',
    '99 CFR 1026.19',
    '12 CFR 1026.19(e)(1)(iii) ',
  ])('refuses %s', (citation) => {
    expect(isWellFormedCitation(citation)).toBe(false);
  });
});

describe('citationUrl', () => {
  it('links a CFR section to eCFR, at the cited paragraph', () => {
    expect(citationUrl('12 CFR 1026.19(e)(1)(iii)')).toBe(
      'https://www.ecfr.gov/current/title-12/section-1026.19#p-1026.19(e)(1)(iii)',
    );
    expect(citationUrl('31 CFR 1020.210')).toBe(
      'https://www.ecfr.gov/current/title-31/section-1020.210',
    );
  });

  it('links a whole part to the eCFR part', () => {
    expect(citationUrl('12 CFR part 1003')).toBe('https://www.ecfr.gov/current/title-12/part-1003');
    expect(citationUrl('16 CFR part 681')).toBe('https://www.ecfr.gov/current/title-16/part-681');
  });

  it('links a US Code section to the House site', () => {
    expect(citationUrl('42 U.S.C. 4012a(b)')).toBe(
      'https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title42-section4012a&num=0&edition=prelim',
    );
  });

  it('links nothing it cannot read as one citation', () => {
    expect(citationUrl('12 CFR 1026.19(e)–(f), 1026.37')).toBeNull();
    expect(citationUrl('Regulation Z commentary')).toBeNull();
  });
});
