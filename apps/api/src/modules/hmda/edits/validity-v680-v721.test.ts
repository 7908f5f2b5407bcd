import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LarField, TsField } from '../lar-fields.ts';
import { splitValues } from '../lar-parser.ts';
import { HmdaRow, type FilingContext, type RowEdit } from './edit.ts';
import { filing, larRow, tsRow } from './edit-test-rows.ts';
import {
  V692_UNITS,
  V695_3_2025,
  V695_3_2026,
  V718_QUARTERLY,
  VALIDITY_EDITS_V680_V721,
  v692Edits,
  v716WithCounties,
  validityEditsV680V721For,
} from './validity-v680-v721.ts';

type LarChanges = Partial<Record<LarField, string>>;

const byId = new Map(VALIDITY_EDITS_V680_V721.map((edit) => [edit.id, edit]));
const edit = (id: string): RowEdit => {
  const found = byId.get(id);
  if (!found) throw new Error(`no edit ${id}`);
  return found;
};

/** Applicant a non-natural person, no co-applicant. */
const NON_NATURAL_ALONE: LarChanges = {
  appEthnicity1: '4',
  appRace1: '7',
  appSex: '4',
  coAppEthnicity1: '5',
  coAppRace1: '8',
  coAppSex: '5',
};
/** Applicant and co-applicant both non-natural persons. */
const NON_NATURAL_BOTH: LarChanges = {
  ...NON_NATURAL_ALONE,
  coAppEthnicity1: '4',
  coAppRace1: '7',
  coAppSex: '4',
};
/** Only the first AUS and its result reported. */
const ONLY_FIRST_AUS: LarChanges = {
  aus2: '',
  aus3: '',
  aus4: '',
  aus5: '',
  ausResult2: '',
  ausResult3: '',
  ausResult4: '',
  ausResult5: '',
};

/** [edit id, fields changed on the clean row, passes?] */
const LAR_CASES: [string, LarChanges, boolean][] = [
  ['V680-1', { ...NON_NATURAL_ALONE, debtToIncome: 'NA' }, true],
  ['V680-1', { ...NON_NATURAL_ALONE, debtToIncome: 'Exempt' }, true],
  ['V680-1', { ...NON_NATURAL_ALONE, debtToIncome: '35' }, false],
  ['V680-1', { debtToIncome: '35' }, true],
  ['V680-2', { ...NON_NATURAL_BOTH, debtToIncome: '35.5' }, false],
  ['V680-2', { ...NON_NATURAL_BOTH, appEthnicity1: '04', debtToIncome: '35' }, false],
  ['V680-2', { ...NON_NATURAL_BOTH, debtToIncome: 'NA' }, true],
  ['V681-1', { combinedLoanToValue: '80.5' }, true],
  ['V681-1', { combinedLoanToValue: 'Exempt' }, true],
  ['V681-1', { combinedLoanToValue: '0' }, false],
  ['V681-1', { combinedLoanToValue: '-1' }, false],
  ['V681-2', { actionTaken: '4', combinedLoanToValue: '80' }, false],
  ['V681-2', { actionTaken: '6', combinedLoanToValue: 'NA' }, true],
  ['V681-2', { actionTaken: '1', combinedLoanToValue: '80' }, true],
  ['V682-1', { loanTerm: '360' }, true],
  ['V682-1', { loanTerm: 'NA' }, true],
  ['V682-1', { loanTerm: '0' }, false],
  ['V682-1', { loanTerm: '-5' }, false],
  ['V682-2', { reverseMortgage: '1', loanTerm: '360' }, false],
  ['V682-2', { reverseMortgage: '1', loanTerm: 'NA' }, true],
  ['V683', { introductoryRatePeriod: '0' }, false],
  ['V683', { introductoryRatePeriod: 'Exempt' }, true],
  ['V683', { introductoryRatePeriod: '12' }, true],
  ['V684', { balloonPayment: '3' }, false],
  ['V684', { balloonPayment: '1111' }, true],
  ['V684', { balloonPayment: '01' }, true],
  ['V685', { interestOnlyPayments: '0' }, false],
  ['V685', { interestOnlyPayments: '1' }, true],
  ['V686', { negativeAmortization: '3' }, false],
  ['V686', { negativeAmortization: '1111' }, true],
  ['V687', { otherNonAmortizing: '1112' }, false],
  ['V687', { otherNonAmortizing: '1' }, true],
  ['V688-1', { propertyValue: '250000' }, true],
  ['V688-1', { propertyValue: '0' }, false],
  ['V688-1', { propertyValue: 'NA' }, true],
  ['V688-2', { actionTaken: '5', propertyValue: '250000' }, false],
  ['V688-2', { actionTaken: '4', propertyValue: 'Exempt' }, true],
  ['V688-2', { actionTaken: '1', propertyValue: '250000' }, true],
  ['V689-1', { manufacturedSecuredProperty: '4' }, false],
  ['V689-1', { manufacturedSecuredProperty: '1111' }, true],
  ['V689-2', { multifamilyAffordableUnits: '10', manufacturedSecuredProperty: '1' }, false],
  ['V689-2', { multifamilyAffordableUnits: '10', manufacturedSecuredProperty: '3' }, true],
  ['V689-2', { multifamilyAffordableUnits: 'Exempt', manufacturedSecuredProperty: '1' }, true],
  ['V689-3', { constructionMethod: '1', manufacturedSecuredProperty: '1' }, false],
  ['V689-3', { constructionMethod: '1', manufacturedSecuredProperty: '1111' }, true],
  ['V690-1', { manufacturedLandInterest: '6' }, false],
  ['V690-1', { manufacturedLandInterest: '5' }, true],
  ['V690-2', { multifamilyAffordableUnits: '0', manufacturedLandInterest: '2' }, false],
  ['V690-2', { multifamilyAffordableUnits: '0', manufacturedLandInterest: '5' }, true],
  ['V690-3', { constructionMethod: '1', manufacturedLandInterest: '1' }, false],
  ['V690-3', { constructionMethod: '01', manufacturedLandInterest: '1111' }, true],
  ['V691', { totalUnits: '0' }, false],
  ['V691', { totalUnits: '1' }, true],
  ['V692-1', { multifamilyAffordableUnits: '3' }, true],
  ['V692-1', { multifamilyAffordableUnits: 'Exempt' }, true],
  ['V692-1', { multifamilyAffordableUnits: '2.5' }, false],
  ['V692-1', { multifamilyAffordableUnits: 'na' }, false],
  ['V692-2', { totalUnits: '4', multifamilyAffordableUnits: '0' }, false],
  ['V692-2', { totalUnits: '5', multifamilyAffordableUnits: '0' }, true],
  ['V692-3', { totalUnits: '5', multifamilyAffordableUnits: '6' }, false],
  ['V692-3', { totalUnits: '5', multifamilyAffordableUnits: '5' }, true],
  ['V692-3', { totalUnits: '4', multifamilyAffordableUnits: '6' }, true],
  ['V693-1', { submissionOfApplication: '4' }, false],
  ['V693-1', { submissionOfApplication: '1111' }, true],
  ['V693-2', { actionTaken: '6', submissionOfApplication: '1' }, false],
  ['V693-2', { actionTaken: '6', submissionOfApplication: '3' }, true],
  ['V693-3', { submissionOfApplication: '3', actionTaken: '1' }, false],
  ['V693-3', { submissionOfApplication: '3', actionTaken: '6' }, true],
  ['V694-1', { initiallyPayable: '0' }, false],
  ['V694-1', { initiallyPayable: '3' }, true],
  ['V694-2', { actionTaken: '6', initiallyPayable: '1' }, false],
  ['V694-2', { actionTaken: '6', initiallyPayable: '1111' }, true],
  ['V694-3', { actionTaken: '1', initiallyPayable: '3' }, false],
  ['V694-3', { actionTaken: '1', initiallyPayable: '2' }, true],
  ['V695-1', { nmlsrId: '123456' }, true],
  ['V695-1', { nmlsrId: 'Exempt' }, true],
  ['V695-1', { nmlsrId: '99999999999' }, true],
  // Java's toInt reads a negative number, so the platform lets it through V695-1.
  ['V695-1', { nmlsrId: '-5' }, true],
  ['V695-1', { nmlsrId: '-99999999999' }, false],
  ['V695-1', { nmlsrId: '' }, false],
  ['V695-1', { nmlsrId: 'ABC123' }, false],
  ['V695-1', { nmlsrId: '12.5' }, false],
  ['V695-2', { nmlsrId: '0' }, false],
  ['V695-2', { nmlsrId: '00' }, true],
  ['V696-1', { aus1: '8' }, false],
  ['V696-1', { aus1: '0' }, false],
  ['V696-1', { aus2: '6' }, false],
  ['V696-1', { aus2: '7' }, true],
  ['V696-1', { aus1: '1111', aus5: '0' }, true],
  ['V696-2', { ausResult1: '25' }, false],
  ['V696-2', { ausResult2: '17' }, false],
  ['V696-2', { ausResult1: '1111', ausResult5: '24' }, true],
  ['V696-3', { aus5: '1' }, false],
  ['V696-3', { aus5: '1', ausResult5: '1' }, true],
  ['V696-3', { aus4: '0', ausResult4: '' }, true],
  ['V699', { ausResult3: '17' }, false],
  ['V699', { aus1: '5', ausResult1: '1111' }, false],
  ['V699', { aus1: '5', ausResult1: '24' }, true],
  ['V700-1', { aus1: '6', ausResult1: '17' }, false],
  ['V700-1', { ...ONLY_FIRST_AUS, aus1: '6', ausResult1: '1' }, false],
  ['V700-1', { ...ONLY_FIRST_AUS, aus1: '6', ausResult1: '17' }, true],
  ['V700-1', { ...ONLY_FIRST_AUS, aus1: '6', ausResult1: '17', aus2: '0', ausResult2: '0' }, true],
  ['V700-2', { ausResult1: '17' }, false],
  ['V700-2', { ...ONLY_FIRST_AUS, aus1: '6', ausResult1: '17' }, true],
  ['V701', { ausResult5: '1' }, false],
  ['V701', { aus4: '0' }, false],
  ['V701', { aus5: '2', ausResult5: '1' }, true],
  ['V702-1', { ausOther: '' }, false],
  ['V702-1', { aus3: '2', ausOther: '' }, true],
  ['V702-2', { aus3: '2' }, false],
  ['V702-2', { aus3: '2', aus5: '5' }, true],
  ['V703-1', { ausResult2: '16' }, false],
  ['V703-1', { ausResult2: '16', ausResultOther: 'Manual review' }, true],
  ['V703-2', { ausResultOther: 'Manual review' }, false],
  ['V703-2', { ausResult4: '16', ausResultOther: 'Manual review' }, true],
  ['V704-1', { actionTaken: '6' }, false],
  ['V704-1', { actionTaken: '6', aus1: '6' }, true],
  ['V704-2', { actionTaken: '6' }, false],
  ['V704-2', { actionTaken: '6', ausResult1: '1111' }, true],
  ['V705-1', NON_NATURAL_ALONE, false],
  ['V705-1', { ...NON_NATURAL_ALONE, aus1: '1111', ausResult1: '17' }, true],
  ['V705-2', NON_NATURAL_BOTH, false],
  ['V705-2', { ...NON_NATURAL_BOTH, aus1: '6', ausResult1: '1111' }, true],
  ['V706', { reverseMortgage: '3' }, false],
  ['V706', { reverseMortgage: '1111' }, true],
  ['V707', { openEndLineOfCredit: '0' }, false],
  ['V707', { openEndLineOfCredit: '1' }, true],
  ['V708', { businessOrCommercial: '3' }, false],
  ['V708', { businessOrCommercial: '1111' }, true],
  ['V709', { street: 'Exempt' }, false],
  ['V709', { street: 'Exempt', city: 'Exempt', zip: 'exempt' }, false],
  ['V709', { street: 'Exempt', city: 'Exempt', zip: 'Exempt' }, true],
  ['V710', { appCreditScore: '1111' }, false],
  [
    'V710',
    {
      appCreditScore: '1111',
      appCreditModel: '1111',
      coAppCreditScore: '1111',
      coAppCreditModel: '1111',
    },
    true,
  ],
  [
    'V710',
    {
      appCreditScore: '1111',
      appCreditModel: '1111',
      coAppCreditScore: '1111',
      coAppCreditModel: '1111',
      coAppCreditModelOther: 'Model X',
    },
    false,
  ],
  ['V711', { denial1: '1111', denial2: '1' }, false],
  ['V711', { denial1: '1111', denialOther: 'Other reason' }, false],
  ['V711', { denial1: '1111', denial3: '0' }, true],
  ['V712', { totalLoanCosts: 'Exempt' }, false],
  ['V712', { totalLoanCosts: 'Exempt', totalPointsAndFees: 'Exempt' }, true],
  ['V713', { aus1: '1111' }, false],
  ['V713', { ...ONLY_FIRST_AUS, aus1: '1111', ausResult1: '1111' }, false],
  ['V713', { ...ONLY_FIRST_AUS, aus1: '1111', ausResult1: '1111', ausOther: '' }, true],
  ['V714', { submissionOfApplication: '1111' }, false],
  ['V714', { submissionOfApplication: '1111', initiallyPayable: '1111' }, true],
  ['V715', { balloonPayment: '1111' }, false],
  [
    'V715',
    {
      balloonPayment: '1111',
      interestOnlyPayments: '1111',
      negativeAmortization: '1111',
      otherNonAmortizing: '1111',
    },
    true,
  ],
  ['V721-1', { appAge: '1111' }, false],
  ['V721-1', { appAge: '9999' }, false],
  ['V721-1', { appAge: '8888' }, true],
  ['V721-2', { coAppAge: '1111' }, false],
  ['V721-2', { coAppAge: '9999' }, true],
  ['V720-1', { appCreditModel: '12', appCreditScore: '270' }, false],
  ['V720-1', { appCreditModel: '1', appCreditScore: '280' }, true],
  ['V720-1', { appCreditModel: '13', appCreditScore: '270' }, true],
  ['V720-2', { coAppCreditModel: '11', coAppCreditScore: '279' }, false],
  ['V720-2', { coAppCreditModel: '6', coAppCreditScore: '850' }, true],
  ['V720-3', { appCreditModel: '15', appCreditScore: '299' }, false],
  ['V720-3', { appCreditModel: '14', appCreditScore: '300' }, true],
  ['V720-4', { coAppCreditModel: '13', coAppCreditScore: '250' }, false],
  ['V720-4', { coAppCreditModel: '13', coAppCreditScore: '300' }, true],
];

const TS_CASES: [string, Partial<Record<TsField, string>>, boolean][] = [
  ['V717', { contactEmail: 'first+tag.last@mail.example.org' }, true],
  // The platform's pattern takes a + only before the local part's first dot.
  ['V717', { contactEmail: 'first.last+tag@mail.example.org' }, false],
  ['V717', { contactEmail: 'pockets@ficus' }, false],
  ['V717', { contactEmail: 'pockets@ficus.c' }, false],
  ['V717', { contactEmail: '' }, false],
  ['V719-1', { institutionName: 'Bank0' }, true],
  ['V719-1', { institutionName: '12345' }, false],
  // Java's toDouble reads these too.
  ['V719-1', { institutionName: 'NaN' }, false],
  ['V719-1', { institutionName: '1e5d' }, false],
  ['V719-2', { institutionName: 'B90YWS6AFX2LGWOXJ1LD' }, false],
  ['V719-2', { institutionName: 'b90yws6afx2lgwoxj1ld' }, true],
];

describe('validity edits V680 to V721', () => {
  it('has unique ids, all in V680 to V721, V719 (a parent only) not among them', () => {
    const ids = [
      ...VALIDITY_EDITS_V680_V721.map((edit) => edit.id),
      V718_QUARTERLY.id,
      'V716',
      'V695-3',
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^V(68\d|69\d|70\d|71\d|72[01])(-\d)?$/);
    expect(ids).not.toContain('V719');
    expect(V695_3_2025.id).toBe('V695-3');
    expect(V695_3_2026.id).toBe('V695-3');
  });

  it('passes the clean rows', () => {
    const context = filing();
    for (const edit of VALIDITY_EDITS_V680_V721) {
      const row = edit.record === 'ts' ? context.ts : larRow();
      expect(edit.passes(row, context), edit.id).toBe(true);
    }
  });

  it('has a passing and a failing case for every edit', () => {
    const outcomes = new Map<string, Set<boolean>>();
    for (const [id, , passes] of [...LAR_CASES, ...TS_CASES]) {
      outcomes.set(id, (outcomes.get(id) ?? new Set()).add(passes));
    }
    for (const edit of VALIDITY_EDITS_V680_V721)
      expect(outcomes.get(edit.id)?.size, edit.id).toBe(2);
  });

  it.each(LAR_CASES)('%s on %j passes: %s', (id, changes, passes) => {
    expect(edit(id).passes(larRow(changes), filing())).toBe(passes);
  });

  it.each(TS_CASES)('%s on a Transmittal Sheet with %j passes: %s', (id, changes, passes) => {
    const ts = tsRow(changes);
    expect(edit(id).passes(ts, filing({ ts }))).toBe(passes);
  });

  it('reads the fields of each edit by their LAR or TS index', () => {
    for (const edit of VALIDITY_EDITS_V680_V721) {
      expect(edit.fields.length, edit.id).toBeGreaterThan(0);
      expect(edit.record, edit.id).toBe(
        ['V717', 'V719-1', 'V719-2'].includes(edit.id) ? 'ts' : 'lar',
      );
    }
  });
});

describe('V695-3 by year', () => {
  const cases: [string, boolean, boolean][] = [
    // [NMLSR ID, passes in 2025, passes in 2026]
    ['NA', true, true],
    ['Exempt', true, true],
    ['1234', true, true],
    ['0123', true, true],
    ['3000000', true, true],
    ['3000001', true, false],
    ['12345678', true, false],
    ['123456789012', true, false],
    ['1234567890123', false, false],
    ['123', false, false],
    ['0000', false, false],
    ['12.50', false, false],
    ['-1234', false, false],
    ['', false, false],
  ];
  it.each(cases)('NMLSR ID %j: 2025 %s, 2026 %s', (nmlsrId, in2025, in2026) => {
    const row = larRow({ nmlsrId });
    expect(V695_3_2025.passes(row, filing({ year: 2025 }))).toBe(in2025);
    expect(V695_3_2026.passes(row, filing({ year: 2026 }))).toBe(in2026);
  });
});

describe('V718 (quarterly)', () => {
  it.each([
    ['1', 'Q1', true],
    ['01', 'Q1', true],
    ['2', 'Q2', true],
    ['3', 'Q3', true],
    ['1', 'Q2', false],
    ['4', 'Q3', false],
  ] as const)(
    'Transmittal Sheet quarter %s in a %s filing passes: %s',
    (calendarQuarter, period, passes) => {
      const ts = tsRow({ calendarQuarter });
      expect(V718_QUARTERLY.passes(ts, filing({ period, ts }))).toBe(passes);
    },
  );
});

describe('V716', () => {
  const v716 = v716WithCounties(new Set(['11001', '24031']));
  it.each([
    [{}, true],
    [{ county: 'NA' }, true],
    [{ state: 'na', county: '99999' }, true],
    [{ county: '11002' }, false],
    [{ state: 'MD' }, false],
    [{ state: 'MD', county: '24031' }, true],
    [{ state: 'md', county: '24031' }, false],
  ] as [LarChanges, boolean][])('%j passes: %s', (changes, passes) => {
    expect(v716.passes(larRow(changes), filing())).toBe(passes);
  });
});

describe('V692 threshold', () => {
  it('is the units value configured for V692 (edit-thresholds.txt, edits.V692.units)', () => {
    expect(V692_UNITS).toBe(5);
  });

  const thresholds = new URL(
    '../../../../../../../shared/data/hmda/edit-thresholds.txt',
    import.meta.url,
  );
  it.skipIf(!existsSync(thresholds))('agrees with the shared edit-thresholds.txt', () => {
    const row = readFileSync(thresholds, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('V692|edits.V692.units|'));
    expect(Number(row?.split('|')[2])).toBe(V692_UNITS);
  });

  it('moves with a configured threshold', () => {
    const [v692_2, v692_3] = v692Edits(3) as [RowEdit, RowEdit];
    const row = larRow({ totalUnits: '4', multifamilyAffordableUnits: '2' });
    expect(v692_2.passes(row, filing())).toBe(true);
    expect(v692_3.passes(row, filing())).toBe(true);
    expect(
      v692_3.passes(larRow({ totalUnits: '4', multifamilyAffordableUnits: '5' }), filing()),
    ).toBe(false);
  });
});

describe('the CFPB V720-1 test file', () => {
  const text = readFileSync(
    new URL(
      '../../../../test/fixtures/hmda/lar-2024-annual-validity-V720-1-bank1-2rows.txt',
      import.meta.url,
    ),
    'utf8',
  );
  const lines = text.split('\n');
  const context: FilingContext = {
    year: 2024,
    period: 'annual',
    ts: new HmdaRow(splitValues(lines[0]!), 1),
  };
  const rowAt = (line: number) => new HmdaRow(splitValues(lines[line - 1]!), line);

  it('fails V720-1 on row 1 (file line 2): credit score 270 with model 12', () => {
    const row = rowAt(2);
    expect(row.values).toHaveLength(110);
    expect(edit('V720-1').passes(row, context)).toBe(false);
  });

  it('passes V720-1 on row 2', () => {
    expect(edit('V720-1').passes(rowAt(3), context)).toBe(true);
  });
});

describe('validityEditsV680V721For', () => {
  const ids = (edits: readonly RowEdit[]) => edits.map((edit) => edit.id);

  it('runs no V695-3 and no V718 in 2024', () => {
    expect(ids(validityEditsV680V721For({ year: 2024, period: 'annual' }))).toEqual(
      ids(VALIDITY_EDITS_V680_V721),
    );
  });

  it('runs the 2025 V695-3 after V695-2, and V718 in a 2025 quarter', () => {
    const edits = validityEditsV680V721For({ year: 2025, period: 'Q2' });
    const at = ids(edits).indexOf('V695-3');
    expect(edits[at]).toBe(V695_3_2025);
    expect(edits[at - 1]?.id).toBe('V695-2');
    expect(edits).toContain(V718_QUARTERLY);
  });

  it('runs the 2026 V695-3 and no V718 in a 2026 annual filing; V716 with a county list', () => {
    const edits = validityEditsV680V721For({ year: 2026, period: 'annual' }, new Set(['11001']));
    expect(edits).toContain(V695_3_2026);
    expect(edits).not.toContain(V718_QUARTERLY);
    expect(ids(edits).indexOf('V716')).toBe(ids(edits).indexOf('V721-1') - 1);
    expect(new Set(ids(edits)).size).toBe(edits.length);
  });
});
