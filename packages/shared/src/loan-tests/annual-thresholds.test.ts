import { describe, expect, it } from 'vitest';
import {
  ANNUAL_THRESHOLDS,
  STATUTORY_FIGURES,
  annualThresholdYears,
  annualThresholdsFor,
  missingYearHeadline,
} from './annual-thresholds.ts';

/*
 * Source: the CFPB's final rules "Truth in Lending (Regulation Z) Annual Threshold Adjustments
 * (Credit Cards, HOEPA, and Qualified Mortgages)": 87 FR 78831 (Dec. 23, 2022) for 2023,
 * 88 FR 65113 (Sept. 21, 2023) for 2024, 89 FR 95080 (Dec. 2, 2024) for 2025 and 90 FR 57890
 * (Dec. 15, 2025) for 2026; the original figures of 12 CFR 1026.32(a)(1)(ii) and
 * 1026.43(e)(3)(i).
 */

describe('the dated table of adjusted figures', () => {
  it('has the years 2023 to 2026 and nothing else', () => {
    expect(annualThresholdYears()).toEqual([2023, 2024, 2025, 2026]);
    expect(annualThresholdsFor(2022)).toBeNull();
    expect(annualThresholdsFor(2027)).toBeNull();
    expect(annualThresholdsFor(Number.NaN)).toBeNull();
  });

  it('has the 2026 figures of 90 FR 57890', () => {
    expect(annualThresholdsFor(2026)).toEqual({
      qm: {
        threePercentFrom: 137_958,
        upperDollarFrom: 82_775,
        upperDollarLimit: 4_139,
        fivePercentFrom: 27_592,
        lowerDollarFrom: 17_245,
        lowerDollarLimit: 1_380,
      },
      hoepa: { pointsAndFeesLoanAmount: 27_592, pointsAndFeesDollar: 1_380 },
      source: {
        citation: '90 FR 57890 (Dec. 15, 2025)',
        title:
          'Truth in Lending (Regulation Z) Annual Threshold Adjustments (Credit Cards, HOEPA, and Qualified Mortgages)',
        url: 'https://www.federalregister.gov/d/2025-22773',
      },
    });
  });

  it('keeps the figures that the rules tie together equal, every year', () => {
    for (const year of annualThresholdYears()) {
      const { qm, hoepa, source } = ANNUAL_THRESHOLDS[year] ?? expect.fail(`no ${year}`);
      // The QM 5-percent tier and the HOEPA loan amount are both the adjusted $20,000; the QM
      // lower dollar limit and the HOEPA dollar figure are both the adjusted $1,000.
      expect(qm.fivePercentFrom).toBe(hoepa.pointsAndFeesLoanAmount);
      expect(qm.lowerDollarLimit).toBe(hoepa.pointsAndFeesDollar);
      expect(qm.threePercentFrom).toBeGreaterThan(qm.upperDollarFrom);
      expect(qm.upperDollarFrom).toBeGreaterThan(qm.fivePercentFrom);
      expect(qm.fivePercentFrom).toBeGreaterThan(qm.lowerDollarFrom);
      expect(source.citation).toMatch(
        /^\d+ FR \d+ \((Jan|Feb|Mar|Apr|May|June|July|Aug|Sept|Oct|Nov|Dec)\.? \d{1,2}, \d{4}\)$/,
      );
    }
  });

  it('only ever raises the figures from the original ones and from year to year', () => {
    let previous = STATUTORY_FIGURES;
    for (const year of annualThresholdYears()) {
      const current = ANNUAL_THRESHOLDS[year] ?? expect.fail(`no ${year}`);
      for (const key of Object.keys(previous.qm) as (keyof typeof previous.qm)[]) {
        expect(current.qm[key]).toBeGreaterThan(previous.qm[key]);
      }
      expect(current.hoepa.pointsAndFeesDollar).toBeGreaterThan(previous.hoepa.pointsAndFeesDollar);
      previous = current;
    }
  });

  it('says plainly when a year is missing', () => {
    expect(missingYearHeadline(2027, 'points-and-fees test')).toBe(
      'The 2027 adjusted figures are not in the product yet, so the points-and-fees test was not run.',
    );
  });
});
