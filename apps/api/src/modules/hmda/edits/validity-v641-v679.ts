import { LAR } from '../lar-fields.ts';
import { larEdit, type HmdaRow, type RowEdit } from './edit.ts';
import {
  codeIn,
  codeIs,
  codes,
  EXEMPTION_CODE,
  isBlank,
  isNaOrExempt,
  isNumber,
  NA,
  requiredCodeIn,
} from './row-tests.ts';

/**
 * Validity edits V641 to V679 (LAR rows): sex, age, income, purchaser, rate spread, HOEPA, lien,
 * credit scores, denial reasons and the loan-cost fields. The 2024, 2025 and 2026 engines (annual
 * and quarterly) run the same rule for every id here, so there are no year variants.
 *
 * The platform's parser turns a coded field into an integer before any edit runs ("01" is 1),
 * blank Race 1 / Ethnicity 1 / Reason for Denial 2-4 into code 0, and keeps Exempt and NA as the
 * exact text; `row.code`, `row.int` and the helpers of row-tests.ts read a row the same way.
 */

/** A loan-cost amount: Exempt, NA, or a number of at least 0. */
const isNaExemptOrAtLeastZero = (row: HmdaRow, field: number): boolean =>
  row.num(field) >= 0 || isNaOrExempt(row, field);

/** Discount points and lender credits may also be blank, but a number must exceed 0. */
const isNaExemptBlankOrAboveZero = (row: HmdaRow, field: number): boolean =>
  row.num(field) > 0 || isBlank(row, field) || isNaOrExempt(row, field);

const APP_SEX = codes(1, 2, 3, 4, 6);
const CO_APP_SEX = codes(1, 2, 3, 4, 5, 6);
const APP_SEX_OBSERVED = codes(1, 2, 3);
const CO_APP_SEX_OBSERVED = codes(1, 2, 3, 4);
const MALE_OR_FEMALE = codes(1, 2);
const SEX_WHEN_NOT_OBSERVED = codes(1, 2, 3, 6);
const OBSERVED_WHEN_BOTH_SEXES = codes(2, 3);
const PURCHASER = codes(0, 1, 2, 3, 4, 5, 6, 71, 72, 8, 9);
const HOEPA = codes(1, 2, 3);
const LIEN = codes(1, 2);
const APP_CREDIT_MODEL = codes(1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, EXEMPTION_CODE);
// prettier-ignore
const CO_APP_CREDIT_MODEL = codes(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, EXEMPTION_CODE);
/** Applicant models that leave the code-8 text blank (8 needs it; 10 is not an applicant code). */
const APP_MODEL_WITHOUT_TEXT = codes(1, 2, 3, 4, 5, 6, 7, 9, 11, 12, 13, 14, 15, EXEMPTION_CODE);
// prettier-ignore
const CO_APP_MODEL_WITHOUT_TEXT = codes(1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, EXEMPTION_CODE);
const SCORE_NOT_APPLICABLE_OR_EXEMPT = codes(8888, EXEMPTION_CODE);
const MODEL_NOT_APPLICABLE_OR_EXEMPT = codes(9, EXEMPTION_CODE);
/** Codes the parser accepts as a Reason for Denial (0 is the blank). */
const DENIAL_CODES = codes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, EXEMPTION_CODE);
const DENIAL_REASONS = codes(1, 2, 3, 4, 5, 6, 7, 8, 9);
const DENIED = codes(3, 7);
const NOT_DENIED = codes(1, 2, 4, 5, 6, 8);
/** Applications that did not close: denied, withdrawn, incomplete, approved but not accepted. */
const NOT_CLOSED = codes(2, 3, 4, 5, 7, 8);
const NOT_CLOSED_OR_PURCHASED = codes(2, 3, 4, 5, 6, 7, 8);
const WITHDRAWN_INCOMPLETE_OR_PURCHASED = codes(4, 5, 6);
const RATE_SPREAD_NOT_REPORTED = codes(3, 4, 5, 6, 7);
const INTEREST_RATE_NOT_REPORTED = codes(3, 4, 5, 7);

const PURCHASED = 6;
const NOT_APPLICABLE_ETHNICITY = 4;
const NOT_APPLICABLE_RACE = 7;
const NOT_APPLICABLE_SEX = 4;

/** Each side implies the other: both hold or neither does. */
const bothOrNeither = (a: boolean, b: boolean): boolean => a === b;

interface Person {
  ethnicity1: number;
  race1: number;
  raceObserved: number;
  sex: number;
  sexObserved: number;
  age: number;
  creditScore: number;
  creditModel: number;
  creditModelOther: number;
}

const APPLICANT: Person = {
  ethnicity1: LAR.appEthnicity1,
  race1: LAR.appRace1,
  raceObserved: LAR.appRaceObserved,
  sex: LAR.appSex,
  sexObserved: LAR.appSexObserved,
  age: LAR.appAge,
  creditScore: LAR.appCreditScore,
  creditModel: LAR.appCreditModel,
  creditModelOther: LAR.appCreditModelOther,
};

const CO_APPLICANT: Person = {
  ethnicity1: LAR.coAppEthnicity1,
  race1: LAR.coAppRace1,
  raceObserved: LAR.coAppRaceObserved,
  sex: LAR.coAppSex,
  sexObserved: LAR.coAppSexObserved,
  age: LAR.coAppAge,
  creditScore: LAR.coAppCreditScore,
  creditModel: LAR.coAppCreditModel,
  creditModelOther: LAR.coAppCreditModelOther,
};

/** Ethnicity 4, Race 7 and Sex 4: the platform's sign of a non-natural person. */
const isNonNaturalPerson = (row: HmdaRow, person: Person): boolean =>
  codeIs(row, person.ethnicity1, NOT_APPLICABLE_ETHNICITY) &&
  codeIs(row, person.race1, NOT_APPLICABLE_RACE) &&
  codeIs(row, person.sex, NOT_APPLICABLE_SEX);

const nonNaturalFields = (person: Person): number[] => [
  person.ethnicity1,
  person.race1,
  person.sex,
];

/** V663 / V664: a withdrawn, incomplete or purchased loan reports no credit score. */
function creditScoreNotReported(row: HmdaRow, person: Person): boolean {
  if (!codeIn(row, LAR.actionTaken, WITHDRAWN_INCOMPLETE_OR_PURCHASED)) return true;
  return (
    codeIn(row, person.creditScore, SCORE_NOT_APPLICABLE_OR_EXEMPT) &&
    codeIn(row, person.creditModel, MODEL_NOT_APPLICABLE_OR_EXEMPT) &&
    isBlank(row, person.creditModelOther)
  );
}

const DENIALS = [LAR.denial1, LAR.denial2, LAR.denial3, LAR.denial4] as const;

/** Reasons 2 to 4 accept blank (code 0) and 1 to 9; 10, Exempt and unknown codes fail. */
const isOptionalDenialReason = (row: HmdaRow, field: number): boolean => {
  const code = row.code(field);
  return code === 0 || DENIAL_REASONS.has(code);
};

/** A code counted by the duplicate check: blank (0) and unknown codes are left out. */
const countedDenial = (code: number): boolean => code !== 0 && DENIAL_CODES.has(code);

function hasRepeatedDenial(row: HmdaRow): boolean {
  // Reason 1 is required: a blank there is no code (NaN), which repeats nothing.
  const d1 = row.int(LAR.denial1);
  const d2 = row.code(LAR.denial2);
  const d3 = row.code(LAR.denial3);
  const d4 = row.code(LAR.denial4);
  return (
    (countedDenial(d1) && (d1 === d2 || d1 === d3 || d1 === d4)) ||
    (countedDenial(d2) && (d2 === d3 || d2 === d4)) ||
    (countedDenial(d3) && d3 === d4)
  );
}

const OTHER_DENIAL = 9;

const anyDenialIsOther = (row: HmdaRow): boolean =>
  codeIs(row, LAR.denial1, OTHER_DENIAL) ||
  codeIs(row, LAR.denial2, OTHER_DENIAL) ||
  codeIs(row, LAR.denial3, OTHER_DENIAL) ||
  codeIs(row, LAR.denial4, OTHER_DENIAL);

/** "If <field> equals 1 then <target> must be Exempt or NA" (reverse mortgage, open-end, business). */
const naOrExemptWhenFlagged =
  (flag: number, target: number) =>
  (row: HmdaRow): boolean =>
    !codeIs(row, flag, 1) || isNaOrExempt(row, target);

const naOrExemptWhenAction =
  (actions: ReadonlySet<number>, target: number) =>
  (row: HmdaRow): boolean =>
    !codeIn(row, LAR.actionTaken, actions) || isNaOrExempt(row, target);

/** The five checks shared by Origination Charges (V674), Discount Points (V675), Lender Credits (V676). */
function loanCostEdits(
  edit: string,
  field: number,
  firstCheck: (row: HmdaRow, field: number) => boolean,
): RowEdit[] {
  return [
    larEdit(`${edit}-1`, 'validity', [field], (row) => firstCheck(row, field)),
    larEdit(
      `${edit}-2`,
      'validity',
      [field, LAR.reverseMortgage],
      naOrExemptWhenFlagged(LAR.reverseMortgage, field),
    ),
    larEdit(
      `${edit}-3`,
      'validity',
      [field, LAR.openEndLineOfCredit],
      naOrExemptWhenFlagged(LAR.openEndLineOfCredit, field),
    ),
    larEdit(
      `${edit}-4`,
      'validity',
      [field, LAR.businessOrCommercial],
      naOrExemptWhenFlagged(LAR.businessOrCommercial, field),
    ),
    larEdit(
      `${edit}-5`,
      'validity',
      [field, LAR.actionTaken],
      naOrExemptWhenAction(NOT_CLOSED, field),
    ),
  ];
}

export const VALIDITY_EDITS_V641_V679: readonly RowEdit[] = [
  larEdit('V641', 'validity', [LAR.coAppRace1, LAR.coAppRaceObserved], (row) =>
    bothOrNeither(codeIs(row, LAR.coAppRace1, 8), codeIs(row, LAR.coAppRaceObserved, 4)),
  ),
  larEdit('V642-1', 'validity', [LAR.appSex], (row) => codeIn(row, LAR.appSex, APP_SEX)),
  larEdit('V642-2', 'validity', [LAR.appSexObserved], (row) =>
    codeIn(row, LAR.appSexObserved, APP_SEX_OBSERVED),
  ),
  larEdit(
    'V643',
    'validity',
    [LAR.appSex, LAR.appSexObserved],
    (row) => !codeIs(row, LAR.appSexObserved, 1) || codeIn(row, LAR.appSex, MALE_OR_FEMALE),
  ),
  larEdit(
    'V644-1',
    'validity',
    [LAR.appSex, LAR.appSexObserved],
    (row) => !codeIs(row, LAR.appSexObserved, 2) || codeIn(row, LAR.appSex, SEX_WHEN_NOT_OBSERVED),
  ),
  larEdit(
    'V644-2',
    'validity',
    [LAR.appSex, LAR.appSexObserved],
    (row) =>
      !codeIs(row, LAR.appSex, 6) || codeIn(row, LAR.appSexObserved, OBSERVED_WHEN_BOTH_SEXES),
  ),
  larEdit(
    'V645',
    'validity',
    [LAR.appSex, LAR.appSexObserved],
    (row) => !codeIs(row, LAR.appSex, 4) || codeIs(row, LAR.appSexObserved, 3),
  ),
  larEdit('V646-1', 'validity', [LAR.coAppSex], (row) => codeIn(row, LAR.coAppSex, CO_APP_SEX)),
  larEdit('V646-2', 'validity', [LAR.coAppSexObserved], (row) =>
    codeIn(row, LAR.coAppSexObserved, CO_APP_SEX_OBSERVED),
  ),
  larEdit(
    'V647',
    'validity',
    [LAR.coAppSex, LAR.coAppSexObserved],
    (row) => !codeIs(row, LAR.coAppSexObserved, 1) || codeIn(row, LAR.coAppSex, MALE_OR_FEMALE),
  ),
  larEdit(
    'V648-1',
    'validity',
    [LAR.coAppSex, LAR.coAppSexObserved],
    (row) =>
      !codeIs(row, LAR.coAppSexObserved, 2) || codeIn(row, LAR.coAppSex, SEX_WHEN_NOT_OBSERVED),
  ),
  larEdit(
    'V648-2',
    'validity',
    [LAR.coAppSex, LAR.coAppSexObserved],
    (row) =>
      !codeIs(row, LAR.coAppSex, 6) || codeIn(row, LAR.coAppSexObserved, OBSERVED_WHEN_BOTH_SEXES),
  ),
  larEdit(
    'V649',
    'validity',
    [LAR.coAppSex, LAR.coAppSexObserved],
    (row) => !codeIs(row, LAR.coAppSex, 4) || codeIs(row, LAR.coAppSexObserved, 3),
  ),
  larEdit('V650', 'validity', [LAR.coAppSex, LAR.coAppSexObserved], (row) =>
    bothOrNeither(codeIs(row, LAR.coAppSex, 5), codeIs(row, LAR.coAppSexObserved, 4)),
  ),
  larEdit('V651-1', 'validity', [LAR.appAge], (row) => row.int(LAR.appAge) > 0),
  larEdit(
    'V651-2',
    'validity',
    [LAR.appAge, ...nonNaturalFields(APPLICANT), LAR.actionTaken],
    (row) =>
      !isNonNaturalPerson(row, APPLICANT) ||
      codeIs(row, LAR.actionTaken, PURCHASED) ||
      codeIs(row, LAR.appAge, 8888),
  ),
  larEdit('V652-1', 'validity', [LAR.coAppAge], (row) => row.int(LAR.coAppAge) > 0),
  larEdit(
    'V652-2',
    'validity',
    [LAR.coAppAge, ...nonNaturalFields(CO_APPLICANT), LAR.actionTaken],
    (row) =>
      !isNonNaturalPerson(row, CO_APPLICANT) ||
      codeIs(row, LAR.actionTaken, PURCHASED) ||
      codeIs(row, LAR.coAppAge, 8888),
  ),
  larEdit(
    'V654-1',
    'validity',
    [LAR.income],
    (row) => !Number.isNaN(row.int(LAR.income)) || row.text(LAR.income) === NA,
  ),
  larEdit(
    'V654-2',
    'validity',
    [LAR.income, LAR.multifamilyAffordableUnits],
    (row) => !isNumber(row, LAR.multifamilyAffordableUnits) || row.text(LAR.income) === NA,
  ),
  larEdit(
    'V655-1',
    'validity',
    [LAR.income, ...nonNaturalFields(APPLICANT), LAR.actionTaken],
    (row) =>
      !isNonNaturalPerson(row, APPLICANT) ||
      codeIs(row, LAR.actionTaken, PURCHASED) ||
      row.text(LAR.income) === NA,
  ),
  larEdit(
    'V655-2',
    'validity',
    [LAR.income, ...nonNaturalFields(CO_APPLICANT), LAR.actionTaken],
    (row) =>
      !isNonNaturalPerson(row, CO_APPLICANT) ||
      codeIs(row, LAR.actionTaken, PURCHASED) ||
      row.text(LAR.income) === NA,
  ),
  // Type of Purchaser is required: a blank is no code, not the 0 of "not sold" (V656-1, V656-2).
  larEdit('V656-1', 'validity', [LAR.purchaserType], (row) =>
    requiredCodeIn(row, LAR.purchaserType, PURCHASER),
  ),
  larEdit(
    'V656-2',
    'validity',
    [LAR.purchaserType, LAR.actionTaken],
    (row) => !codeIn(row, LAR.actionTaken, NOT_CLOSED) || row.int(LAR.purchaserType) === 0,
  ),
  larEdit(
    'V657-1',
    'validity',
    [LAR.rateSpread],
    (row) => isNumber(row, LAR.rateSpread) || isNaOrExempt(row, LAR.rateSpread),
  ),
  larEdit(
    'V657-2',
    'validity',
    [LAR.rateSpread, LAR.actionTaken],
    naOrExemptWhenAction(RATE_SPREAD_NOT_REPORTED, LAR.rateSpread),
  ),
  larEdit(
    'V657-3',
    'validity',
    [LAR.rateSpread, LAR.reverseMortgage],
    naOrExemptWhenFlagged(LAR.reverseMortgage, LAR.rateSpread),
  ),
  larEdit('V658-1', 'validity', [LAR.hoepaStatus], (row) => codeIn(row, LAR.hoepaStatus, HOEPA)),
  larEdit(
    'V658-2',
    'validity',
    [LAR.hoepaStatus, LAR.actionTaken],
    (row) => !codeIn(row, LAR.actionTaken, NOT_CLOSED) || codeIs(row, LAR.hoepaStatus, 3),
  ),
  larEdit('V659', 'validity', [LAR.lienStatus], (row) => codeIn(row, LAR.lienStatus, LIEN)),
  larEdit(
    'V660-1',
    'validity',
    [LAR.appCreditScore],
    (row) => !Number.isNaN(row.int(LAR.appCreditScore)),
  ),
  larEdit('V660-2', 'validity', [LAR.appCreditModel], (row) =>
    codeIn(row, LAR.appCreditModel, APP_CREDIT_MODEL),
  ),
  larEdit('V661', 'validity', [LAR.appCreditScore, LAR.appCreditModel], (row) =>
    bothOrNeither(codeIs(row, LAR.appCreditScore, 8888), codeIs(row, LAR.appCreditModel, 9)),
  ),
  larEdit('V662-1', 'validity', [LAR.appCreditModel, LAR.appCreditModelOther], (row) =>
    bothOrNeither(
      codeIn(row, LAR.appCreditModel, APP_MODEL_WITHOUT_TEXT),
      isBlank(row, LAR.appCreditModelOther),
    ),
  ),
  larEdit('V662-2', 'validity', [LAR.appCreditModel, LAR.appCreditModelOther], (row) =>
    bothOrNeither(codeIs(row, LAR.appCreditModel, 8), !isBlank(row, LAR.appCreditModelOther)),
  ),
  larEdit(
    'V663',
    'validity',
    [LAR.actionTaken, LAR.appCreditScore, LAR.appCreditModel, LAR.appCreditModelOther],
    (row) => creditScoreNotReported(row, APPLICANT),
  ),
  larEdit(
    'V664',
    'validity',
    [LAR.actionTaken, LAR.coAppCreditScore, LAR.coAppCreditModel, LAR.coAppCreditModelOther],
    (row) => creditScoreNotReported(row, CO_APPLICANT),
  ),
  larEdit(
    'V665-1',
    'validity',
    [LAR.coAppCreditScore],
    (row) => !Number.isNaN(row.int(LAR.coAppCreditScore)),
  ),
  larEdit('V665-2', 'validity', [LAR.coAppCreditModel], (row) =>
    codeIn(row, LAR.coAppCreditModel, CO_APP_CREDIT_MODEL),
  ),
  larEdit('V666-1', 'validity', [LAR.coAppCreditScore, LAR.coAppCreditModel], (row) =>
    bothOrNeither(codeIs(row, LAR.coAppCreditScore, 8888), codeIs(row, LAR.coAppCreditModel, 9)),
  ),
  larEdit('V666-2', 'validity', [LAR.coAppCreditScore, LAR.coAppCreditModel], (row) =>
    bothOrNeither(codeIs(row, LAR.coAppCreditScore, 9999), codeIs(row, LAR.coAppCreditModel, 10)),
  ),
  larEdit('V667-1', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditModelOther], (row) =>
    bothOrNeither(
      codeIn(row, LAR.coAppCreditModel, CO_APP_MODEL_WITHOUT_TEXT),
      isBlank(row, LAR.coAppCreditModelOther),
    ),
  ),
  larEdit('V667-2', 'validity', [LAR.coAppCreditModel, LAR.coAppCreditModelOther], (row) =>
    bothOrNeither(codeIs(row, LAR.coAppCreditModel, 8), !isBlank(row, LAR.coAppCreditModelOther)),
  ),
  larEdit(
    'V668-1',
    'validity',
    [LAR.appCreditScore, ...nonNaturalFields(APPLICANT)],
    (row) =>
      !isNonNaturalPerson(row, APPLICANT) ||
      codeIn(row, LAR.appCreditScore, SCORE_NOT_APPLICABLE_OR_EXEMPT),
  ),
  larEdit(
    'V668-2',
    'validity',
    [LAR.coAppCreditScore, ...nonNaturalFields(CO_APPLICANT)],
    (row) =>
      !isNonNaturalPerson(row, CO_APPLICANT) ||
      codeIn(row, LAR.coAppCreditScore, SCORE_NOT_APPLICABLE_OR_EXEMPT),
  ),
  larEdit('V669-1', 'validity', [LAR.denial1], (row) => {
    const code = row.int(LAR.denial1);
    return code !== 0 && DENIAL_CODES.has(code);
  }),
  larEdit(
    'V669-2',
    'validity',
    [LAR.denial2, LAR.denial3, LAR.denial4],
    (row) =>
      isOptionalDenialReason(row, LAR.denial2) &&
      isOptionalDenialReason(row, LAR.denial3) &&
      isOptionalDenialReason(row, LAR.denial4),
  ),
  larEdit('V669-3', 'validity', DENIALS, (row) => !hasRepeatedDenial(row)),
  larEdit('V669-4', 'validity', DENIALS, (row) => {
    const first = row.int(LAR.denial1);
    if (first !== 10 && first !== EXEMPTION_CODE) return true;
    return (
      codeIs(row, LAR.denial2, 0) && codeIs(row, LAR.denial3, 0) && codeIs(row, LAR.denial4, 0)
    );
  }),
  larEdit('V670-1', 'validity', [LAR.actionTaken, LAR.denial1], (row) => {
    if (!codeIn(row, LAR.actionTaken, DENIED)) return true;
    const code = row.int(LAR.denial1);
    return DENIAL_REASONS.has(code) || code === EXEMPTION_CODE;
  }),
  larEdit(
    'V670-2',
    'validity',
    [LAR.actionTaken, LAR.denial1],
    (row) => !codeIn(row, LAR.denial1, DENIAL_REASONS) || codeIn(row, LAR.actionTaken, DENIED),
  ),
  larEdit('V670-3', 'validity', [LAR.actionTaken, LAR.denial1], (row) => {
    if (!codeIn(row, LAR.actionTaken, NOT_DENIED)) return true;
    const code = row.int(LAR.denial1);
    return code === 10 || code === EXEMPTION_CODE;
  }),
  larEdit(
    'V670-4',
    'validity',
    [LAR.actionTaken, LAR.denial1],
    (row) => !codeIs(row, LAR.denial1, 10) || codeIn(row, LAR.actionTaken, NOT_DENIED),
  ),
  larEdit(
    'V671-1',
    'validity',
    [...DENIALS, LAR.denialOther],
    (row) => !anyDenialIsOther(row) || !isBlank(row, LAR.denialOther),
  ),
  larEdit(
    'V671-2',
    'validity',
    [...DENIALS, LAR.denialOther],
    (row) => isBlank(row, LAR.denialOther) || anyDenialIsOther(row),
  ),
  larEdit('V672-1', 'validity', [LAR.totalLoanCosts], (row) =>
    isNaExemptOrAtLeastZero(row, LAR.totalLoanCosts),
  ),
  larEdit(
    'V672-2',
    'validity',
    [LAR.totalLoanCosts, LAR.totalPointsAndFees],
    (row) => !(row.num(LAR.totalPointsAndFees) >= 0) || row.text(LAR.totalLoanCosts) === NA,
  ),
  larEdit(
    'V672-3',
    'validity',
    [LAR.totalLoanCosts, LAR.reverseMortgage],
    naOrExemptWhenFlagged(LAR.reverseMortgage, LAR.totalLoanCosts),
  ),
  larEdit(
    'V672-4',
    'validity',
    [LAR.totalLoanCosts, LAR.openEndLineOfCredit],
    naOrExemptWhenFlagged(LAR.openEndLineOfCredit, LAR.totalLoanCosts),
  ),
  larEdit(
    'V672-5',
    'validity',
    [LAR.totalLoanCosts, LAR.businessOrCommercial],
    naOrExemptWhenFlagged(LAR.businessOrCommercial, LAR.totalLoanCosts),
  ),
  larEdit(
    'V672-6',
    'validity',
    [LAR.totalLoanCosts, LAR.actionTaken],
    naOrExemptWhenAction(NOT_CLOSED, LAR.totalLoanCosts),
  ),
  larEdit('V673-1', 'validity', [LAR.totalPointsAndFees], (row) =>
    isNaExemptOrAtLeastZero(row, LAR.totalPointsAndFees),
  ),
  larEdit(
    'V673-2',
    'validity',
    [LAR.totalPointsAndFees, LAR.actionTaken],
    naOrExemptWhenAction(NOT_CLOSED_OR_PURCHASED, LAR.totalPointsAndFees),
  ),
  larEdit(
    'V673-3',
    'validity',
    [LAR.totalPointsAndFees, LAR.reverseMortgage],
    naOrExemptWhenFlagged(LAR.reverseMortgage, LAR.totalPointsAndFees),
  ),
  larEdit(
    'V673-4',
    'validity',
    [LAR.totalPointsAndFees, LAR.businessOrCommercial],
    naOrExemptWhenFlagged(LAR.businessOrCommercial, LAR.totalPointsAndFees),
  ),
  larEdit(
    'V673-5',
    'validity',
    [LAR.totalPointsAndFees, LAR.totalLoanCosts],
    (row) => !(row.num(LAR.totalLoanCosts) >= 0) || row.text(LAR.totalPointsAndFees) === NA,
  ),
  ...loanCostEdits('V674', LAR.originationCharges, isNaExemptOrAtLeastZero),
  ...loanCostEdits('V675', LAR.discountPoints, isNaExemptBlankOrAboveZero),
  ...loanCostEdits('V676', LAR.lenderCredits, isNaExemptBlankOrAboveZero),
  larEdit('V677-1', 'validity', [LAR.interestRate], (row) =>
    isNaExemptOrAtLeastZero(row, LAR.interestRate),
  ),
  larEdit(
    'V677-2',
    'validity',
    [LAR.interestRate, LAR.actionTaken],
    naOrExemptWhenAction(INTEREST_RATE_NOT_REPORTED, LAR.interestRate),
  ),
  // The platform accepts 0 here, though the edit's text says "greater than 0".
  larEdit(
    'V678-1',
    'validity',
    [LAR.prepaymentPenaltyTerm],
    (row) =>
      row.int(LAR.prepaymentPenaltyTerm) >= 0 || isNaOrExempt(row, LAR.prepaymentPenaltyTerm),
  ),
  larEdit(
    'V678-2',
    'validity',
    [LAR.prepaymentPenaltyTerm, LAR.actionTaken],
    (row) =>
      !codeIs(row, LAR.actionTaken, PURCHASED) || isNaOrExempt(row, LAR.prepaymentPenaltyTerm),
  ),
  larEdit(
    'V678-3',
    'validity',
    [LAR.prepaymentPenaltyTerm, LAR.reverseMortgage],
    naOrExemptWhenFlagged(LAR.reverseMortgage, LAR.prepaymentPenaltyTerm),
  ),
  larEdit(
    'V678-4',
    'validity',
    [LAR.prepaymentPenaltyTerm, LAR.businessOrCommercial],
    naOrExemptWhenFlagged(LAR.businessOrCommercial, LAR.prepaymentPenaltyTerm),
  ),
  larEdit('V678-5', 'validity', [LAR.prepaymentPenaltyTerm, LAR.loanTerm], (row) => {
    if (!isNumber(row, LAR.prepaymentPenaltyTerm) || !isNumber(row, LAR.loanTerm)) return true;
    // A number that is not a whole number fails, as the rule's integer reading gives up on it.
    return row.int(LAR.prepaymentPenaltyTerm) <= row.int(LAR.loanTerm);
  }),
  larEdit(
    'V679-1',
    'validity',
    [LAR.debtToIncome],
    (row) => isNumber(row, LAR.debtToIncome) || isNaOrExempt(row, LAR.debtToIncome),
  ),
  larEdit(
    'V679-2',
    'validity',
    [LAR.debtToIncome, LAR.actionTaken],
    naOrExemptWhenAction(WITHDRAWN_INCOMPLETE_OR_PURCHASED, LAR.debtToIncome),
  ),
  larEdit(
    'V679-3',
    'validity',
    [LAR.debtToIncome, LAR.multifamilyAffordableUnits],
    (row) => !isNumber(row, LAR.multifamilyAffordableUnits) || isNaOrExempt(row, LAR.debtToIncome),
  ),
];
