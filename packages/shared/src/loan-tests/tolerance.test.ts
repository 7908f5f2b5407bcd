import { describe, expect, it } from 'vitest';
import {
  FEE_KINDS,
  TOLERANCE_MESSAGES,
  toleranceBucket,
  toleranceCure,
  toleranceInputSchema,
  type FeeKind,
  type ToleranceInput,
} from './tolerance.ts';

type Fee = ToleranceInput['fees'][number];
const fee = (
  name: string,
  kind: FeeKind,
  loanEstimate: number,
  closingDisclosure: number,
): Fee => ({
  name,
  kind,
  loanEstimate,
  closingDisclosure,
});
const cure = (fees: Fee[], consummationDate = '2026-06-11') =>
  toleranceCure({ consummationDate, fees });

const messagesOf = (input: unknown) => {
  const parsed = toleranceInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the kinds of charge and their tolerance categories', () => {
  it('puts each kind in the category 1026.19(e)(3) gives it', () => {
    expect(
      Object.fromEntries(
        Object.keys(FEE_KINDS).map((kind) => [kind, toleranceBucket(kind as FeeKind)]),
      ),
    ).toEqual({
      // 1026.19(e)(3)(i), and (e)(3)(ii)(B)–(C) keep these out of the 10% category.
      paid_to_creditor_broker_or_affiliate: 'zero',
      third_party_not_shoppable: 'zero',
      transfer_tax: 'zero',
      // 1026.19(e)(3)(ii); comment 19(e)(3)(ii)-3 for a provider from the written list.
      recording_fee: 'ten_percent',
      third_party_shopped_from_list: 'ten_percent',
      // 1026.19(e)(3)(iii).
      third_party_shopped_off_list: 'unlimited',
      prepaid_interest: 'unlimited',
      property_insurance_premium: 'unlimited',
      escrow_deposit: 'unlimited',
      not_required_service: 'unlimited',
    });
    for (const info of Object.values(FEE_KINDS)) {
      expect(info.citation).toMatch(/^12 CFR 1026\.19\(e\)\(3\)\((i|ii|iii)\)$/);
      expect(info.label.length).toBeGreaterThan(5);
    }
  });
});

describe('the tolerance cure', () => {
  it('works a full example, every figure traced to its rule', () => {
    const result = cure([
      // Zero tolerance (1026.19(e)(3)(i)), charge by charge: the origination fee is $100 over;
      // the credit report's $10 decrease does not offset it.
      fee('Origination fee', 'paid_to_creditor_broker_or_affiliate', 1000, 1100),
      fee('Credit report', 'third_party_not_shoppable', 40, 30),
      // 10% cumulative (1026.19(e)(3)(ii)(A)): Loan Estimate total $300 + $700 + $0 = $1,000,
      // limit $1,100; Closing Disclosure total $450 + $700 + $10 = $1,160; $60 over. The notary
      // was not on the Loan Estimate and still counts (comment 19(e)(3)(ii)-2).
      fee('Settlement agent', 'third_party_shopped_from_list', 300, 450),
      fee('Recording fee', 'recording_fee', 700, 700),
      fee('Notary', 'third_party_shopped_from_list', 0, 10),
      // No limit (1026.19(e)(3)(iii)).
      fee('Prepaid interest', 'prepaid_interest', 500, 620.5),
    ]);
    expect(result.outcome).toBe('fail');
    expect(result.figures.buckets).toEqual({
      zero: {
        loanEstimateTotal: 1040,
        closingDisclosureTotal: 1130,
        allowedTotal: 1040,
        excess: 100,
      },
      ten_percent: {
        loanEstimateTotal: 1000,
        closingDisclosureTotal: 1160,
        allowedTotal: 1100,
        excess: 60,
      },
      unlimited: {
        loanEstimateTotal: 500,
        closingDisclosureTotal: 620.5,
        allowedTotal: null,
        excess: 0,
      },
    });
    // $100 + $60.
    expect(result.figures.cureOwed).toBe(160);
    // 1026.19(f)(2)(v): "no later than 60 days after consummation": June 11 + 60 = August 10.
    expect(result.figures.refundDueBy).toBe('2026-08-10');
    expect(result.headline).toBe(
      'A tolerance cure of $160.00 is owed, to be refunded by Monday, August 10, 2026, 60 days after consummation.',
    );
    expect(result.figures.items[0]).toEqual({
      name: 'Origination fee',
      kind: 'paid_to_creditor_broker_or_affiliate',
      bucket: 'zero',
      loanEstimate: 1000,
      closingDisclosure: 1100,
      increase: 100,
      excess: 100,
    });
    expect(result.figures.items[1]).toMatchObject({ increase: -10, excess: 0 });
    expect(result.figures.items[2]).toMatchObject({ bucket: 'ten_percent', excess: null });
    expect(result.steps.map((step) => [step.label, step.value, step.citation])).toEqual([
      ['Zero tolerance: amount over the Loan Estimate', '$100.00', '12 CFR 1026.19(e)(3)(i)'],
      ['10% cumulative tolerance: limit', '$1,100.00', '12 CFR 1026.19(e)(3)(ii)(A)'],
      [
        '10% cumulative tolerance: amount over the limit',
        '$60.00',
        '12 CFR 1026.19(e)(3)(ii)(A), comment 19(e)(3)(ii)-2',
      ],
      ['Charges with no tolerance limit', '$620.50', '12 CFR 1026.19(e)(3)(iii)'],
      ['Tolerance cure owed', '$160.00', '12 CFR 1026.19(f)(2)(v)'],
      ['Refund due by', 'Monday, August 10, 2026', '12 CFR 1026.19(f)(2)(v)'],
    ]);
    expect(result.steps[0]!.detail).toContain(
      'Credit report $40.00 on the Loan Estimate, $30.00 on the Closing Disclosure: $10.00 under, which does not offset another charge’s increase.',
    );
    expect(result.steps[2]!.detail).toContain('Notary was not on the Loan Estimate');
    expect(result.citations).toEqual([
      '12 CFR 1026.19(e)(3)(i)',
      '12 CFR 1026.19(e)(3)(ii)(A)',
      '12 CFR 1026.19(e)(3)(ii)(A), comment 19(e)(3)(ii)-2',
      '12 CFR 1026.19(e)(3)(iii)',
      '12 CFR 1026.19(f)(2)(v)',
    ]);
  });

  it('owes nothing at exactly 10% over (1026.19(e)(3)(ii)(A): "by more than 10 percent")', () => {
    const result = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 800, 880),
      fee('Recording fee', 'recording_fee', 200, 220),
    ]);
    expect(result.figures.buckets.ten_percent).toMatchObject({ allowedTotal: 1100, excess: 0 });
    expect(result.figures.cureOwed).toBe(0);
    expect(result.outcome).toBe('pass');
    expect(result.headline).toBe(
      'No tolerance cure is owed: no zero-tolerance charge went up, and the 10% charges total $1,100.00 against a limit of $1,100.00.',
    );
  });

  it('owes one cent at 10% plus a cent', () => {
    const result = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 800, 880.01),
      fee('Recording fee', 'recording_fee', 200, 220),
    ]);
    expect(result.figures.buckets.ten_percent.excess).toBe(0.01);
    expect(result.figures.cureOwed).toBe(0.01);
    expect(result.outcome).toBe('fail');
  });

  it('lets one charge rise more than 10% when the total does not (comment 19(e)(3)(ii)-2)', () => {
    // "if … the creditor includes a $300 estimated fee for a settlement agent … and the sum of
    // all charges subject to § 1026.19(e)(3)(ii) … equals $1,000, then the creditor does not
    // violate § 1026.19(e)(3)(ii) if the actual settlement agent fee exceeds 10 percent (i.e.,
    // exceeds $330), provided that the sum of all such charges does not exceed 10 percent
    // (i.e., $1,100)."
    const result = cure([
      fee('Settlement agent', 'third_party_shopped_from_list', 300, 400),
      fee('Title insurance', 'third_party_shopped_from_list', 500, 500),
      fee('Recording fee', 'recording_fee', 200, 200),
    ]);
    expect(result.figures.cureOwed).toBe(0);
  });

  it('counts a charge new on the Closing Disclosure toward the 10% total (comment 19(e)(3)(ii)-2)', () => {
    // The comment's notary: $1,000 estimated, a $10 notary fee charged though not estimated, no
    // violation while the total stays within $1,100.
    const within = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 1000, 1000),
      fee('Notary', 'third_party_shopped_from_list', 0, 10),
    ]);
    expect(within.figures.cureOwed).toBe(0);
    // A new $150 survey on top of unchanged charges totalling $1,000: $1,150, $50 over.
    const over = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 800, 800),
      fee('Recording fee', 'recording_fee', 200, 200),
      fee('Survey', 'third_party_shopped_from_list', 0, 150),
    ]);
    expect(over.figures.buckets.ten_percent).toMatchObject({
      loanEstimateTotal: 1000,
      closingDisclosureTotal: 1150,
      excess: 50,
    });
    expect(over.figures.cureOwed).toBe(50);
  });

  it('changes the cure when a charge moves from the written list to a provider off it', () => {
    // From the list: 10% category, Loan Estimate $500 + $500 = $1,000, limit $1,100; Closing
    // Disclosure $800 + $500 = $1,300; $200 over.
    const fromList = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 500, 800),
      fee('Recording fee', 'recording_fee', 500, 500),
    ]);
    expect(fromList.figures.cureOwed).toBe(200);
    // Off the list: no limit (1026.19(e)(3)(iii)), and the charge leaves the 10% totals (comment
    // 19(e)(3)(ii)-3): recording fees alone, $500 against $550.
    const offList = cure([
      fee('Title insurance', 'third_party_shopped_off_list', 500, 800),
      fee('Recording fee', 'recording_fee', 500, 500),
    ]);
    expect(offList.figures.buckets.ten_percent).toMatchObject({
      loanEstimateTotal: 500,
      closingDisclosureTotal: 500,
      allowedTotal: 550,
    });
    expect(offList.figures.cureOwed).toBe(0);
    expect(offList.outcome).toBe('pass');
    expect(offList.steps[3]!.detail).toContain('comment 19(e)(3)(ii)-3');
  });

  it('does not let a zero-tolerance decrease offset another’s increase (1026.19(e)(3)(i))', () => {
    // The rule compares "the charge paid" with "the amount originally disclosed", charge by
    // charge: the $50 appraisal increase is owed although the points fell by $200.
    const result = cure([
      fee('Appraisal (affiliate)', 'paid_to_creditor_broker_or_affiliate', 500, 550),
      fee('Discount points', 'paid_to_creditor_broker_or_affiliate', 2000, 1800),
      fee('Transfer tax', 'transfer_tax', 1200, 1200),
    ]);
    expect(result.figures.buckets.zero).toEqual({
      loanEstimateTotal: 3700,
      closingDisclosureTotal: 3550,
      allowedTotal: 3700,
      excess: 50,
    });
    expect(result.figures.cureOwed).toBe(50);
  });

  it('treats a transfer tax increase as zero tolerance', () => {
    const result = cure([fee('County transfer tax', 'transfer_tax', 1000, 1075.25)]);
    expect(result.figures.cureOwed).toBe(75.25);
  });

  it('rounds a 10% excess that falls between cents half up, and says so', () => {
    // Loan Estimate total $1,000.05: the limit is $1,100.055. $1,100.06 is half a cent over:
    // rounded half up, the cure is $0.01. $1,100.05 is within the limit.
    const over = cure([fee('Title insurance', 'third_party_shopped_from_list', 1000.05, 1100.06)]);
    expect(over.figures.buckets.ten_percent.allowedTotal).toBe(1100.055);
    expect(over.figures.buckets.ten_percent.excess).toBe(0.005);
    expect(over.figures.cureOwed).toBe(0.01);
    expect(over.steps[1]!.value).toBe('$1,100.055');
    expect(over.steps[4]!.detail).toContain('rounded half up');
    expect(over.notes.join(' ')).toContain('rounded half up to the cent');
    const within = cure([
      fee('Title insurance', 'third_party_shopped_from_list', 1000.05, 1100.05),
    ]);
    expect(within.figures.cureOwed).toBe(0);
  });

  it('adds cents exactly, without floating-point drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in cents it is 30.
    const result = cure([
      fee('Flood certification', 'third_party_not_shoppable', 0.1, 0.1),
      fee('Tax service', 'third_party_not_shoppable', 0.2, 0.2),
      fee('Recording fee', 'recording_fee', 0.1, 0.11),
      fee('Recording fee (release)', 'recording_fee', 0.2, 0.22),
    ]);
    expect(result.figures.buckets.zero.loanEstimateTotal).toBe(0.3);
    expect(result.figures.buckets.ten_percent.allowedTotal).toBe(0.33);
    expect(result.figures.cureOwed).toBe(0);
  });

  it('counts the refund’s 60 days in calendar days, across a year end', () => {
    const result = cure(
      [fee('Processing fee', 'paid_to_creditor_broker_or_affiliate', 500, 600)],
      '2026-12-15',
    );
    expect(result.figures.refundDueBy).toBe('2027-02-13');
  });
});

describe('the input schema', () => {
  it('explains each bad field in plain English', () => {
    expect(
      messagesOf({ consummationDate: '2026-06-31', fees: [fee('A', 'transfer_tax', 1, 1)] }),
    ).toEqual([TOLERANCE_MESSAGES.consummation_date]);
    expect(
      messagesOf({ consummationDate: '2015-09-30', fees: [fee('A', 'transfer_tax', 1, 1)] }),
    ).toEqual([TOLERANCE_MESSAGES.before_trid]);
    expect(messagesOf({ consummationDate: '2026-06-11', fees: [] })).toEqual([
      'Enter at least one fee.',
    ]);
    expect(
      messagesOf({
        consummationDate: '2026-06-11',
        fees: [
          { name: ' ', kind: 'transfer_tax', loanEstimate: 1, closingDisclosure: 1 },
          { name: 'B', kind: 'gift', loanEstimate: 1, closingDisclosure: 1 },
          { name: 'C', kind: 'transfer_tax', loanEstimate: -1, closingDisclosure: 1 },
          { name: 'D', kind: 'transfer_tax', loanEstimate: 1, closingDisclosure: 1.005 },
          { name: 'E', kind: 'transfer_tax', loanEstimate: '1', closingDisclosure: 1 },
        ],
      }),
    ).toEqual([
      'Name each fee.',
      'Choose the kind of each fee.',
      'Amounts cannot be negative.',
      'Enter amounts to the cent: at most two decimals.',
      TOLERANCE_MESSAGES.loan_estimate_amount,
    ]);
  });

  it('trims fee names', () => {
    expect(
      toleranceInputSchema.parse({
        consummationDate: '2026-06-11',
        fees: [fee('  Appraisal  ', 'third_party_not_shoppable', 500, 500)],
      }).fees[0]!.name,
    ).toBe('Appraisal');
  });
});
