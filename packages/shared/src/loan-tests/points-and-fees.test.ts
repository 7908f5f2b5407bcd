import { describe, expect, it } from 'vitest';
import {
  POINTS_AND_FEES_ITEM_KINDS,
  POINTS_AND_FEES_ITEM_KIND_KEYS,
  qmPointsAndFeesInputSchema,
  qmPointsAndFeesTest,
  type PointsAndFeesItem,
  type QmPointsAndFeesInput,
} from './points-and-fees.ts';

/*
 * Source: 12 CFR 1026.43(e)(3)(i) (points and fees "do not exceed" 3 percent / $3,000 / 5 percent
 * / $1,000 / 8 percent by loan amount) and (e)(3)(ii) with the 2026 figures of 90 FR 57890
 * (Dec. 15, 2025): $137,958, $82,775, $4,139, $27,592, $17,245, $1,380; the 2025 figures of
 * 89 FR 95080 (Dec. 2, 2024); 12 CFR 1026.32(b)(1)(i)–(vi), (b)(1)(i)(D)–(F) and (b)(3)(i).
 */

const origination = (amount: number): PointsAndFeesItem => ({
  kind: 'creditor_origination',
  amount,
  description: 'Origination fee',
});

const qm = (overrides: Partial<QmPointsAndFeesInput>): QmPointsAndFeesInput => ({
  consummationDate: '2026-03-16',
  totalLoanAmount: 200_000,
  items: [],
  ...overrides,
});

/** The tier and the limit for a loan whose note and total loan amount are the same. */
const tierAndLimit = (amount: number) => {
  const { figures } = qmPointsAndFeesTest(qm({ totalLoanAmount: amount, loanAmount: amount }));
  return [figures.tier?.key, figures.limit];
};

describe('the kinds of charges', () => {
  it('says for each whether it counts, under which paragraph', () => {
    expect(
      POINTS_AND_FEES_ITEM_KIND_KEYS.map((kind) => [
        kind,
        POINTS_AND_FEES_ITEM_KINDS[kind].counts,
        POINTS_AND_FEES_ITEM_KINDS[kind].citation,
      ]),
    ).toEqual([
      ['creditor_origination', true, '12 CFR 1026.32(b)(1)(i)'],
      ['loan_originator_compensation', true, '12 CFR 1026.32(b)(1)(ii)'],
      ['affiliate_real_estate_fee', true, '12 CFR 1026.32(b)(1)(iii)'],
      ['credit_insurance_premium', true, '12 CFR 1026.32(b)(1)(iv)'],
      ['maximum_prepayment_penalty', true, '12 CFR 1026.32(b)(1)(v)'],
      ['refinance_prepayment_penalty', true, '12 CFR 1026.32(b)(1)(vi)'],
      ['bona_fide_third_party_charge', false, '12 CFR 1026.32(b)(1)(i)(D)'],
      ['bona_fide_discount_points', true, '12 CFR 1026.32(b)(1)(i)(E)'],
    ]);
  });
});

describe('qmPointsAndFeesTest, 2026 tiers at each boundary', () => {
  it('uses 3 percent from exactly $137,958, and $4,139 just below', () => {
    expect(tierAndLimit(137_958)).toEqual(['A', 4_138.74]);
    expect(tierAndLimit(137_957.99)).toEqual(['B', 4_139]);
  });

  it('uses $4,139 from exactly $82,775, and 5 percent just below', () => {
    expect(tierAndLimit(82_775)).toEqual(['B', 4_139]);
    expect(tierAndLimit(82_774.99)).toEqual(['C', 4_138.74]); // 4,138.7495 rounded down
  });

  it('uses 5 percent from exactly $27,592, and $1,380 just below', () => {
    expect(tierAndLimit(27_592)).toEqual(['C', 1_379.6]);
    expect(tierAndLimit(27_591.99)).toEqual(['D', 1_380]);
  });

  it('uses $1,380 from exactly $17,245, and 8 percent just below', () => {
    expect(tierAndLimit(17_245)).toEqual(['D', 1_380]);
    expect(tierAndLimit(17_244.99)).toEqual(['E', 1_379.59]); // 1,379.5992 rounded down
  });

  it('would have used the original $100,000 boundary nowhere: $100,000 is tier B in 2026', () => {
    expect(tierAndLimit(100_000)).toEqual(['B', 4_139]);
  });
});

describe('qmPointsAndFeesTest, pass and fail', () => {
  it('passes exactly at the limit ("do not exceed") and fails a cent over', () => {
    const at = qmPointsAndFeesTest(qm({ totalLoanAmount: 90_000, items: [origination(4_139)] }));
    expect(at.outcome).toBe('pass');
    expect(at.figures).toMatchObject({
      pointsAndFees: 4_139,
      limit: 4_139,
      margin: 0,
      withinLimit: true,
    });
    expect(at.headline).toBe(
      'Points and fees of $4,139.00 are within the qualified-mortgage limit of $4,139.00 (tier B, 2026) by $0.00.',
    );

    const over = qmPointsAndFeesTest(
      qm({ totalLoanAmount: 90_000, items: [origination(4_139.01)] }),
    );
    expect(over.outcome).toBe('fail');
    expect(over.figures).toMatchObject({ margin: -0.01, withinLimit: false });
    expect(over.headline).toBe(
      'Points and fees of $4,139.01 exceed the qualified-mortgage limit of $4,139.00 (tier B, 2026) by $0.01, so the loan cannot be a qualified mortgage.',
    );
  });

  it('chooses the tier with the note’s loan amount and applies the percentage to the total loan amount', () => {
    const result = qmPointsAndFeesTest(
      qm({ loanAmount: 140_000, totalLoanAmount: 136_000, items: [origination(4_000)] }),
    );
    expect(result.figures).toMatchObject({
      tierLoanAmount: 140_000,
      tier: { key: 'A' },
      limit: 4_080,
      margin: 80,
    });
    // Without the note's amount, $136,000 is below $137,958: tier B, and a note says why.
    const fallback = qmPointsAndFeesTest(
      qm({ totalLoanAmount: 136_000, items: [origination(4_000)] }),
    );
    expect(fallback.figures).toMatchObject({ tier: { key: 'B' }, limit: 4_139 });
    expect(fallback.notes.join(' ')).toMatch(/chosen with the total loan amount/);
  });

  it('counts and excludes by kind, and shows each kind as a step', () => {
    const result = qmPointsAndFeesTest(
      qm({
        totalLoanAmount: 300_000,
        items: [
          origination(1_500),
          { kind: 'loan_originator_compensation', amount: 3_000 },
          {
            kind: 'affiliate_real_estate_fee',
            amount: 650,
            description: 'Title insurance (affiliate)',
          },
          { kind: 'bona_fide_third_party_charge', amount: 550, description: 'Appraisal' },
          { kind: 'credit_insurance_premium', amount: 400 },
          { kind: 'maximum_prepayment_penalty', amount: 2_000 },
          { kind: 'refinance_prepayment_penalty', amount: 1_000 },
        ],
      }),
    );
    expect(result.figures).toMatchObject({
      pointsAndFees: 8_550,
      excluded: 550,
      limit: 9_000,
      margin: 450,
    });
    expect(result.outcome).toBe('pass');
    expect(result.citations).toEqual(
      expect.arrayContaining([
        '12 CFR 1026.32(b)(4)(i)',
        '12 CFR 1026.43(e)(3)(ii)',
        '12 CFR 1026.43(e)(3)(i)(A)',
        '12 CFR 1026.32(b)(1)(i)',
        '12 CFR 1026.32(b)(1)(ii)',
        '12 CFR 1026.32(b)(1)(iii)',
        '12 CFR 1026.32(b)(1)(iv)',
        '12 CFR 1026.32(b)(1)(v)',
        '12 CFR 1026.32(b)(1)(vi)',
        '12 CFR 1026.32(b)(1)(i)(D)',
        '12 CFR 1026.32(b)(1)',
        '12 CFR 1026.43(e)(3)(i)',
      ]),
    );
    const appraisal = result.steps.find((step) => step.citation === '12 CFR 1026.32(b)(1)(i)(D)');
    expect(appraisal?.value).toBe('$550.00 excluded');
    expect(result.steps.at(-1)).toMatchObject({
      label: 'Within the limit?',
      value: 'Yes, by $450.00',
    });
  });

  it('uses the figures of the consummation year', () => {
    const december = qmPointsAndFeesTest(
      qm({ consummationDate: '2025-12-31', totalLoanAmount: 136_000, loanAmount: 136_000 }),
    );
    expect(december.figures).toMatchObject({ year: 2025, tier: { key: 'A' }, limit: 4_080 });
    expect(december.figures.source?.citation).toBe('89 FR 95080 (Dec. 2, 2024)');
    const january = qmPointsAndFeesTest(
      qm({ consummationDate: '2026-01-01', totalLoanAmount: 136_000, loanAmount: 136_000 }),
    );
    expect(january.figures).toMatchObject({ year: 2026, tier: { key: 'B' }, limit: 4_139 });
  });

  it('does not run without the year’s figures, and says which year is missing', () => {
    const result = qmPointsAndFeesTest(
      qm({ consummationDate: '2027-01-04', items: [origination(1_000)] }),
    );
    expect(result.outcome).toBe('not_determined');
    expect(result.headline).toBe(
      'The 2027 adjusted figures are not in the product yet, so the points-and-fees test was not run.',
    );
    expect(result.figures).toMatchObject({
      year: 2027,
      pointsAndFees: 1_000,
      tier: null,
      limit: null,
      margin: null,
      withinLimit: null,
      source: null,
    });
    expect(result.notes[0]).toMatch(/2023, 2024, 2025, 2026, and never uses another year’s/);
  });
});

describe('bona fide discount points', () => {
  const withPoints = (undiscountedRate: number | undefined, apor: number | undefined) =>
    qmPointsAndFeesTest(
      qm({
        loanAmount: 200_000,
        totalLoanAmount: 200_000,
        items: [origination(1_000), { kind: 'bona_fide_discount_points', amount: 5_000 }],
        undiscountedRate,
        apor,
      }),
    ).figures;

  it('excludes up to two points when the undiscounted rate is not more than 1 point over the APOR', () => {
    expect(withPoints(7, 6)).toMatchObject({ pointsAndFees: 2_000, excluded: 4_000 });
    expect(withPoints(6.5, 6)).toMatchObject({ pointsAndFees: 2_000, excluded: 4_000 });
  });

  it('excludes up to one point when more than 1 but not more than 2 points over', () => {
    expect(withPoints(7.001, 6)).toMatchObject({ pointsAndFees: 4_000, excluded: 2_000 });
    expect(withPoints(8, 6)).toMatchObject({ pointsAndFees: 4_000, excluded: 2_000 });
  });

  it('excludes none when more than 2 points over', () => {
    expect(withPoints(8.001, 6)).toMatchObject({ pointsAndFees: 6_000, excluded: 0 });
  });

  it('excludes no more than was paid', () => {
    const result = qmPointsAndFeesTest(
      qm({
        loanAmount: 200_000,
        totalLoanAmount: 200_000,
        items: [{ kind: 'bona_fide_discount_points', amount: 1_500 }],
        undiscountedRate: 6.25,
        apor: 6,
      }),
    );
    expect(result.figures).toMatchObject({ pointsAndFees: 0, excluded: 1_500 });
  });

  it('counts them all, and says so, without the undiscounted rate and the APOR', () => {
    const result = qmPointsAndFeesTest(
      qm({
        totalLoanAmount: 200_000,
        items: [{ kind: 'bona_fide_discount_points', amount: 5_000 }],
      }),
    );
    expect(result.figures).toMatchObject({ pointsAndFees: 5_000, excluded: 0 });
    expect(result.notes.join(' ')).toMatch(
      /counted in full because the undiscounted interest rate or the APOR was not given/,
    );
  });
});

describe('qmPointsAndFeesInputSchema', () => {
  it('refuses a fraction of a cent, a negative amount and a date that does not exist', () => {
    const check = (overrides: Partial<QmPointsAndFeesInput>) =>
      qmPointsAndFeesInputSchema.safeParse(qm(overrides)).success;
    expect(check({})).toBe(true);
    expect(check({ items: [origination(10.005)] })).toBe(false);
    expect(check({ items: [origination(-1)] })).toBe(false);
    expect(check({ totalLoanAmount: 0 })).toBe(false);
    expect(check({ consummationDate: '2026-02-29' })).toBe(false);
  });
});
