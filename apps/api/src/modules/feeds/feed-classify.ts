import { isWellFormedCitation } from '@complivue/shared/citations';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  AGENCIES,
  type Agency,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';

/**
 * Classification of a regulatory item, pure: the regulation areas it concerns (from the CFR
 * citations it makes and the words it uses), what kind of document it is, and which agencies
 * it comes from. Citations decide first because they are unambiguous; words add areas a press
 * release names without citing ("Loan Estimate", "HMDA").
 */

export interface ClassificationInput {
  title: string;
  summary: string;
  /** Structured references of the format (Federal Register cfr_references). */
  citations?: readonly string[];
  categories?: readonly string[];
  /** The type the format states (Federal Register), which words never override. */
  documentType?: FeedDocumentType | null;
  /** Federal Register document type, for notices and presidential documents. */
  federalRegisterType?: string | null;
  agencies?: readonly string[];
  /** The agency that publishes the source, when it is one agency's feed. */
  sourceAgency?: string | null;
}

export interface Classification {
  areas: RegulationArea[];
  documentType: FeedDocumentType;
  /** Well-formed citations ("12 CFR 1026.19(e)", "12 CFR part 1003"), structured first. */
  citations: string[];
  agencies: Agency[];
}

// ---------------------------------------------------------------------------------------------
// Citations in text

/**
 * Bureau parts whose bare section numbers ("§ 1026.43") can only mean title 12; other bare
 * numbers are ambiguous (31 CFR 1022 is FinCEN's money-services rule, 12 CFR 1022 is FCRA), so
 * they count only with their title written.
 */
const UNAMBIGUOUS_TITLE_12_PARTS = new Set([
  '1002',
  '1003',
  '1005',
  '1007',
  '1008',
  '1024',
  '1026',
]);

const CFR_WITH_TITLE =
  /\b(12|24|31)\s*C\.?\s?F\.?\s?R\.?\s*(?:§+\s*)?(parts?\s+)?(\d{1,4})(?:\.(\d{1,4}[a-z]?))?((?:\s?\([A-Za-z0-9]{1,5}\))*)((?:\s*(?:,\s*(?:and|or)?|and|or|&)\s*\d{1,4}(?!\d|\.\d|\s*C\.?\s?F\.?\s?R))*)/gi;
const BARE_SECTION =
  /(?:§+\s*|\bsections?\s+|(?<![\d,$.]))\b(\d{4})\.(\d{1,4}[a-z]?)((?:\([A-Za-z0-9]{1,5}\))*)/gi;
const USC_SECTION = /\b(12|15|31|42)\s*U\.?\s?S\.?\s?C\.?\s*§*\s*(\d{1,5}[a-z]{0,2})\b/gi;

function cfrCitation(title: string, part: string, section?: string, paragraphs = ''): string {
  if (!section) return `${title} CFR part ${part}`;
  return `${title} CFR ${part}.${section.toLowerCase()}${paragraphs.replace(/\s/g, '')}`;
}

/** Citations written in a text, in the form citations.ts accepts. */
export function extractCitations(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CFR_WITH_TITLE)) {
    const [, title, isPart, part, section, paragraphs = '', moreParts = ''] = match;
    found.push(cfrCitation(title!, part!, section, paragraphs));
    // "12 CFR parts 25, 228, and 345": every part listed.
    if (isPart && !section) {
      for (const extra of moreParts.matchAll(/\d{1,4}/g)) found.push(cfrCitation(title!, extra[0]));
    }
  }
  // Bare section numbers, once the citations with their title are taken out (24 CFR 1003 is HUD's).
  const rest = text.replace(CFR_WITH_TITLE, ' ');
  for (const match of rest.matchAll(BARE_SECTION)) {
    const [, part, section, paragraphs = ''] = match;
    if (UNAMBIGUOUS_TITLE_12_PARTS.has(part!))
      found.push(cfrCitation('12', part!, section, paragraphs));
  }
  for (const match of text.matchAll(USC_SECTION)) {
    found.push(`${match[1]} U.S.C. ${match[2]!.toLowerCase()}`);
  }
  return [...new Set(found)].filter(isWellFormedCitation);
}

// ---------------------------------------------------------------------------------------------
// Areas

interface ParsedCitation {
  title: string;
  part: number;
  section: string | null;
  paragraphs: string[];
}

function parseCitation(citation: string): ParsedCitation | null {
  const cfr =
    /^(\d{1,2}) CFR (?:part )?(\d{1,4})(?:\.(\d{1,4}[a-z]?))?((?:\([A-Za-z0-9]{1,5}\))*)$/.exec(
      citation,
    );
  if (!cfr) return null;
  return {
    title: cfr[1]!,
    part: Number(cfr[2]),
    section: cfr[3] ?? null,
    paragraphs: [...(cfr[4] ?? '').matchAll(/\(([A-Za-z0-9]+)\)/g)].map((m) => m[1]!.toLowerCase()),
  };
}

const TRID_SECTIONS = new Set(['37', '38']);

/** The areas one citation puts an item in (REGULATION_AREA_INFO gives each area's parts). */
export function areasOfCitation(citation: string): RegulationArea[] {
  const usc = /^(\d{1,2}) U\.S\.C\. (\w+)/.exec(citation);
  if (usc) {
    // Dodd-Frank Act sections 1031 and 1036: unfair, deceptive or abusive acts or practices.
    if (usc[1] === '12' && (usc[2] === '5531' || usc[2] === '5536')) return ['udaap'];
    // The Flood Disaster Protection Act's mandatory purchase requirement.
    if (usc[1] === '42' && usc[2]!.startsWith('4012a')) return ['flood'];
    return [];
  }
  const parsed = parseCitation(citation);
  if (!parsed) return [];
  const { title, part, section, paragraphs } = parsed;
  if (title === '31') {
    // Chapter X is FinCEN's Bank Secrecy Act rules (1010 general, 1020 banks, 1029 RMLOs…);
    // chapter V is OFAC's sanctions rules.
    if (part >= 1010 && part <= 1099) return ['bsa_aml'];
    if (part >= 500 && part <= 599) return ['bsa_aml'];
    return [];
  }
  if (title !== '12') return [];
  switch (part) {
    case 1026: {
      const areas: RegulationArea[] = ['tila'];
      if (section === '43') areas.push('qm_atr');
      if (
        (section && TRID_SECTIONS.has(section)) ||
        (section === '19' && (paragraphs[0] === 'e' || paragraphs[0] === 'f'))
      ) {
        areas.push('trid');
      }
      return areas;
    }
    case 1003:
      return ['hmda'];
    case 1002:
      return ['fair_lending'];
    case 1024:
      return ['respa'];
    case 1022:
      return ['fcra'];
    case 1016:
      return ['privacy'];
    case 1007:
    case 1008:
      return ['safe_act'];
    case 25:
    case 228:
    case 345:
      return ['cra'];
    case 22:
    case 339:
    case 760:
      return ['flood'];
    case 208:
      return section === '25' ? ['flood'] : [];
    default:
      return [];
  }
}

/** Words that name an area without citing it. Case-sensitive patterns are acronyms. */
const AREA_WORDS: [RegulationArea, RegExp][] = [
  [
    'trid',
    /\bTRID\b|\bloan estimates?\b|\bclosing disclosures?\b|TILA[-–\s]RESPA integrated disclosures?|\bKnow Before You Owe\b/i,
  ],
  ['qm_atr', /\bability[-\s]to[-\s]repay\b|\bqualified mortgages?\b|\bATR\/QM\b/i],
  ['qm_atr', /\bQM\b/],
  ['hmda', /\bHome Mortgage Disclosure Act\b|\bRegulation C\b/i],
  ['hmda', /\bHMDA\b/],
  [
    'fair_lending',
    /\bEqual Credit Opportunity Act\b|\bRegulation B\b|\bfair lending\b|\bredlining\b|\bFair Housing Act\b/i,
  ],
  ['fair_lending', /\bECOA\b/],
  ['respa', /\bReal Estate Settlement Procedures Act\b|\bRegulation X\b|\bmortgage servicing\b/i],
  ['respa', /\bRESPA\b/],
  ['tila', /\bTruth in Lending\b|\bRegulation Z\b/i],
  ['tila', /\bTILA\b/],
  [
    'bsa_aml',
    /\bBank Secrecy Act\b|\banti[-\s]money[-\s]laundering\b|\bmoney laundering\b|\bsuspicious activity reports?\b|\bcurrency transaction reports?\b|\bcustomer due diligence\b|\bbeneficial ownership\b|\bOffice of Foreign Assets Control\b/i,
  ],
  ['bsa_aml', /\bBSA\b|\bAML\b|\bOFAC\b|\bCTRs?\b|\bSARs?\b/],
  ['cra', /\bCommunity Reinvestment Act\b/i],
  ['cra', /\bCRA\b/],
  ['fcra', /\bFair Credit Reporting Act\b|\bRegulation V\b|\bconsumer reporting agenc(y|ies)\b/i],
  ['fcra', /\bFCRA\b/],
  [
    'safe_act',
    /\bS\.?A\.?F\.?E\.? Mortgage Licensing Act\b|\bNationwide Multistate Licensing System\b|\bloan originator (licensing|registration)\b/i,
  ],
  ['safe_act', /\bSAFE Act\b|\bNMLS\b/],
  ['flood', /\bflood insurance\b|\bspecial flood hazard\b|\bNational Flood Insurance Program\b/i],
  [
    'udaap',
    /\bunfair,? deceptive,? or abusive\b|\bunfair or deceptive\b|\bdeceptive or abusive\b|\babusive acts? or practices?\b|\bdeceptive (acts|practices|advertising|marketing)\b/i,
  ],
  ['udaap', /\bUDAAPs?\b|\bUDAPs?\b/],
  [
    'privacy',
    /\bRegulation P\b|\bGramm[-\s]Leach[-\s]Bliley\b|\bprivacy notices?\b|\bnonpublic personal information\b/i,
  ],
  ['privacy', /\bGLBA\b/],
  [
    'servicemembers',
    /\bServicemembers Civil Relief Act\b|\bMilitary Lending Act\b|\bservicemembers?\b/i,
  ],
  ['servicemembers', /\bSCRA\b|\bMLA\b/],
];

/** Areas named by words in a text. */
export function areasOfText(text: string): RegulationArea[] {
  // "TILA-RESPA integrated disclosure" is TRID, not RESPA's servicing rules.
  const words = text.replace(/\bTILA[-–\s]RESPA\b/gi, 'TRID');
  const areas = new Set<RegulationArea>();
  for (const [area, pattern] of AREA_WORDS) if (pattern.test(words)) areas.add(area);
  // In credit reporting, "CRAs" are consumer reporting agencies, not the Community Reinvestment Act.
  if (/\bconsumer reporting agenc/i.test(words) && !/\bCommunity Reinvestment Act\b/i.test(words)) {
    areas.delete('cra');
  }
  // TRID is the integrated disclosures of Regulation Z: an item about them is also TILA.
  if (areas.has('trid') || areas.has('qm_atr')) areas.add('tila');
  return [...areas];
}

// ---------------------------------------------------------------------------------------------
// Agencies

const FEDERAL_REGISTER_AGENCIES: Record<string, Agency> = {
  'consumer-financial-protection-bureau': 'CFPB',
  'comptroller-of-the-currency': 'OCC',
  'federal-deposit-insurance-corporation': 'FDIC',
  'national-credit-union-administration': 'NCUA',
  'federal-reserve-system': 'FRB',
  'financial-crimes-enforcement-network': 'FinCEN',
  'federal-financial-institutions-examination-council': 'FFIEC',
  'foreign-assets-control-office': 'OFAC',
};

/** The code of a Federal Register agency slug, when it is one of ours. */
export function federalRegisterAgencyCode(slug: string): Agency | null {
  return Object.hasOwn(FEDERAL_REGISTER_AGENCIES, slug) ? FEDERAL_REGISTER_AGENCIES[slug]! : null;
}

const AGENCY_WORDS: [Agency, RegExp][] = [
  ['CFPB', /\bConsumer Financial Protection Bureau\b|\bCFPB\b/],
  ['OCC', /\bComptroller of the Currency\b|\bOCC\b/],
  ['FDIC', /\bFederal Deposit Insurance Corporation\b|\bFDIC\b/],
  ['NCUA', /\bNational Credit Union Administration\b|\bNCUA\b/],
  ['FRB', /\bFederal Reserve Board\b|\bBoard of Governors of the Federal Reserve System\b/],
  ['FinCEN', /\bFinancial Crimes Enforcement Network\b|\bFinCEN\b/],
  ['FFIEC', /\bFederal Financial Institutions Examination Council\b|\bFFIEC\b/],
  ['OFAC', /\bOffice of Foreign Assets Control\b|\bOFAC\b/],
];

function isAgency(value: string): value is Agency {
  return (AGENCIES as readonly string[]).includes(value);
}

export function agenciesOfText(text: string): Agency[] {
  return AGENCY_WORDS.filter(([, pattern]) => pattern.test(text)).map(([agency]) => agency);
}

// ---------------------------------------------------------------------------------------------
// Document type

const ENFORCEMENT = [
  /\bconsent orders?\b|\bcivil money penalt(y|ies)\b|\bcivil penalt(y|ies)\b|\benforcement actions?\b|\bcease[-\s]and[-\s]desist\b|\bstipulated (final )?judgment\b|\bprohibition orders?\b|\btakes? action against\b|\b(files?|filed) (a )?(lawsuit|complaint|suit)\b|\bsues\b|\bsettlement with\b|\bordered to pay\b|\borders? [\w&.,' -]{1,80}? to pay\b/i,
  // "CFPB Fines Regions Bank": the verb, not "late fines".
  /\b[Ff]ines? (?:[A-Z]|\$)/,
];
const NOT_ENFORCEMENT = /\binflation adjustments?\b/i;
const PROPOSED =
  /\bproposed rules?\b|\bproposed rulemaking\b|\bnotice of proposed\b|\bNPRM\b|\bpropos(es|ed|e) (a |to |new |changes |amendments )|\bproposal\b|\brequest for comment\b|\bseeks? comments? on\b/i;
const FINAL =
  /\b(interim |direct )?final rules?\b|\bfinaliz(es|ed|e)\b|\bissues? (a )?rule\b|\bamends? (its |the )?(rule|regulation)\b/i;
const GUIDANCE =
  /\bguidance\b|\bFAQs?\b|\bfrequently asked questions\b|\bquestions and answers\b|\bbulletin\b|\badvisory opinions?\b|\binterpretive rules?\b|\bpolicy statements?\b|\bstatements? of policy\b|\bsupervisory (letter|highlights|guidance|statement)\b|\bcirculars?\b|\bcompliance (aid|guide)s?\b|\bexamination (manual|procedures)\b|\binteragency statement\b|\bletters? to credit unions\b|\bfinancial institution letters?\b|\bFIL-\d|\badvisory\b(?! (board|council|committee))|\bFinCEN alert\b|\balerts? (on|to)\b|\bSR \d{2}-\d/i;

function typeFromWords(text: string): FeedDocumentType | null {
  if (ENFORCEMENT.some((pattern) => pattern.test(text)) && !NOT_ENFORCEMENT.test(text)) {
    return 'enforcement_action';
  }
  if (PROPOSED.test(text)) return 'proposed_rule';
  if (FINAL.test(text)) return 'final_rule';
  if (GUIDANCE.test(text)) return 'guidance';
  return null;
}

/**
 * The type of document: the Federal Register's own type for rules and proposed rules; otherwise
 * the title's words, then the summary's (a press release titled "CFPB Issues Final Rule" is
 * about a final rule). A Federal Register notice without another signal is a notice (most
 * are meetings, information collections, bank holding company applications: not guidance);
 * agency news without another signal is a press release.
 */
export function classifyDocumentType(input: ClassificationInput): FeedDocumentType {
  if (input.documentType) return input.documentType;
  const fromTitle = typeFromWords(input.title);
  if (fromTitle) return fromTitle;
  const fromText = typeFromWords(`${input.summary} ${(input.categories ?? []).join(' ')}`);
  if (fromText) return fromText;
  if (input.federalRegisterType === 'Notice') return 'notice';
  return 'press_release';
}

// ---------------------------------------------------------------------------------------------

const AGENCY_AREAS: Partial<Record<Agency, RegulationArea>> = {
  // FinCEN and OFAC administer only the Bank Secrecy Act and sanctions rules.
  FinCEN: 'bsa_aml',
  OFAC: 'bsa_aml',
};

/** Everything the feeds know about an item, from its format's fields and its words. */
export function classifyFeedItem(input: ClassificationInput): Classification {
  const text = [input.title, input.summary, ...(input.categories ?? [])].join('\n');
  const citations = [
    ...new Set([
      ...(input.citations ?? []).filter(isWellFormedCitation),
      ...extractCitations(text),
    ]),
  ];
  // The publishing agencies (the source's, the format's) say more than a name in the text.
  const publishers = new Set<Agency>();
  if (input.sourceAgency && isAgency(input.sourceAgency)) publishers.add(input.sourceAgency);
  for (const agency of input.agencies ?? []) if (isAgency(agency)) publishers.add(agency);
  const agencies = new Set<Agency>([...publishers, ...agenciesOfText(text)]);

  const areas = new Set<RegulationArea>();
  for (const citation of citations) for (const area of areasOfCitation(citation)) areas.add(area);
  for (const area of areasOfText(text)) areas.add(area);
  for (const agency of publishers) {
    const area = AGENCY_AREAS[agency];
    if (area) areas.add(area);
  }
  return {
    areas: REGULATION_AREAS.filter((area) => areas.has(area)),
    documentType: classifyDocumentType(input),
    citations,
    agencies: AGENCIES.filter((agency) => agencies.has(agency)),
  };
}
