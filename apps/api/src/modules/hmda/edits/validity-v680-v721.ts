import { LAR, TS } from '../lar-fields.ts';
import { isInteger } from '../lar-values.ts';
import {
  larEdit,
  tsEdit,
  type FilingContext,
  type FilingPeriod,
  type HmdaRow,
  type RowEdit,
} from './edit.ts';

/**
 * Validity edits V680 to V721 as the CFPB platform's rules run them (2024 to 2026, annual and
 * quarterly). Most read one LAR row; V717, V718 and V719-1/-2 read the Transmittal Sheet.
 *
 * How values compare, as on the platform: a field its parser reads as an enumeration is an
 * integer code ("01" is 1); in the optional code fields (AUS 2-5, AUS Result 2-5, Denial 2-4)
 * a blank and a 0 are both the "empty" code; "NA" and "Exempt" match exactly, case and all
 * (the parser refuses any other spelling in a numeric field before an edit runs).
 *
 * Year and period differences, from the platform's engines:
 * - V695-3: none in 2024; 2025 (annual and quarterly) `V695_3_2025`, 4 to 12 characters;
 *   2026 (annual and quarterly) `V695_3_2026`, 4 to 7 characters and at most 3000000.
 * - V718: quarterly filings of 2025 and 2026 only (`V718_QUARTERLY`).
 * - V716 needs the census county list the platform loads (`v716WithCounties`).
 * `validityEditsV680V721For` puts the right ones together for a filing.
 */

const NA = 'NA';
const EXEMPT = 'Exempt';
const EXEMPT_CODE = 1111;
/** Java's Int.MaxValue: what V692-3 takes for Multifamily Affordable Units that is no integer. */
const INT_MAX = 2_147_483_647;

/**
 * Total Units from which V692 asks Multifamily Affordable Units to be at most Total Units, and
 * below which it must be NA or Exempt: `edits.V692.units` in the platform's edits.conf (the V692
 * row of edit-thresholds.txt), 5 for every year.
 */
export const V692_UNITS = 5;

const isNaOrExempt = (value: string) => value === NA || value === EXEMPT;
const naOrExempt = (row: HmdaRow, field: number) => isNaOrExempt(row.text(field));

const codeIs = (row: HmdaRow, field: number, code: number) => row.num(field) === code;
const codeIn = (row: HmdaRow, field: number, codes: ReadonlySet<number>) =>
  codes.has(row.num(field));

/** An optional code field read as the platform reads it: blank and 0 are both "empty". */
function isEmptyCode(row: HmdaRow, field: number): boolean {
  return row.text(field) === '' || row.num(field) === 0;
}

/** A free-text field the platform tests with `isEmpty` (the parser has trimmed it). */
const isBlank = (row: HmdaRow, field: number) => row.text(field) === '';

/** An integer as Java's `toInt` reads it (32 bits), greater than zero. */
function isPositiveInt(value: string): boolean {
  return isInteger(value) && Number(value) > 0;
}

const CODES_1_2_EXEMPT = new Set([1, 2, EXEMPT_CODE]);
const CODES_1_2_3_EXEMPT = new Set([1, 2, 3, EXEMPT_CODE]);
const CODES_1_TO_5_EXEMPT = new Set([1, 2, 3, 4, 5, EXEMPT_CODE]);
const WITHDRAWN_INCOMPLETE_PURCHASED = new Set([4, 5, 6]);
const WITHDRAWN_INCOMPLETE = new Set([4, 5]);
const PURCHASED_LOAN = 6;
const LOAN_ORIGINATED = 1;

const MANUFACTURED_SECURED_NA_OR_EXEMPT = new Set([3, EXEMPT_CODE]);
const MANUFACTURED_LAND_NA_OR_EXEMPT = new Set([5, EXEMPT_CODE]);
const SITE_BUILT = 1;
const CHANNEL_NA_OR_EXEMPT = new Set([3, EXEMPT_CODE]);
const PAYABLE_ON_ORIGINATION = new Set([1, 2, EXEMPT_CODE]);

const AUS_NOT_APPLICABLE = 6;
const AUS_OTHER = 5;
const AUS_RESULT_NOT_APPLICABLE = 17;
const AUS_RESULT_OTHER = 16;
const AUS_FIRST = new Set([1, 2, 3, 4, 5, 6, 7, EXEMPT_CODE]);
/** AUS 2-5 besides "empty": no Not Applicable (6), no Exempt. */
const AUS_MORE = new Set([1, 2, 3, 4, 5, 7]);
const AUS_RESULT_FIRST = new Set([
  ...Array.from({ length: 24 }, (_, index) => index + 1),
  EXEMPT_CODE,
]);
/** A result of a reported system: every code but Not Applicable (17) and Exempt. */
const AUS_RESULT_REPORTED = new Set(
  Array.from({ length: 24 }, (_, index) => index + 1).filter(
    (code) => code !== AUS_RESULT_NOT_APPLICABLE,
  ),
);
const AUS_NA_OR_EXEMPT = new Set([AUS_NOT_APPLICABLE, EXEMPT_CODE]);
const AUS_RESULT_NA_OR_EXEMPT = new Set([AUS_RESULT_NOT_APPLICABLE, EXEMPT_CODE]);

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
const MODELS_FROM_280 = new Set([1, 2, 3, 4, 5, 6, 11, 12]);
const MODELS_FROM_300 = new Set([13, 14, 15]);

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
    codeIs(row, LAR.appEthnicity1, 4) && codeIs(row, LAR.appRace1, 7) && codeIs(row, LAR.appSex, 4)
  );
}

/** V680-1, V705-1: a non-natural applicant with no co-applicant (ethnicity 5, race 8, sex 5). */
function nonNaturalWithoutCoApplicant(row: HmdaRow): boolean {
  return (
    applicantIsNotNatural(row) &&
    codeIs(row, LAR.coAppEthnicity1, 5) &&
    codeIs(row, LAR.coAppRace1, 8) &&
    codeIs(row, LAR.coAppSex, 5)
  );
}

/** V680-2, V705-2: applicant and co-applicant both non-natural. */
function nonNaturalBoth(row: HmdaRow): boolean {
  return (
    applicantIsNotNatural(row) &&
    codeIs(row, LAR.coAppEthnicity1, 4) &&
    codeIs(row, LAR.coAppRace1, 7) &&
    codeIs(row, LAR.coAppSex, 4)
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
  for (const field of AUS_FIELDS) if (codeIs(row, field, code)) return true;
  return false;
}

function anyAusResultIs(row: HmdaRow, code: number): boolean {
  for (const field of AUS_RESULT_FIELDS) if (codeIs(row, field, code)) return true;
  return false;
}

/** All the fields hold Exempt (or 1111) when any of them does. */
function allExemptIfAny(
  row: HmdaRow,
  fields: readonly number[],
  isExempt: (row: HmdaRow, field: number) => boolean,
) {
  let exempt = 0;
  for (const field of fields) if (isExempt(row, field)) exempt += 1;
  return exempt === 0 || exempt === fields.length;
}

const isExemptText = (row: HmdaRow, field: number) => row.text(field) === EXEMPT;
const isExemptCode = (row: HmdaRow, field: number) => codeIs(row, field, EXEMPT_CODE);

/** A whole number above zero as Java's BigInteger reads it: an optional +, digits, not all 0. */
const POSITIVE_WHOLE_NUMBER = /^\+?0*[1-9]\d*$/;

/** V695-3 as 2025 runs it: 4 to 12 characters, a whole number above zero (or NA / Exempt). */
function nmlsrIdFits2025(value: string): boolean {
  if (isNaOrExempt(value)) return true;
  return value.length >= 4 && value.length <= 12 && POSITIVE_WHOLE_NUMBER.test(value);
}

/** V695-3 as 2026 runs it: 4 to 7 characters, a whole number from 1 to 3000000 (or NA / Exempt). */
function nmlsrIdFits2026(value: string): boolean {
  if (isNaOrExempt(value)) return true;
  return (
    value.length >= 4 &&
    value.length <= 7 &&
    POSITIVE_WHOLE_NUMBER.test(value) &&
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
 * The state codes the platform checks a county against (hmda.model.census.Census.states):
 * postal abbreviation to the two FIPS digits a county code starts with.
 */
export const STATE_FIPS_CODES: ReadonlyMap<string, string> = new Map([
  ['AL', '01'],
  ['AK', '02'],
  ['AZ', '04'],
  ['AR', '05'],
  ['CA', '06'],
  ['CO', '08'],
  ['CT', '09'],
  ['DE', '10'],
  ['DC', '11'],
  ['FL', '12'],
  ['GA', '13'],
  ['HI', '15'],
  ['ID', '16'],
  ['IL', '17'],
  ['IN', '18'],
  ['IA', '19'],
  ['KS', '20'],
  ['KY', '21'],
  ['LA', '22'],
  ['ME', '23'],
  ['MD', '24'],
  ['MA', '25'],
  ['MI', '26'],
  ['MN', '27'],
  ['MS', '28'],
  ['MO', '29'],
  ['MT', '30'],
  ['NE', '31'],
  ['NV', '32'],
  ['NH', '33'],
  ['NJ', '34'],
  ['NM', '35'],
  ['NY', '36'],
  ['NC', '37'],
  ['ND', '38'],
  ['OH', '39'],
  ['OK', '40'],
  ['OR', '41'],
  ['PA', '42'],
  ['RI', '44'],
  ['SC', '45'],
  ['SD', '46'],
  ['TN', '47'],
  ['TX', '48'],
  ['UT', '49'],
  ['VT', '50'],
  ['VA', '51'],
  ['WA', '53'],
  ['WV', '54'],
  ['WI', '55'],
  ['WY', '56'],
  ['AS', '60'],
  ['FM', '64'],
  ['GU', '66'],
  ['MH', '68'],
  ['MP', '69'],
  ['PW', '70'],
  ['PR', '72'],
  ['VI', '78'],
]);

/** V716 skips a row whose county or state is NA in any case ("na" too): only there. */
const isNaAnyCase = (value: string) =>
  value.length === 2 &&
  (value[0] === 'N' || value[0] === 'n') &&
  (value[1] === 'A' || value[1] === 'a');

/**
 * V716 with the five-digit county codes of the census year the platform loads (its 2024
 * county file for 2024 to 2026): the county must be one of them and start with the state's
 * code. A row whose county or state is NA passes.
 */
export function v716WithCounties(counties: ReadonlySet<string>): RowEdit {
  return larEdit('V716', 'validity', [LAR.county, LAR.state], (row) => {
    const county = row.text(LAR.county);
    const state = row.text(LAR.state);
    if (isNaAnyCase(county) || isNaAnyCase(state)) return true;
    return counties.has(county) && STATE_FIPS_CODES.get(state) === county.slice(0, 2);
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
      return naOrExempt(row, LAR.multifamilyAffordableUnits);
    }),
    larEdit('V692-3', 'validity', fields, (row) => {
      const totalUnits = row.num(LAR.totalUnits);
      if (!(totalUnits >= units)) return true;
      const affordable = row.text(LAR.multifamilyAffordableUnits);
      if (isNaOrExempt(affordable)) return true;
      return (isInteger(affordable) ? Number(affordable) : INT_MAX) <= totalUnits;
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
    nonNaturalWithoutCoApplicant(row) ? naOrExempt(row, LAR.debtToIncome) : true,
  ),
  larEdit('V680-2', 'validity', [LAR.debtToIncome, ...DEMOGRAPHICS], (row) =>
    nonNaturalBoth(row) ? naOrExempt(row, LAR.debtToIncome) : true,
  ),
  larEdit(
    'V681-1',
    'validity',
    [LAR.combinedLoanToValue],
    (row) => naOrExempt(row, LAR.combinedLoanToValue) || row.num(LAR.combinedLoanToValue) > 0,
  ),
  larEdit('V681-2', 'validity', [LAR.combinedLoanToValue, LAR.actionTaken], (row) =>
    codeIn(row, LAR.actionTaken, WITHDRAWN_INCOMPLETE_PURCHASED)
      ? naOrExempt(row, LAR.combinedLoanToValue)
      : true,
  ),
  larEdit(
    'V682-1',
    'validity',
    [LAR.loanTerm],
    (row) => naOrExempt(row, LAR.loanTerm) || isPositiveInt(row.text(LAR.loanTerm)),
  ),
  larEdit('V682-2', 'validity', [LAR.loanTerm, LAR.reverseMortgage], (row) =>
    codeIs(row, LAR.reverseMortgage, 1) ? naOrExempt(row, LAR.loanTerm) : true,
  ),
  larEdit(
    'V683',
    'validity',
    [LAR.introductoryRatePeriod],
    (row) =>
      naOrExempt(row, LAR.introductoryRatePeriod) ||
      isPositiveInt(row.text(LAR.introductoryRatePeriod)),
  ),
  larEdit('V684', 'validity', [LAR.balloonPayment], (row) =>
    codeIn(row, LAR.balloonPayment, CODES_1_2_EXEMPT),
  ),
  larEdit('V685', 'validity', [LAR.interestOnlyPayments], (row) =>
    codeIn(row, LAR.interestOnlyPayments, CODES_1_2_EXEMPT),
  ),
  larEdit('V686', 'validity', [LAR.negativeAmortization], (row) =>
    codeIn(row, LAR.negativeAmortization, CODES_1_2_EXEMPT),
  ),
  larEdit('V687', 'validity', [LAR.otherNonAmortizing], (row) =>
    codeIn(row, LAR.otherNonAmortizing, CODES_1_2_EXEMPT),
  ),
  larEdit(
    'V688-1',
    'validity',
    [LAR.propertyValue],
    (row) => naOrExempt(row, LAR.propertyValue) || row.num(LAR.propertyValue) > 0,
  ),
  larEdit('V688-2', 'validity', [LAR.propertyValue, LAR.actionTaken], (row) =>
    codeIn(row, LAR.actionTaken, WITHDRAWN_INCOMPLETE) ? naOrExempt(row, LAR.propertyValue) : true,
  ),
  larEdit('V689-1', 'validity', [LAR.manufacturedSecuredProperty], (row) =>
    codeIn(row, LAR.manufacturedSecuredProperty, CODES_1_2_3_EXEMPT),
  ),
  // "Is a number" is Java's toDouble succeeding; NA and Exempt do not.
  larEdit(
    'V689-2',
    'validity',
    [LAR.manufacturedSecuredProperty, LAR.multifamilyAffordableUnits],
    (row) =>
      Number.isNaN(row.num(LAR.multifamilyAffordableUnits)) ||
      codeIn(row, LAR.manufacturedSecuredProperty, MANUFACTURED_SECURED_NA_OR_EXEMPT),
  ),
  larEdit('V689-3', 'validity', [LAR.manufacturedSecuredProperty, LAR.constructionMethod], (row) =>
    codeIs(row, LAR.constructionMethod, SITE_BUILT)
      ? codeIn(row, LAR.manufacturedSecuredProperty, MANUFACTURED_SECURED_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V690-1', 'validity', [LAR.manufacturedLandInterest], (row) =>
    codeIn(row, LAR.manufacturedLandInterest, CODES_1_TO_5_EXEMPT),
  ),
  larEdit(
    'V690-2',
    'validity',
    [LAR.manufacturedLandInterest, LAR.multifamilyAffordableUnits],
    (row) =>
      Number.isNaN(row.num(LAR.multifamilyAffordableUnits)) ||
      codeIn(row, LAR.manufacturedLandInterest, MANUFACTURED_LAND_NA_OR_EXEMPT),
  ),
  larEdit('V690-3', 'validity', [LAR.manufacturedLandInterest, LAR.constructionMethod], (row) =>
    codeIs(row, LAR.constructionMethod, SITE_BUILT)
      ? codeIn(row, LAR.manufacturedLandInterest, MANUFACTURED_LAND_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V691', 'validity', [LAR.totalUnits], (row) => row.num(LAR.totalUnits) > 0),
  larEdit('V692-1', 'validity', [LAR.multifamilyAffordableUnits], (row) => {
    const affordable = row.text(LAR.multifamilyAffordableUnits);
    return isNaOrExempt(affordable) || isInteger(affordable);
  }),
  V692_2,
  V692_3,
  larEdit('V693-1', 'validity', [LAR.submissionOfApplication], (row) =>
    codeIn(row, LAR.submissionOfApplication, CODES_1_2_3_EXEMPT),
  ),
  larEdit('V693-2', 'validity', [LAR.submissionOfApplication, LAR.actionTaken], (row) =>
    codeIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? codeIn(row, LAR.submissionOfApplication, CHANNEL_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V693-3', 'validity', [LAR.submissionOfApplication, LAR.actionTaken], (row) =>
    codeIs(row, LAR.submissionOfApplication, 3)
      ? codeIs(row, LAR.actionTaken, PURCHASED_LOAN)
      : true,
  ),
  larEdit('V694-1', 'validity', [LAR.initiallyPayable], (row) =>
    codeIn(row, LAR.initiallyPayable, CODES_1_2_3_EXEMPT),
  ),
  larEdit('V694-2', 'validity', [LAR.initiallyPayable, LAR.actionTaken], (row) =>
    codeIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? codeIn(row, LAR.initiallyPayable, CHANNEL_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V694-3', 'validity', [LAR.initiallyPayable, LAR.actionTaken], (row) =>
    codeIs(row, LAR.actionTaken, LOAN_ORIGINATED)
      ? codeIn(row, LAR.initiallyPayable, PAYABLE_ON_ORIGINATION)
      : true,
  ),
  // An integer (negative too, as Java's toInt reads it), NA, Exempt, or a longer whole number > 0.
  larEdit('V695-1', 'validity', [LAR.nmlsrId], (row) => {
    const id = row.text(LAR.nmlsrId);
    return isInteger(id) || isNaOrExempt(id) || POSITIVE_WHOLE_NUMBER.test(id);
  }),
  // Only the text "0": "00" passes here (V695-3 catches it from 2025).
  larEdit('V695-2', 'validity', [LAR.nmlsrId], (row) => row.text(LAR.nmlsrId) !== '0'),
  larEdit('V696-1', 'validity', AUS_AND_RESULTS, (row) => {
    if (!codeIn(row, LAR.aus1, AUS_FIRST)) return false;
    for (let index = 1; index < 5; index += 1) {
      const field = AUS_FIELDS[index]!;
      if (!isEmptyCode(row, field) && !codeIn(row, field, AUS_MORE)) return false;
    }
    return true;
  }),
  larEdit('V696-2', 'validity', AUS_AND_RESULTS, (row) => {
    if (!codeIn(row, LAR.ausResult1, AUS_RESULT_FIRST)) return false;
    for (let index = 1; index < 5; index += 1) {
      const field = AUS_RESULT_FIELDS[index]!;
      if (!isEmptyCode(row, field) && !codeIn(row, field, AUS_RESULT_REPORTED)) return false;
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
        codeIs(row, AUS_FIELDS[index]!, AUS_OTHER) &&
        !codeIn(row, AUS_RESULT_FIELDS[index]!, AUS_RESULT_REPORTED)
      ) {
        return false;
      }
    }
    return true;
  }),
  larEdit('V700-1', 'validity', AUS_AND_RESULTS, (row) =>
    codeIs(row, LAR.aus1, AUS_NOT_APPLICABLE)
      ? codeIs(row, LAR.ausResult1, AUS_RESULT_NOT_APPLICABLE) && onlyFirstAusReported(row)
      : true,
  ),
  larEdit('V700-2', 'validity', AUS_AND_RESULTS, (row) =>
    codeIs(row, LAR.ausResult1, AUS_RESULT_NOT_APPLICABLE)
      ? codeIs(row, LAR.aus1, AUS_NOT_APPLICABLE) && onlyFirstAusReported(row)
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
    codeIs(row, LAR.actionTaken, PURCHASED_LOAN) ? codeIn(row, LAR.aus1, AUS_NA_OR_EXEMPT) : true,
  ),
  larEdit('V704-2', 'validity', [LAR.actionTaken, LAR.aus1, LAR.ausResult1], (row) =>
    codeIs(row, LAR.actionTaken, PURCHASED_LOAN)
      ? codeIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V705-1', 'validity', [LAR.aus1, LAR.ausResult1, ...DEMOGRAPHICS], (row) =>
    nonNaturalWithoutCoApplicant(row)
      ? codeIn(row, LAR.aus1, AUS_NA_OR_EXEMPT) &&
        codeIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V705-2', 'validity', [LAR.aus1, LAR.ausResult1, ...DEMOGRAPHICS], (row) =>
    nonNaturalBoth(row)
      ? codeIn(row, LAR.aus1, AUS_NA_OR_EXEMPT) &&
        codeIn(row, LAR.ausResult1, AUS_RESULT_NA_OR_EXEMPT)
      : true,
  ),
  larEdit('V706', 'validity', [LAR.reverseMortgage], (row) =>
    codeIn(row, LAR.reverseMortgage, CODES_1_2_EXEMPT),
  ),
  larEdit('V707', 'validity', [LAR.openEndLineOfCredit], (row) =>
    codeIn(row, LAR.openEndLineOfCredit, CODES_1_2_EXEMPT),
  ),
  larEdit('V708', 'validity', [LAR.businessOrCommercial], (row) =>
    codeIn(row, LAR.businessOrCommercial, CODES_1_2_EXEMPT),
  ),
  larEdit('V709', 'validity', ADDRESS_FIELDS, (row) =>
    allExemptIfAny(row, ADDRESS_FIELDS, isExemptText),
  ),
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
      allExemptIfAny(row, CREDIT_SCORE_CODES, isExemptCode) &&
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
    allExemptIfAny(row, POINTS_AND_COSTS, isExemptText),
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
  larEdit('V714', 'validity', CHANNEL_FIELDS, (row) =>
    allExemptIfAny(row, CHANNEL_FIELDS, isExemptCode),
  ),
  larEdit('V715', 'validity', NON_AMORTIZING_FIELDS, (row) =>
    allExemptIfAny(row, NON_AMORTIZING_FIELDS, isExemptCode),
  ),
  larEdit('V721-1', 'validity', [LAR.appAge], (row) => {
    const age = row.num(LAR.appAge);
    return age !== EXEMPT_CODE && age !== 9999;
  }),
  larEdit('V721-2', 'validity', [LAR.coAppAge], (row) => row.num(LAR.coAppAge) !== EXEMPT_CODE),
  larEdit('V720-1', 'validity', [LAR.appCreditModel, LAR.appCreditScore], (row) =>
    codeIn(row, LAR.appCreditModel, MODELS_FROM_280) ? row.num(LAR.appCreditScore) >= 280 : true,
  ),
  larEdit('V720-2', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditScore], (row) =>
    codeIn(row, LAR.coAppCreditModel, MODELS_FROM_280)
      ? row.num(LAR.coAppCreditScore) >= 280
      : true,
  ),
  larEdit('V720-3', 'validity', [LAR.appCreditModel, LAR.appCreditScore], (row) =>
    codeIn(row, LAR.appCreditModel, MODELS_FROM_300) ? row.num(LAR.appCreditScore) >= 300 : true,
  ),
  larEdit('V720-4', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditScore], (row) =>
    codeIn(row, LAR.coAppCreditModel, MODELS_FROM_300)
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
