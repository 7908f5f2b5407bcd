import { describe, expect, it } from 'vitest';
import { hoepaInputSchema, hoepaTest, type HoepaInput } from './high-cost.ts';

/*
 * Source: 12 CFR 1026.32(a)(1): (i) the APR "will exceed the average prime offer rate ... by
 * more than" 6.5 percentage points (first lien), 8.5 (first lien, dwelling that is personal
 * property, loan amount less than $50,000) or 8.5 (subordinate lien); (ii) points and fees
 * "will exceed" 5 percent of the total loan amount (loan amount of $20,000 or more, adjusted) or
 * the lesser of 8 percent or $1,000 (adjusted); (iii) the prepayment penalty terms. 2026
 * figures: $27,592 and $1,380, 90 FR 57890 (Dec. 15, 2025).
 */

const loan = (overrides: Partial<HoepaInput> = {}): HoepaInput => ({
  consummationDate: '2026-05-04',
  lien: 'first',
  apr: 7,
  apor: 4.36,
  dwellingIsPersonalProperty: false,
  totalLoanAmount: 100_000,
  loanAmount: 100_000,
  items: [],
  prepaymentPenaltyAfter36Months: false,
  prepaymentPenaltyOver2Percent: false,
  ...overrides,
});

const fee = (amount: number) => [{ kind: 'creditor_origination' as const, amount }];

describe('hoepaTest, the APR trigger', () => {
  it('is not met at exactly 6.5 points over ("more than"), and met at 6.501', () => {
    expect(10.86 - 4.36).not.toBe(6.5); // binary doubles; the test subtracts exact decimals
    const at = hoepaTest(loan({ apr: 10.86 }));
    expect(at.outcome).toBe('pass');
    expect(at.figures.isHighCost).toBe(false);
    expect(at.figures.apr).toEqual({
      spread: 6.5,
      threshold: 6.5,
      triggered: false,
      citation: '12 CFR 1026.32(a)(1)(i)(A)',
    });
    expect(at.steps[0]?.detail).toMatch(/6\.5 does not \(equal is not more than\)/);

    const over = hoepaTest(loan({ apr: 10.861 }));
    expect(over.outcome).toBe('fail');
    expect(over.figures.apr).toMatchObject({ spread: 6.501, triggered: true });
    expect(over.headline).toBe(
      'This is a high-cost mortgage (HOEPA): the APR is 6.501 percentage points above the APOR, more than 6.5.',
    );
  });

  it('uses 8.5 for a subordinate lien', () => {
    expect(hoepaTest(loan({ lien: 'subordinate', apr: 12.86 })).figures.apr).toMatchObject({
      threshold: 8.5,
      triggered: false,
      citation: '12 CFR 1026.32(a)(1)(i)(C)',
    });
    expect(hoepaTest(loan({ lien: 'subordinate', apr: 12.861 })).figures.apr.triggered).toBe(true);
  });

  it('uses 8.5 for a first lien on personal property under $50,000, and 6.5 from $50,000', () => {
    const small = hoepaTest(
      loan({
        dwellingIsPersonalProperty: true,
        loanAmount: 49_999.99,
        totalLoanAmount: 48_000,
        apr: 12,
      }),
    );
    expect(small.figures.apr).toMatchObject({
      threshold: 8.5,
      triggered: false,
      citation: '12 CFR 1026.32(a)(1)(i)(B)',
    });
    const at = hoepaTest(
      loan({
        dwellingIsPersonalProperty: true,
        loanAmount: 50_000,
        totalLoanAmount: 48_000,
        apr: 12,
      }),
    );
    expect(at.figures.apr).toMatchObject({ threshold: 6.5, triggered: true });
  });
});

describe('hoepaTest, the points-and-fees trigger (2026 figures)', () => {
  it('uses 5 percent of the total loan amount from $27,592, and equal is not "exceed"', () => {
    const at = hoepaTest(loan({ items: fee(5_000) }));
    expect(at.figures.pointsAndFees).toMatchObject({
      total: 5_000,
      limit: 5_000,
      triggered: false,
      citation: '12 CFR 1026.32(a)(1)(ii)(A)',
    });
    expect(at.outcome).toBe('pass');
    const over = hoepaTest(loan({ items: fee(5_000.01) }));
    expect(over.figures.pointsAndFees.triggered).toBe(true);
    expect(over.headline).toBe(
      'This is a high-cost mortgage (HOEPA): points and fees of $5,000.01 exceed $5,000.00.',
    );
    expect(
      hoepaTest(loan({ loanAmount: 27_592, totalLoanAmount: 27_592 })).figures.pointsAndFees.limit,
    ).toBe(1_379.6);
  });

  it('uses the lesser of 8 percent and $1,380 below $27,592', () => {
    const larger = hoepaTest(loan({ loanAmount: 20_000, totalLoanAmount: 20_000 }));
    expect(larger.figures.pointsAndFees).toMatchObject({
      limit: 1_380,
      citation: '12 CFR 1026.32(a)(1)(ii)(B)',
    });
    const smaller = hoepaTest(
      loan({ loanAmount: 10_000, totalLoanAmount: 10_000, items: fee(800) }),
    );
    expect(smaller.figures.pointsAndFees).toMatchObject({ limit: 800, triggered: false });
    expect(
      hoepaTest(loan({ loanAmount: 27_591.99, totalLoanAmount: 27_591.99 })).figures.pointsAndFees
        .limit,
    ).toBe(1_380);
  });
});

describe('hoepaTest, the prepayment penalty trigger', () => {
  it('is met by a penalty after 36 months or one over 2 percent of the amount prepaid', () => {
    expect(hoepaTest(loan({ prepaymentPenaltyAfter36Months: true })).figures).toMatchObject({
      isHighCost: true,
      prepaymentPenalty: { triggered: true },
    });
    const over2 = hoepaTest(loan({ prepaymentPenaltyOver2Percent: true }));
    expect(over2.outcome).toBe('fail');
    expect(over2.steps.at(-1)).toMatchObject({
      label: 'Prepayment penalty trigger',
      value: 'Met',
      citation: '12 CFR 1026.32(a)(1)(iii)',
    });
  });
});

describe('hoepaTest without the year’s figures', () => {
  it('is not determined when no other trigger is met, and says why', () => {
    const result = hoepaTest(loan({ consummationDate: '2027-02-01', items: fee(100) }));
    expect(result.outcome).toBe('not_determined');
    expect(result.headline).toBe(
      'The 2027 adjusted figures are not in the product yet, so the points-and-fees test was not run.',
    );
    expect(result.figures).toMatchObject({
      year: 2027,
      isHighCost: null,
      apr: { triggered: false },
      pointsAndFees: { total: 100, limit: null, triggered: null },
      source: null,
    });
  });

  it('still runs the APR test, which alone makes the loan high-cost', () => {
    const result = hoepaTest(loan({ consummationDate: '2027-02-01', apr: 11 }));
    expect(result.outcome).toBe('fail');
    expect(result.figures.isHighCost).toBe(true);
    expect(result.headline).toBe(
      'This is a high-cost mortgage (HOEPA): the APR is 6.64 percentage points above the APOR, more than 6.5. The 2027 points-and-fees figures are not in the product, so that trigger was not tested.',
    );
  });
});

describe('hoepaInputSchema', () => {
  it('needs the prepayment answers and a real consummation date', () => {
    const { prepaymentPenaltyAfter36Months: _omitted, ...rest } = loan();
    expect(hoepaInputSchema.safeParse(rest).success).toBe(false);
    expect(hoepaInputSchema.safeParse(loan({ consummationDate: '2026-13-01' })).success).toBe(
      false,
    );
    expect(hoepaInputSchema.safeParse(loan()).success).toBe(true);
  });
});
