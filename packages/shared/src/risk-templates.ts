import type { InstitutionType } from './institutions.ts';
import type { RegulationArea } from './regulation-areas.ts';
import type { ProductLine } from './schemas/risks.ts';

/**
 * The starter set of the compliance risk assessment: common compliance risks by institution
 * type, each tied to the compliance library's rules as its suggested controls. Every statement
 * here restates a library rule (packages/db/content/library) and cites its section: nothing is
 * added to the rules. A template carries no rating: likelihood and impact are the institution's
 * judgement, made by a person after adopting the risk (DESIGN.md rule 5).
 */
export interface RiskTemplate {
  key: string;
  title: string;
  area: RegulationArea;
  productLine: ProductLine;
  description: string;
  citations: string[];
  institutionTypes: InstitutionType[];
  controls: { title: string; ruleIds: string[] }[];
}

const LENDERS: InstitutionType[] = ['credit_union', 'community_bank', 'mortgage_company'];
const DEPOSITORIES: InstitutionType[] = ['credit_union', 'community_bank'];

export const RISK_TEMPLATES: readonly RiskTemplate[] = [
  {
    key: 'trid-le-timing',
    title: 'Loan Estimates delivered late or fees collected too early',
    area: 'trid',
    productLine: 'mortgage_origination',
    description:
      'The Loan Estimate is not delivered or placed in the mail by the third business day after application or the seventh business day before consummation, or a fee other than a bona fide and reasonable credit report fee is imposed before the consumer receives it.',
    citations: ['12 CFR 1026.19(e)(1)(iii)', '12 CFR 1026.19(e)(2)(i)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Loan Estimate timing monitored in the loan origination system',
        ruleIds: ['TRID-LE-001', 'TRID-LE-002', 'TRID-LE-003'],
      },
    ],
  },
  {
    key: 'trid-tolerance',
    title: 'Tolerance violations not cured within 60 days',
    area: 'trid',
    productLine: 'mortgage_origination',
    description:
      'Charges at closing exceed the zero or 10 percent tolerance of the Loan Estimate without a valid changed circumstance, and the excess is not refunded within 60 days after consummation.',
    citations: ['12 CFR 1026.19(e)(3)', '12 CFR 1026.19(f)(2)(v)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Pre-closing tolerance comparison and cure tracking',
        ruleIds: ['TRID-TOL-001', 'TRID-TOL-002', 'TRID-TOL-003'],
      },
      {
        title: 'Changed-circumstance review before a revised Loan Estimate',
        ruleIds: ['TRID-CC-001', 'TRID-CC-002', 'TRID-CC-003'],
      },
    ],
  },
  {
    key: 'trid-cd-timing',
    title: 'Closing Disclosure received less than three business days before consummation',
    area: 'trid',
    productLine: 'mortgage_origination',
    description:
      'The consumer receives the Closing Disclosure fewer than three business days before consummation, or a change that requires a new waiting period (an APR that becomes inaccurate, a changed loan product, an added prepayment penalty) does not restart it.',
    citations: ['12 CFR 1026.19(f)(1)(ii)', '12 CFR 1026.19(f)(2)(ii)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Closing Disclosure delivery and waiting-period check before closing',
        ruleIds: ['TRID-CD-001', 'TRID-CD-002'],
      },
    ],
  },
  {
    key: 'atr-documentation',
    title: 'Ability-to-repay determinations not made, verified or documented',
    area: 'qm_atr',
    productLine: 'mortgage_origination',
    description:
      'A covered mortgage is consummated without a reasonable, good-faith determination of the consumer’s ability to repay that considers the required factors, each verified with reasonably reliable third-party records, or the records showing it are not kept for three years.',
    citations: ['12 CFR 1026.43(c)', '12 CFR 1026.25(c)(3)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Underwriting checklist for the ability-to-repay factors and their verification',
        ruleIds: ['ATR-UW-001', 'ATR-UW-002', 'ATR-UW-003', 'ATR-REC-001'],
      },
    ],
  },
  {
    key: 'qm-points-fees',
    title: 'Loans designated Qualified Mortgages that fail the points-and-fees or pricing test',
    area: 'qm_atr',
    productLine: 'mortgage_origination',
    description:
      'A loan is designated a General QM although its points and fees exceed the limit for its loan-amount tier or its APR is not below the General QM spread over APOR as of the date the rate is set.',
    citations: ['12 CFR 1026.43(e)(2)', '12 CFR 1026.43(e)(3)', '12 CFR 1026.32(b)(1)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Automated points-and-fees and APR-to-APOR test before QM designation',
        ruleIds: ['QM-PF-001', 'QM-PF-002', 'QM-GEN-002'],
      },
    ],
  },
  {
    key: 'hmda-data-accuracy',
    title: 'Inaccurate or late HMDA loan/application register data',
    area: 'hmda',
    productLine: 'mortgage_origination',
    description:
      'The data required by 12 CFR 1003.4(a) are not collected for every covered loan and application, are not recorded within 30 calendar days after the quarter ends, or are inaccurate when the register is submitted by March 1.',
    citations: ['12 CFR 1003.4(a)', '12 CFR 1003.4(f)', '12 CFR 1003.5(a)(1)(i)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Quarterly HMDA data scrub against the loan files',
        ruleIds: ['HMDA-LAR-001', 'HMDA-LAR-002', 'HMDA-LAR-003'],
      },
      { title: 'Annual submission checklist and filing calendar', ruleIds: ['HMDA-SUB-001'] },
    ],
  },
  {
    key: 'fair-lending-pricing',
    title: 'Disparate treatment in underwriting, pricing or loan terms',
    area: 'fair_lending',
    productLine: 'mortgage_origination',
    description:
      'Applicants are treated differently on a prohibited basis in any aspect of a credit transaction, including through discretionary pricing or exceptions, or residential real estate-related transactions are made available on different terms.',
    citations: ['12 CFR 1002.4(a)', '42 U.S.C. 3605(a)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Fair lending program with monitoring of pricing exceptions',
        ruleIds: ['FL-PGM-001', 'FL-ECOA-001', 'FL-FHA-001'],
      },
      { title: 'Periodic redlining analysis', ruleIds: ['FL-FHA-002'] },
    ],
  },
  {
    key: 'adverse-action-notices',
    title: 'Adverse action notices late, incomplete or missing',
    area: 'fair_lending',
    productLine: 'consumer_lending',
    description:
      'Applicants are not notified of action taken within 30 days after a completed application, or a notice of adverse action lacks the statement of specific reasons, the ECOA notice or the disclosures required when a consumer report was used.',
    citations: ['12 CFR 1002.9', '15 U.S.C. 1681m(a)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Adverse action notice timing report and content review',
        ruleIds: ['FL-AAN-001', 'FL-AAN-002', 'FL-AAN-003', 'FCRA-AA-001'],
      },
    ],
  },
  {
    key: 'bsa-sar',
    title: 'Suspicious activity not reported within 30 days of detection',
    area: 'bsa_aml',
    productLine: 'deposits',
    description:
      'Alerts are not reviewed in time, so a suspicious activity report is not filed within 30 calendar days after initial detection, or the existence of a SAR is disclosed.',
    citations: ['31 CFR 1020.320(b)(3)', '31 CFR 1020.320(e)'],
    institutionTypes: DEPOSITORIES,
    controls: [
      {
        title: 'Alert review queue with SAR decision deadlines',
        ruleIds: ['BSA-SAR-001', 'BSA-SAR-002', 'BSA-SAR-003'],
      },
    ],
  },
  {
    key: 'bsa-ctr',
    title: 'Currency transaction reports missed on aggregated cash transactions',
    area: 'bsa_aml',
    productLine: 'deposits',
    description:
      'Multiple cash transactions by or for one person in one business day, across branches and channels, are not aggregated, so a report of transactions in currency of more than $10,000 is not filed.',
    citations: ['31 CFR 1010.311', '31 CFR 1010.313'],
    institutionTypes: DEPOSITORIES,
    controls: [
      {
        title: 'Daily cash aggregation report and CTR filing log',
        ruleIds: ['BSA-CTR-001', 'BSA-CTR-002', 'BSA-CTR-003'],
      },
    ],
  },
  {
    key: 'bsa-cip-cdd',
    title: 'Customer identification or beneficial ownership not obtained at account opening',
    area: 'bsa_aml',
    productLine: 'deposits',
    description:
      'Accounts are opened without the required identifying information, verification or customer notice, or legal entity customers’ beneficial owners are not identified and verified.',
    citations: ['31 CFR 1020.220', '31 CFR 1010.230'],
    institutionTypes: DEPOSITORIES,
    controls: [
      {
        title: 'Account-opening checklist with CIP and beneficial ownership',
        ruleIds: ['BSA-CIP-001', 'BSA-CIP-002', 'BSA-CIP-003', 'BSA-CDD-001', 'BSA-CDD-002'],
      },
    ],
  },
  {
    key: 'ofac-screening',
    title: 'Transactions with sanctioned persons not blocked or rejected',
    area: 'bsa_aml',
    productLine: 'institution_wide',
    description:
      'Customers and transactions are not screened against OFAC’s sanctions lists, so property of a sanctioned person is not blocked, or a prohibited transaction is not rejected and reported.',
    citations: ['31 CFR 501.603', '31 CFR 501.604'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'OFAC screening of customers and payments',
        ruleIds: ['BSA-OFAC-001', 'BSA-OFAC-002', 'BSA-OFAC-003'],
      },
    ],
  },
  {
    key: 'nonbank-aml-program',
    title: 'AML program of a non-bank mortgage lender incomplete or untested',
    area: 'bsa_aml',
    productLine: 'mortgage_origination',
    description:
      'The written AML program lacks senior management approval, a designated compliance officer, training or independent testing, or suspicious transactions are not reported.',
    citations: ['31 CFR 1029.210', '31 CFR 1029.320'],
    institutionTypes: ['mortgage_company'],
    controls: [
      { title: 'AML program with annual independent test', ruleIds: ['BSA-PGM-003'] },
      { title: 'Suspicious activity escalation and reporting', ruleIds: ['BSA-SAR-004'] },
    ],
  },
  {
    key: 'respa-section-8',
    title: 'Referral fees or kickbacks for settlement service business',
    area: 'respa',
    productLine: 'mortgage_origination',
    description:
      'A fee, kickback or thing of value is given or accepted for referrals of settlement service business, or an affiliated provider is referred to without the affiliated business arrangement disclosure.',
    citations: ['12 CFR 1024.14', '12 CFR 1024.15(b)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Review of marketing agreements and affiliate referrals',
        ruleIds: ['RESPA-SEC-001', 'RESPA-ABA-001'],
      },
    ],
  },
  {
    key: 'servicing-loss-mitigation',
    title: 'Loss mitigation applications mishandled or foreclosure started too early',
    area: 'respa',
    productLine: 'mortgage_servicing',
    description:
      'Loss mitigation applications are not acknowledged and evaluated in the required time, or the first notice or filing for foreclosure is made before the obligation is more than 120 days delinquent.',
    citations: ['12 CFR 1024.41', '12 CFR 1024.41(f)(1)'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Loss mitigation timeline tracking and foreclosure referral hold',
        ruleIds: ['RESPA-LM-001', 'RESPA-LM-002', 'RESPA-EI-001', 'RESPA-CONT-001'],
      },
    ],
  },
  {
    key: 'flood-insurance',
    title: 'Loans in special flood hazard areas without required flood insurance',
    area: 'flood',
    productLine: 'mortgage_origination',
    description:
      'A loan secured by a building in a special flood hazard area is made, increased, extended or renewed without the required flood insurance, determination or borrower notice, or a lapse in coverage is not followed by force placement.',
    citations: ['42 U.S.C. 4012a', '42 U.S.C. 4104a', '42 U.S.C. 4104b'],
    institutionTypes: DEPOSITORIES,
    controls: [
      {
        title: 'Flood determination and insurance tracking',
        ruleIds: [
          'FLOOD-MP-001',
          'FLOOD-DET-001',
          'FLOOD-NTC-001',
          'FLOOD-ESC-001',
          'FLOOD-FP-001',
        ],
      },
    ],
  },
  {
    key: 'udaap-complaints',
    title: 'Unfair, deceptive or abusive practices in products, marketing or servicing',
    area: 'udaap',
    productLine: 'institution_wide',
    description:
      'New products, fees or marketing materials are used without a review for unfairness, deception or abuse, or complaints are not captured from all channels and analysed for patterns.',
    citations: ['12 U.S.C. 5531', '12 U.S.C. 5536', '15 U.S.C. 45'],
    institutionTypes: LENDERS,
    controls: [
      {
        title: 'Product and marketing review before launch',
        ruleIds: ['UDAAP-PRD-001', 'UDAAP-MKT-001'],
      },
      { title: 'Complaint management program', ruleIds: ['UDAAP-CMP-001'] },
    ],
  },
];

export const findRiskTemplate = (key: string) =>
  RISK_TEMPLATES.find((template) => template.key === key);

/** The starter risks for an institution type; all of them while the type is not known. */
export function riskTemplatesFor(type: InstitutionType | null): RiskTemplate[] {
  return RISK_TEMPLATES.filter((template) => !type || template.institutionTypes.includes(type));
}
