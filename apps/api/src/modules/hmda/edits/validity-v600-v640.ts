import { isValidUli } from '@complivue/shared/hmda/uli';
import { LAR, TS } from '../lar-fields.ts';
import { isDate } from '../lar-values.ts';
import { larEdit, tsEdit, type HmdaRow, type RowEdit } from './edit.ts';
import {
  allBlank,
  codes,
  digitsAt,
  equalsIgnoringCase,
  INT_MAX,
  intOr,
  isBlank,
  isNaAnyCase,
  isNaOrExemptText,
  isNumber,
  NA,
  numberIn,
  numberIs,
  STATE_FIPS_CODES,
} from './row-tests.ts';

/**
 * Validity edits V600 to V640: the Transmittal Sheet's format checks (V600–V607) and the LAR's
 * identifier, loan, action, address and ethnicity/race checks (V600, V608-1 to V640), as the
 * CFPB platform's rules run them for 2024 to 2026 (`hmda/.../validation/rules/ts/validity` and
 * `rules/lar/validity/common`, with `_2022.V608_2`). The census edits V625-2, V626 and V627 need
 * the FFIEC census file and are not here.
 *
 * How the platform reads the values these edits compare:
 * - An enumerated field is parsed as an integer code, so "01" is code 1; a code outside the
 *   enumeration becomes the enumeration's "invalid code", which no list of allowed codes holds.
 * - A blank Ethnicity or Race 1–5 is the "empty" code 0, and so is an explicit "0" (the parser's
 *   test for a literal 0 compares a string with an integer and never matches).
 * - Free text ("NA", "Exempt", addresses, identifiers) compares as text, case-sensitively unless
 *   a rule says otherwise.
 * These rules read a coded field with Java's `toDouble` (`numberIn`, `numberIs`), as they were
 * written: for the integers the parser lets through, the same as the parser's code.
 */

// ---------------------------------------------------------------------------------------------
// Reading values

/** The empty code of an Ethnicity or Race field: blank, or "0". */
const EMPTY_CODE = 0;

/**
 * An Ethnicity or Race 1–5 value as the platform's code: blank is the empty code 0, anything else
 * read as Java's `toDouble`, as these rules were written ("1.0" is 1). The parser's code is that
 * whenever the value is blank or a whole number, so `num` is needed only when it is neither.
 */
function demographicCode(row: HmdaRow, field: number): number {
  const code = row.code(field);
  return Number.isNaN(code) ? row.num(field) : code;
}

const demographicCodeIn = (row: HmdaRow, field: number, codes: ReadonlySet<number>): boolean =>
  codes.has(demographicCode(row, field));

function allDemographicCodesIn(
  row: HmdaRow,
  fields: readonly number[],
  codes: ReadonlySet<number>,
): boolean {
  for (let index = 0; index < fields.length; index += 1) {
    if (!codes.has(demographicCode(row, fields[index]!))) return false;
  }
  return true;
}

function allDemographicCodesEmpty(row: HmdaRow, fields: readonly number[]): boolean {
  for (let index = 0; index < fields.length; index += 1) {
    if (demographicCode(row, fields[index]!) !== EMPTY_CODE) return false;
  }
  return true;
}

/** Ethnicity or Race 1 to 5 of one person. */
type FiveFields = readonly [number, number, number, number, number];

/**
 * True when no code of `counted` appears twice among the five fields. The platform leaves the
 * empty code out, and an invalid code never equals another (its objects hash by identity), so
 * only the enumeration's real codes can repeat. Each field is read once.
 */
function noCodeRepeated(row: HmdaRow, fields: FiveFields, counted: ReadonlySet<number>): boolean {
  const first = demographicCode(row, fields[0]);
  const second = demographicCode(row, fields[1]);
  const third = demographicCode(row, fields[2]);
  const fourth = demographicCode(row, fields[3]);
  const fifth = demographicCode(row, fields[4]);
  if (
    counted.has(first) &&
    (first === second || first === third || first === fourth || first === fifth)
  ) {
    return false;
  }
  if (counted.has(second) && (second === third || second === fourth || second === fifth)) {
    return false;
  }
  if (counted.has(third) && (third === fourth || third === fifth)) return false;
  return !(counted.has(fourth) && fourth === fifth);
}

/** The first four characters of a date as a year, or -1 when they are not four digits. */
function yearOfDate(date: string): number {
  if (date.length < 4 || !digitsAt(date, 0, 4)) return -1;
  let year = 0;
  for (let index = 0; index < 4; index += 1) year = year * 10 + (date.charCodeAt(index) - ZERO);
  return year;
}

const ZERO = 48;
const HYPHEN = 45;

/** A ZIP code as the platform's pattern `^\d{5}(-\d{4})?$` takes it, read character by character. */
function isZipCode(zip: string): boolean {
  if (zip.length === 5) return digitsAt(zip, 0, 5);
  return (
    zip.length === 10 && digitsAt(zip, 0, 5) && zip.charCodeAt(5) === HYPHEN && digitsAt(zip, 6, 4)
  );
}

/** A ULI's characters; on identifiers this long the native pattern is faster than a scan. */
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/**
 * A NULI the platform refuses whatever its format: NA, Exempt (it upper-cases the NULI first, so
 * in any case; the NULI has passed the ASCII pattern) and 1111.
 */
const isForbiddenNuli = (nuli: string): boolean =>
  isNaAnyCase(nuli) || equalsIgnoringCase(nuli, 'exempt') || nuli === '1111';

// ---------------------------------------------------------------------------------------------
// Allowed values

const PHONE = /^\d{3}-\d{3}-\d{4}$/;
const TAX_ID = /^\d{2}-\d{7}$/;

const LOAN_TYPES = codes(1, 2, 3, 4);
const LOAN_PURPOSES = codes(1, 2, 31, 32, 4, 5);
const NOT_HOME_PURCHASE = codes(2, 31, 32, 4, 5);
const PREAPPROVALS = codes(1, 2);
const PREAPPROVAL_REQUESTED = 1;
const PREAPPROVAL_NOT_REQUESTED = 2;
const CONSTRUCTION_METHODS = codes(1, 2);
const MANUFACTURED_HOME = 2;
const LAND_INTERESTS_OF_MANUFACTURED_HOMES = codes(1, 2, 3, 4);
const SECURED_BY_MANUFACTURED_HOME = codes(1, 2);
const OCCUPANCIES = codes(1, 2, 3);
const ACTIONS = codes(1, 2, 3, 4, 5, 6, 7, 8);
const PURCHASED_LOAN = 6;
const PREAPPROVAL_ACTIONS = codes(7, 8);
const ACTIONS_WITHOUT_PREAPPROVAL = codes(3, 4, 5, 6);
const ACTIONS_AFTER_PREAPPROVAL = codes(1, 2, 7, 8);
/** Every valid action but "purchased"; the platform skips an invalid action code as well. */
const ACTIONS_WITH_APPLICATION = codes(1, 2, 3, 4, 5, 7, 8);

// Ethnicity codes: 1 Hispanic or Latino (11–14 its subgroups), 2 not Hispanic, 3 not provided,
// 4 not applicable, 5 no co-applicant.
const ETHNICITY_ENUMERATION = codes(1, 11, 12, 13, 14, 2, 3, 4, 5);
const APPLICANT_ETHNICITY_1 = codes(1, 11, 12, 13, 14, 2, 3, 4);
const APPLICANT_ETHNICITY_1_OR_EMPTY = codes(1, 11, 12, 13, 14, 2, 3, 4, EMPTY_CODE);
const CO_APPLICANT_ETHNICITY_1 = codes(1, 11, 12, 13, 14, 2, 3, 4, 5);
const CO_APPLICANT_ETHNICITY_1_OR_EMPTY = codes(1, 11, 12, 13, 14, 2, 3, 4, 5, EMPTY_CODE);
const ETHNICITY_2_TO_5 = codes(EMPTY_CODE, 1, 11, 12, 13, 14, 2);
const ETHNICITY_WITHOUT_DETAIL = codes(3, 4);
const CO_ETHNICITY_WITHOUT_DETAIL = codes(3, 4, 5);
const OBSERVED_ETHNICITY_1 = codes(1, 2);
const OBSERVED_ETHNICITY_2 = codes(1, 2, EMPTY_CODE);
const NOT_OBSERVED_ETHNICITY_1 = codes(1, 11, 12, 13, 14, 2, 3);
const ETHNICITY_NOT_APPLICABLE = 4;
const ETHNICITY_NO_CO_APPLICANT = 5;

// Observation codes (ethnicity and race alike): 1 visual or surname, 2 not, 3 not applicable,
// 4 no co-applicant.
const APPLICANT_OBSERVED = codes(1, 2, 3);
const CO_APPLICANT_OBSERVED = codes(1, 2, 3, 4);
const OBSERVED = 1;
const NOT_OBSERVED = 2;
const OBSERVATION_NOT_APPLICABLE = 3;
const OBSERVATION_NO_CO_APPLICANT = 4;

// Race codes: 1–5 the five races (21–27 Asian and 41–44 Pacific Islander subgroups), 6 not
// provided, 7 not applicable, 8 no co-applicant.
const RACES = [1, 2, 21, 22, 23, 24, 25, 26, 27, 3, 4, 41, 42, 43, 44, 5];
const RACE_ENUMERATION = codes(...RACES, 6, 7, 8);
const APPLICANT_RACE_1 = codes(...RACES, 6, 7);
const CO_APPLICANT_RACE_1 = codes(...RACES, 6, 7, 8);
const RACE_2_TO_5 = codes(EMPTY_CODE, ...RACES);
const NOT_OBSERVED_RACE_1 = codes(...RACES, 6);
const RACE_WITHOUT_DETAIL = codes(6, 7);
const CO_RACE_WITHOUT_DETAIL = codes(6, 7, 8);
const OBSERVED_RACE_1 = codes(1, 2, 3, 4, 5);
const OBSERVED_RACE_2_TO_5 = codes(EMPTY_CODE, 1, 2, 3, 4, 5);
const RACE_NOT_APPLICABLE = 7;

// ---------------------------------------------------------------------------------------------
// Field groups

const APP_ETHNICITIES: FiveFields = [
  LAR.appEthnicity1,
  LAR.appEthnicity2,
  LAR.appEthnicity3,
  LAR.appEthnicity4,
  LAR.appEthnicity5,
];
const APP_ETHNICITIES_2_TO_5 = APP_ETHNICITIES.slice(1);
const APP_ETHNICITIES_3_TO_5 = APP_ETHNICITIES.slice(2);
const CO_ETHNICITIES: FiveFields = [
  LAR.coAppEthnicity1,
  LAR.coAppEthnicity2,
  LAR.coAppEthnicity3,
  LAR.coAppEthnicity4,
  LAR.coAppEthnicity5,
];
const CO_ETHNICITIES_2_TO_5 = CO_ETHNICITIES.slice(1);
const CO_ETHNICITIES_3_TO_5 = CO_ETHNICITIES.slice(2);
const APP_RACES: FiveFields = [
  LAR.appRace1,
  LAR.appRace2,
  LAR.appRace3,
  LAR.appRace4,
  LAR.appRace5,
];
const APP_RACES_2_TO_5 = APP_RACES.slice(1);
const APP_RACE_TEXTS = [LAR.appRaceOtherNative, LAR.appRaceOtherAsian, LAR.appRaceOtherPacific];
const CO_RACES: FiveFields = [
  LAR.coAppRace1,
  LAR.coAppRace2,
  LAR.coAppRace3,
  LAR.coAppRace4,
  LAR.coAppRace5,
];
const CO_RACES_2_TO_5 = CO_RACES.slice(1);
const CO_RACE_TEXTS = [
  LAR.coAppRaceOtherNative,
  LAR.coAppRaceOtherAsian,
  LAR.coAppRaceOtherPacific,
];

// ---------------------------------------------------------------------------------------------
// Transmittal Sheet (V600–V607)

const TS_EDITS: RowEdit[] = [
  // The platform checks only the length; the "alphanumeric" of the description is not tested.
  tsEdit('V600', 'validity', [TS.lei], (ts) => ts.text(TS.lei).length === 20),
  tsEdit(
    'V601',
    'validity',
    [TS.institutionName, TS.contactName, TS.contactEmail, TS.contactStreet, TS.contactCity],
    (ts) =>
      !isBlank(ts, TS.institutionName) &&
      !isBlank(ts, TS.contactName) &&
      !isBlank(ts, TS.contactEmail) &&
      !isBlank(ts, TS.contactStreet) &&
      !isBlank(ts, TS.contactCity),
  ),
  // Annual filings only: the quarterly engines drop V602 (a quarterly TS names quarter 1–3).
  tsEdit(
    'V602',
    'validity',
    [TS.calendarQuarter],
    (ts, context) => context.period !== 'annual' || ts.int(TS.calendarQuarter) === 4,
  ),
  tsEdit('V603', 'validity', [TS.contactPhone], (ts) => PHONE.test(ts.text(TS.contactPhone))),
  tsEdit('V604', 'validity', [TS.contactState], (ts) =>
    STATE_FIPS_CODES.has(ts.text(TS.contactState)),
  ),
  tsEdit('V605', 'validity', [TS.contactZip], (ts) => isZipCode(ts.text(TS.contactZip))),
  tsEdit('V606', 'validity', [TS.totalEntries], (ts) => ts.int(TS.totalEntries) > 0),
  tsEdit('V607', 'validity', [TS.taxId], (ts) => TAX_ID.test(ts.text(TS.taxId))),
];

// ---------------------------------------------------------------------------------------------
// LAR: identifiers, loan and action (V600, V608–V619)

function uliFormatValid(row: HmdaRow): boolean {
  const uli = row.text(LAR.uli);
  return uli.length < 23 || (uli.length <= 45 && ALPHANUMERIC.test(uli));
}

function nuliFormatValid(row: HmdaRow): boolean {
  const nuli = row.text(LAR.uli);
  if (nuli.length >= 23) return true;
  return ALPHANUMERIC.test(nuli) && !isForbiddenNuli(nuli);
}

/**
 * V609: a ULI (23 characters or more) is 23 to 45 letters and digits and its check digit is right;
 * the shared check of Regulation C's appendix C, which refuses a longer ULI as V609 does.
 */
function uliCheckDigitOfRowValid(row: HmdaRow): boolean {
  const uli = row.text(LAR.uli);
  return uli.length <= 22 || isValidUli(uli);
}

/** V619-3: an application's action date is not before its application date. */
function actionNotBeforeApplication(row: HmdaRow): boolean {
  if (!numberIn(row, LAR.actionTaken, ACTIONS_WITH_APPLICATION)) return true;
  if (row.text(LAR.applicationDate) === NA) return true;
  // A date that is not an integer counts as the largest one, as in the platform's rule.
  return row.num(LAR.actionTakenDate) >= intOr(row, LAR.applicationDate, INT_MAX);
}

/** `when(condition) { preapproval is 2 }`, the shape of V613-3 and V614-1 to V614-4. */
const preapprovalNotRequested = (row: HmdaRow): boolean =>
  numberIs(row, LAR.preapproval, PREAPPROVAL_NOT_REQUESTED);

const LOAN_EDITS: RowEdit[] = [
  larEdit('V600', 'validity', [LAR.lei], (row) => row.text(LAR.lei).length === 20),
  larEdit('V608-1', 'validity', [LAR.uli], uliFormatValid),
  larEdit('V608-2', 'validity', [LAR.uli], nuliFormatValid),
  larEdit('V609', 'validity', [LAR.uli], uliCheckDigitOfRowValid),
  larEdit('V610-1', 'validity', [LAR.applicationDate], (row) => {
    const date = row.text(LAR.applicationDate);
    return date === NA || isDate(date);
  }),
  larEdit('V610-2', 'validity', [LAR.applicationDate, LAR.actionTaken], (row) => {
    const purchased = numberIs(row, LAR.actionTaken, PURCHASED_LOAN);
    return purchased === (row.text(LAR.applicationDate) === NA);
  }),
  larEdit('V611', 'validity', [LAR.loanType], (row) => numberIn(row, LAR.loanType, LOAN_TYPES)),
  larEdit('V612-1', 'validity', [LAR.loanPurpose], (row) =>
    numberIn(row, LAR.loanPurpose, LOAN_PURPOSES),
  ),
  larEdit(
    'V612-2',
    'validity',
    [LAR.preapproval, LAR.loanPurpose],
    (row) =>
      !numberIs(row, LAR.preapproval, PREAPPROVAL_REQUESTED) || numberIs(row, LAR.loanPurpose, 1),
  ),
  larEdit('V613-1', 'validity', [LAR.preapproval], (row) =>
    numberIn(row, LAR.preapproval, PREAPPROVALS),
  ),
  larEdit(
    'V613-2',
    'validity',
    [LAR.actionTaken, LAR.preapproval],
    (row) =>
      !numberIn(row, LAR.actionTaken, PREAPPROVAL_ACTIONS) ||
      numberIs(row, LAR.preapproval, PREAPPROVAL_REQUESTED),
  ),
  larEdit(
    'V613-3',
    'validity',
    [LAR.actionTaken, LAR.preapproval],
    (row) =>
      !numberIn(row, LAR.actionTaken, ACTIONS_WITHOUT_PREAPPROVAL) || preapprovalNotRequested(row),
  ),
  larEdit(
    'V613-4',
    'validity',
    [LAR.preapproval, LAR.actionTaken],
    (row) =>
      !numberIs(row, LAR.preapproval, PREAPPROVAL_REQUESTED) ||
      numberIn(row, LAR.actionTaken, ACTIONS_AFTER_PREAPPROVAL),
  ),
  larEdit(
    'V614-1',
    'validity',
    [LAR.loanPurpose, LAR.preapproval],
    (row) => !numberIn(row, LAR.loanPurpose, NOT_HOME_PURCHASE) || preapprovalNotRequested(row),
  ),
  // "Is a number" is Java's toDouble, so NA and Exempt are not, and any numeral is.
  larEdit(
    'V614-2',
    'validity',
    [LAR.multifamilyAffordableUnits, LAR.preapproval],
    (row) => !isNumber(row, LAR.multifamilyAffordableUnits) || preapprovalNotRequested(row),
  ),
  larEdit(
    'V614-3',
    'validity',
    [LAR.reverseMortgage, LAR.preapproval],
    (row) => !numberIs(row, LAR.reverseMortgage, 1) || preapprovalNotRequested(row),
  ),
  larEdit(
    'V614-4',
    'validity',
    [LAR.openEndLineOfCredit, LAR.preapproval],
    (row) => !numberIs(row, LAR.openEndLineOfCredit, 1) || preapprovalNotRequested(row),
  ),
  larEdit('V615-1', 'validity', [LAR.constructionMethod], (row) =>
    numberIn(row, LAR.constructionMethod, CONSTRUCTION_METHODS),
  ),
  larEdit(
    'V615-2',
    'validity',
    [LAR.manufacturedLandInterest, LAR.constructionMethod],
    (row) =>
      !numberIn(row, LAR.manufacturedLandInterest, LAND_INTERESTS_OF_MANUFACTURED_HOMES) ||
      numberIs(row, LAR.constructionMethod, MANUFACTURED_HOME),
  ),
  larEdit(
    'V615-3',
    'validity',
    [LAR.manufacturedSecuredProperty, LAR.constructionMethod],
    (row) =>
      !numberIn(row, LAR.manufacturedSecuredProperty, SECURED_BY_MANUFACTURED_HOME) ||
      numberIs(row, LAR.constructionMethod, MANUFACTURED_HOME),
  ),
  larEdit('V616', 'validity', [LAR.occupancy], (row) => numberIn(row, LAR.occupancy, OCCUPANCIES)),
  larEdit('V617', 'validity', [LAR.loanAmount], (row) => row.num(LAR.loanAmount) >= 0),
  larEdit('V618', 'validity', [LAR.actionTaken], (row) => numberIn(row, LAR.actionTaken, ACTIONS)),
  larEdit('V619-1', 'validity', [LAR.actionTakenDate], (row) =>
    isDate(row.text(LAR.actionTakenDate)),
  ),
  // The filing's year; the platform's engines pass it as a literal per year.
  larEdit(
    'V619-2',
    'validity',
    [LAR.actionTakenDate],
    (row, context) => yearOfDate(row.text(LAR.actionTakenDate)) === context.year,
  ),
  larEdit(
    'V619-3',
    'validity',
    [LAR.actionTaken, LAR.actionTakenDate, LAR.applicationDate],
    actionNotBeforeApplication,
  ),
];

// ---------------------------------------------------------------------------------------------
// LAR: address (V620–V625-1)

const ADDRESS_EDITS: RowEdit[] = [
  larEdit('V620', 'validity', [LAR.street], (row) => !isBlank(row, LAR.street)),
  larEdit('V621', 'validity', [LAR.city], (row) => !isBlank(row, LAR.city)),
  larEdit('V622', 'validity', [LAR.street, LAR.city, LAR.state, LAR.zip], (row) => {
    const street = row.text(LAR.street);
    if (isNaOrExemptText(street)) return true;
    return row.text(LAR.city) !== NA && row.text(LAR.state) !== NA && row.text(LAR.zip) !== NA;
  }),
  larEdit('V623', 'validity', [LAR.state], (row) => {
    const state = row.text(LAR.state);
    return state === NA || STATE_FIPS_CODES.has(state);
  }),
  larEdit('V624', 'validity', [LAR.zip], (row) => {
    const zip = row.text(LAR.zip);
    return isNaOrExemptText(zip) || isZipCode(zip);
  }),
  // Any numeral of eleven characters passes, and NA in any case.
  larEdit('V625-1', 'validity', [LAR.tract], (row) => {
    const tract = row.text(LAR.tract);
    return (tract.length === 11 && isNumber(row, LAR.tract)) || isNaAnyCase(tract);
  }),
];

// ---------------------------------------------------------------------------------------------
// LAR: ethnicity (V628–V634)

const ETHNICITY_EDITS: RowEdit[] = [
  larEdit('V628-1', 'validity', [LAR.appEthnicity1, LAR.appEthnicityOther], (row) =>
    demographicCodeIn(
      row,
      LAR.appEthnicity1,
      isBlank(row, LAR.appEthnicityOther) ? APPLICANT_ETHNICITY_1 : APPLICANT_ETHNICITY_1_OR_EMPTY,
    ),
  ),
  larEdit('V628-2', 'validity', APP_ETHNICITIES_2_TO_5, (row) =>
    allDemographicCodesIn(row, APP_ETHNICITIES_2_TO_5, ETHNICITY_2_TO_5),
  ),
  larEdit('V628-3', 'validity', APP_ETHNICITIES, (row) =>
    noCodeRepeated(row, APP_ETHNICITIES, ETHNICITY_ENUMERATION),
  ),
  larEdit(
    'V628-4',
    'validity',
    APP_ETHNICITIES,
    (row) =>
      !demographicCodeIn(row, LAR.appEthnicity1, ETHNICITY_WITHOUT_DETAIL) ||
      allDemographicCodesEmpty(row, APP_ETHNICITIES_2_TO_5),
  ),
  larEdit('V629-1', 'validity', [LAR.appEthnicityObserved], (row) =>
    numberIn(row, LAR.appEthnicityObserved, APPLICANT_OBSERVED),
  ),
  larEdit(
    'V629-2',
    'validity',
    [LAR.appEthnicityObserved, ...APP_ETHNICITIES],
    (row) =>
      !numberIs(row, LAR.appEthnicityObserved, OBSERVED) ||
      (demographicCodeIn(row, LAR.appEthnicity1, OBSERVED_ETHNICITY_1) &&
        demographicCodeIn(row, LAR.appEthnicity2, OBSERVED_ETHNICITY_2) &&
        allDemographicCodesEmpty(row, APP_ETHNICITIES_3_TO_5)),
  ),
  // With the free text given, the platform accepts any Ethnicity 1, not only a blank one.
  larEdit(
    'V629-3',
    'validity',
    [LAR.appEthnicityObserved, LAR.appEthnicity1, LAR.appEthnicityOther],
    (row) =>
      !numberIs(row, LAR.appEthnicityObserved, NOT_OBSERVED) ||
      demographicCodeIn(row, LAR.appEthnicity1, NOT_OBSERVED_ETHNICITY_1) ||
      !isBlank(row, LAR.appEthnicityOther),
  ),
  larEdit(
    'V630',
    'validity',
    [LAR.appEthnicity1, LAR.appEthnicityObserved],
    (row) =>
      demographicCode(row, LAR.appEthnicity1) !== ETHNICITY_NOT_APPLICABLE ||
      numberIs(row, LAR.appEthnicityObserved, OBSERVATION_NOT_APPLICABLE),
  ),
  larEdit('V631-1', 'validity', [LAR.coAppEthnicity1, LAR.coAppEthnicityOther], (row) =>
    demographicCodeIn(
      row,
      LAR.coAppEthnicity1,
      isBlank(row, LAR.coAppEthnicityOther)
        ? CO_APPLICANT_ETHNICITY_1
        : CO_APPLICANT_ETHNICITY_1_OR_EMPTY,
    ),
  ),
  larEdit('V631-2', 'validity', CO_ETHNICITIES_2_TO_5, (row) =>
    allDemographicCodesIn(row, CO_ETHNICITIES_2_TO_5, ETHNICITY_2_TO_5),
  ),
  larEdit('V631-3', 'validity', CO_ETHNICITIES, (row) =>
    noCodeRepeated(row, CO_ETHNICITIES, ETHNICITY_ENUMERATION),
  ),
  larEdit(
    'V631-4',
    'validity',
    CO_ETHNICITIES,
    (row) =>
      !demographicCodeIn(row, LAR.coAppEthnicity1, CO_ETHNICITY_WITHOUT_DETAIL) ||
      allDemographicCodesEmpty(row, CO_ETHNICITIES_2_TO_5),
  ),
  larEdit('V632-1', 'validity', [LAR.coAppEthnicityObserved], (row) =>
    numberIn(row, LAR.coAppEthnicityObserved, CO_APPLICANT_OBSERVED),
  ),
  larEdit(
    'V632-2',
    'validity',
    [LAR.coAppEthnicityObserved, ...CO_ETHNICITIES],
    (row) =>
      !numberIs(row, LAR.coAppEthnicityObserved, OBSERVED) ||
      (demographicCodeIn(row, LAR.coAppEthnicity1, OBSERVED_ETHNICITY_1) &&
        demographicCodeIn(row, LAR.coAppEthnicity2, OBSERVED_ETHNICITY_2) &&
        allDemographicCodesEmpty(row, CO_ETHNICITIES_3_TO_5)),
  ),
  // Unlike V629-3, the free text excuses only a blank Ethnicity 1.
  larEdit(
    'V632-3',
    'validity',
    [LAR.coAppEthnicityObserved, LAR.coAppEthnicity1, LAR.coAppEthnicityOther],
    (row) =>
      !numberIs(row, LAR.coAppEthnicityObserved, NOT_OBSERVED) ||
      demographicCodeIn(row, LAR.coAppEthnicity1, NOT_OBSERVED_ETHNICITY_1) ||
      (demographicCode(row, LAR.coAppEthnicity1) === EMPTY_CODE &&
        !isBlank(row, LAR.coAppEthnicityOther)),
  ),
  larEdit(
    'V633',
    'validity',
    [LAR.coAppEthnicity1, LAR.coAppEthnicityObserved],
    (row) =>
      demographicCode(row, LAR.coAppEthnicity1) !== ETHNICITY_NOT_APPLICABLE ||
      numberIs(row, LAR.coAppEthnicityObserved, OBSERVATION_NOT_APPLICABLE),
  ),
  larEdit(
    'V634',
    'validity',
    [LAR.coAppEthnicity1, LAR.coAppEthnicityObserved],
    (row) =>
      (demographicCode(row, LAR.coAppEthnicity1) === ETHNICITY_NO_CO_APPLICANT) ===
      numberIs(row, LAR.coAppEthnicityObserved, OBSERVATION_NO_CO_APPLICANT),
  ),
];

// ---------------------------------------------------------------------------------------------
// LAR: race (V635–V640)

/** V636-3 and V639-3: race 1 when the race was not collected by observation. */
function notObservedRace1Valid(row: HmdaRow, race1: number, texts: readonly number[]): boolean {
  if (demographicCodeIn(row, race1, NOT_OBSERVED_RACE_1)) return true;
  return demographicCode(row, race1) === EMPTY_CODE && !allBlank(row, texts);
}

const RACE_EDITS: RowEdit[] = [
  // Any free text lifts the check entirely, whatever Race 1 holds.
  larEdit(
    'V635-1',
    'validity',
    [LAR.appRace1, ...APP_RACE_TEXTS],
    (row) =>
      !allBlank(row, APP_RACE_TEXTS) || demographicCodeIn(row, LAR.appRace1, APPLICANT_RACE_1),
  ),
  larEdit('V635-2', 'validity', APP_RACES_2_TO_5, (row) =>
    allDemographicCodesIn(row, APP_RACES_2_TO_5, RACE_2_TO_5),
  ),
  larEdit('V635-3', 'validity', APP_RACES, (row) =>
    noCodeRepeated(row, APP_RACES, RACE_ENUMERATION),
  ),
  larEdit(
    'V635-4',
    'validity',
    APP_RACES,
    (row) =>
      !demographicCodeIn(row, LAR.appRace1, RACE_WITHOUT_DETAIL) ||
      allDemographicCodesEmpty(row, APP_RACES_2_TO_5),
  ),
  larEdit('V636-1', 'validity', [LAR.appRaceObserved], (row) =>
    numberIn(row, LAR.appRaceObserved, APPLICANT_OBSERVED),
  ),
  larEdit(
    'V636-2',
    'validity',
    [LAR.appRaceObserved, ...APP_RACES],
    (row) =>
      !numberIs(row, LAR.appRaceObserved, OBSERVED) ||
      (demographicCodeIn(row, LAR.appRace1, OBSERVED_RACE_1) &&
        allDemographicCodesIn(row, APP_RACES_2_TO_5, OBSERVED_RACE_2_TO_5)),
  ),
  larEdit(
    'V636-3',
    'validity',
    [LAR.appRaceObserved, ...APP_RACES, ...APP_RACE_TEXTS],
    (row) =>
      !numberIs(row, LAR.appRaceObserved, NOT_OBSERVED) ||
      (notObservedRace1Valid(row, LAR.appRace1, APP_RACE_TEXTS) &&
        allDemographicCodesIn(row, APP_RACES_2_TO_5, RACE_2_TO_5)),
  ),
  larEdit(
    'V637',
    'validity',
    [LAR.appRace1, LAR.appRaceObserved],
    (row) =>
      demographicCode(row, LAR.appRace1) !== RACE_NOT_APPLICABLE ||
      numberIs(row, LAR.appRaceObserved, OBSERVATION_NOT_APPLICABLE),
  ),
  larEdit(
    'V638-1',
    'validity',
    [LAR.coAppRace1, ...CO_RACE_TEXTS],
    (row) =>
      !allBlank(row, CO_RACE_TEXTS) || demographicCodeIn(row, LAR.coAppRace1, CO_APPLICANT_RACE_1),
  ),
  larEdit('V638-2', 'validity', CO_RACES_2_TO_5, (row) =>
    allDemographicCodesIn(row, CO_RACES_2_TO_5, RACE_2_TO_5),
  ),
  larEdit('V638-3', 'validity', CO_RACES, (row) => noCodeRepeated(row, CO_RACES, RACE_ENUMERATION)),
  larEdit(
    'V638-4',
    'validity',
    CO_RACES,
    (row) =>
      !demographicCodeIn(row, LAR.coAppRace1, CO_RACE_WITHOUT_DETAIL) ||
      allDemographicCodesEmpty(row, CO_RACES_2_TO_5),
  ),
  larEdit('V639-1', 'validity', [LAR.coAppRaceObserved], (row) =>
    numberIn(row, LAR.coAppRaceObserved, CO_APPLICANT_OBSERVED),
  ),
  larEdit(
    'V639-2',
    'validity',
    [LAR.coAppRaceObserved, ...CO_RACES],
    (row) =>
      !numberIs(row, LAR.coAppRaceObserved, OBSERVED) ||
      (demographicCodeIn(row, LAR.coAppRace1, OBSERVED_RACE_1) &&
        allDemographicCodesIn(row, CO_RACES_2_TO_5, OBSERVED_RACE_2_TO_5)),
  ),
  larEdit(
    'V639-3',
    'validity',
    [LAR.coAppRaceObserved, ...CO_RACES, ...CO_RACE_TEXTS],
    (row) =>
      !numberIs(row, LAR.coAppRaceObserved, NOT_OBSERVED) ||
      (notObservedRace1Valid(row, LAR.coAppRace1, CO_RACE_TEXTS) &&
        allDemographicCodesIn(row, CO_RACES_2_TO_5, RACE_2_TO_5)),
  ),
  larEdit(
    'V640',
    'validity',
    [LAR.coAppRace1, LAR.coAppRaceObserved],
    (row) =>
      demographicCode(row, LAR.coAppRace1) !== RACE_NOT_APPLICABLE ||
      numberIs(row, LAR.coAppRaceObserved, OBSERVATION_NOT_APPLICABLE),
  ),
];

/**
 * V600 to V640 for every filing from 2024 to 2026, annual and quarterly (V602 passes by itself
 * outside annual filings, where the platform does not run it). Not here: V625-2, V626, V627.
 */
export const VALIDITY_EDITS_V600_V640: readonly RowEdit[] = [
  ...TS_EDITS,
  ...LOAN_EDITS,
  ...ADDRESS_EDITS,
  ...ETHNICITY_EDITS,
  ...RACE_EDITS,
];
