import { LAR, TS } from '../lar-fields.ts';
import {
  larEdit,
  tsEdit,
  type FilingContext,
  type FilingPeriod,
  type HmdaRow,
  type RowEdit,
} from './edit.ts';
import {
  codes,
  EXEMPT,
  EXEMPTION_CODE,
  INT_MAX,
  intOr,
  isBlank,
  isDigitCode,
  isNaAnyCase,
  isNaOrExempt,
  isNaOrExemptText,
  isNumber,
  numberIn,
  numberIs,
  STATE_FIPS_CODES,
} from './row-tests.ts';

/** The platform's states with their FIPS codes (geography.ts reads them from here too). */
export { STATE_FIPS_CODES } from './row-tests.ts';

/**
 * Validity edits V680 to V721 as the CFPB platform's rules run them (2024 to 2026, annual and
 * quarterly). Most read one LAR row; V717, V718 and V719-1/-2 read the Transmittal Sheet.
 *
 * How values compare, as on the platform: a field its parser reads as an enumeration is an
 * integer code ("01" is 1); in the optional code fields (AUS 2-5, AUS Result 2-5, Denial 2-4)
 * a blank and a 0 are both the "empty" code; "NA" and "Exempt" match exactly, case and all
 * (the parser refuses any other spelling in a numeric field before an edit runs). These rules
 * read a coded field with Java's `toDouble` (`numberIn`, `numberIs`), as they were written: for
 * the integers the parser lets through, the same as its code.
 *
 * Year and period differences, from the platform's engines:
 * - V695-3: none in 2024; 2025 (annual and quarterly) `V695_3_2025`, 4 to 12 characters;
 *   2026 (annual and quarterly) `V695_3_2026`, 4 to 7 characters and at most 3000000.
 * - V718: quarterly filings of 2025 and 2026 only (`V718_QUARTERLY`).
 * - V716 needs the census county list the platform loads (`v716WithCounties`).
 * `validityEditsV680V721For` puts the right ones together for a filing.
 */

/**
 * Total Units from which V692 asks Multifamily Affordable Units to be at most Total Units, and
 * below which it must be NA or Exempt: `edits.V692.units` in the platform's edits.conf (the V692
 * row of edit-thresholds.txt), 5 for every year.
 */
export const V692_UNITS = 5;

/**
 * An optional code field (AUS 2-5, AUS Result 2-5, Denial 2-4) is "empty": blank, or any value
 * that reads as the number 0. Blank and "0" have the code 0; "0.0" too is empty here (these rules
 * read the code as a double), so this is not `codeIs(row, field, 0)`.
 */
function isEmptyCode(row: HmdaRow, field: number): boolean {
  return row.code(field) === 0 || row.num(field) === 0;
}

/** The coded field holds 1111 read as a double, so "1111.0" counts (see `isEmptyCode`). */
const isExemptCode = (row: HmdaRow, field: number) => numberIs(row, field, EXEMPTION_CODE);

/** The field holds the word Exempt exactly. */
const isExemptText = (row: HmdaRow, field: number) => row.text(field) === EXEMPT;

const CODES_1_2_EXEMPT = codes(1, 2, EXEMPTION_CODE);
const CODES_1_2_3_EXEMPT = codes(1, 2, 3, EXEMPTION_CODE);
const CODES_1_TO_5_EXEMPT = codes(1, 2, 3, 4, 5, EXEMPTION_CODE);
const WITHDRAWN_INCOMPLETE_PURCHASED = codes(4, 5, 6);
const WITHDRAWN_INCOMPLETE = codes(4, 5);
const PURCHASED_LOAN = 6;
const LOAN_ORIGINATED = 1;

const MANUFACTURED_SECURED_NA_OR_EXEMPT = codes(3, EXEMPTION_CODE);
const MANUFACTURED_LAND_NA_OR_EXEMPT = codes(5, EXEMPTION_CODE);
const SITE_BUILT = 1;
const CHANNEL_NA_OR_EXEMPT = codes(3, EXEMPTION_CODE);
const PAYABLE_ON_ORIGINATION = codes(1, 2, EXEMPTION_CODE);

const AUS_NOT_APPLICABLE = 6;
const AUS_OTHER = 5;
const AUS_RESULT_NOT_APPLICABLE = 17;
const AUS_RESULT_OTHER = 16;
const AUS_FIRST = codes(1, 2, 3, 4, 5, 6, 7, EXEMPTION_CODE);
/** AUS 2-5 besides "empty": no Not Applicable (6), no Exempt. */
const AUS_MORE = codes(1, 2, 3, 4, 5, 7);
const AUS_RESULT_FIRST = new Set([
  ...Array.from({ length: 24 }, (_, index) => index + 1),
  EXEMPTION_CODE,
]);
/** A result of a reported system: every code but Not Applicable (17) and Exempt. */
const AUS_RESULT_REPORTED = new Set(
  Array.from({ length: 24 }, (_, index) => index + 1).filter(
    (code) => code !== AUS_RESULT_NOT_APPLICABLE,
  ),
);
const AUS_NA_OR_EXEMPT = codes(AUS_NOT_APPLICABLE, EXEMPTION_CODE);
const AUS_RESULT_NA_OR_EXEMPT = codes(AUS_RESULT_NOT_APPLICABLE, EXEMPTION_CODE);

const AUS_FIELDS = [LAR.aus1, LAR.aus2, LAR.aus3, LAR.aus4, LAR.aus5] as const;
const AUS_RESULT_FIELDS = [
  LAR.ausResult1,
  LAR.ausResult2,
  LAR.ausResult3,
  LAR.ausResult4,
  LAR.ausResult5,
] as const;
const AUS_AND_RESULTS = [...AUS_FIELDS, ...AUS_RESULT_FIELDS];
const ADDRESS_FIELDS = [LAR.street, LAR.city, LAR.zip];
const POINTS_AND_COSTS = [LAR.totalLoanCosts, LAR.totalPointsAndFees];
const CHANNEL_FIELDS = [LAR.submissionOfApplication, LAR.initiallyPayable];
const NON_AMORTIZING_FIELDS = [
  LAR.balloonPayment,
  LAR.interestOnlyPayments,
  LAR.negativeAmortization,
  LAR.otherNonAmortizing,
];
/** The four credit-score fields V710 wants all 1111 when any is. */
const CREDIT_SCORE_CODES = [
  LAR.appCreditScore,
  LAR.appCreditModel,
  LAR.coAppCreditScore,
  LAR.coAppCreditModel,
];

/** Models whose scores start at 280 (V720-1/-2) and at 300 (V720-3/-4). */
const MODELS_FROM_280 = codes(1, 2, 3, 4, 5, 6, 11, 12);
const MODELS_FROM_300 = codes(13, 14, 15);

const DEMOGRAPHICS = [
  LAR.appEthnicity1,
  LAR.appRace1,
  LAR.appSex,
  LAR.coAppEthnicity1,
  LAR.coAppRace1,
  LAR.coAppSex,
] as const;

/** Ethnicity 4, race 7, sex 4: the applicant (or co-applicant) is not a natural person. */
function applicantIsNotNatural(row: HmdaRow): boolean {
  return (
    numberIs(row, LAR.appEthnicity1, 4) &&
    numberIs(row, LAR.appRace1, 7) &&
    numberIs(row, LAR.appSex, 4)
  );
}

/** V680-1, V705-1: a non-natural applicant with no co-applicant (ethnicity 5, race 8, sex 5). */
function nonNaturalWithoutCoApplicant(row: HmdaRow): boolean {
  return (
    applicantIsNotNatural(row) &&
    numberIs(row, LAR.coAppEthnicity1, 5) &&
    numberIs(row, LAR.coAppRace1, 8) &&
    numberIs(row, LAR.coAppSex, 5)
  );
}

/** V680-2, V705-2: applicant and co-applicant both non-natural. */
function nonNaturalBoth(row: HmdaRow): boolean {
  return (
    applicantIsNotNatural(row) &&
    numberIs(row, LAR.coAppEthnicity1, 4) &&
    numberIs(row, LAR.coAppRace1, 7) &&
    numberIs(row, LAR.coAppSex, 4)
  );
}

/** AUS 2-5 and AUS Result 2-5 all empty. */
function onlyFirstAusReported(row: HmdaRow): boolean {
  for (let index = 1; index < 5; index += 1) {
    if (!isEmptyCode(row, AUS_FIELDS[index]!) || !isEmptyCode(row, AUS_RESULT_FIELDS[index]!)) {
      return false;
    }
  }
  return true;
}

function anyAusIs(row: HmdaRow, code: number): boolean {
  for (const field of AUS_FIELDS) if (numberIs(row, field, code)) return true;
  return false;
}

function anyAusResultIs(row: HmdaRow, code: number): boolean {
  for (const field of AUS_RESULT_FIELDS) if (numberIs(row, field, code)) return true;
  return false;
}

/** All the fields hold the word Exempt when any of them does. */
function allOrNoneExemptText(row: HmdaRow, fields: readonly number[]): boolean {
  let exempt = 0;
  for (let index = 0; index < fields.length; index += 1) {
    if (isExemptText(row, fields[index]!)) exempt += 1;
  }
  return exempt === 0 || exempt === fields.length;
}

/** All the coded fields hold 1111 when any of them does. */
function allOrNoneExemptCode(row: HmdaRow, fields: readonly number[]): boolean {
  let exempt = 0;
  for (let index = 0; index < fields.length; index += 1) {
    if (isExemptCode(row, fields[index]!)) exempt += 1;
  }
  return exempt === 0 || exempt === fields.length;
}

const PLUS = 43;
const ZERO = 48;

/**
 * A whole number above zero as Java's BigInteger reads it (the platform's `^\+?0*[1-9]\d*$`): an
 * optional +, then digits, not all 0.
 */
function isPositiveWholeNumber(text: string): boolean {
  let index = text.charCodeAt(0) === PLUS ? 1 : 0;
  if (index === text.length) return false;
  let nonZero = false;
  for (; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (!isDigitCode(char)) return false;
    if (char !== ZERO) nonZero = true;
  }
  return nonZero;
}

/** V695-3 as 2025 runs it: 4 to 12 characters, a whole number above zero (or NA / Exempt). */
function nmlsrIdFits2025(value: string): boolean {
  if (isNaOrExemptText(value)) return true;
  return value.length >= 4 && value.length <= 12 && isPositiveWholeNumber(value);
}

/** V695-3 as 2026 runs it: 4 to 7 characters, a whole number from 1 to 3000000 (or NA / Exempt). */
function nmlsrIdFits2026(value: string): boolean {
  if (isNaOrExemptText(value)) return true;
  return (
    value.length >= 4 &&
    value.length <= 7 &&
    isPositiveWholeNumber(value) &&
    Number(value) <= 3_000_000
  );
}

/**
 * The platform's e-mail pattern (PredicateRegEx.validEmail); its first class holds `_`, letters,
 * digits, `-` and `+`.
 */
const VALID_EMAIL =
  /^[_A-Za-z0-9+-]+(?:\.[_A-Za-z0-9-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9]+)*\.[A-Za-z]{2,}$/;

/**
 * What Java's `Double.parseDouble` accepts (V719-1's "numeric"), more than our parser's numbers:
 * NaN, Infinity, a d/f suffix and hexadecimal floats too.
 */
const JAVA_DOUBLE =
  /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?|0[xX](?:[0-9a-fA-F]+\.?|[0-9a-fA-F]*\.[0-9a-fA-F]+)[pP][+-]?\d+[fFdD]?)$/;

const QUARTER_OF_PERIOD: Readonly<Record<FilingPeriod, number>> = {
  annual: -1,
  Q1: 1,
  Q2: 2,
  Q3: 3,
};

/**
 * V716 with the five-digit county codes of the census year the platform loads (its 2024
 * county file for 2024 to 2026): the county must be one of them and start with the state's
 * code. A row whose county or state is NA passes.
 */
export function v716WithCounties(counties: ReadonlySet<string>): RowEdit {
  return larEdit('V716', 'validity', [LAR.county, LAR.state], (row) => {
    const county = row.text(LAR.county);
    const state = row.text(LAR.state);
    // Only here is NA taken in any case ("na" too).
    if (isNaAnyCase(county) || isNaAnyCase(state)) return true;
    const stateCode = STATE_FIPS_CODES.get(state);
    return stateCode !== undefined && counties.has(county) && county.startsWith(stateCode);
  });
}

/** V695-3 as the 2025 engines (annual and quarterly) run it. */
export const V695_3_2025: RowEdit = larEdit('V695-3', 'validity', [LAR.nmlsrId], (row) =>
  nmlsrIdFits2025(row.text(LAR.nmlsrId)),
);

/** V695-3 as the 2026 engines (annual and quarterly) run it. */
export const V695_3_2026: RowEdit = larEdit('V695-3', 'validity', [LAR.nmlsrId], (row) =>
  nmlsrIdFits2026(row.text(LAR.nmlsrId)),
);

/** V718, quarterly filings only: the Transmittal Sheet's quarter is the filing's. */
export const V718_QUARTERLY: RowEdit = tsEdit(
  'V718',
  'validity',
  [TS.calendarQuarter],
  (ts, context: FilingContext) => ts.num(TS.calendarQuarter) === QUARTER_OF_PERIOD[context.period],
);

/** V692-2 and V692-3 for a Total Units threshold (the platform's is configurable). */
export function v692Edits(units: number = V692_UNITS): readonly RowEdit[] {
  const fields = [LAR.multifamilyAffordableUnits, LAR.totalUnits];
  return [
    larEdit('V692-2', 'validity', fields, (row) => {
      if (!(row.num(LAR.totalUnits) < units)) return true;
      return isNaOrExempt(row, LAR.multifamilyAffordableUnits);
    }),
    larEdit('V692-3', 'validity', fields, (row) => {
      const totalUnits = row.num(LAR.totalUnits);
      if (!(totalUnits >= units)) return true;
      if (isNaOrExempt(row, LAR.multifamilyAffordableUnits)) return true;
      // Units that are no integer count as the largest one, as in the platform's rule.
      return intOr(row, LAR.multifamilyAffordableUnits, INT_MAX) <= totalUnits;
    }),
  ];
}

const [V692_2, V692_3] = v692Edits() as [RowEdit, RowEdit];

/**
 * The edits of V680 to V721 that every 2024 to 2026 filing runs, annual or quarterly, in the
 * platform's order: the LAR edits, then the Transmittal Sheet's (V717, V719-1, V719-2). Left out:
 * V695-3 (by year), V716 (needs the county list), V718 (quarterly), V719 (only a parent id).
 */
export const VALIDITY_EDITS_V680_V721: readonly RowEdit[] = [
  larEdit('V680-1', 'validity', [LAR.debtToIncome, ...DEMOGRAPHICS], (row) =>
    nonNaturalWithoutCoApplicant(row) ? isNaOrExempt(row, LAR.debtToIncome) : true,
  ),
  larEdit('V680-2', 'validity', [LAR.debtToIncome, ...DEMOGRAPHICS], (row) =>
    nonNaturalBoth(row) ? isNaOrExempt(row, LAR.debtToIncome) : true,
  ),
  larEdit(
    'V681-1',
    'validity',
    [LAR.combinedLoanToValue],
    (row) => row.num(LAR.combinedLoanToValue) > 0 || isNaOrExempt(row, LAR.combinedLoanToValue),
  ),
  larEdit('V681-2', 'validity', [LAR.combinedLoanToValue, LAR.actionTaken], (row) =>
    numberIn(row, LAR.actionTaken, WITHDRAWN_INCOMPLETE_PURCHASED)
      ? isNaOrExempt(row, LAR.combinedLoanToValue)
      : true,
  ),
  larEdit(
    'V682-1',
    'validity',
    [LAR.loanTerm],
    (row) => row.int(LAR.loanTerm) > 0 || isNaOrExempt(row, LAR.loanTerm),
  ),
  larEdit('V682-2', 'validity', [LAR.loanTerm, LAR.reverseMortgage], (row) =>
    numberIs(row, LAR.reverseMortgage, 1) ? isNaOrExempt(row, LAR.loanTerm) : true,
  ),
  larEdit(
    'V683',
    'validity',
    [LAR.introductoryRatePeriod],
    (row) =>
      row.int(LAR.introductoryRatePeriod) > 0 || isNaOrExempt(row, LAR.introductoryRatePeriod),
  ),
  larEdit('V684', 'validity', [LAR.balloonPayment], (row) =>
    numberIn(row, LAR.balloonPayment, CODES_1_2_EXEMPT),
  ),
  larEdit('V685', 'validity', [LAR.interestOnlyPayments], (row) =>
    numberIn(row, LAR.interestOnlyPayments, CODES_1_2_EXEMPT),
  ),
  larEdit('V686', 'validity', [LAR.negativeAmortization], (row) =>
    numberIn(row, LAR.negativeAmortization, CODES_1_2_EXEMPT),
  ),
  larEdit('V687', 'validity', [LAR.otherNonAmortizing], (row) =>
    numberIn(row, LAR.otherNonAmortizing, CODES_1_2_EXEMPT),
  ),
  larEdit(
    'V688-1',
    'validity',
    [LAR.propertyValue],
    (row) => row.num(LAR.propertyValue) > 0 || isNaOrExempt(row, LAR.propertyValue),
  ),
  larEdit('V688-2', 'validity', [LAR.propertyValue, LAR.actionTaken], (row) =>
    numberIn(row, LAR.actionTaken, WITHDRAWN_INCOMPLETE)
      ? isNaOrExempt(row, LAR.propertyValue)
      : true,
  ),
  larEdit('V689-1', 'validity', [LAR.manufacturedSecuredProperty], (row) =>
    numberIn(row, LAR.manufacturedSecuredProperty, CODES_1_2_3_EXEMPT),
  ),
  // "Is a number" is Java's toDouble succeeding; NA and Exempt do not.
  larEdit(
    'V689-2',
    'validity',
    [LAR.manufacturedSecuredProperty, LAR.multifamilyAffordableUnits],
    (row) =>
      !isNumber(row, LAR.multifamilyAffordableUnits) ||
      numberIn(row, LAR.manufacturedSecuredProperty, MANUFACTURED_SECURED_NA_OR_EXEMPT),
  ),
  larEdit('V689-3', 'validity', [LAR.manufacturedSecuredProperty, LAR.constructionMethod], (row) =>
    numberIs(row, LAR.constructionMethod, SITE_BUILT)
      ? numberIn(row, LAR.manufacturedSecuredProperty, MANUFACTURED_SECURED_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V690-1', 'validity', [LAR.manufacturedLandInterest], (row) =>
    numberIn(row, LAR.manufacturedLandInterest, CODES_1_TO_5_EXEMPT),
  ),
  larEdit(
    'V690-2',
    'validity',
    [LAR.manufacturedLandInterest, LAR.multifamilyAffordableUnits],
    (row) =>
      !isNumber(row, LAR.multifamilyAffordableUnits) ||
      numberIn(row, LAR.manufacturedLandInterest, MANUFACTURED_LAND_NA_OR_EXEMPT),
  ),
  larEdit('V690-3', 'validity', [LAR.manufacturedLandInterest, LAR.constructionMethod], (row) =>
    numberIs(row, LAR.constructionMethod, SITE_BUILT)
      ? numberIn(row, LAR.manufacturedLandInterest, MANUFACTURED_LAND_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V691', 'validity', [LAR.totalUnits], (row) => row.num(LAR.totalUnits) > 0),
  larEdit('V692-1', 'validity', [LAR.multifamilyAffordableUnits], (row) => {
    return (
      isNaOrExempt(row, LAR.multifamilyAffordableUnits) ||
      !Number.isNaN(row.int(LAR.multifamilyAffordableUnits))
    );
  }),
  V692_2,
  V692_3,
  larEdit('V693-1', 'validity', [LAR.submissionOfApplication], (row) =>
    numberIn(row, LAR.submissionOfApplication, CODES_1_2_3_EXEMPT),
  ),
  larEdit('V693-2', 'validity', [LAR.submissionOfApplication, LAR.actionTaken], (row) =>
    numberIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? numberIn(row, LAR.submissionOfApplication, CHANNEL_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V693-3', 'validity', [LAR.submissionOfApplication, LAR.actionTaken], (row) =>
    numberIs(row, LAR.submissionOfApplication, 3)
      ? numberIs(row, LAR.actionTaken, PURCHASED_LOAN)
      : true,
  ),
  larEdit('V694-1', 'validity', [LAR.initiallyPayable], (row) =>
    numberIn(row, LAR.initiallyPayable, CODES_1_2_3_EXEMPT),
  ),
  larEdit('V694-2', 'validity', [LAR.initiallyPayable, LAR.actionTaken], (row) =>
    numberIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? numberIn(row, LAR.initiallyPayable, CHANNEL_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V694-3', 'validity', [LAR.initiallyPayable, LAR.actionTaken], (row) =>
    numberIs(row, LAR.actionTaken, LOAN_ORIGINATED)
      ? numberIn(row, LAR.initiallyPayable, PAYABLE_ON_ORIGINATION)
      : true,
  ),
  // An integer (negative too, as Java's toInt reads it), NA, Exempt, or a longer whole number > 0.
  larEdit('V695-1', 'validity', [LAR.nmlsrId], (row) => {
    const id = row.text(LAR.nmlsrId);
    return !Number.isNaN(row.int(LAR.nmlsrId)) || isNaOrExemptText(id) || isPositiveWholeNumber(id);
  }),
  // Only the text "0": "00" passes here (V695-3 catches it from 2025).
  larEdit('V695-2', 'validity', [LAR.nmlsrId], (row) => row.text(LAR.nmlsrId) !== '0'),
  larEdit('V696-1', 'validity', AUS_AND_RESULTS, (row) => {
    if (!numberIn(row, LAR.aus1, AUS_FIRST)) return false;
    for (let index = 1; index < 5; index += 1) {
      const field = AUS_FIELDS[index]!;
      if (!isEmptyCode(row, field) && !numberIn(row, field, AUS_MORE)) return false;
    }
    return true;
  }),
  larEdit('V696-2', 'validity', AUS_AND_RESULTS, (row) => {
    if (!numberIn(row, LAR.ausResult1, AUS_RESULT_FIRST)) return false;
    for (let index = 1; index < 5; index += 1) {
      const field = AUS_RESULT_FIELDS[index]!;
      if (!isEmptyCode(row, field) && !numberIn(row, field, AUS_RESULT_REPORTED)) return false;
    }
    return true;
  }),
  larEdit('V696-3', 'validity', AUS_AND_RESULTS, (row) => {
    let systems = 0;
    let results = 0;
    for (let index = 0; index < 5; index += 1) {
      if (!isEmptyCode(row, AUS_FIELDS[index]!)) systems += 1;
      if (!isEmptyCode(row, AUS_RESULT_FIELDS[index]!)) results += 1;
    }
    return systems === results;
  }),
  larEdit('V699', 'validity', AUS_AND_RESULTS, (row) => {
    for (let index = 0; index < 5; index += 1) {
      if (
        numberIs(row, AUS_FIELDS[index]!, AUS_OTHER) &&
        !numberIn(row, AUS_RESULT_FIELDS[index]!, AUS_RESULT_REPORTED)
      ) {
        return false;
      }
    }
    return true;
  }),
  larEdit('V700-1', 'validity', AUS_AND_RESULTS, (row) =>
    numberIs(row, LAR.aus1, AUS_NOT_APPLICABLE)
      ? numberIs(row, LAR.ausResult1, AUS_RESULT_NOT_APPLICABLE) && onlyFirstAusReported(row)
      : true,
  ),
  larEdit('V700-2', 'validity', AUS_AND_RESULTS, (row) =>
    numberIs(row, LAR.ausResult1, AUS_RESULT_NOT_APPLICABLE)
      ? numberIs(row, LAR.aus1, AUS_NOT_APPLICABLE) && onlyFirstAusReported(row)
      : true,
  ),
  larEdit(
    'V701',
    'validity',
    AUS_AND_RESULTS.filter((field) => field !== LAR.aus1 && field !== LAR.ausResult1),
    (row) => {
      for (let index = 1; index < 5; index += 1) {
        if (isEmptyCode(row, AUS_FIELDS[index]!) && !isEmptyCode(row, AUS_RESULT_FIELDS[index]!))
          return false;
      }
      return true;
    },
  ),
  larEdit('V702-1', 'validity', [...AUS_FIELDS, LAR.ausOther], (row) =>
    anyAusIs(row, AUS_OTHER) ? !isBlank(row, LAR.ausOther) : true,
  ),
  larEdit('V702-2', 'validity', [...AUS_FIELDS, LAR.ausOther], (row) =>
    isBlank(row, LAR.ausOther) ? true : anyAusIs(row, AUS_OTHER),
  ),
  larEdit('V703-1', 'validity', [...AUS_RESULT_FIELDS, LAR.ausResultOther], (row) =>
    anyAusResultIs(row, AUS_RESULT_OTHER) ? !isBlank(row, LAR.ausResultOther) : true,
  ),
  larEdit('V703-2', 'validity', [...AUS_RESULT_FIELDS, LAR.ausResultOther], (row) =>
    isBlank(row, LAR.ausResultOther) ? true : anyAusResultIs(row, AUS_RESULT_OTHER),
  ),
  larEdit('V704-1', 'validity', [LAR.actionTaken, LAR.aus1, LAR.ausResult1], (row) =>
    numberIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? numberIn(row, LAR.aus1, AUS_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V704-2', 'validity', [LAR.actionTaken, LAR.aus1, LAR.ausResult1], (row) =>
    numberIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? numberIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V705-1', 'validity', [LAR.aus1, LAR.ausResult1, ...DEMOGRAPHICS], (row) =>
    nonNaturalWithoutCoApplicant(row)
      ? numberIn(row, LAR.aus1, AUS_NA_OR_EXEMPT) &&
        numberIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V705-2', 'validity', [LAR.aus1, LAR.ausResult1, ...DEMOGRAPHICS], (row) =>
    nonNaturalBoth(row)
      ? numberIn(row, LAR.aus1, AUS_NA_OR_EXEMPT) &&
        numberIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V706', 'validity', [LAR.reverseMortgage], (row) =>
    numberIn(row, LAR.reverseMortgage, CODES_1_2_EXEMPT),
  ),
  larEdit('V707', 'validity', [LAR.openEndLineOfCredit], (row) =>
    numberIn(row, LAR.openEndLineOfCredit, CODES_1_2_EXEMPT),
  ),
  larEdit('V708', 'validity', [LAR.businessOrCommercial], (row) =>
    numberIn(row, LAR.businessOrCommercial, CODES_1_2_EXEMPT),
  ),
  larEdit('V709', 'validity', ADDRESS_FIELDS, (row) => allOrNoneExemptText(row, ADDRESS_FIELDS)),
  larEdit(
    'V710',
    'validity',
    [
      LAR.appCreditScore,
      LAR.coAppCreditScore,
      LAR.appCreditModel,
      LAR.appCreditModelOther,
      LAR.coAppCreditModel,
      LAR.coAppCreditModelOther,
    ],
    (row) =>
      allOrNoneExemptCode(row, CREDIT_SCORE_CODES) &&
      (!isExemptCode(row, LAR.appCreditScore) ||
        (isBlank(row, LAR.appCreditModelOther) && isBlank(row, LAR.coAppCreditModelOther))),
  ),
  larEdit(
    'V711',
    'validity',
    [LAR.denial1, LAR.denial2, LAR.denial3, LAR.denial4, LAR.denialOther],
    (row) =>
      isExemptCode(row, LAR.denial1)
        ? isEmptyCode(row, LAR.denial2) &&
          isEmptyCode(row, LAR.denial3) &&
          isEmptyCode(row, LAR.denial4) &&
          isBlank(row, LAR.denialOther)
        : true,
  ),
  larEdit('V712', 'validity', POINTS_AND_COSTS, (row) =>
    allOrNoneExemptText(row, POINTS_AND_COSTS),
  ),
  larEdit(
    'V713',
    'validity',
    [...AUS_FIELDS, LAR.ausOther, ...AUS_RESULT_FIELDS, LAR.ausResultOther],
    (row) => {
      if (!isExemptCode(row, LAR.aus1) && !isExemptCode(row, LAR.ausResult1)) return true;
      return (
        isExemptCode(row, LAR.aus1) &&
        isExemptCode(row, LAR.ausResult1) &&
        onlyFirstAusReported(row) &&
        isBlank(row, LAR.ausOther) &&
        isBlank(row, LAR.ausResultOther)
      );
    },
  ),
  larEdit('V714', 'validity', CHANNEL_FIELDS, (row) => allOrNoneExemptCode(row, CHANNEL_FIELDS)),
  larEdit('V715', 'validity', NON_AMORTIZING_FIELDS, (row) =>
    allOrNoneExemptCode(row, NON_AMORTIZING_FIELDS),
  ),
  larEdit('V721-1', 'validity', [LAR.appAge], (row) => {
    const age = row.num(LAR.appAge);
    return age !== EXEMPTION_CODE && age !== 9999;
  }),
  larEdit('V721-2', 'validity', [LAR.coAppAge], (row) => row.num(LAR.coAppAge) !== EXEMPTION_CODE),
  larEdit('V720-1', 'validity', [LAR.appCreditModel, LAR.appCreditScore], (row) =>
    numberIn(row, LAR.appCreditModel, MODELS_FROM_280) ? row.num(LAR.appCreditScore) >= 280 : true,
  ),
  larEdit('V720-2', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditScore], (row) =>
    numberIn(row, LAR.coAppCreditModel, MODELS_FROM_280)
      ? row.num(LAR.coAppCreditScore) >= 280
      : true,
  ),
  larEdit('V720-3', 'validity', [LAR.appCreditModel, LAR.appCreditScore], (row) =>
    numberIn(row, LAR.appCreditModel, MODELS_FROM_300) ? row.num(LAR.appCreditScore) >= 300 : true,
  ),
  larEdit('V720-4', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditScore], (row) =>
    numberIn(row, LAR.coAppCreditModel, MODELS_FROM_300)
      ? row.num(LAR.coAppCreditScore) >= 300
      : true,
  ),
  tsEdit('V717', 'validity', [TS.contactEmail], (ts) => VALID_EMAIL.test(ts.text(TS.contactEmail))),
  tsEdit(
    'V719-1',
    'validity',
    [TS.institutionName],
    (ts) => !JAVA_DOUBLE.test(ts.text(TS.institutionName)),
  ),
  tsEdit(
    'V719-2',
    'validity',
    [TS.institutionName, TS.lei],
    (ts) => ts.text(TS.institutionName) !== ts.text(TS.lei),
  ),
];

/**
 * V680 to V721 as the platform runs them for one filing, in its order: V695-3 by year, V716
 * when the county list is given, V718 in the quarterly filings of 2025 and later.
 */
export function validityEditsV680V721For(
  filing: { year: number; period: FilingPeriod },
  counties?: ReadonlySet<string>,
): readonly RowEdit[] {
  const edits: RowEdit[] = [];
  const v695_3 = filing.year >= 2026 ? V695_3_2026 : filing.year === 2025 ? V695_3_2025 : null;
  for (const edit of VALIDITY_EDITS_V680_V721) {
    if (edit.id === 'V721-1' && counties) edits.push(v716WithCounties(counties));
    edits.push(edit);
    if (edit.id === 'V695-2' && v695_3) edits.push(v695_3);
  }
  if (filing.period !== 'annual' && filing.year >= 2025) edits.push(V718_QUARTERLY);
  return edits;
}
