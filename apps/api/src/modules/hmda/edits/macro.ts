import { LAR, TS } from '../lar-fields.ts';
import type { FileEdit, FileEditOutcome, FileEditRun, FilingContext, HmdaRow } from './edit.ts';
import { EXEMPT, isCode, isExemptionCode } from './row-tests.ts';

/**
 * The macro edits: ratios and counts over the whole LAR, which the platform runs after the
 * quality edits and reports for the file as a whole, with no row (so `lines` stays empty). The
 * numbers are the platform's configured ones (edits.conf); the arithmetic is its own, in doubles,
 * including what a zero denominator does (NaN compares false: Q635 to Q637 and Q640 then pass,
 * Q638 fails).
 */

const Q634_THRESHOLD = 25;
const Q634_RATIO = 0.95;
const Q635_RATIO = 0.15;
const Q636_RATIO = 0.3;
const Q637_RATIO = 0.15;
const Q638_RATIO = 0.2;
/** The platform's rule uses a literal 1000 here, not its configured Q639 threshold. */
const Q639_PREAPPROVALS = 1000;
const Q640_INCOME = 10;
const Q640_RATIO = 0.2;

const ACTION_ORIGINATED = 1;
const PURPOSE_HOME_PURCHASE = 1;
const PREAPPROVAL_REQUESTED = 1;
const ACTION_PREAPPROVAL_DENIED = 7;
const AGENCY_HUD = 7;

const outcome = (failed: boolean): FileEditOutcome => ({ failed, lines: [] });

/** A macro edit that counts rows matching a test and decides from the counts. */
function macroEdit(
  id: string,
  fields: readonly number[],
  decide: (context: FilingContext) => {
    count(row: HmdaRow): void;
    fails(): boolean;
  },
): FileEdit {
  return {
    kind: 'file',
    id,
    category: 'macro',
    record: 'lar',
    fields,
    start(context): FileEditRun {
      const tally = decide(context);
      return {
        add: (row) => tally.count(row),
        finish: () => outcome(tally.fails()),
      };
    },
  };
}

/** Action Taken read as the parser reads it (Java's `toInt`) is this code. */
const actionIs = (row: HmdaRow, code: number) => row.int(LAR.actionTaken) === code;

/** No more than `ratio` of all rows have this Action Taken. */
function shareOfActionAtMost(id: string, action: number, ratio: number): FileEdit {
  return macroEdit(id, [LAR.actionTaken], () => {
    let total = 0;
    let matching = 0;
    return {
      count(row) {
        total += 1;
        if (actionIs(row, action)) matching += 1;
      },
      fails: () => matching / total > ratio,
    };
  });
}

/**
 * Q634: more than 25 originated home purchases (Action Taken 1, Loan Purpose 1), and they are
 * over 95% of all home-purchase rows (Loan Purpose 1, any action).
 */
export const Q634 = macroEdit('Q634', [LAR.actionTaken, LAR.loanPurpose], () => {
  let originatedPurchases = 0;
  let purchases = 0;
  return {
    count(row) {
      if (row.int(LAR.loanPurpose) !== PURPOSE_HOME_PURCHASE) return;
      purchases += 1;
      if (actionIs(row, ACTION_ORIGINATED)) originatedPurchases += 1;
    },
    fails: () =>
      originatedPurchases > Q634_THRESHOLD && originatedPurchases > Q634_RATIO * purchases,
  };
});

/** Q635: over 15% of rows approved but not accepted (Action Taken 2). */
export const Q635 = shareOfActionAtMost('Q635', 2, Q635_RATIO);
/** Q636: over 30% of rows withdrawn by the applicant (Action Taken 4). */
export const Q636 = shareOfActionAtMost('Q636', 4, Q636_RATIO);
/** Q637: over 15% of rows closed for incompleteness (Action Taken 5). */
export const Q637 = shareOfActionAtMost('Q637', 5, Q637_RATIO);

/**
 * Q638: originations (Action Taken 1) are under 20% of rows with Action Taken 1 to 6. A file
 * with none of 1 to 6 (only preapprovals) fails too: 0 / 0 is not at least 20%.
 */
export const Q638 = macroEdit('Q638', [LAR.actionTaken], () => {
  let originated = 0;
  let applications = 0;
  return {
    count(row) {
      const action = row.int(LAR.actionTaken);
      if (!(action >= 1 && action <= 6)) return;
      applications += 1;
      if (action === ACTION_ORIGINATED) originated += 1;
    },
    fails: () => !(originated / applications >= Q638_RATIO),
  };
});

/** Q639: over 1000 rows request a preapproval (Preapproval 1) and none is denied (Action 7). */
export const Q639 = macroEdit('Q639', [LAR.actionTaken, LAR.preapproval], () => {
  let requested = 0;
  let denied = 0;
  return {
    count(row) {
      if (row.int(LAR.preapproval) === PREAPPROVAL_REQUESTED) requested += 1;
      if (actionIs(row, ACTION_PREAPPROVAL_DENIED)) denied += 1;
    },
    fails: () => requested > Q639_PREAPPROVALS && denied < 1,
  };
});

/**
 * Q640: over 20% of the rows whose Income is a whole number report less than 10 (thousand).
 * Rows with NA or a decimal income count in neither number, as the platform reads Income with
 * `toInt`.
 */
export const Q640 = macroEdit('Q640', [LAR.income], () => {
  let withIncome = 0;
  let low = 0;
  return {
    count(row) {
      const income = row.int(LAR.income);
      if (Number.isNaN(income)) return;
      withIncome += 1;
      if (income < Q640_INCOME) low += 1;
    },
    fails: () => low / withIncome > Q640_RATIO,
  };
});

/** The macro edits 2025 filings run (annual and quarterly); 2024 adds Q646 and Q647. */
export const MACRO_EDITS: readonly FileEdit[] = [Q634, Q635, Q636, Q637, Q638, Q639, Q640];

// --- 2024: Q646 and Q647 over the whole file ---------------------------------------------------

/** The coded fields where 1111 means Exempt, as the platform's 2024 macro check lists them. */
const EXEMPT_CODE_FIELDS: readonly number[] = [
  LAR.submissionOfApplication,
  LAR.ausResult1,
  LAR.ausResult2,
  LAR.ausResult3,
  LAR.ausResult4,
  LAR.ausResult5,
  LAR.aus1,
  LAR.aus2,
  LAR.aus3,
  LAR.aus4,
  LAR.aus5,
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

/**
 * A row that uses an exemption: 1111 in one of the coded fields above, or an Interest Rate of
 * exactly "Exempt" (the platform compares that text as written, so "exempt" does not count; the
 * other free-text and numeric Exempt fields are not in its list).
 */
function usesExemption(row: HmdaRow): boolean {
  if (row.text(LAR.interestRate) === EXEMPT) return true;
  for (let i = 0; i < EXEMPT_CODE_FIELDS.length; i += 1) {
    if (isExemptionCode(row, EXEMPT_CODE_FIELDS[i]!)) return true;
  }
  return false;
}

const EXEMPTION_FIELDS: readonly number[] = [...EXEMPT_CODE_FIELDS, LAR.interestRate];

/** Q646 as 2024 ran it (a macro edit): any row in the file uses an exemption. */
export const Q646_MACRO_2024 = macroEdit('Q646', EXEMPTION_FIELDS, () => {
  let exempt = false;
  return {
    count(row) {
      if (!exempt && usesExemption(row)) exempt = true;
    },
    fails: () => exempt,
  };
});

/**
 * Q647 as 2024 ran it (a macro edit): the Transmittal Sheet's Federal Agency is 7 (HUD) and any
 * row uses an exemption.
 */
export const Q647_MACRO_2024 = macroEdit('Q647', EXEMPTION_FIELDS, ({ ts }) => {
  const hud = isCode(ts.text(TS.agency), AGENCY_HUD);
  let exempt = false;
  return {
    count(row) {
      if (hud && !exempt && usesExemption(row)) exempt = true;
    },
    fails: () => exempt,
  };
});

/** The macro edits 2024 filings run (annual and quarterly). */
export const MACRO_EDITS_2024: readonly FileEdit[] = [
  ...MACRO_EDITS,
  Q646_MACRO_2024,
  Q647_MACRO_2024,
];
