import { LAR, LAR_FIELD_COUNT, TS, TS_FIELD_COUNT } from './lar-fields.ts';
import { isInteger, isNumeric } from './lar-values.ts';

/**
 * Reads one line of a HMDA file as the CFPB platform's parser does, before any edit runs:
 * control characters and byte-order marks dropped, the line trimmed and split on `|` (Java's
 * split: trailing empty values vanish, so a short row is short), every value trimmed. A row with
 * the wrong number of values or a trailing pipe, or a value that cannot be read as the number
 * its field holds, is a format error, reported with the platform's field name and valid-values
 * text (`reference/parser-field-valid-values.txt`).
 */

export interface FormatError {
  line: number;
  field: string;
  value: string;
  validValues: string;
  message: string;
}

export type ParsedLine = { ok: true; values: string[] } | { ok: false; errors: FormatError[] };

/** How the platform reads a field; a field not listed is free text. */
type ValueRule =
  | 'integer'
  | 'integer-or-blank'
  | 'integer-or-na'
  | 'integer-na-exempt'
  | 'number'
  | 'number-na-exempt'
  | 'number-na-exempt-blank'
  | 'no-space'
  | 'agency';

interface FieldRule {
  index: number;
  rule: ValueRule;
  /** The platform's name of the field in its parser messages. */
  name: string;
}

const APPLICANT = 'Applicant or Borrower';
const CO_APPLICANT = 'Co-Applicant or Co-Borrower';

/** Fields 1 to `count` of a repeated group: the first required, the others may be blank. */
function repeated(
  count: number,
  index: (n: number) => number,
  name: (n: number) => string,
  firstRule: ValueRule = 'integer',
): FieldRule[] {
  return Array.from({ length: count }, (_, offset) => ({
    index: index(offset + 1),
    rule: offset === 0 ? firstRule : 'integer-or-blank',
    name: name(offset + 1),
  }));
}

function applicantRules(prefix: 'app' | 'coApp', who: string): FieldRule[] {
  const at = (key: string) => LAR[`${prefix}${key}` as keyof typeof LAR];
  const observed = (what: string): FieldRule => ({
    index: at(`${what}Observed`),
    rule: 'integer',
    name: `${what} of ${who} Collected on the Basis of Visual Observation or Surname`,
  });
  return [
    // Ethnicity and Race 1 may be blank too (the free-text field may stand for them).
    ...repeated(
      5,
      (n) => at(`Ethnicity${n}`),
      (n) => `Ethnicity of ${who}: ${n}`,
      'integer-or-blank',
    ),
    observed('Ethnicity'),
    ...repeated(
      5,
      (n) => at(`Race${n}`),
      (n) => `Race of ${who}: ${n}`,
      'integer-or-blank',
    ),
    observed('Race'),
    { index: at('Sex'), rule: 'integer', name: `Sex of ${who}` },
    observed('Sex'),
    { index: at('Age'), rule: 'integer', name: `Age of ${who}` },
    { index: at('CreditScore'), rule: 'integer', name: `Credit Score of ${who}` },
    {
      index: at('CreditModel'),
      rule: 'integer',
      name: `${who}, Name and Version of Credit Scoring Model`,
    },
  ];
}

const numbered = (key: 'denial' | 'aus' | 'ausResult', count: number, name: string) =>
  repeated(
    count,
    (n) => LAR[`${key}${n}` as keyof typeof LAR],
    (n) => `${name}: ${n}`,
  );

const LAR_RULES: readonly FieldRule[] = [
  { index: LAR.recordId, rule: 'integer', name: 'LAR Record Identifier' },
  { index: LAR.lei, rule: 'no-space', name: 'LEI' },
  { index: LAR.uli, rule: 'no-space', name: 'ULI' },
  { index: LAR.applicationDate, rule: 'integer-or-na', name: 'Application Date' },
  { index: LAR.loanType, rule: 'integer', name: 'Loan Type' },
  { index: LAR.loanPurpose, rule: 'integer', name: 'Loan Purpose' },
  { index: LAR.preapproval, rule: 'integer', name: 'Preapproval' },
  { index: LAR.constructionMethod, rule: 'integer', name: 'Construction Method' },
  { index: LAR.occupancy, rule: 'integer', name: 'Occupancy Type' },
  { index: LAR.loanAmount, rule: 'number', name: 'Loan Amount' },
  { index: LAR.actionTaken, rule: 'integer', name: 'Action Taken' },
  { index: LAR.actionTakenDate, rule: 'integer', name: 'Action Taken Date' },
  ...applicantRules('app', APPLICANT),
  ...applicantRules('coApp', CO_APPLICANT),
  { index: LAR.income, rule: 'integer-or-na', name: 'Income' },
  { index: LAR.purchaserType, rule: 'integer', name: 'Type of Purchaser' },
  { index: LAR.rateSpread, rule: 'number-na-exempt', name: 'Rate Spread' },
  { index: LAR.hoepaStatus, rule: 'integer', name: 'HOEPA Status' },
  { index: LAR.lienStatus, rule: 'integer', name: 'Lien Status' },
  ...numbered('denial', 4, 'Reason for Denial'),
  { index: LAR.totalLoanCosts, rule: 'number-na-exempt', name: 'Total Loan Costs' },
  { index: LAR.totalPointsAndFees, rule: 'number-na-exempt', name: 'Total Points and Fees' },
  { index: LAR.originationCharges, rule: 'number-na-exempt', name: 'Origination Charges' },
  { index: LAR.discountPoints, rule: 'number-na-exempt-blank', name: 'Discount Points' },
  { index: LAR.lenderCredits, rule: 'number-na-exempt-blank', name: 'Lender Credits' },
  { index: LAR.interestRate, rule: 'number-na-exempt', name: 'Interest Rate' },
  { index: LAR.prepaymentPenaltyTerm, rule: 'integer-na-exempt', name: 'Prepayment Penalty Term' },
  { index: LAR.debtToIncome, rule: 'number-na-exempt', name: 'Debt-to-Income Ratio' },
  {
    index: LAR.combinedLoanToValue,
    rule: 'number-na-exempt',
    name: 'Combined Loan-to-Value Ratio',
  },
  { index: LAR.loanTerm, rule: 'integer-na-exempt', name: 'Loan Term' },
  {
    index: LAR.introductoryRatePeriod,
    rule: 'integer-na-exempt',
    name: 'Introductory Rate Period',
  },
  { index: LAR.balloonPayment, rule: 'integer', name: 'Balloon Payments' },
  { index: LAR.interestOnlyPayments, rule: 'integer', name: 'Interest-Only Payments' },
  { index: LAR.negativeAmortization, rule: 'integer', name: 'Negative Amortization' },
  { index: LAR.otherNonAmortizing, rule: 'integer', name: 'Other Non-Amortizing Features' },
  { index: LAR.propertyValue, rule: 'number-na-exempt', name: 'Property Value' },
  {
    index: LAR.manufacturedSecuredProperty,
    rule: 'integer',
    name: 'Manufactured Home Secured Property Type',
  },
  {
    index: LAR.manufacturedLandInterest,
    rule: 'integer',
    name: 'Manufactured Home Land Property Interest',
  },
  { index: LAR.totalUnits, rule: 'integer', name: 'Total Units' },
  {
    index: LAR.multifamilyAffordableUnits,
    rule: 'integer-na-exempt',
    name: 'Multifamily Affordable Units',
  },
  { index: LAR.submissionOfApplication, rule: 'integer', name: 'Submission of Application' },
  { index: LAR.initiallyPayable, rule: 'integer', name: 'Initially Payable to Your Institution' },
  ...numbered('aus', 5, 'Automated Underwriting System'),
  ...numbered('ausResult', 5, 'Automated Underwriting System Result'),
  { index: LAR.reverseMortgage, rule: 'integer', name: 'Reverse Mortgage' },
  { index: LAR.openEndLineOfCredit, rule: 'integer', name: 'Open-End Line of Credit' },
  { index: LAR.businessOrCommercial, rule: 'integer', name: 'Buisness or Commercial Purpose' },
];

const TS_RULES: readonly FieldRule[] = [
  { index: TS.recordId, rule: 'integer', name: 'Transmittal Sheet Record Identifier' },
  { index: TS.calendarYear, rule: 'integer', name: 'Calendar Year' },
  { index: TS.calendarQuarter, rule: 'integer', name: 'Calendar Quarter' },
  { index: TS.agency, rule: 'agency', name: 'Federal Agency' },
  {
    index: TS.totalEntries,
    rule: 'integer',
    name: 'Total Number of Entries Contained in Submission',
  },
];

/** The platform's agency codes (hmda.model.institution.Agency): any other is a format error. */
const AGENCY_CODES = new Set([1, 2, 3, 5, 7, 9, -1]);

function readsAs(rule: ValueRule, value: string): boolean {
  switch (rule) {
    case 'integer':
      return isInteger(value);
    case 'integer-or-blank':
      return value === '' || isInteger(value);
    case 'integer-or-na':
      return value === 'NA' || isInteger(value);
    case 'integer-na-exempt':
      return value === 'NA' || value === 'Exempt' || isInteger(value);
    case 'number':
      return isNumeric(value);
    case 'number-na-exempt':
      return value === 'NA' || value === 'Exempt' || isNumeric(value);
    case 'number-na-exempt-blank':
      return value === '' || value === 'NA' || value === 'Exempt' || isNumeric(value);
    case 'no-space':
      return !value.includes(' ') && !value.includes(',');
    case 'agency':
      return isInteger(value) && AGENCY_CODES.has(Number(value));
  }
}

/** The platform's valid-values text, by the field names its parser uses. */
export type ValidValues = ReadonlyMap<string, string>;

export function parseValidValues(text: string): ValidValues {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.indexOf('|');
      return [line.slice(0, bar), line.slice(bar + 1)] as const;
    });
  return new Map(entries);
}

// eslint-disable-next-line no-control-regex -- the platform drops control characters.
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;
const BYTE_ORDER_MARK = /\ufeff/g;

/** The line as the platform reads it: no control characters or BOM, trimmed. */
export function cleanLine(raw: string): string {
  return raw.replace(CONTROL_CHARACTERS, '').replace(BYTE_ORDER_MARK, '').trim();
}

/** Java's `split('|')`: trailing empty values are dropped. */
export function splitValues(line: string): string[] {
  const values = line.split('|');
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  for (let index = 0; index < values.length; index += 1) values[index] = values[index]!.trim();
  return values;
}

function formatError(
  line: number,
  field: string,
  value: string,
  validValues: string,
  message: string,
): FormatError {
  return { line, field, value, validValues, message };
}

function parseRecord(
  cleaned: string,
  line: number,
  record: 'ts' | 'lar',
  validValues: ValidValues,
): ParsedLine {
  const expected = record === 'ts' ? TS_FIELD_COUNT : LAR_FIELD_COUNT;
  const values = splitValues(cleaned);
  if (values.length !== expected || cleaned.endsWith('|')) {
    const field =
      record === 'ts' ? 'Incorrect Number of TS Fields' : 'Incorrect Number of LAR Fields';
    const valid = validValues.get(field) || `${expected} Fields`;
    return {
      ok: false,
      errors: [
        formatError(
          line,
          field,
          String(values.length),
          valid,
          cleaned.endsWith('|') && values.length === expected
            ? `${field}: the row ends with a pipe (|). Expected: ${valid}, with no pipe after the last.`
            : `${field}: ${values.length} found. Expected: ${valid}.`,
        ),
      ],
    };
  }
  const rules = record === 'ts' ? TS_RULES : LAR_RULES;
  const errors: FormatError[] = [];
  // Nearly every row reads; only a row that does not is gone through again for its messages.
  if (!rules.every(({ index, rule }) => readsAs(rule, values[index]!))) {
    for (const { index, rule, name } of rules) {
      const value = values[index]!;
      if (readsAs(rule, value)) continue;
      const valid = validValues.get(name) ?? '';
      errors.push(
        formatError(
          line,
          name,
          value,
          valid,
          `${name}: “${value}” cannot be read. Valid values: ${valid}.`,
        ),
      );
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  // The platform upper-cases the LAR's LEI as it reads it; its edits compare that.
  if (record === 'lar') values[LAR.lei] = values[LAR.lei]!.toUpperCase();
  return { ok: true, values };
}

/** The first row of the file: the Transmittal Sheet. */
export const parseTsLine = (cleaned: string, line: number, validValues: ValidValues) =>
  parseRecord(cleaned, line, 'ts', validValues);

/** Every row after the first: a LAR row. */
export const parseLarLine = (cleaned: string, line: number, validValues: ValidValues) =>
  parseRecord(cleaned, line, 'lar', validValues);
