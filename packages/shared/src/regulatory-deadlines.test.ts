import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDay, todayIn } from './calendar-days.ts';
import { isWellFormedCitation } from './citations.ts';
import {
  eventDrivenDeadline,
  eventDrivenDueDate,
  eventDrivenTypesFor,
  eventDrivenTypesLabel,
  nextAnnualDate,
  OPTIONAL_DEADLINE_SETS,
  REGULATORY_DEADLINE_TEMPLATES,
} from './regulatory-deadlines.ts';

describe('event-driven deadlines', () => {
  it('puts a CTR or Form 8300 15 and a SAR 30 calendar days after the trigger date', () => {
    expect(eventDrivenDueDate('ctr', '2026-11-20')).toBe('2026-12-05');
    expect(eventDrivenDueDate('form_8300', '2026-11-20')).toBe('2026-12-05');
    expect(eventDrivenDueDate('sar', '2026-11-20')).toBe('2026-12-20');
    // Across a month end, a year end and a leap day; no time zone can shift a date.
    expect(eventDrivenDueDate('ctr', '2026-12-25')).toBe('2027-01-09');
    expect(eventDrivenDueDate('sar', '2028-02-15')).toBe('2028-03-16');
    expect(eventDrivenDueDate('ctr', '2026-03-01')).toBe('2026-03-16');
  });

  it('offers the filings each institution type makes: no CTR for a non-bank mortgage lender', () => {
    expect(eventDrivenTypesFor('credit_union')).toEqual(['ctr', 'sar']);
    expect(eventDrivenTypesFor('community_bank')).toEqual(['ctr', 'sar']);
    expect(eventDrivenTypesFor('mortgage_company')).toEqual(['form_8300', 'sar']);
    expect(eventDrivenTypesFor(null)).toEqual(['ctr', 'form_8300', 'sar']);
    expect(eventDrivenTypesLabel('credit_union')).toBe('CTR or SAR');
    expect(eventDrivenTypesLabel('mortgage_company')).toBe('Form 8300 or SAR');
    expect(eventDrivenTypesLabel('other')).toBe('CTR, Form 8300 or SAR');
  });

  it('cites the rules that set them, for the institution’s type', () => {
    const ctr = eventDrivenDeadline('ctr', 'community_bank');
    expect(ctr.citation).toContain('31 CFR 1010.306(a)(1)');
    expect(ctr.rule).toContain('more than $10,000');
    expect(ctr.confidentiality).toBeNull();
    expect(eventDrivenDeadline('form_8300', 'mortgage_company')).toMatchObject({
      citation: '31 CFR 1010.330',
      days: 15,
      confidentiality: null,
    });
    const bankSar = eventDrivenDeadline('sar', 'credit_union');
    expect(bankSar.citation).toBe('31 CFR 1020.320(b)(3)');
    expect(bankSar.confidentiality).toContain('31 CFR 1020.320(e)');
    const lenderSar = eventDrivenDeadline('sar', 'mortgage_company');
    expect(lenderSar.citation).toBe('31 CFR 1029.320');
    expect(lenderSar.rule).not.toContain('1020.320');
    expect(lenderSar.confidentiality).toContain('31 CFR 1029.320');
    expect(lenderSar.confidentiality).not.toContain('1020.320');
    for (const type of ['credit_union', 'mortgage_company', 'other', null] as const) {
      for (const citation of eventDrivenDeadline('sar', type).citation.split('; ')) {
        expect(isWellFormedCitation(citation), citation).toBe(true);
      }
    }
  });
});

describe('seeded regulatory deadlines', () => {
  it('have unique keys and well-formed citations', () => {
    const keys = REGULATORY_DEADLINE_TEMPLATES.map((template) => template.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const template of REGULATORY_DEADLINE_TEMPLATES) {
      for (const citation of template.citation.split('; ')) {
        expect(isWellFormedCitation(citation), `${template.key}: ${citation}`).toBe(true);
      }
      expect(template.description.length).toBeGreaterThan(100);
    }
  });

  it('state the dates the regulations set', () => {
    const due = Object.fromEntries(
      REGULATORY_DEADLINE_TEMPLATES.map((template) => [
        template.key,
        `${template.dueMonth}/${template.dueDay}`,
      ]),
    );
    // 12 CFR 1003.5(a)(1)(i): March 1. (a)(1)(ii): 60 days after March 31, June 30, September 30.
    expect(due['hmda-annual-lar']).toBe('3/1');
    expect(due['hmda-quarterly-q1']).toBe('5/30');
    expect(due['hmda-quarterly-q2']).toBe('8/29');
    expect(due['hmda-quarterly-q3']).toBe('11/29');
    expect(daysBetween('2027-03-31', '2027-05-30')).toBe(60);
    expect(daysBetween('2027-06-30', '2027-08-29')).toBe(60);
    expect(daysBetween('2027-09-30', '2027-11-29')).toBe(60);
    // CRA public file: current as of April 1; banks only.
    const cra = REGULATORY_DEADLINE_TEMPLATES.find(
      (template) => template.key === 'cra-public-file',
    )!;
    expect(due['cra-public-file']).toBe('4/1');
    expect(cra.applicability.institutionTypes).toEqual(['community_bank']);
    // 31 CFR 501.603(b)(2): blocked property held as of June 30, reported by September 30.
    expect(due['ofac-annual-blocked-property']).toBe('9/30');
    // 12 CFR 1003.4(f): recorded within 30 calendar days after each quarter ends.
    expect(due['hmda-recording-q1']).toBe('4/30');
    expect(due['hmda-recording-q2']).toBe('7/30');
    expect(due['hmda-recording-q3']).toBe('10/30');
    expect(due['hmda-recording-q4']).toBe('1/30');
    expect(daysBetween('2027-03-31', '2027-04-30')).toBe(30);
    expect(daysBetween('2027-06-30', '2027-07-30')).toBe(30);
    expect(daysBetween('2027-09-30', '2027-10-30')).toBe(30);
    expect(daysBetween('2027-12-31', '2028-01-30')).toBe(30);
    // 12 CFR 25.42(b), 228.42(b), 345.42(b): large banks report CRA data by March 1.
    expect(due['cra-large-bank-data']).toBe('3/1');
    // 12 CFR 1007.103: renewed November 1 through December 31; the first reminder on November 1.
    const safe = REGULATORY_DEADLINE_TEMPLATES.find(
      (template) => template.key === 'safe-act-registration-renewal',
    )!;
    expect(due['safe-act-registration-renewal']).toBe('12/31');
    expect(daysBetween('2027-11-01', '2027-12-31')).toBe(safe.reminderDays[0]);
    expect(safe.applicability.institutionTypes).toEqual(['credit_union', 'community_bank']);
  });

  it('leave to be added by choice what the profile cannot tell: volume, assets, blocked property, exemptions', () => {
    const optIn = REGULATORY_DEADLINE_TEMPLATES.filter((template) => template.optIn)
      .map((template) => template.key)
      .sort();
    expect(optIn).toEqual(
      Object.values(OPTIONAL_DEADLINE_SETS)
        .flatMap((set) => set.templateKeys)
        .sort(),
    );
  });

  it('start on the next due date on or after the day they are copied', () => {
    expect(nextAnnualDate('2026-11-22', 3, 1)).toBe('2027-03-01');
    expect(nextAnnualDate('2027-03-01', 3, 1)).toBe('2027-03-01');
    expect(nextAnnualDate('2027-02-28', 3, 1)).toBe('2027-03-01');
  });
});

describe('calendar days', () => {
  it('validates dates and counts days in UTC', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2027-2-1')).toBe(false);
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
  });

  it('says which day it is in a time zone', () => {
    const now = new Date('2026-11-23T03:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-22');
    expect(todayIn('UTC', now)).toBe('2026-11-23');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-22');
    expect(todayIn(null, now)).toBe('2026-11-22');
  });
});
