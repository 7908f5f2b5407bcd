import type { InstitutionType } from './institutions.ts';

/**
 * The regulation areas the product organises its work by: the library's articles and rules,
 * the feeds' classification, the calendar and the dashboard's per-area status all use these ids.
 */
export const REGULATION_AREAS = [
  'trid',
  'qm_atr',
  'hmda',
  'fair_lending',
  'cra',
  'bsa_aml',
  'tila',
  'respa',
  'flood',
  'safe_act',
  'udaap',
  'fcra',
  'privacy',
  'servicemembers',
] as const;
export type RegulationArea = (typeof REGULATION_AREAS)[number];

export interface RegulationAreaInfo {
  /** The short tag shown on updates and status cards ("TRID", "QM", "HMDA"). */
  tag: string;
  label: string;
  /** Where the rules of the area are; a reader can look every one of these up. */
  citation: string;
}

export const REGULATION_AREA_INFO: Record<RegulationArea, RegulationAreaInfo> = {
  trid: {
    tag: 'TRID',
    label: 'TILA-RESPA integrated disclosures (Loan Estimate, Closing Disclosure)',
    citation: '12 CFR 1026.19(e)–(f), 1026.37, 1026.38',
  },
  qm_atr: {
    tag: 'QM',
    label: 'Ability to repay and qualified mortgages',
    citation: '12 CFR 1026.43',
  },
  hmda: {
    tag: 'HMDA',
    label: 'Home Mortgage Disclosure Act (Regulation C)',
    citation: '12 CFR part 1003',
  },
  fair_lending: {
    tag: 'Fair Lending',
    label: 'Fair lending: ECOA (Regulation B) and the Fair Housing Act',
    citation: '12 CFR part 1002; 42 U.S.C. 3601 et seq.',
  },
  cra: {
    tag: 'CRA',
    label: 'Community Reinvestment Act',
    citation: '12 CFR parts 25, 228 and 345',
  },
  bsa_aml: {
    tag: 'BSA/AML',
    label: 'Bank Secrecy Act and anti-money laundering (CTR, SAR, CIP, OFAC)',
    citation: '31 CFR chapter X; OFAC: 31 CFR chapter V',
  },
  tila: {
    tag: 'TILA',
    label: 'Truth in Lending beyond TRID (APR, HPML, HOEPA)',
    citation: '12 CFR part 1026',
  },
  respa: {
    tag: 'RESPA',
    label: 'RESPA (Regulation X): servicing, escrow, Section 8',
    citation: '12 CFR part 1024',
  },
  flood: {
    tag: 'Flood',
    label: 'Flood insurance (mandatory purchase)',
    citation: '12 CFR parts 22, 339 and 760; 12 CFR 208.25',
  },
  safe_act: {
    tag: 'SAFE Act',
    label: 'SAFE Act loan originator registration and licensing',
    citation: '12 CFR parts 1007 and 1008',
  },
  udaap: {
    tag: 'UDAAP',
    label: 'Unfair, deceptive or abusive acts or practices',
    citation: '12 U.S.C. 5531, 5536',
  },
  fcra: {
    tag: 'FCRA',
    label: 'Fair Credit Reporting Act (Regulation V)',
    citation: '12 CFR part 1022',
  },
  privacy: {
    tag: 'Privacy',
    label: 'Privacy of consumer financial information (Gramm-Leach-Bliley Act, Regulation P)',
    citation: '12 CFR part 1016; 15 U.S.C. 6801 et seq.',
  },
  servicemembers: {
    tag: 'SCRA',
    label: 'Servicemembers: Servicemembers Civil Relief Act and Military Lending Act',
    citation: '50 U.S.C. 3901 et seq.; 32 CFR part 232',
  },
};

/**
 * A starting selection for a new company profile, which the administrator then adjusts. It only
 * leaves out what is certain: the Community Reinvestment Act applies to insured banks and savings
 * associations, not to credit unions or non-bank mortgage companies. Every other area depends on
 * products and thresholds the administrator knows better.
 */
export function suggestedRegulationAreas(
  type: InstitutionType | null | undefined,
): RegulationArea[] {
  if (type === 'credit_union' || type === 'mortgage_company') {
    return REGULATION_AREAS.filter((area) => area !== 'cra');
  }
  return [...REGULATION_AREAS];
}

/**
 * The area a link names, by its id (`trid`) or its tag (`TRID`), in any letter case; undefined
 * for anything else. Pages read their `area` parameter through this, so a link written with the
 * tag filters by the area instead of silently showing every area.
 */
export function regulationAreaOf(text: string | null | undefined): RegulationArea | undefined {
  const wanted = text?.trim().toLowerCase();
  if (!wanted) return undefined;
  return REGULATION_AREAS.find(
    (area) => area === wanted || REGULATION_AREA_INFO[area].tag.toLowerCase() === wanted,
  );
}
