import { addDays } from './calendar-days.ts';
import type { InstitutionType } from './institutions.ts';
import type { Applicability } from './library.ts';
import type { RegulationArea } from './regulation-areas.ts';

/**
 * The recurring regulatory deadlines every company's calendar starts with, when its profile
 * says they apply. Each is copied into the company's calendar under its stable `key`, so the
 * institution owns, edits, completes or deletes its copy; a deleted one is not copied again.
 *
 * Only obligations with a date or frequency set by the cited rule are here. Where the rule sets
 * no date (BSA/AML training and independent testing), the text says so and the company sets its
 * own date.
 */
export interface RegulatoryDeadlineTemplate {
  /** Stable: stored with each company's copy (calendar_events.template_key). */
  key: string;
  title: string;
  /** What the obligation is, who it applies to and what the date means. */
  description: string;
  area: RegulationArea;
  /** One or more citations, separated by "; ", each as the library writes them. */
  citation: string;
  /** The first due date is the next (month, day) on or after the day the copy is made. */
  dueMonth: number;
  dueDay: number;
  /** RFC 5545 RRULE without DTSTART. */
  rrule: string;
  applicability: Applicability;
  /** Days before each due date at which the owner (or the administrators) are reminded. */
  reminderDays: number[];
  /**
   * Not copied in automatically: a manager or an administrator adds it (with its set, see
   * OPTIONAL_DEADLINE_SETS) when the institution says it applies, as the profile cannot tell.
   */
  optIn?: true;
}

const HMDA_REPORTERS: Applicability = {
  institutionTypes: ['credit_union', 'community_bank', 'mortgage_company'],
  hmdaReportersOnly: true,
  note: 'Institutions that meet Regulation C’s coverage tests for the year (12 CFR 1003.2(g)).',
};

const QUARTERLY_HMDA: Applicability = {
  ...HMDA_REPORTERS,
  note: 'Only an institution that reported a combined total of at least 60,000 covered loans and applications, excluding purchased covered loans, for the preceding calendar year (added by your institution: the profile does not record volume).',
};

const quarterlyHmdaDescription = (quarter: string, quarterEnd: string) =>
  `An institution that reported, for the preceding calendar year, a combined total of at least 60,000 covered loans and applications (excluding purchased covered loans) must also submit its loan/application register for each of the first three calendar quarters, within 60 calendar days after the end of the quarter (12 CFR 1003.5(a)(1)(ii)). This is the ${quarter} submission: the quarter ends ${quarterEnd}. If your institution is below the threshold, this deadline does not apply: delete it.`;

const quarterlyRecordingDescription = (quarter: string, quarterEnd: string, due: string) =>
  `A HMDA reporter records the data it collects on each covered loan and application on its loan/application register within 30 calendar days after the end of the calendar quarter in which final action is taken (12 CFR 1003.4(f)). This is the recording deadline for ${quarter}-quarter final actions: the quarter ends ${quarterEnd}, so the register must be current by ${due}. Recording is not submission: the register is submitted by March 1 (and, for large filers, quarterly).`;

/** 12 CFR 1003.4(f): 30 calendar days after March 31, June 30, September 30 and December 31. */
const QUARTERLY_RECORDING = [
  { key: 'hmda-recording-q1', quarter: 'first', end: 'March 31', due: 'April 30', month: 4 },
  { key: 'hmda-recording-q2', quarter: 'second', end: 'June 30', due: 'July 30', month: 7 },
  { key: 'hmda-recording-q3', quarter: 'third', end: 'September 30', due: 'October 30', month: 10 },
  { key: 'hmda-recording-q4', quarter: 'fourth', end: 'December 31', due: 'January 30', month: 1 },
] as const;

export const REGULATORY_DEADLINE_TEMPLATES: readonly RegulatoryDeadlineTemplate[] = [
  {
    key: 'hmda-annual-lar',
    title: 'HMDA loan/application register due',
    description:
      'Submit the loan/application register with the preceding calendar year’s HMDA data, in electronic format, to the appropriate Federal agency by March 1 (12 CFR 1003.5(a)(1)(i)). An authorized representative of the institution with knowledge of the data certifies its accuracy and completeness. Confirm the year’s filing instructions on the CFPB’s HMDA Platform before the deadline.',
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(i)',
    dueMonth: 3,
    dueDay: 1,
    rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
    applicability: HMDA_REPORTERS,
    reminderDays: [30, 7],
  },
  {
    key: 'hmda-quarterly-q1',
    title: 'HMDA quarterly submission (Q1), large filers only',
    description: quarterlyHmdaDescription('first-quarter', 'March 31, so it is due May 30'),
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(ii)',
    dueMonth: 5,
    dueDay: 30,
    rrule: 'FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=30',
    applicability: QUARTERLY_HMDA,
    reminderDays: [14],
    optIn: true,
  },
  {
    key: 'hmda-quarterly-q2',
    title: 'HMDA quarterly submission (Q2), large filers only',
    description: quarterlyHmdaDescription('second-quarter', 'June 30, so it is due August 29'),
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(ii)',
    dueMonth: 8,
    dueDay: 29,
    rrule: 'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=29',
    applicability: QUARTERLY_HMDA,
    reminderDays: [14],
    optIn: true,
  },
  {
    key: 'hmda-quarterly-q3',
    title: 'HMDA quarterly submission (Q3), large filers only',
    description: quarterlyHmdaDescription(
      'third-quarter',
      'September 30, so it is due November 29',
    ),
    area: 'hmda',
    citation: '12 CFR 1003.5(a)(1)(ii)',
    dueMonth: 11,
    dueDay: 29,
    rrule: 'FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=29',
    applicability: QUARTERLY_HMDA,
    reminderDays: [14],
    optIn: true,
  },
  ...QUARTERLY_RECORDING.map((recording): RegulatoryDeadlineTemplate => ({
    key: recording.key,
    title: `HMDA data recorded for the ${recording.quarter} quarter`,
    description: quarterlyRecordingDescription(recording.quarter, recording.end, recording.due),
    area: 'hmda',
    citation: '12 CFR 1003.4(f)',
    dueMonth: recording.month,
    dueDay: 30,
    rrule: `FREQ=YEARLY;BYMONTH=${recording.month};BYMONTHDAY=30`,
    applicability: HMDA_REPORTERS,
    reminderDays: [7],
  })),
  {
    key: 'cra-public-file',
    title: 'CRA public file current as of April 1',
    description:
      'Make sure the information in the CRA public file is current as of April 1 each year (12 CFR 25.43 for OCC-supervised banks and savings associations, 12 CFR 228.43 for state member banks, 12 CFR 345.43 for FDIC-supervised banks). The public file holds the items the section lists, among them written comments from the public, the most recent CRA performance evaluation, branch and service information, and assessment area maps. Banks and savings associations only: credit unions and non-bank mortgage companies are not subject to the CRA.',
    area: 'cra',
    citation: '12 CFR 25.43; 12 CFR 228.43; 12 CFR 345.43',
    dueMonth: 4,
    dueDay: 1,
    rrule: 'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=1',
    applicability: {
      institutionTypes: ['community_bank'],
      hmdaReportersOnly: false,
      note: 'Banks and savings associations; not credit unions or non-bank mortgage companies.',
    },
    reminderDays: [30, 7],
  },
  {
    key: 'cra-large-bank-data',
    title: 'CRA loan data reported (large banks)',
    description:
      'A large bank reports annually by March 1, for the prior calendar year, its aggregated small business, small farm and community development loan data and the list of its assessment areas (12 CFR 25.42(b) for OCC-supervised banks and savings associations, 12 CFR 228.42(b) for state member banks, 12 CFR 345.42(b) for FDIC-supervised banks). Whether a bank is large depends on asset thresholds the agencies adjust annually. Banks and savings associations only: credit unions and non-bank mortgage companies are not subject to the CRA.',
    area: 'cra',
    citation: '12 CFR 25.42(b); 12 CFR 228.42(b); 12 CFR 345.42(b)',
    dueMonth: 3,
    dueDay: 1,
    rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1',
    applicability: {
      institutionTypes: ['community_bank'],
      hmdaReportersOnly: false,
      note: 'Only a bank that is a large bank under its agency’s CRA rule (added by your institution: the profile does not record assets).',
    },
    reminderDays: [30, 7],
    optIn: true,
  },
  {
    key: 'safe-act-registration-renewal',
    title: 'NMLS registrations of mortgage loan originators renewed',
    description:
      'Each employee who acts as a residential mortgage loan originator renews the federal registration in the Nationwide Mortgage Licensing System and Registry during the annual renewal period, November 1 through December 31, and the institution confirms its employees’ renewals (12 CFR 1007.103). An originator who completed initial registration less than six months before the end of that period does not renew that year. Banks, savings associations and credit unions: originators at non-bank mortgage companies are licensed by the states instead.',
    area: 'safe_act',
    citation: '12 CFR 1007.103',
    dueMonth: 12,
    dueDay: 31,
    rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=31',
    applicability: {
      institutionTypes: ['credit_union', 'community_bank'],
      hmdaReportersOnly: false,
      note: 'Banks, savings associations and credit unions whose employees act as mortgage loan originators.',
    },
    // The renewal period opens November 1, 60 days before it closes.
    reminderDays: [60, 14],
  },
  {
    key: 'bsa-aml-training',
    title: 'BSA/AML training for appropriate personnel',
    description:
      'Training of appropriate personnel is a required element of the BSA/AML program: 31 CFR 1020.210 for banks and credit unions, with each federal regulator’s program rule (for federally insured credit unions, 12 CFR 748.2), and 31 CFR 1029.210 (ongoing training) for non-bank residential mortgage lenders and originators. The regulations set no fixed date: how often training happens follows your risk-based program and examiner expectations (annual training is common). This date is a placeholder: set it, and the recurrence, to your program’s schedule.',
    area: 'bsa_aml',
    citation: '31 CFR 1020.210; 12 CFR 748.2; 31 CFR 1029.210',
    dueMonth: 12,
    dueDay: 31,
    rrule: 'FREQ=YEARLY',
    applicability: {
      institutionTypes: ['credit_union', 'community_bank', 'mortgage_company'],
      hmdaReportersOnly: false,
    },
    reminderDays: [30],
  },
  {
    key: 'bsa-aml-independent-test',
    title: 'BSA/AML independent testing',
    description:
      'Independent testing for compliance, by the institution’s personnel or an outside party, is a required element of the BSA/AML program: 31 CFR 1020.210 for banks and credit unions, with each federal regulator’s program rule (for federally insured credit unions, 12 CFR 748.2), and 31 CFR 1029.210 for non-bank residential mortgage lenders and originators. The regulations set no fixed date: how often testing happens follows your risk-based program and examiner expectations (annual testing is common). This date is a placeholder: set it, and the recurrence, to your program’s schedule.',
    area: 'bsa_aml',
    citation: '31 CFR 1020.210; 12 CFR 748.2; 31 CFR 1029.210',
    dueMonth: 12,
    dueDay: 31,
    rrule: 'FREQ=YEARLY',
    applicability: {
      institutionTypes: ['credit_union', 'community_bank', 'mortgage_company'],
      hmdaReportersOnly: false,
    },
    reminderDays: [30],
  },
  {
    key: 'ofac-annual-blocked-property',
    title: 'OFAC Annual Report of Blocked Property due',
    description:
      'A person holding property blocked under OFAC’s regulations files with OFAC, by September 30, a comprehensive report of all blocked property held as of June 30 of the current year (31 CFR 501.603(b)(2)), on Form TD F 90-22.50 through the OFAC Reporting System. An institution that holds no blocked property on June 30 has no annual report to file. Blocked property and rejected transactions are also reported within 10 business days of the blocking or rejection (31 CFR 501.603(b)(1) and 501.604), which this yearly deadline does not cover.',
    area: 'bsa_aml',
    citation: '31 CFR 501.603(b)(2)',
    dueMonth: 9,
    dueDay: 30,
    rrule: 'FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=30',
    applicability: {
      institutionTypes: ['credit_union', 'community_bank', 'mortgage_company'],
      hmdaReportersOnly: false,
      note: 'Only an institution holding blocked property on June 30 (added by your institution: the profile does not record it).',
    },
    reminderDays: [30, 7],
    optIn: true,
  },
  {
    key: 'ctr-exemption-review',
    title: 'Annual review of CTR exemptions',
    description:
      'A bank or credit union that exempts customers from currency transaction reporting reviews, at least once a year, the eligibility of the exempt persons whose exemptions the rule makes subject to annual review, among them listed companies and non-listed businesses and payroll customers, and keeps monitoring their accounts for suspicious activity (31 CFR 1020.315). The rule sets the frequency, not a date: this date is a placeholder, so set it to your review schedule.',
    area: 'bsa_aml',
    citation: '31 CFR 1020.315',
    dueMonth: 12,
    dueDay: 31,
    rrule: 'FREQ=YEARLY',
    applicability: {
      institutionTypes: ['credit_union', 'community_bank'],
      hmdaReportersOnly: false,
      note: 'Only an institution that has designated exempt persons (added by your institution: the profile does not record exemptions).',
    },
    reminderDays: [30],
    optIn: true,
  },
];

export const findRegulatoryDeadlineTemplate = (key: string | null | undefined) =>
  key ? REGULATORY_DEADLINE_TEMPLATES.find((template) => template.key === key) : undefined;

/** The next (month, day) on or after `today` (`YYYY-MM-DD`). */
export function nextAnnualDate(today: string, month: number, day: number): string {
  const year = Number(today.slice(0, 4));
  const candidate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return candidate >= today
    ? candidate
    : `${year + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Seeded deadlines the profile cannot say apply, offered as a set that a manager or an
 * administrator adds ("Add the quarterly HMDA deadlines (large filers)").
 */
export const OPTIONAL_DEADLINE_SET_KEYS = [
  'hmda-quarterly',
  'ofac-blocked-property',
  'cra-large-bank',
  'ctr-exemptions',
] as const;
export type OptionalDeadlineSetKey = (typeof OPTIONAL_DEADLINE_SET_KEYS)[number];

export const OPTIONAL_DEADLINE_SETS: Record<
  OptionalDeadlineSetKey,
  { action: string; description: string; templateKeys: readonly string[] }
> = {
  'hmda-quarterly': {
    action: 'Add the quarterly HMDA deadlines (large filers)',
    description:
      'Only for an institution that reported, for the preceding calendar year, a combined total of at least 60,000 covered loans and applications, excluding purchased covered loans: it also submits its loan/application register for each of the first three quarters, within 60 calendar days after the quarter ends (12 CFR 1003.5(a)(1)(ii)).',
    templateKeys: ['hmda-quarterly-q1', 'hmda-quarterly-q2', 'hmda-quarterly-q3'],
  },
  'ofac-blocked-property': {
    action: 'Add the OFAC Annual Report of Blocked Property',
    description:
      'Only for an institution that holds property blocked under OFAC’s regulations: it reports all blocked property held as of June 30 to OFAC by September 30 each year (31 CFR 501.603(b)(2)).',
    templateKeys: ['ofac-annual-blocked-property'],
  },
  'cra-large-bank': {
    action: 'Add the CRA data report (large banks)',
    description:
      'Only for a bank that is a large bank under its agency’s CRA rule: it reports its small business, small farm and community development loan data and its assessment areas by March 1 each year (12 CFR 25.42(b), 228.42(b) or 345.42(b)).',
    templateKeys: ['cra-large-bank-data'],
  },
  'ctr-exemptions': {
    action: 'Add the annual review of CTR exemptions',
    description:
      'Only for a bank or credit union that has designated customers exempt from currency transaction reporting: it reviews their eligibility at least once a year (31 CFR 1020.315).',
    templateKeys: ['ctr-exemption-review'],
  },
};

/** Filings whose due date runs from an event: a reportable transaction, a detection. */
export const EVENT_DRIVEN_DEADLINE_TYPES = ['ctr', 'form_8300', 'sar'] as const;
export type EventDrivenDeadlineType = (typeof EVENT_DRIVEN_DEADLINE_TYPES)[number];

/** Calendar days from the trigger date to the due date. */
export const EVENT_DRIVEN_DAYS: Record<EventDrivenDeadlineType, number> = {
  ctr: 15,
  form_8300: 15,
  sar: 30,
};

/**
 * What a SAR deadline is called wherever its readers are not known to be allowed to know of it
 * (reminders, their emails): the word "SAR" and its reference would reveal a SAR.
 */
export const BSA_FILING_DEADLINE = 'BSA filing deadline';

export interface EventDrivenDeadline {
  label: string;
  /** What the trigger date is, as the form asks for it. */
  triggerLabel: string;
  /** Calendar days from the trigger date to the due date. */
  days: number;
  area: RegulationArea;
  citation: string;
  defaultTitle: string;
  /** The rule, in a sentence, for the form and the event's description. */
  rule: string;
  /** SARs only: the confidentiality rule and what the calendar does about it. */
  confidentiality: string | null;
}

/**
 * Which SAR rule binds the institution: FinCEN's rule for banks (which include credit unions,
 * 31 CFR 1010.100(d)), or its rule for non-bank residential mortgage lenders and originators
 * (loan or finance companies, 31 CFR part 1029). Other or unknown types are told both.
 */
type BsaRegime = 'bank' | 'mortgage' | 'either';
const regimeOf = (type: InstitutionType | null): BsaRegime =>
  type === 'credit_union' || type === 'community_bank'
    ? 'bank'
    : type === 'mortgage_company'
      ? 'mortgage'
      : 'either';

const CALENDAR_HANDLING =
  'In this calendar a SAR deadline is seen only by its owner, the member who added it, managers and administrators; it is left out of the .ics download and of subscription URLs, and its reminders say only “BSA filing deadline”. Use an internal case number as the reference, never a name.';

const SAR_TEXT: Record<BsaRegime, { citation: string; rule: string; confidentiality: string }> = {
  bank: {
    citation: '31 CFR 1020.320(b)(3)',
    rule: 'A SAR is filed no later than 30 calendar days after the date of initial detection of facts that may constitute a basis for filing (31 CFR 1020.320(b)(3)). If no suspect was identified on that date, filing may be delayed up to an additional 30 calendar days to identify one, but never more than 60 calendar days after initial detection: change the date only if you rely on that.',
    confidentiality: `A SAR, and any information that would reveal that one exists, may not be disclosed (31 CFR 1020.320(e)). ${CALENDAR_HANDLING}`,
  },
  mortgage: {
    citation: '31 CFR 1029.320',
    rule: 'A non-bank residential mortgage lender or originator files a SAR no later than 30 calendar days after the date of initial detection of facts that may constitute a basis for filing (31 CFR 1029.320).',
    confidentiality: `A SAR, and any information that would reveal that one exists, may not be disclosed (31 CFR 1029.320). ${CALENDAR_HANDLING}`,
  },
  either: {
    citation: '31 CFR 1020.320(b)(3); 31 CFR 1029.320',
    rule: 'A SAR is filed no later than 30 calendar days after the date of initial detection of facts that may constitute a basis for filing (banks, credit unions included: 31 CFR 1020.320(b)(3); non-bank residential mortgage lenders and originators: 31 CFR 1029.320).',
    confidentiality: `A SAR, and any information that would reveal that one exists, may not be disclosed (31 CFR 1020.320(e) for banks; 31 CFR 1029.320 for non-bank residential mortgage lenders and originators). ${CALENDAR_HANDLING}`,
  },
};

/** The event-driven filings an institution of this type makes (CTR for banks, Form 8300 for non-banks). */
export function eventDrivenTypesFor(type: InstitutionType | null): EventDrivenDeadlineType[] {
  const regime = regimeOf(type);
  if (regime === 'bank') return ['ctr', 'sar'];
  if (regime === 'mortgage') return ['form_8300', 'sar'];
  return ['ctr', 'form_8300', 'sar'];
}

/** "CTR or SAR", "Form 8300 or SAR", "CTR, Form 8300 or SAR". */
export function eventDrivenTypesLabel(type: InstitutionType | null): string {
  const names = eventDrivenTypesFor(type).map((value) => SHORT_NAMES[value]);
  return names.length <= 2
    ? names.join(' or ')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const SHORT_NAMES: Record<EventDrivenDeadlineType, string> = {
  ctr: 'CTR',
  form_8300: 'Form 8300',
  sar: 'SAR',
};

/** The rule of an event-driven filing, worded and cited for the institution's type. */
export function eventDrivenDeadline(
  type: EventDrivenDeadlineType,
  institutionType: InstitutionType | null,
): EventDrivenDeadline {
  if (type === 'ctr') {
    return {
      label: 'Currency transaction report (CTR)',
      triggerLabel: 'Transaction date',
      days: EVENT_DRIVEN_DAYS.ctr,
      area: 'bsa_aml',
      citation: '31 CFR 1010.306(a)(1); 31 CFR 1010.311',
      defaultTitle: 'CTR due',
      rule: 'A CTR is required for a transaction in currency of more than $10,000 (31 CFR 1010.311) and is filed within 15 days following the day on which the reportable transaction occurred (31 CFR 1010.306(a)(1)).',
      confidentiality: null,
    };
  }
  if (type === 'form_8300') {
    return {
      label: 'Form 8300 (cash over $10,000 received)',
      triggerLabel: 'Date the cash was received',
      days: EVENT_DRIVEN_DAYS.form_8300,
      area: 'bsa_aml',
      citation: '31 CFR 1010.330',
      defaultTitle: 'Form 8300 due',
      rule: 'Currency of more than $10,000 received in the course of a trade or business, in one transaction or in related transactions, is reported on Form 8300 within 15 days after the day it is received; for related payments, after the day the total first exceeds $10,000 (31 CFR 1010.330). Non-bank residential mortgage lenders and originators report cash this way: they do not file CTRs.',
      confidentiality: null,
    };
  }
  const sar = SAR_TEXT[regimeOf(institutionType)];
  return {
    label: 'Suspicious activity report (SAR)',
    triggerLabel: 'Date of initial detection',
    days: EVENT_DRIVEN_DAYS.sar,
    area: 'bsa_aml',
    citation: sar.citation,
    defaultTitle: 'SAR due',
    rule: sar.rule,
    confidentiality: sar.confidentiality,
  };
}

/** The due date of an event-driven filing: the trigger date plus the rule's calendar days. */
export const eventDrivenDueDate = (type: EventDrivenDeadlineType, triggerDate: string): string =>
  addDays(triggerDate, EVENT_DRIVEN_DAYS[type]);
