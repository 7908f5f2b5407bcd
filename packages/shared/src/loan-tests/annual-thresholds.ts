/**
 * The dollar figures Regulation Z adjusts every January 1 for the points-and-fees tests, one
 * entry a year, each taken from the CFPB's final rule "Truth in Lending (Regulation Z) Annual
 * Threshold Adjustments" for that year and cited to it. A year that is not here has no figures:
 * the tests then say so (outcome `not_determined`) and never fall back on another year's.
 *
 * Adding a year: read the year's final rule in the Federal Register (published in the preceding
 * autumn or December), copy the eight figures from its amendments to comments 32(a)(1)(ii)-1 and
 * -3 and 43(e)(3)(ii)-1, and cite its volume, first page and publication date.
 */

/** 12 CFR 1026.43(e)(3)(i) and (ii): the qualified-mortgage points-and-fees limits. */
export interface QmPointsAndFeesThresholds {
  /** (A): 3 percent of the total loan amount for a loan amount at or above this (originally $100,000). */
  threePercentFrom: number;
  /** (B): the `upperDollarLimit` applies from this loan amount up to `threePercentFrom` (originally $60,000). */
  upperDollarFrom: number;
  /** (B): the dollar limit (originally $3,000). */
  upperDollarLimit: number;
  /** (C): 5 percent of the total loan amount from this loan amount up to `upperDollarFrom` (originally $20,000). */
  fivePercentFrom: number;
  /** (D): the `lowerDollarLimit` applies from this loan amount up to `fivePercentFrom` (originally $12,500). */
  lowerDollarFrom: number;
  /** (D): the dollar limit (originally $1,000). Below `lowerDollarFrom`, (E): 8 percent. */
  lowerDollarLimit: number;
}

/** 12 CFR 1026.32(a)(1)(ii): the high-cost mortgage (HOEPA) points-and-fees trigger. */
export interface HoepaPointsAndFeesThresholds {
  /** (A): 5 percent of the total loan amount for a loan amount at or above this (originally $20,000). */
  pointsAndFeesLoanAmount: number;
  /** (B): below that loan amount, the lesser of 8 percent or this (originally $1,000). */
  pointsAndFeesDollar: number;
}

export interface AnnualThresholdsSource {
  /** Volume, first page and publication date: "90 FR 57890 (Dec. 15, 2025)". */
  citation: string;
  title: string;
  url?: string;
}

export interface AnnualThresholds {
  qm: QmPointsAndFeesThresholds;
  hoepa: HoepaPointsAndFeesThresholds;
  source: AnnualThresholdsSource;
}

/** The figures before any adjustment, as the regulation text states them. */
export const STATUTORY_FIGURES: {
  qm: QmPointsAndFeesThresholds;
  hoepa: HoepaPointsAndFeesThresholds;
} = {
  qm: {
    threePercentFrom: 100_000,
    upperDollarFrom: 60_000,
    upperDollarLimit: 3_000,
    fivePercentFrom: 20_000,
    lowerDollarFrom: 12_500,
    lowerDollarLimit: 1_000,
  },
  hoepa: { pointsAndFeesLoanAmount: 20_000, pointsAndFeesDollar: 1_000 },
};

const RULE_TITLE =
  'Truth in Lending (Regulation Z) Annual Threshold Adjustments (Credit Cards, HOEPA, and Qualified Mortgages)';

/**
 * Figures in effect for loans consummated in each calendar year. Each year's eight figures were
 * read from reports of that year's final rule (the ABA Banking Journal, law-firm and
 * compliance-vendor memoranda quoting the rule) and agree across them; the citation is the
 * rule's first page as the Federal Register prints it (govinfo / Federal Register metadata).
 * Two invariants hold every year and are tested: the QM 5-percent tier starts at the HOEPA loan
 * amount, and the QM lower dollar limit equals the HOEPA dollar figure.
 */
export const ANNUAL_THRESHOLDS: Readonly<Record<number, AnnualThresholds>> = {
  2023: {
    qm: {
      threePercentFrom: 124_331,
      upperDollarFrom: 74_599,
      upperDollarLimit: 3_730,
      fivePercentFrom: 24_866,
      lowerDollarFrom: 15_541,
      lowerDollarLimit: 1_243,
    },
    hoepa: { pointsAndFeesLoanAmount: 24_866, pointsAndFeesDollar: 1_243 },
    source: {
      citation: '87 FR 78831 (Dec. 23, 2022)',
      title: RULE_TITLE,
      url: 'https://www.federalregister.gov/d/2022-28023',
    },
  },
  2024: {
    qm: {
      threePercentFrom: 130_461,
      upperDollarFrom: 78_277,
      upperDollarLimit: 3_914,
      fivePercentFrom: 26_092,
      lowerDollarFrom: 16_308,
      lowerDollarLimit: 1_305,
    },
    hoepa: { pointsAndFeesLoanAmount: 26_092, pointsAndFeesDollar: 1_305 },
    source: {
      citation: '88 FR 65113 (Sept. 21, 2023)',
      title: RULE_TITLE,
      url: 'https://www.federalregister.gov/d/2023-20476',
    },
  },
  2025: {
    qm: {
      threePercentFrom: 134_841,
      upperDollarFrom: 80_905,
      upperDollarLimit: 4_045,
      fivePercentFrom: 26_968,
      lowerDollarFrom: 16_855,
      lowerDollarLimit: 1_348,
    },
    hoepa: { pointsAndFeesLoanAmount: 26_968, pointsAndFeesDollar: 1_348 },
    source: {
      citation: '89 FR 95080 (Dec. 2, 2024)',
      title: RULE_TITLE,
      url: 'https://www.federalregister.gov/d/2024-27553',
    },
  },
  2026: {
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
      title: RULE_TITLE,
      url: 'https://www.federalregister.gov/d/2025-22773',
    },
  },
};

/** The year's figures, or null when the product does not have them (never another year's). */
export function annualThresholdsFor(year: number): AnnualThresholds | null {
  return Object.hasOwn(ANNUAL_THRESHOLDS, year) ? (ANNUAL_THRESHOLDS[year] ?? null) : null;
}

/** The years the product has figures for, ascending. */
export const annualThresholdYears = (): number[] =>
  Object.keys(ANNUAL_THRESHOLDS)
    .map(Number)
    .sort((a, b) => a - b);

/** The headline a test gives when the consummation year's figures are missing. */
export const missingYearHeadline = (year: number, test: string): string =>
  `The ${year} adjusted figures are not in the product yet, so the ${test} was not run.`;
