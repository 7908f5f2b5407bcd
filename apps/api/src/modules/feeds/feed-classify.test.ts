import { describe, expect, it } from 'vitest';
import {
  areasOfCitation,
  areasOfText,
  classifyDocumentType,
  classifyFeedItem,
  extractCitations,
} from './feed-classify.ts';

describe('citations in text', () => {
  it('finds CFR sections and parts in their written forms', () => {
    expect(
      extractCitations(
        'Under 12 CFR 1026.19(e)(1)(iii) and 12 C.F.R. § 1026.43(c), see also 12 CFR Part 1003 and 31 CFR 1020.320.',
      ),
    ).toEqual([
      '12 CFR 1026.19(e)(1)(iii)',
      '12 CFR 1026.43(c)',
      '12 CFR part 1003',
      '31 CFR 1020.320',
    ]);
  });

  it('lists every part of "parts 25, 228, and 345" and keeps the next titled citation', () => {
    expect(
      extractCitations(
        'under 12 CFR parts 22, 339, and 760 and 12 CFR 208.25. Also 12 CFR parts 25, 228, and 345.',
      ),
    ).toEqual([
      '12 CFR part 22',
      '12 CFR part 339',
      '12 CFR part 760',
      '12 CFR 208.25',
      '12 CFR part 25',
      '12 CFR part 228',
      '12 CFR part 345',
    ]);
  });

  it('reads bare sections only of Bureau parts that cannot mean another title', () => {
    expect(extractCitations('§§ 1026.37 and 1026.38, section 1002.9(a)')).toEqual([
      '12 CFR 1026.37',
      '12 CFR 1026.38',
      '12 CFR 1002.9(a)',
    ]);
    // 1022 is FCRA in title 12 but money services businesses in title 31.
    expect(extractCitations('§ 1022.210')).toEqual([]);
    // HUD's 24 CFR part 1003 is not Regulation C.
    expect(extractCitations('24 CFR 1003.5')).toEqual(['24 CFR 1003.5']);
    // Amounts are not sections.
    expect(extractCitations('a fee of $1026.50 or 1,003.25 dollars')).toEqual([]);
  });

  it('finds United States Code sections', () => {
    expect(extractCitations('12 U.S.C. 5531 and 5536; 42 U.S.C. 4012a')).toEqual([
      '12 U.S.C. 5531',
      '42 U.S.C. 4012a',
    ]);
  });
});

describe('regulation areas from citations', () => {
  it.each([
    ['12 CFR part 1026', ['tila']],
    ['12 CFR 1026.18', ['tila']],
    ['12 CFR 1026.19(e)(1)', ['tila', 'trid']],
    ['12 CFR 1026.19(f)', ['tila', 'trid']],
    ['12 CFR 1026.19(b)', ['tila']],
    ['12 CFR 1026.37', ['tila', 'trid']],
    ['12 CFR 1026.38(a)', ['tila', 'trid']],
    ['12 CFR 1026.43(e)(2)', ['tila', 'qm_atr']],
    ['12 CFR part 1003', ['hmda']],
    ['12 CFR 1003.5(a)', ['hmda']],
    ['12 CFR part 1002', ['fair_lending']],
    ['12 CFR 1024.14', ['respa']],
    ['31 CFR part 1010', ['bsa_aml']],
    ['31 CFR 1020.320', ['bsa_aml']],
    ['31 CFR part 1029', ['bsa_aml']],
    ['31 CFR part 501', ['bsa_aml']],
    ['12 CFR part 25', ['cra']],
    ['12 CFR part 228', ['cra']],
    ['12 CFR part 345', ['cra']],
    ['12 CFR part 1022', ['fcra']],
    ['12 CFR 1016.5', ['privacy']],
    ['12 CFR part 1007', ['safe_act']],
    ['12 CFR 1008.103', ['safe_act']],
    ['12 CFR part 22', ['flood']],
    ['12 CFR part 339', ['flood']],
    ['12 CFR part 760', ['flood']],
    ['12 CFR 208.25', ['flood']],
    ['12 CFR 208.3', []],
    ['12 U.S.C. 5531', ['udaap']],
    ['24 CFR 1003.5', []],
    ['31 CFR part 1', []],
  ])('%s → %j', (citation, areas) => {
    expect(areasOfCitation(citation).sort()).toEqual([...areas].sort());
  });
});

describe('regulation areas from words', () => {
  it('recognises names and acronyms', () => {
    expect(areasOfText('Updates to the Loan Estimate and Closing Disclosure')).toEqual([
      'trid',
      'tila',
    ]);
    expect(areasOfText('TILA-RESPA integrated disclosure rule')).toEqual(['trid', 'tila']);
    expect(areasOfText('The ability-to-repay rule and qualified mortgages')).toContain('qm_atr');
    expect(areasOfText('HMDA data')).toEqual(['hmda']);
    expect(areasOfText('redlining settlement under the Equal Credit Opportunity Act')).toEqual([
      'fair_lending',
    ]);
    expect(areasOfText('BSA/AML program and SAR filing')).toEqual(['bsa_aml']);
    expect(areasOfText('unfair, deceptive, or abusive acts or practices')).toEqual(['udaap']);
    expect(areasOfText('Flood insurance requirements')).toEqual(['flood']);
    expect(areasOfText('NMLS registration under the SAFE Act')).toEqual(['safe_act']);
    expect(areasOfText('Regulation V and consumer reporting agencies (CRAs)')).toEqual(['fcra']);
    expect(areasOfText('CRA performance evaluations')).toEqual(['cra']);
    expect(areasOfText('Annual privacy notices under Regulation P')).toEqual(['privacy']);
    expect(areasOfText('Servicemembers Civil Relief Act interest rate relief')).toEqual([
      'servicemembers',
    ]);
    expect(areasOfText('Overdraft fees on checking accounts')).toEqual([]);
  });
});

describe('document type', () => {
  it.each([
    ['CFPB Issues Proposed Rule on Mortgage Servicing', 'proposed_rule'],
    ['Notice of Proposed Rulemaking: Regulation C', 'proposed_rule'],
    ['Agencies Propose Changes to Flood Insurance Rules', 'proposed_rule'],
    ['CFPB Issues Final Rule to Adjust HMDA Thresholds', 'final_rule'],
    ['Interim Final Rule on Regulation Z', 'final_rule'],
    ['CFPB Finalizes Updates to Know Before You Owe', 'final_rule'],
    ['CFPB Takes Action Against Lakeside Home Lending', 'enforcement_action'],
    ['OCC Assesses Civil Money Penalty Against Prairie State Bank', 'enforcement_action'],
    ['CFPB Fines Regions Bank $7.5 Million', 'enforcement_action'],
    ['CFPB Orders Discover Bank to Pay $10 Million', 'enforcement_action'],
    ['FDIC Issues Consent Order With First Example Bank', 'enforcement_action'],
    ['Enforcement Actions for November', 'enforcement_action'],
    ['CFPB Issues Guidance on Adverse Action Notices', 'guidance'],
    ['Frequently Asked Questions on HMDA Reporting', 'guidance'],
    ['OCC Bulletin 2026-31: Flood Insurance', 'guidance'],
    ['Advisory Opinion on Regulation B', 'guidance'],
    ['Letter to Credit Unions 26-CU-04', 'guidance'],
    ['FinCEN Alert on Real Estate Fraud', 'guidance'],
    ['CFPB Announces New Members of the Consumer Advisory Board', 'press_release'],
    ['Director Remarks at the Housing Conference', 'press_release'],
  ])('%s → %s', (title, type) => {
    expect(classifyDocumentType({ title, summary: '' })).toBe(type);
  });

  it('keeps the Federal Register type over words', () => {
    expect(
      classifyDocumentType({
        title: 'Civil Penalty Inflation Adjustments',
        summary: 'The Bureau adjusts civil penalty amounts.',
        documentType: 'final_rule',
      }),
    ).toBe('final_rule');
    expect(
      classifyDocumentType({
        title: 'OCC Announces Civil Money Penalty Inflation Adjustments',
        summary: '',
      }),
    ).toBe('press_release');
  });

  it('reads the summary when the title says nothing, and calls a plain notice a notice', () => {
    expect(
      classifyDocumentType({
        title: 'Lakeside Home Lending',
        summary: 'The Bureau issued a consent order against the lender.',
      }),
    ).toBe('enforcement_action');
    expect(
      classifyDocumentType({
        title: 'Agency Information Collection Activities',
        summary: 'Submission for OMB review.',
        federalRegisterType: 'Notice',
      }),
    ).toBe('notice');
    // Meetings and bank holding company applications are not guidance either.
    expect(
      classifyDocumentType({
        title: 'Formations of, Acquisitions by, and Mergers of Bank Holding Companies',
        summary: '',
        federalRegisterType: 'Notice',
      }),
    ).toBe('notice');
    expect(
      classifyDocumentType({
        title: 'Sunshine Act Meeting Notice',
        summary: '',
        federalRegisterType: 'Notice',
      }),
    ).toBe('notice');
    // A notice whose words say what it is keeps that type.
    expect(
      classifyDocumentType({
        title: 'Interagency Guidance on Third-Party Relationships: Risk Management',
        summary: '',
        federalRegisterType: 'Notice',
      }),
    ).toBe('guidance');
  });
});

describe('classifyFeedItem', () => {
  it('combines structured references, text citations, words and agencies', () => {
    const result = classifyFeedItem({
      title: 'CFPB Finalizes Updates to “Know Before You Owe” Mortgage Disclosure Rule',
      summary:
        'The changes clarify when creditors may use a Closing Disclosure to reset tolerances under 12 CFR 1026.19(e)(4).',
      sourceAgency: 'CFPB',
    });
    expect(result).toEqual({
      areas: ['trid', 'tila'],
      documentType: 'final_rule',
      citations: ['12 CFR 1026.19(e)(4)'],
      agencies: ['CFPB'],
    });
  });

  it('puts every FinCEN publication in BSA/AML and keeps only well-formed citations', () => {
    const result = classifyFeedItem({
      title: 'Anti-Money Laundering Regulations for Residential Real Estate Transfers',
      summary: 'FinCEN is issuing a final rule.',
      citations: ['31 CFR part 1031', 'not a citation'],
      agencies: ['FinCEN', 'Treasury'],
      documentType: 'final_rule',
    });
    expect(result.areas).toEqual(['bsa_aml']);
    expect(result.citations).toEqual(['31 CFR part 1031']);
    expect(result.agencies).toEqual(['FinCEN']);
  });

  it('names agencies from the text, but only publishers add their areas', () => {
    const result = classifyFeedItem({
      title: 'CFPB and FinCEN speak at a conference on consumer protection',
      summary: '',
      sourceAgency: 'CFPB',
    });
    expect(result.agencies).toEqual(['CFPB', 'FinCEN']);
    expect(result.areas).toEqual([]);
  });
});
