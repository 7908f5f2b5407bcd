import { describe, expect, it } from 'vitest';
import { isWellFormedCitation } from './citations.ts';

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
