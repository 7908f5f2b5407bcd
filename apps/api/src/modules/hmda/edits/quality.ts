import { LAR, TS } from '../lar-fields.ts';
import { larEdit, type FilingContext, type HmdaRow, type RowEdit } from './edit.ts';
import {
  codeIn,
  codes,
  EXEMPT,
  EXEMPTION_CODE,
  INT_MAX,
  isExemptionCode,
  isNaOrExempt,
  isNumber,
  NA,
  numberOr,
} from './row-tests.ts';

/**
 * Quality edits that look at one LAR row (Q601 to Q660), as the HMDA Platform's 2024, 2025 and
 * 2026 engines run them (annual and quarterly: at platform HEAD the quarterly engines run the
 * annual quality list of their year).
 *
 * `QUALITY_ROW_EDITS` holds the edits whose rule is the same in all three years. The rest differ
 * by year and are exported one by one, and composed per year in `QUALITY_ROW_EDITS_2024`,
 * `QUALITY_ROW_EDITS_2025` and `QUALITY_ROW_EDITS_2026`:
 * - Q621: 2024 wants at most 12 letters or digits; 2025 wants 4 to 12 characters unless NA or
 *   Exempt; 2026 does not run it.
 * - Q651 (CLTV between 0 and 1) runs in 2024 only; 2025 and 2026 run Q651-1 and Q651-2 instead.
 * - Q616-3, Q646 and Q647 run from 2025 (Q646 and Q647 were whole-file macro edits until 2024).
 *
 * Not here: Q600 (duplicates across the file), Q603 (needs the FFIEC census file), Q604 (retired),
 * Q634 to Q640 (macro edits).
 *
 * How values are read, following the platform's parser: a coded field and the whole-number fields
 * (age, credit score, total units, action date) are integers ("01" is 1); Loan Amount is a
 * decimal; every other field keeps its text, and a rule that wants a number parses that text
 * itself, often with a fallback (Rate Spread that is not a number counts as 0 in Q610, as 9999 in
 * Q609). Where the platform's rule would throw on a value its parser rejects anyway, the row passes.
 */

/**
 * The configured values the quality edits read (the platform's edits.conf; unchanged since 2018,
 * so the same for 2024, 2025 and 2026). Amounts in dollars, Q623 income in thousands, Q609 rate
 * spread in percentage points.
 */
export const QUALITY_THRESHOLDS = {
  Q607: { amount: 250_000 },
  Q609: { rateSpread: 10.0 },
  Q623: { income: 200, amount: 2_000_000 },
  Q624: { amount: 637_000 },
  Q625: { amount: 1_050_000, units: 4 },
  Q626: { amount: 1_225_000, units: 4 },
  Q627: { minAmount: 100_000, maxAmount: 10_000_000, units: 5 },
  Q628: { amount: 10_000 },
  Q630: { units: 5 },
  Q631: { units: 4 },
} as const;

const INT_MIN = -2_147_483_648;

const FANNIE_OR_FREDDIE = codes(1, 3);
const GINNIE = 2;
const GOVERNMENT_BACKED = codes(2, 3, 4);
const AGENCY_PURCHASER = codes(1, 2, 3, 4);
const NOT_HIGH_COST_OR_NA = codes(2, 3);
const BUSINESS_LOAN_PURPOSES = codes(1, 2, 31, 32, 5);
const INCOME_EXPECTED_ACTIONS = codes(1, 2, 3, 4, 5, 7, 8);
const INCOME_EXPECTED_PURPOSES = codes(1, 2, 4);
const ULI_PREFIX_ACTIONS = codes(1, 2, 3, 4, 5, 7, 8);
const APPROVED_ACTIONS = codes(1, 2, 8);
const NOT_APPROVED_ACTIONS = codes(3, 4, 5, 6, 7);
const SEVERAL_OR_OTHER_MODELS = codes(7, 8);
const CREDIT_SCORE_NOT_A_SCORE = codes(9999, 7777, 8888, EXEMPTION_CODE);
const AGE_NOT_APPLICABLE = 8888;
const CO_AGE_NOT_APPLICABLE = codes(8888, 9999);

const AUS_FIELDS = [LAR.aus1, LAR.aus2, LAR.aus3, LAR.aus4, LAR.aus5] as const;
const AUS_RESULT_FIELDS = [
  LAR.ausResult1,
  LAR.ausResult2,
  LAR.ausResult3,
  LAR.ausResult4,
  LAR.ausResult5,
] as const;
const AUS_AND_RESULT_FIELDS: readonly number[] = [...AUS_FIELDS, ...AUS_RESULT_FIELDS];

/** Each AUS that names `system` must have its paired result in `results`. */
function ausResultsFit(row: HmdaRow, system: number, results: ReadonlySet<number>): boolean {
  for (let i = 0; i < AUS_FIELDS.length; i++) {
    if (row.code(AUS_FIELDS[i]!) === system && !codeIn(row, AUS_RESULT_FIELDS[i]!, results)) {
      return false;
    }
  }
  return true;
}

// The paired results the platform accepts for each AUS (codes 3 TOTAL, 4 GUS, 1 DU, 2 LP).
const TOTAL_RESULTS = codes(1, 2, 3, 4, 8, 13, 18, 19, 16);
const GUS_RESULTS = codes(3, 4, 10, 15, 18, 19, 20, 21, 22, 23, 24, 16);
const DU_RESULTS = codes(1, 2, 3, 4, 5, 6, 7, 15, 16);
const LP_RESULTS = codes(8, 9, 10, 11, 12, 13, 16);

/**
 * The coded fields in which 1111 is an accepted exemption code: the ones the 2025+ Q646 and Q647
 * look at (Credit Score Model, not Credit Score, whatever the description's field list says).
 */
const EXEMPTION_CODE_FIELDS: readonly number[] = [
  LAR.submissionOfApplication,
  ...AUS_RESULT_FIELDS,
  ...AUS_FIELDS,
  LAR.balloonPayment,
  LAR.businessOrCommercial,
  LAR.appCreditModel,
  LAR.coAppCreditModel,
  LAR.denial1,
  LAR.denial2,
  LAR.denial3,
  LAR.denial4,
  LAR.interestOnlyPayments,
  LAR.openEndLineOfCredit,
  LAR.manufacturedLandInterest,
  LAR.manufacturedSecuredProperty,
  LAR.reverseMortgage,
  LAR.negativeAmortization,
  LAR.otherNonAmortizing,
  LAR.initiallyPayable,
];

function usesExemptionCode(row: HmdaRow): boolean {
  for (let index = 0; index < EXEMPTION_CODE_FIELDS.length; index += 1) {
    if (isExemptionCode(row, EXEMPTION_CODE_FIELDS[index]!)) return true;
  }
  return false;
}

/**
 * The text field holds exactly "1111". Only a value that reads as the number 1111 can, so the
 * row's cached number rules out nearly every value before the text is compared.
 */
const isExemptionCodeText = (row: HmdaRow, field: number): boolean =>
  row.num(field) === EXEMPTION_CODE && row.text(field) === '1111';

/**
 * Q656: fields that accept only the word Exempt. The platform compares some as numbers (so
 * "1111.00" counts) and the rest as exact text.
 */
const EXEMPT_WORD_NUMBER_FIELDS: readonly number[] = [
  LAR.interestRate,
  LAR.rateSpread,
  LAR.totalLoanCosts,
  LAR.totalPointsAndFees,
  LAR.originationCharges,
  LAR.discountPoints,
  LAR.lenderCredits,
];
const EXEMPT_WORD_TEXT_FIELDS: readonly number[] = [
  LAR.uli,
  LAR.prepaymentPenaltyTerm,
  LAR.debtToIncome,
  LAR.combinedLoanToValue,
  LAR.loanTerm,
  LAR.introductoryRatePeriod,
  LAR.street,
  LAR.city,
  LAR.state,
  LAR.zip,
  LAR.propertyValue,
  LAR.multifamilyAffordableUnits,
  LAR.nmlsrId,
];

/**
 * Q657: fields that do not accept 1111, as far as the platform's rule can see it. Its other
 * checks (Loan Type, Action Taken, race, sex and the other coded fields) compare the parsed code
 * with a marker the parser never produces, so 1111 there never triggers Q657.
 */
const NO_EXEMPTION_NUMBER_FIELDS: readonly number[] = [
  LAR.totalUnits,
  LAR.loanAmount,
  LAR.appAge,
  LAR.coAppAge,
];
const NO_EXEMPTION_TEXT_FIELDS: readonly number[] = [LAR.income, LAR.rateSpread];
const NO_EXEMPTION_CODE_FIELDS: readonly number[] = [
  LAR.aus2,
  LAR.aus3,
  LAR.aus4,
  LAR.aus5,
  LAR.ausResult2,
  LAR.ausResult3,
  LAR.ausResult4,
  LAR.ausResult5,
];

/** Q659: the fields in which 888/88888 or 999/99999 stand in for 8888/9999 or NA. */
const STAND_IN_NUMBER_FIELDS: readonly number[] = [
  LAR.appAge,
  LAR.coAppAge,
  LAR.appCreditScore,
  LAR.coAppCreditScore,
];
const STAND_IN_TEXT_FIELDS: readonly number[] = [
  LAR.street,
  LAR.city,
  LAR.state,
  LAR.zip,
  LAR.income,
  LAR.rateSpread,
  LAR.totalLoanCosts,
  LAR.totalPointsAndFees,
  LAR.originationCharges,
  LAR.discountPoints,
  LAR.lenderCredits,
  LAR.interestRate,
  LAR.prepaymentPenaltyTerm,
  LAR.debtToIncome,
  LAR.combinedLoanToValue,
  LAR.loanTerm,
  LAR.introductoryRatePeriod,
  LAR.multifamilyAffordableUnits,
  LAR.propertyValue,
  LAR.nmlsrId,
];
const EIGHTS: ReadonlySet<string> = new Set(['888', '88888', '888.0', '88888.0']);
const NINES: ReadonlySet<string> = new Set(['999', '99999', '999.0', '99999.0']);

/**
 * A whole-number field holds `short` or `long` (as a number: "0888" too), or a text field one of
 * `texts` exactly. Every text of `texts` reads as the number `short` or `long`, so the row's
 * cached number rules out nearly every value before the text is looked up.
 */
function usesStandIn(
  row: HmdaRow,
  short: number,
  long: number,
  texts: ReadonlySet<string>,
): boolean {
  for (let index = 0; index < STAND_IN_NUMBER_FIELDS.length; index += 1) {
    // The code is the whole number (`int`) but for a blank (code 0), and no stand-in is 0.
    const value = row.code(STAND_IN_NUMBER_FIELDS[index]!);
    if (value === short || value === long) return true;
  }
  for (let index = 0; index < STAND_IN_TEXT_FIELDS.length; index += 1) {
    const field = STAND_IN_TEXT_FIELDS[index]!;
    const value = row.num(field);
    if ((value === short || value === long) && texts.has(row.text(field))) return true;
  }
  return false;
}

// Q660: Street Address patterns (the platform lowercases first; these ignore case instead).
const STREET_SEPARATOR = /[&;\\]|\band\b/i;
const STREET_SPECIAL = /[!@$^%*_+={}[\]<>?\\]|tbd/i;
const NO_ASCII_LETTER = /^[^A-Za-z]+$/;
const HAS_DIGIT = /[0-9]/;
const NO_DIGIT = /^[^0-9]+$/;

/**
 * Q648's test: the ULI's first 20 characters equal the LEI's, the LEI upper-cased (as the parser
 * reads it) and the ULI as written.
 */
function uliStartsWithLei(uli: string, lei: string): boolean {
  if (lei.length < 20) return false;
  for (let i = 0; i < 20; i++) {
    let char = lei.charCodeAt(i);
    if (char > 127) return lei.toUpperCase().slice(0, 20) === uli.slice(0, 20);
    if (char >= 97 && char <= 122) char -= 32;
    if (char !== uli.charCodeAt(i)) return false;
  }
  return true;
}

/** Q601: the Action Taken Date two years back, built as the platform builds it from the digits. */
function twoYearsBefore(actionDate: number): number {
  if (actionDate >= 10_000_000 && actionDate <= 99_999_999) return actionDate - 20_000;
  const digits = String(actionDate);
  const year = Number.parseInt(digits.slice(0, 4), 10);
  if (Number.isNaN(year)) return Number.NaN;
  const minDate = Number(`${year - 2}${digits.slice(4, 8)}`);
  return Number.isInteger(minDate) && minDate <= INT_MAX && minDate >= INT_MIN
    ? minDate
    : Number.NaN;
}

const DECIMAL_PARTS = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** A decimal's digits and scale: "12.50" is 1250n at scale 2. */
function decimalParts(text: string): { digits: bigint; scale: number } | undefined {
  const match = DECIMAL_PARTS.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const fraction = match[3] ?? '';
  const digits = BigInt(`${match[1]}${match[2]}${fraction}` || '0');
  return { digits, scale: fraction.length - Number(match[4] ?? 0) };
}

const TEN = 10n;
const pow10 = (exponent: number): bigint => TEN ** BigInt(exponent);

/**
 * Loan Amount / Property Value * 100, rounded half up to `places` decimals and scaled by
 * 10^places, computed exactly (the double estimate was too close to a half to trust).
 */
function exactRoundedLtv(amount: string, value: string, places: number): number {
  const a = decimalParts(amount);
  const v = decimalParts(value);
  if (!a || !v || v.digits === 0n) return Number.NaN;
  // amount = a.digits / 10^a.scale, value = v.digits / 10^v.scale.
  let numerator = a.digits * 100n;
  let denominator = v.digits;
  const shift = v.scale - a.scale + places;
  if (shift >= 0) numerator *= pow10(shift);
  else denominator *= pow10(-shift);
  const negative = numerator < 0n !== denominator < 0n;
  if (numerator < 0n) numerator = -numerator;
  if (denominator < 0n) denominator = -denominator;
  const rounded = (2n * numerator + denominator) / (2n * denominator);
  return Number(negative ? -rounded : rounded);
}

/** Decimal places of CLTV as the platform counts them: none for a whole number. */
function cltvPlaces(text: string, value: number): number {
  if (Number.isInteger(value) && value <= INT_MAX && value >= INT_MIN) return 0;
  const parts = decimalParts(text);
  return parts ? Math.max(0, parts.scale) : 0;
}

/**
 * Q617's test: CLTV is at least LTV (Loan Amount / Property Value * 100) rounded half up to as
 * many decimals as CLTV has. A CLTV that is not a number counts as 0; a Property Value that is
 * not a number as the largest double, which makes LTV round to 0.
 */
function cltvCoversLtv(row: HmdaRow): boolean {
  const cltvValue = row.num(LAR.combinedLoanToValue);
  const cltv = Number.isNaN(cltvValue) ? 0 : cltvValue;
  const places = Number.isNaN(cltvValue) ? 0 : cltvPlaces(row.text(LAR.combinedLoanToValue), cltv);
  const propertyValue = row.num(LAR.propertyValue);
  if (Number.isNaN(propertyValue)) return cltv >= 0;
  const amount = row.num(LAR.loanAmount);
  const scale = 10 ** places;
  const scaled = (amount / propertyValue) * 100 * scale;
  // A zero Property Value makes the platform's division throw.
  if (!Number.isFinite(scaled)) return true;
  const magnitude = Math.abs(scaled);
  const fraction = magnitude - Math.floor(magnitude);
  let rounded: number;
  if (Math.abs(fraction - 0.5) > 1e-9 + magnitude * 1e-13) {
    rounded = Math.sign(scaled) * Math.floor(magnitude + 0.5);
  } else {
    rounded = exactRoundedLtv(row.text(LAR.loanAmount), row.text(LAR.propertyValue), places);
    if (Number.isNaN(rounded)) return true;
  }
  return cltv >= rounded / scale;
}

/** Q616-3's test: Discount Points (0 unless a number) at most 15% of Loan Amount, to the cent. */
function discountPointsWithinLimit(row: HmdaRow): boolean {
  const amountTimes15 = row.num(LAR.loanAmount) * 15;
  if (Number.isNaN(amountTimes15)) return true;
  const limitInCents = Math.sign(amountTimes15) * Math.floor(Math.abs(amountTimes15) + 0.5);
  return numberOr(row, LAR.discountPoints, 0) <= limitInCents / 100;
}

const T = QUALITY_THRESHOLDS;

/** Edits whose rule is the same in the 2024, 2025 and 2026 engines (annual and quarterly). */
export const QUALITY_ROW_EDITS: readonly RowEdit[] = [
  larEdit('Q601', 'quality', [LAR.applicationDate, LAR.actionTakenDate], (row) => {
    const applicationDate = row.int(LAR.applicationDate);
    if (Number.isNaN(applicationDate)) return true;
    const minDate = twoYearsBefore(row.int(LAR.actionTakenDate));
    return Number.isNaN(minDate) || applicationDate >= minDate;
  }),

  larEdit(
    'Q602',
    'quality',
    [LAR.street, LAR.city, LAR.state, LAR.zip],
    (row) =>
      row.text(LAR.zip) === NA ||
      row.text(LAR.state) === NA ||
      row.text(LAR.city) === NA ||
      row.text(LAR.street) !== NA,
  ),

  larEdit(
    'Q605-1',
    'quality',
    [LAR.purchaserType, LAR.loanType],
    (row) => !codeIn(row, LAR.purchaserType, FANNIE_OR_FREDDIE) || row.code(LAR.loanType) === 1,
  ),

  larEdit(
    'Q605-2',
    'quality',
    [LAR.purchaserType, LAR.loanType],
    (row) => row.code(LAR.purchaserType) !== GINNIE || codeIn(row, LAR.loanType, GOVERNMENT_BACKED),
  ),

  larEdit('Q606', 'quality', [LAR.income], (row) => {
    const income = row.int(LAR.income);
    return Number.isNaN(income) || income < 10_000;
  }),

  larEdit(
    'Q607',
    'quality',
    [LAR.loanAmount, LAR.lienStatus],
    (row) => row.code(LAR.lienStatus) !== 2 || row.num(LAR.loanAmount) <= T.Q607.amount,
  ),

  larEdit('Q608', 'quality', [LAR.actionTaken, LAR.actionTakenDate, LAR.applicationDate], (row) => {
    const applicationDate = row.int(LAR.applicationDate);
    if (Number.isNaN(applicationDate) || row.code(LAR.actionTaken) !== 1) return true;
    return row.int(LAR.actionTakenDate) > applicationDate;
  }),

  larEdit('Q609', 'quality', [LAR.purchaserType, LAR.rateSpread], (row) => {
    if (!codeIn(row, LAR.purchaserType, AGENCY_PURCHASER)) return true;
    if (isNaOrExempt(row, LAR.rateSpread)) return true;
    return numberOr(row, LAR.rateSpread, 9999) <= T.Q609.rateSpread;
  }),

  larEdit(
    'Q610',
    'quality',
    [LAR.actionTaken, LAR.lienStatus, LAR.rateSpread, LAR.hoepaStatus],
    (row) =>
      row.code(LAR.actionTaken) !== 1 ||
      row.code(LAR.lienStatus) !== 1 ||
      !(numberOr(row, LAR.rateSpread, 0) > 6.5) ||
      row.code(LAR.hoepaStatus) === 1,
  ),

  larEdit(
    'Q611',
    'quality',
    [LAR.actionTaken, LAR.lienStatus, LAR.rateSpread, LAR.hoepaStatus],
    (row) =>
      row.code(LAR.actionTaken) !== 1 ||
      row.code(LAR.lienStatus) !== 2 ||
      !(numberOr(row, LAR.rateSpread, 0) > 8.5) ||
      row.code(LAR.hoepaStatus) === 1,
  ),

  larEdit(
    'Q612',
    'quality',
    [LAR.purchaserType, LAR.hoepaStatus],
    (row) =>
      !codeIn(row, LAR.purchaserType, FANNIE_OR_FREDDIE) ||
      codeIn(row, LAR.hoepaStatus, NOT_HIGH_COST_OR_NA),
  ),

  larEdit(
    'Q613',
    'quality',
    [LAR.businessOrCommercial, LAR.loanPurpose],
    (row) =>
      row.code(LAR.businessOrCommercial) !== 1 ||
      codeIn(row, LAR.loanPurpose, BUSINESS_LOAN_PURPOSES),
  ),

  larEdit('Q614-1', 'quality', [LAR.uli, LAR.appAge], (row) => {
    const age = row.int(LAR.appAge);
    return age === AGE_NOT_APPLICABLE || (age >= 18 && age <= 100);
  }),

  larEdit('Q614-2', 'quality', [LAR.uli, LAR.coAppAge], (row) => {
    const age = row.int(LAR.coAppAge);
    return CO_AGE_NOT_APPLICABLE.has(age) || (age >= 18 && age <= 100);
  }),

  larEdit(
    'Q615-1',
    'quality',
    [LAR.originationCharges, LAR.totalLoanCosts, LAR.totalPointsAndFees],
    (row) => {
      const costs = row.num(LAR.totalLoanCosts);
      const charges = row.num(LAR.originationCharges);
      if (Number.isNaN(costs) || Number.isNaN(charges) || costs === 0 || charges === 0) return true;
      return costs > charges;
    },
  ),

  larEdit(
    'Q615-2',
    'quality',
    [LAR.originationCharges, LAR.totalLoanCosts, LAR.totalPointsAndFees],
    (row) => {
      const pointsAndFees = row.num(LAR.totalPointsAndFees);
      const charges = row.num(LAR.originationCharges);
      if (Number.isNaN(pointsAndFees) || Number.isNaN(charges)) return true;
      if (pointsAndFees === 0 || charges === 0) return true;
      return pointsAndFees > charges;
    },
  ),

  larEdit(
    'Q616-1',
    'quality',
    [LAR.discountPoints, LAR.totalLoanCosts, LAR.totalPointsAndFees],
    (row) => {
      if (isNaOrExempt(row, LAR.discountPoints) || isNaOrExempt(row, LAR.totalLoanCosts)) {
        return true;
      }
      const points = numberOr(row, LAR.discountPoints, 0);
      const costs = numberOr(row, LAR.totalLoanCosts, 0);
      return points === 0 || costs === 0 || costs > points;
    },
  ),

  larEdit(
    'Q616-2',
    'quality',
    [LAR.discountPoints, LAR.totalLoanCosts, LAR.totalPointsAndFees],
    (row) => {
      if (isNaOrExempt(row, LAR.discountPoints) || isNaOrExempt(row, LAR.totalPointsAndFees)) {
        return true;
      }
      const points = numberOr(row, LAR.discountPoints, 0);
      const pointsAndFees = numberOr(row, LAR.totalPointsAndFees, 0);
      return points === 0 || pointsAndFees === 0 || pointsAndFees > points;
    },
  ),

  larEdit(
    'Q617',
    'quality',
    [LAR.loanType, LAR.combinedLoanToValue, LAR.loanAmount, LAR.propertyValue],
    (row) =>
      row.code(LAR.loanType) !== 1 ||
      isNaOrExempt(row, LAR.combinedLoanToValue) ||
      cltvCoversLtv(row),
  ),

  larEdit(
    'Q618',
    'quality',
    [LAR.constructionMethod, LAR.manufacturedSecuredProperty],
    (row) =>
      row.code(LAR.constructionMethod) !== 2 || row.code(LAR.manufacturedSecuredProperty) !== 3,
  ),

  larEdit(
    'Q619',
    'quality',
    [LAR.constructionMethod, LAR.manufacturedLandInterest],
    (row) => row.code(LAR.constructionMethod) !== 2 || row.code(LAR.manufacturedLandInterest) !== 5,
  ),

  larEdit(
    'Q620',
    'quality',
    [LAR.businessOrCommercial, LAR.nmlsrId],
    (row) => row.code(LAR.businessOrCommercial) !== 2 || row.text(LAR.nmlsrId) !== NA,
  ),

  larEdit('Q622', 'quality', [LAR.reverseMortgage, LAR.appAge], (row) => {
    return row.code(LAR.reverseMortgage) !== 1 || row.int(LAR.appAge) >= 62;
  }),

  larEdit('Q623', 'quality', [LAR.loanAmount, LAR.totalUnits, LAR.income], (row) => {
    const income = row.int(LAR.income);
    if (Number.isNaN(income)) return true;
    if (!(row.int(LAR.totalUnits) <= 4 && income <= T.Q623.income)) return true;
    return row.num(LAR.loanAmount) < T.Q623.amount;
  }),

  larEdit(
    'Q624',
    'quality',
    [LAR.loanType, LAR.totalUnits, LAR.loanAmount],
    (row) =>
      row.code(LAR.loanType) !== 2 ||
      row.int(LAR.totalUnits) !== 1 ||
      row.num(LAR.loanAmount) <= T.Q624.amount,
  ),

  larEdit(
    'Q625',
    'quality',
    [LAR.loanType, LAR.totalUnits, LAR.loanAmount],
    (row) =>
      row.code(LAR.loanType) !== 3 ||
      !(row.int(LAR.totalUnits) <= T.Q625.units) ||
      row.num(LAR.loanAmount) <= T.Q625.amount,
  ),

  larEdit(
    'Q626',
    'quality',
    [LAR.purchaserType, LAR.totalUnits, LAR.loanAmount],
    (row) =>
      !codeIn(row, LAR.purchaserType, AGENCY_PURCHASER) ||
      !(row.int(LAR.totalUnits) <= T.Q626.units) ||
      row.num(LAR.loanAmount) <= T.Q626.amount,
  ),

  larEdit('Q627', 'quality', [LAR.totalUnits, LAR.loanAmount], (row) => {
    if (!(row.int(LAR.totalUnits) >= T.Q627.units)) return true;
    const amount = row.num(LAR.loanAmount);
    return amount <= T.Q627.maxAmount && amount >= T.Q627.minAmount;
  }),

  larEdit(
    'Q628',
    'quality',
    [LAR.loanPurpose, LAR.loanAmount, LAR.totalUnits],
    (row) =>
      row.code(LAR.loanPurpose) !== 1 ||
      !(row.int(LAR.totalUnits) <= 4) ||
      row.num(LAR.loanAmount) > T.Q628.amount,
  ),

  larEdit(
    'Q629',
    'quality',
    [LAR.actionTaken, LAR.totalUnits, LAR.loanPurpose, LAR.income],
    (row) =>
      !codeIn(row, LAR.actionTaken, INCOME_EXPECTED_ACTIONS) ||
      !(row.int(LAR.totalUnits) <= 4) ||
      !codeIn(row, LAR.loanPurpose, INCOME_EXPECTED_PURPOSES) ||
      row.text(LAR.income) !== NA,
  ),

  larEdit(
    'Q630',
    'quality',
    [LAR.totalUnits, LAR.hoepaStatus],
    (row) => !(row.int(LAR.totalUnits) >= T.Q630.units) || row.code(LAR.hoepaStatus) === 3,
  ),

  larEdit(
    'Q631',
    'quality',
    [LAR.loanType, LAR.totalUnits],
    (row) =>
      !codeIn(row, LAR.loanType, GOVERNMENT_BACKED) || row.int(LAR.totalUnits) <= T.Q631.units,
  ),

  larEdit('Q632', 'quality', AUS_AND_RESULT_FIELDS, (row) => ausResultsFit(row, 3, TOTAL_RESULTS)),

  larEdit('Q633', 'quality', AUS_AND_RESULT_FIELDS, (row) => ausResultsFit(row, 4, GUS_RESULTS)),

  larEdit(
    'Q642-1',
    'quality',
    [LAR.appCreditScore, LAR.appCreditModel, LAR.coAppCreditScore, LAR.coAppCreditModel],
    (row) =>
      row.int(LAR.appCreditScore) !== 7777 ||
      codeIn(row, LAR.appCreditModel, SEVERAL_OR_OTHER_MODELS),
  ),

  larEdit(
    'Q642-2',
    'quality',
    [LAR.appCreditScore, LAR.appCreditModel, LAR.coAppCreditScore, LAR.coAppCreditModel],
    (row) =>
      row.int(LAR.coAppCreditScore) !== 7777 ||
      codeIn(row, LAR.coAppCreditModel, SEVERAL_OR_OTHER_MODELS),
  ),

  larEdit('Q643', 'quality', AUS_AND_RESULT_FIELDS, (row) => ausResultsFit(row, 1, DU_RESULTS)),

  larEdit('Q644', 'quality', AUS_AND_RESULT_FIELDS, (row) => ausResultsFit(row, 2, LP_RESULTS)),

  larEdit('Q645-1', 'quality', [LAR.loanAmount], (row) => row.num(LAR.loanAmount) >= 500),

  larEdit(
    'Q645-2',
    'quality',
    [LAR.loanAmount, LAR.loanPurpose],
    (row) => row.code(LAR.loanPurpose) !== 1 || row.num(LAR.loanAmount) >= 1000,
  ),

  larEdit('Q648', 'quality', [LAR.actionTaken, LAR.lei, LAR.uli], (row) => {
    const uli = row.text(LAR.uli);
    // Only a ULI (more than 22 characters) carries the LEI.
    if (uli.length <= 22 || !codeIn(row, LAR.actionTaken, ULI_PREFIX_ACTIONS)) return true;
    return uliStartsWithLei(uli, row.text(LAR.lei));
  }),

  larEdit('Q649-1', 'quality', [LAR.appCreditScore], (row) => {
    const score = row.int(LAR.appCreditScore);
    return CREDIT_SCORE_NOT_A_SCORE.has(score) || (score >= 300 && score <= 900);
  }),

  larEdit('Q649-2', 'quality', [LAR.coAppCreditScore], (row) => {
    const score = row.int(LAR.coAppCreditScore);
    return CREDIT_SCORE_NOT_A_SCORE.has(score) || (score >= 300 && score <= 900);
  }),

  larEdit('Q650-1', 'quality', [LAR.interestRate], (row) => {
    const rate = numberOr(row, LAR.interestRate, -1);
    return !(rate > 0) || rate >= 0.5;
  }),

  larEdit('Q650-2', 'quality', [LAR.interestRate], (row) => {
    const rate = numberOr(row, LAR.interestRate, -1);
    return !(rate > 0) || rate <= 20;
  }),

  larEdit('Q652', 'quality', [LAR.debtToIncome], (row) => {
    if (!isNumber(row, LAR.debtToIncome)) return true;
    // The platform reads DTI as a 32-bit float here.
    const dti = Math.fround(row.num(LAR.debtToIncome));
    return dti >= 1 || dti <= 0;
  }),

  larEdit('Q653-1', 'quality', [LAR.actionTaken, LAR.combinedLoanToValue], (row) => {
    if (!codeIn(row, LAR.actionTaken, APPROVED_ACTIONS)) return true;
    if (isNaOrExempt(row, LAR.combinedLoanToValue)) return true;
    const cltv = row.num(LAR.combinedLoanToValue);
    return cltv >= 0 && cltv <= 250;
  }),

  larEdit('Q653-2', 'quality', [LAR.actionTaken, LAR.combinedLoanToValue], (row) => {
    if (!codeIn(row, LAR.actionTaken, NOT_APPROVED_ACTIONS)) return true;
    if (isNaOrExempt(row, LAR.combinedLoanToValue)) return true;
    const cltv = row.num(LAR.combinedLoanToValue);
    return cltv >= 0 && cltv <= 1000;
  }),

  larEdit('Q654', 'quality', [LAR.debtToIncome, LAR.income, LAR.actionTaken], (row) => {
    if (!(row.int(LAR.income) > 5)) return true;
    if (!codeIn(row, LAR.actionTaken, APPROVED_ACTIONS)) return true;
    if (isNaOrExempt(row, LAR.debtToIncome)) return true;
    const dti = row.num(LAR.debtToIncome);
    return dti >= 0 && dti <= 80;
  }),

  larEdit('Q655', 'quality', [LAR.totalUnits, LAR.multifamilyAffordableUnits], (row) => {
    if (!(row.int(LAR.totalUnits) >= 5)) return true;
    return (
      row.text(LAR.multifamilyAffordableUnits) === EXEMPT ||
      !Number.isNaN(row.int(LAR.multifamilyAffordableUnits))
    );
  }),

  larEdit('Q656', 'quality', [...EXEMPT_WORD_NUMBER_FIELDS, ...EXEMPT_WORD_TEXT_FIELDS], (row) => {
    for (let index = 0; index < EXEMPT_WORD_NUMBER_FIELDS.length; index += 1) {
      if (row.num(EXEMPT_WORD_NUMBER_FIELDS[index]!) === EXEMPTION_CODE) return false;
    }
    for (let index = 0; index < EXEMPT_WORD_TEXT_FIELDS.length; index += 1) {
      if (isExemptionCodeText(row, EXEMPT_WORD_TEXT_FIELDS[index]!)) return false;
    }
    return true;
  }),

  larEdit(
    'Q657',
    'quality',
    [...NO_EXEMPTION_NUMBER_FIELDS, ...NO_EXEMPTION_TEXT_FIELDS, ...NO_EXEMPTION_CODE_FIELDS],
    (row) => {
      for (let index = 0; index < NO_EXEMPTION_NUMBER_FIELDS.length; index += 1) {
        if (row.num(NO_EXEMPTION_NUMBER_FIELDS[index]!) === EXEMPTION_CODE) return false;
      }
      for (let index = 0; index < NO_EXEMPTION_TEXT_FIELDS.length; index += 1) {
        if (isExemptionCodeText(row, NO_EXEMPTION_TEXT_FIELDS[index]!)) return false;
      }
      for (let index = 0; index < NO_EXEMPTION_CODE_FIELDS.length; index += 1) {
        if (isExemptionCode(row, NO_EXEMPTION_CODE_FIELDS[index]!)) return false;
      }
      return true;
    },
  ),

  larEdit('Q658', 'quality', [LAR.loanTerm], (row) => {
    const term = row.int(LAR.loanTerm);
    return Number.isNaN(term) || term <= 600;
  }),

  larEdit(
    'Q659-1',
    'quality',
    [...STAND_IN_NUMBER_FIELDS, ...STAND_IN_TEXT_FIELDS],
    (row) => !usesStandIn(row, 888, 88_888, EIGHTS),
  ),

  larEdit(
    'Q659-2',
    'quality',
    [...STAND_IN_NUMBER_FIELDS, ...STAND_IN_TEXT_FIELDS],
    (row) => !usesStandIn(row, 999, 99_999, NINES),
  ),

  larEdit('Q660-1', 'quality', [LAR.street], (row) => row.text(LAR.street).length <= 100),

  larEdit('Q660-2', 'quality', [LAR.street], (row) => !STREET_SEPARATOR.test(row.text(LAR.street))),

  larEdit('Q660-3', 'quality', [LAR.street], (row) => !STREET_SPECIAL.test(row.text(LAR.street))),

  larEdit('Q660-4', 'quality', [LAR.street], (row) => {
    const street = row.text(LAR.street);
    if (NO_ASCII_LETTER.test(street) && HAS_DIGIT.test(street)) return false;
    if (!NO_DIGIT.test(street)) return true;
    const lower = street.toLowerCase();
    return lower === 'na' || lower === 'exempt';
  }),
];

const LETTERS_OR_DIGITS = /^[a-zA-Z0-9]+$/;

/** Q621 in 2024: an NMLSR ID, if not blank, is at most 12 letters or digits (NA passes). */
export const Q621_2024: RowEdit = larEdit('Q621', 'quality', [LAR.nmlsrId], (row) => {
  const id = row.text(LAR.nmlsrId);
  return id.length === 0 || (id.length <= 12 && LETTERS_OR_DIGITS.test(id));
});

/** Q621 in 2025 (not run in 2026): unless NA or Exempt, 4 to 12 characters of any kind. */
export const Q621_2025: RowEdit = larEdit('Q621', 'quality', [LAR.nmlsrId], (row) => {
  if (isNaOrExempt(row, LAR.nmlsrId)) return true;
  const length = row.text(LAR.nmlsrId).length;
  return length >= 4 && length <= 12;
});

/** Q651 in 2024: a numeric CLTV (read as a 32-bit float) is not between 0 and 1. */
export const Q651_2024: RowEdit = larEdit('Q651', 'quality', [LAR.combinedLoanToValue], (row) => {
  if (!isNumber(row, LAR.combinedLoanToValue)) return true;
  const cltv = Math.fround(row.num(LAR.combinedLoanToValue));
  return cltv >= 1 || cltv <= 0;
});

/** Q616-3, from 2025: Discount Points at most 15% of Loan Amount. */
export const Q616_3: RowEdit = larEdit(
  'Q616-3',
  'quality',
  [LAR.discountPoints, LAR.loanAmount],
  discountPointsWithinLimit,
);

/** Q646, from 2025 a row edit: no 1111 exemption code in any coded field that accepts one. */
export const Q646_ROW: RowEdit = larEdit(
  'Q646',
  'quality',
  EXEMPTION_CODE_FIELDS,
  (row) => !usesExemptionCode(row),
);

/**
 * Q647, from 2025 a row edit: when the Transmittal Sheet's Federal Agency is 7 (HUD), no 1111
 * exemption code in the row.
 */
export const Q647_ROW: RowEdit = larEdit(
  'Q647',
  'quality',
  EXEMPTION_CODE_FIELDS,
  (row, context: FilingContext) => context.ts.code(TS.agency) !== 7 || !usesExemptionCode(row),
);

/** Q651-1, from 2025: a CLTV above 0 (0 unless a number) is at least 1.5. */
export const Q651_1: RowEdit = larEdit('Q651-1', 'quality', [LAR.combinedLoanToValue], (row) => {
  const cltv = numberOr(row, LAR.combinedLoanToValue, 0);
  return !(cltv > 0) || cltv >= 1.5;
});

/** Q651-2, from 2025: a numeric CLTV (read as a 32-bit float) is below 150. */
export const Q651_2: RowEdit = larEdit('Q651-2', 'quality', [LAR.combinedLoanToValue], (row) => {
  if (!isNumber(row, LAR.combinedLoanToValue)) return true;
  return Math.fround(row.num(LAR.combinedLoanToValue)) < 150;
});

/** Every quality row edit of a 2024 filing (annual or quarterly). */
export const QUALITY_ROW_EDITS_2024: readonly RowEdit[] = [
  ...QUALITY_ROW_EDITS,
  Q621_2024,
  Q651_2024,
];

/** Every quality row edit of a 2025 filing (annual or quarterly). */
export const QUALITY_ROW_EDITS_2025: readonly RowEdit[] = [
  ...QUALITY_ROW_EDITS,
  Q616_3,
  Q621_2025,
  Q646_ROW,
  Q647_ROW,
  Q651_1,
  Q651_2,
];

/** Every quality row edit of a 2026 filing (annual or quarterly): 2025's without Q621. */
export const QUALITY_ROW_EDITS_2026: readonly RowEdit[] = [
  ...QUALITY_ROW_EDITS,
  Q616_3,
  Q646_ROW,
  Q647_ROW,
  Q651_1,
  Q651_2,
];

/** The quality row edits the platform runs for a filing year; undefined outside 2024 to 2026. */
export function qualityRowEditsFor(year: number): readonly RowEdit[] | undefined {
  if (year === 2024) return QUALITY_ROW_EDITS_2024;
  if (year === 2025) return QUALITY_ROW_EDITS_2025;
  if (year === 2026) return QUALITY_ROW_EDITS_2026;
  return undefined;
}
