import { describe, expect, it } from 'vitest';
import {
  TRID_TIMING_MESSAGES,
  tridTimeline,
  tridTimingInputSchema,
  type TridTimingInput,
} from './trid-timing.ts';

const messagesOf = (input: unknown) => {
  const parsed = tridTimingInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

const stepNamed = (result: ReturnType<typeof tridTimeline>, label: string) => {
  const step = result.steps.find((item) => item.label === label);
  if (!step) throw new Error(`no step labelled ${label}`);
  return step;
};

/** An application received the day before Thanksgiving 2026 (Wednesday, November 25). */
const thanksgiving: TridTimingInput = { applicationDate: '2026-11-25' };

describe('the Loan Estimate over Thanksgiving weekend 2026', () => {
  it('is due the third general business day after the application (1026.19(e)(1)(iii)(A))', () => {
    // Monday–Friday offices closed on federal holidays: Thursday, November 26 (Thanksgiving
    // Day) and the weekend are skipped, so Fri Nov 27, Mon Nov 30, Tue Dec 1.
    const result = tridTimeline(thanksgiving);
    expect(result.figures.loanEstimateDueBy).toBe('2026-12-01');
    const step = stepNamed(result, 'Loan Estimate due by');
    expect(step.value).toBe('Tuesday, December 1, 2026');
    expect(step.citation).toBe('12 CFR 1026.19(e)(1)(iii)(A)');
    expect(step.detail).toContain('Fri Nov 27, Mon Nov 30 and Tue Dec 1');
    expect(step.detail).toContain('skipped Thu Nov 26 (Thanksgiving Day, a legal public holiday)');
    expect(step.detail).toContain('Sat Nov 28 (offices closed on Saturdays)');
    expect(result.outcome).toBe('info');
    expect(result.headline).toBe(
      'The Loan Estimate is due by Tuesday, December 1, 2026, the third business day after the application on Wednesday, November 25, 2026.',
    );
  });

  it('follows the offices’ days open as entered (general definition, 1026.2(a)(6))', () => {
    // Open Saturdays: Fri Nov 27, Sat Nov 28, Mon Nov 30.
    const openSaturdays = tridTimeline({
      ...thanksgiving,
      daysOpen: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    });
    expect(openSaturdays.figures.loanEstimateDueBy).toBe('2026-11-30');
    // Open on Thanksgiving: Thu Nov 26, Fri Nov 27, Mon Nov 30.
    const openOnHolidays = tridTimeline({ ...thanksgiving, closedOnFederalHolidays: false });
    expect(openOnHolidays.figures.loanEstimateDueBy).toBe('2026-11-30');
    expect(openOnHolidays.notes[0]).toContain('open on federal holidays');
  });

  it('runs the seven-day wait on specific business days, Saturday counted (1026.19(e)(1)(iii)(B))', () => {
    // Delivered in person on Wednesday, November 25: Thanksgiving and Sunday are skipped, the
    // Saturday counts: Fri 27, Sat 28, Mon 30, Tue 1, Wed 2, Thu 3, Fri 4.
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-25', method: 'in_person' },
    });
    expect(result.figures.loanEstimateReceivedOn).toBe('2026-11-25');
    expect(result.figures.earliestConsummationAfterLoanEstimate).toBe('2026-12-04');
    expect(result.figures.loanEstimateOnTime).toBe(true);
    const step = stepNamed(result, 'Earliest consummation after the Loan Estimate');
    expect(step.detail).toContain(
      'Fri Nov 27, Sat Nov 28, Mon Nov 30, Tue Dec 1, Wed Dec 2, Thu Dec 3 and Fri Dec 4',
    );
    expect(step.detail).toContain('Sun Nov 29 (Sunday)');
    expect(step.citation).toBe('12 CFR 1026.19(e)(1)(iii)(B)');
  });

  it('passes a loan that meets every wait', () => {
    // Loan Estimate emailed Monday, November 30: presumed received Thursday, December 3
    // (1026.19(e)(1)(iv), comment 19(e)(1)(iv)-2); seven business days later is Tuesday,
    // December 8. Consummation Friday, December 11: the Closing Disclosure must be received by
    // Tuesday, December 8 (Thu 10, Wed 9, Tue 8 back), or mailed by Friday, December 4 (Mon 7,
    // Sat 5, Fri 4 back). Handed over on Tuesday, December 8: consummation from Friday,
    // December 11 (Wed 9, Thu 10, Fri 11).
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-30', method: 'email' },
      closingDisclosureDelivery: { date: '2026-12-08', method: 'in_person' },
      plannedConsummation: '2026-12-11',
    });
    expect(result.figures).toMatchObject({
      loanEstimateDueBy: '2026-12-01',
      loanEstimateReceivedOn: '2026-12-03',
      earliestConsummationAfterLoanEstimate: '2026-12-08',
      closingDisclosureReceiveBy: '2026-12-08',
      closingDisclosureMailBy: '2026-12-04',
      closingDisclosureReceivedOn: '2026-12-08',
      earliestConsummationAfterClosingDisclosure: '2026-12-11',
      earliestConsummation: '2026-12-11',
      revisedLoanEstimateReceiveBy: '2026-12-07',
      consummationAllowed: true,
      timingIssues: [],
    });
    expect(result.outcome).toBe('pass');
    expect(result.headline).toBe(
      'Consummation on Friday, December 11, 2026 meets every TRID waiting period; the earliest allowed day is Friday, December 11, 2026.',
    );
    expect(stepNamed(result, 'Loan Estimate received').citation).toBe(
      '12 CFR 1026.19(e)(1)(iv), comment 19(e)(1)(iv)-2',
    );
  });

  it('fails a Loan Estimate mailed after its due date', () => {
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-12-02', method: 'mail' },
    });
    expect(result.outcome).toBe('fail');
    expect(result.figures.loanEstimateOnTime).toBe(false);
    expect(result.figures.timingIssues).toEqual([
      {
        code: 'loan_estimate_late',
        message:
          'The Loan Estimate was placed in the mail on Wednesday, December 2, 2026, after it was due on Tuesday, December 1, 2026, the third business day after the application.',
        citation: '12 CFR 1026.19(e)(1)(iii)(A)',
      },
    ]);
    expect(result.headline).toBe(result.figures.timingIssues[0]!.message);
  });

  it('fails a Closing Disclosure emailed too late for the planned consummation', () => {
    // Emailed Monday, December 7: presumed received Thursday, December 10, the planned day
    // itself; consummation may not occur before Monday, December 14 (Fri 11, Sat 12, Mon 14).
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-12-01', method: 'mail' },
      closingDisclosureDelivery: { date: '2026-12-07', method: 'email' },
      plannedConsummation: '2026-12-10',
    });
    expect(result.outcome).toBe('fail');
    expect(result.figures.closingDisclosureReceivedOn).toBe('2026-12-10');
    expect(result.figures.earliestConsummation).toBe('2026-12-14');
    expect(result.figures.consummationAllowed).toBe(false);
    expect(result.figures.timingIssues.map((issue) => issue.code)).toEqual([
      'closing_disclosure_late',
    ]);
    expect(result.figures.timingIssues[0]!.message).toBe(
      'The Closing Disclosure is presumed received on Thursday, December 10, 2026, later than three business days before the planned consummation on Thursday, December 10, 2026; consummation may not occur before Monday, December 14, 2026.',
    );
    expect(result.figures.timingIssues[0]!.citation).toBe('12 CFR 1026.19(f)(1)(ii)(A)');
  });

  it('fails a consummation inside the seven-day wait, and counts every problem', () => {
    // Loan Estimate mailed late on Wednesday, December 2 (due Tuesday, December 1); seven
    // business days later is Wednesday, December 9, after the planned Tuesday, December 8.
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-12-02', method: 'mail' },
      closingDisclosureDelivery: { date: '2026-12-04', method: 'in_person' },
      plannedConsummation: '2026-12-08',
    });
    expect(result.figures.timingIssues.map((issue) => issue.code)).toEqual([
      'loan_estimate_late',
      'consummation_before_loan_estimate_wait',
    ]);
    expect(result.headline).toMatch(/\(and 1 more timing problem\)\.$/);
    expect(stepNamed(result, 'Planned consummation').detail).toMatch(/^Too early\. /);
  });
});

describe('the worked examples of the official commentary', () => {
  it('allows consummation on Tuesday, June 9 after a Loan Estimate on Monday, June 1 (comment 19(e)(1)(iii)-2)', () => {
    // June 1, 2026 is a Monday, as in the comment; no holiday falls in between.
    const result = tridTimeline({
      applicationDate: '2026-05-28',
      loanEstimateDelivery: { date: '2026-06-01', method: 'mail' },
    });
    expect(result.figures.earliestConsummationAfterLoanEstimate).toBe('2026-06-09');
    // Mailed Monday, presumed received Thursday (comment 19(e)(1)(iv)-1).
    expect(result.figures.loanEstimateReceivedOn).toBe('2026-06-04');
  });

  it('makes a revised Loan Estimate due Thursday after Monday’s news (comment 19(e)(4)(i)-1.i)', () => {
    const result = tridTimeline({
      applicationDate: '2026-05-18',
      changedCircumstanceDate: '2026-06-01',
    });
    expect(result.figures.revisedLoanEstimateDueBy).toBe('2026-06-04');
    expect(stepNamed(result, 'Revised Loan Estimate due by').citation).toBe(
      '12 CFR 1026.19(e)(4)(i)',
    );
  });

  it('needs the Closing Disclosure by Monday for a Thursday consummation (comment 19(f)(1)(ii)-1)', () => {
    const result = tridTimeline({
      applicationDate: '2026-05-18',
      plannedConsummation: '2026-06-11',
    });
    expect(result.figures.closingDisclosureReceiveBy).toBe('2026-06-08');
    // The revised Loan Estimate: four specific business days back, Saturday counted
    // (1026.19(e)(4)(ii)): Wed 10, Tue 9, Mon 8, Sat 6.
    expect(result.figures.revisedLoanEstimateReceiveBy).toBe('2026-06-06');
    // Nothing delivered yet: the consummation cannot be judged.
    expect(result.outcome).toBe('not_determined');
    expect(result.headline).toBe(
      'Whether consummation on Thursday, June 11, 2026 meets the TRID waiting periods cannot be told until the Loan Estimate’s and the Closing Disclosure’s deliveries are entered.',
    );
  });

  // Comment 19(f)(2)(ii)-1.i: consummation Thursday, June 11; Closing Disclosure received
  // Monday, June 8 disclosing an APR of 7.00 percent.
  const june: TridTimingInput = {
    applicationDate: '2026-05-18',
    loanEstimateDelivery: { date: '2026-05-19', method: 'in_person' },
    closingDisclosureDelivery: { date: '2026-06-08', method: 'in_person' },
    plannedConsummation: '2026-06-11',
  };

  it('needs no new wait for a correction within tolerance (comment 19(f)(2)(ii)-1.i.A)', () => {
    // "On Thursday, June 11, the annual percentage rate will be 7.10 percent. The creditor is
    // not required to delay consummation …, but … is required under § 1026.19(f)(2)(i) to provide
    // corrected disclosures … so that the consumer receives them on or before Thursday, June 11."
    const result = tridTimeline({
      ...june,
      correctedClosingDisclosure: { date: '2026-06-11', method: 'in_person', reason: 'other' },
    });
    expect(result.outcome).toBe('pass');
    expect(result.figures.earliestConsummation).toBe('2026-06-11');
    expect(result.figures.earliestConsummationAfterCorrectedClosingDisclosure).toBeNull();
    expect(stepNamed(result, 'Corrected Closing Disclosure received').citation).toBe(
      '12 CFR 1026.19(f)(2)(i)',
    );
  });

  it('starts a new three-day wait when the APR becomes inaccurate (1026.19(f)(2)(ii)(A))', () => {
    // Adapted from comment 19(f)(2)(ii)-1.i.B (APR 7.15 percent): a corrected disclosure handed
    // over on Thursday, June 11 moves consummation to Monday, June 15 (Fri 12, Sat 13, Mon 15).
    const result = tridTimeline({
      ...june,
      correctedClosingDisclosure: {
        date: '2026-06-11',
        method: 'in_person',
        reason: 'apr_inaccurate',
      },
    });
    expect(result.outcome).toBe('fail');
    expect(result.figures.earliestConsummationAfterCorrectedClosingDisclosure).toBe('2026-06-15');
    expect(result.figures.earliestConsummation).toBe('2026-06-15');
    expect(result.figures.timingIssues).toEqual([
      {
        code: 'consummation_before_corrected_disclosure_wait',
        message:
          'Consummation is planned for Thursday, June 11, 2026, before Monday, June 15, 2026, the third business day after the corrected Closing Disclosure is received (the annual percentage rate became inaccurate).',
        citation: '12 CFR 1026.19(f)(2)(ii)(A)',
      },
    ]);
    expect(result.notes.join(' ')).toContain('1026.22');
  });

  it('cites (f)(2)(ii)(B) and (C) for a changed product or an added prepayment penalty', () => {
    const product = tridTimeline({
      ...june,
      correctedClosingDisclosure: {
        date: '2026-06-09',
        method: 'mail',
        reason: 'loan_product_changed',
      },
    });
    // Mailed Tuesday, June 9: presumed received Friday, June 12; wait to Tuesday, June 16.
    expect(product.figures.correctedClosingDisclosureReceivedOn).toBe('2026-06-12');
    expect(product.figures.earliestConsummation).toBe('2026-06-16');
    expect(product.figures.timingIssues[0]!.citation).toBe('12 CFR 1026.19(f)(2)(ii)(B)');
    const penalty = tridTimeline({
      ...june,
      plannedConsummation: '2026-06-13',
      correctedClosingDisclosure: {
        date: '2026-06-10',
        method: 'in_person',
        reason: 'prepayment_penalty_added',
      },
    });
    // Wed June 10 + Thu 11, Fri 12, Sat 13: consummation Saturday, June 13 is allowed.
    expect(penalty.outcome).toBe('pass');
    expect(
      stepNamed(penalty, 'Earliest consummation after the corrected Closing Disclosure').citation,
    ).toBe('12 CFR 1026.19(f)(2)(ii)(C)');
  });
});

describe('holidays on weekends in the timeline', () => {
  it('counts Friday, July 3, 2026 as a specific business day but not a general one', () => {
    // July 4, 2026 is a Saturday. General (Monday–Friday offices observing federal holidays):
    // Thu Jul 2, then Fri Jul 3 is closed (observed), Mon Jul 6, Tue Jul 7.
    // Specific (comment 2(a)(6)-2): Thu 2, Fri 3, skip Sat 4 (holiday) and Sun 5, Mon 6, Tue 7,
    // Wed 8, Thu 9, Fri 10.
    const result = tridTimeline({
      applicationDate: '2026-07-01',
      loanEstimateDelivery: { date: '2026-07-01', method: 'in_person' },
    });
    expect(result.figures.loanEstimateDueBy).toBe('2026-07-07');
    expect(stepNamed(result, 'Loan Estimate due by').detail).toContain(
      'Fri Jul 3 (Independence Day, a legal public holiday, observed)',
    );
    expect(result.figures.earliestConsummationAfterLoanEstimate).toBe('2026-07-10');
    expect(stepNamed(result, 'Earliest consummation after the Loan Estimate').detail).toContain(
      'Thu Jul 2, Fri Jul 3, Mon Jul 6',
    );
  });

  it('counts Monday, June 20, 2022 (Juneteenth observed) as a specific business day', () => {
    // Closing Disclosure handed over Thursday, June 16, 2022: Fri 17, Sat 18, (Sun 19, the
    // holiday, skipped), Mon 20. An office closed that Monday does not change the count.
    const result = tridTimeline({
      applicationDate: '2022-05-02',
      loanEstimateDelivery: { date: '2022-05-03', method: 'in_person' },
      closingDisclosureDelivery: { date: '2022-06-16', method: 'in_person' },
      plannedConsummation: '2022-06-20',
    });
    expect(result.figures.earliestConsummationAfterClosingDisclosure).toBe('2022-06-20');
    expect(result.outcome).toBe('pass');
  });

  it('applies the stricter reading when a disclosure is handed over on a Sunday', () => {
    // Handed over Sunday, December 6, 2026. Forward (comment 19(f)(1)(iii)-1): Mon 7, Tue 8,
    // Wed 9. Backward (1026.19(f)(1)(ii)(A)): three business days before Wednesday, December 9
    // is Saturday, December 5, before the receipt; before Thursday, December 10 it is Monday,
    // December 7. The test uses Thursday, December 10 and says why.
    const result = tridTimeline({
      applicationDate: '2026-11-02',
      loanEstimateDelivery: { date: '2026-11-03', method: 'in_person' },
      closingDisclosureDelivery: { date: '2026-12-06', method: 'in_person' },
      plannedConsummation: '2026-12-09',
    });
    expect(result.figures.earliestConsummationAfterClosingDisclosure).toBe('2026-12-10');
    expect(result.outcome).toBe('fail');
    expect(result.notes.join(' ')).toContain(
      'the test uses the later day, Thursday, December 10, 2026',
    );
    expect(
      stepNamed(result, 'Earliest consummation after the Closing Disclosure').detail,
    ).toContain(
      'Sunday, December 6, 2026 is not a business day, so counting back from consummation gives a later day, Thursday, December 10, 2026',
    );
  });

  it('notes the CFPB’s Juneteenth 2021 interpretive rule when a period spans June 19, 2021', () => {
    const result = tridTimeline({
      applicationDate: '2021-06-14',
      loanEstimateDelivery: { date: '2021-06-15', method: 'in_person' },
    });
    // Specific days from Tuesday, June 15: Wed 16, Thu 17, Fri 18, (Sat 19 holiday), Mon 21,
    // Tue 22, Wed 23, Thu 24.
    expect(result.figures.earliestConsummationAfterLoanEstimate).toBe('2021-06-24');
    expect(result.notes.join(' ')).toContain('86 FR 44267');
  });
});

describe('outcomes and explanations', () => {
  it('cannot judge a planned consummation without the Closing Disclosure', () => {
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-30', method: 'in_person' },
      plannedConsummation: '2026-12-15',
    });
    expect(result.outcome).toBe('not_determined');
    expect(result.figures.consummationAllowed).toBeNull();
    expect(result.headline).toContain('until the Closing Disclosure’s delivery is entered');
  });

  it('still fails a consummation that misses a wait it can already check', () => {
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-30', method: 'in_person' },
      plannedConsummation: '2026-12-03',
    });
    expect(result.outcome).toBe('fail');
    expect(result.figures.timingIssues[0]!.code).toBe('consummation_before_loan_estimate_wait');
  });

  it('gives the earliest consummation as information when none is planned', () => {
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-30', method: 'in_person' },
      closingDisclosureDelivery: { date: '2026-12-08', method: 'mail' },
    });
    // Mailed Tuesday, December 8: presumed received Friday, December 11; then Sat 12, Mon 14,
    // Tue 15.
    expect(result.outcome).toBe('info');
    expect(result.figures.earliestConsummation).toBe('2026-12-15');
    expect(result.headline).toBe('Consummation may occur on or after Tuesday, December 15, 2026.');
  });

  it('cites a provision on every step and lists each citation once', () => {
    const result = tridTimeline({
      ...thanksgiving,
      loanEstimateDelivery: { date: '2026-11-30', method: 'email' },
      changedCircumstanceDate: '2026-12-01',
      closingDisclosureDelivery: { date: '2026-12-08', method: 'in_person' },
      plannedConsummation: '2026-12-11',
    });
    for (const step of result.steps) {
      expect(step.citation).toMatch(/^12 CFR 1026\./);
      expect(step.value.length).toBeGreaterThan(0);
    }
    expect(new Set(result.citations).size).toBe(result.citations.length);
    expect(result.citations).toContain('12 CFR 1026.2(a)(6), comment 2(a)(6)-2');
  });
});

describe('the input schema', () => {
  it('applies the defaults: Monday to Friday, closed on federal holidays', () => {
    expect(tridTimingInputSchema.parse({ applicationDate: '2026-11-25' })).toEqual({
      applicationDate: '2026-11-25',
      daysOpen: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      closedOnFederalHolidays: true,
    });
  });

  it('orders and de-duplicates the days open', () => {
    expect(
      tridTimingInputSchema.parse({
        applicationDate: '2026-11-25',
        daysOpen: ['saturday', 'monday', 'monday'],
      }).daysOpen,
    ).toEqual(['monday', 'saturday']);
  });

  it('explains each bad field in plain English', () => {
    expect(messagesOf({ applicationDate: '11/25/2026' })).toEqual([
      TRID_TIMING_MESSAGES.application_date,
    ]);
    expect(messagesOf({ applicationDate: '2026-02-30' })).toEqual([
      'Enter the application date as YYYY-MM-DD.',
    ]);
    expect(messagesOf({})).toEqual(['Enter the application date as YYYY-MM-DD.']);
    expect(messagesOf({ applicationDate: '2015-10-02' })).toEqual([
      TRID_TIMING_MESSAGES.before_trid,
    ]);
    expect(messagesOf({ applicationDate: '2026-11-25', daysOpen: [] })).toEqual([
      'Choose at least one day the offices are open.',
    ]);
    expect(messagesOf({ applicationDate: '2026-11-25', daysOpen: ['funday'] })).toEqual([
      TRID_TIMING_MESSAGES.weekday,
    ]);
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        loanEstimateDelivery: { date: '2026-11-30', method: 'fax' },
      }),
    ).toEqual([TRID_TIMING_MESSAGES.loan_estimate_method]);
  });

  it('refuses dates out of order', () => {
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        loanEstimateDelivery: { date: '2026-11-24', method: 'mail' },
      }),
    ).toEqual(['The Loan Estimate cannot be delivered before the application date.']);
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        loanEstimateDelivery: { date: '2026-11-30', method: 'mail' },
        closingDisclosureDelivery: { date: '2026-11-27', method: 'mail' },
      }),
    ).toEqual([TRID_TIMING_MESSAGES.closing_disclosure_before_loan_estimate]);
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        correctedClosingDisclosure: { date: '2026-12-08', method: 'mail', reason: 'other' },
      }),
    ).toEqual([TRID_TIMING_MESSAGES.corrected_without_first]);
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        closingDisclosureDelivery: { date: '2026-12-08', method: 'mail' },
        correctedClosingDisclosure: { date: '2026-12-07', method: 'mail', reason: 'other' },
      }),
    ).toEqual([TRID_TIMING_MESSAGES.corrected_before_first]);
    expect(
      messagesOf({
        applicationDate: '2026-11-25',
        changedCircumstanceDate: '2026-11-20',
        plannedConsummation: '2026-11-01',
      }),
    ).toEqual([
      TRID_TIMING_MESSAGES.changed_circumstance_before_application,
      TRID_TIMING_MESSAGES.consummation_before_application,
    ]);
  });

  it('throws on bad input passed straight to the test', () => {
    expect(() => tridTimeline({ applicationDate: 'tomorrow' })).toThrow();
  });
});
