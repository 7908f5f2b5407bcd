import { describe, expect, it } from 'vitest';
import type { LarField } from '../lar-fields.ts';
import type { FilingContext, RowEdit } from './edit.ts';
import { filing, larRow, tsRow } from './edit-test-rows.ts';
import {
  Q616_3,
  Q621_2024,
  Q621_2025,
  Q646_ROW,
  Q647_ROW,
  Q651_1,
  Q651_2,
  Q651_2024,
  QUALITY_ROW_EDITS,
  QUALITY_ROW_EDITS_2024,
  QUALITY_ROW_EDITS_2025,
  QUALITY_ROW_EDITS_2026,
  QUALITY_THRESHOLDS,
  qualityRowEditsFor,
} from './quality.ts';

type Changes = Partial<Record<LarField, string>>;
type Case = [edit: string, changes: Changes, context?: FilingContext];

/** Every edit in the module, the year variants named by their year. */
const EDITS = new Map<string, RowEdit>([
  ...QUALITY_ROW_EDITS.map((edit): [string, RowEdit] => [edit.id, edit]),
  ['Q621 (2024)', Q621_2024],
  ['Q621 (2025)', Q621_2025],
  ['Q651 (2024)', Q651_2024],
  ['Q616-3', Q616_3],
  ['Q646', Q646_ROW],
  ['Q647', Q647_ROW],
  ['Q651-1', Q651_1],
  ['Q651-2', Q651_2],
]);

const HUD_FILER = filing({ ts: tsRow({ agency: '7' }) });
const HUD_FILER_2026 = filing({ year: 2026, ts: tsRow({ agency: '07' }) });

/*
 * The clean row: Action Taken 5 on 20251010, applied 20250113, Loan Type 3 (VA), purpose 2,
 * construction 2, Loan Amount 218910, lien 2, Total Units 4, income 85, purchaser 0, HOEPA 3,
 * every loan cost, rate, DTI, CLTV and Property Value NA, credit scores 8888, AUS 3/1/5/1 with
 * results 8/6/5/5, business purpose 1, NMLSR ID NA, ages 75 and 44, a ULI built on the row's LEI.
 */
const CONVENTIONAL_200K_ON_250K: Changes = {
  loanType: '1',
  loanAmount: '200000',
  propertyValue: '250000',
};
const LONG_STREET = `${'1'.repeat(50)} ${'a'.repeat(49)}`;
const ORIGINATED_FIRST_LIEN: Changes = { actionTaken: '1', lienStatus: '1', hoepaStatus: '2' };
const ORIGINATED_SUBORDINATE: Changes = { actionTaken: '1', lienStatus: '2', hoepaStatus: '2' };

const PASSES: Case[] = [
  ['Q601', {}],
  ['Q601', { applicationDate: '20231010' }],
  ['Q601', { applicationDate: 'NA' }],
  ['Q602', {}],
  ['Q602', { street: 'NA', city: 'NA' }],
  ['Q605-1', {}],
  ['Q605-1', { purchaserType: '1', loanType: '01' }],
  ['Q605-2', { purchaserType: '02', loanType: '4' }],
  ['Q606', { income: '9999' }],
  ['Q606', { income: 'NA' }],
  ['Q607', { loanAmount: '250000' }],
  ['Q607', { lienStatus: '1', loanAmount: '900000' }],
  ['Q608', {}],
  ['Q608', { actionTaken: '1' }],
  ['Q608', { actionTaken: '1', applicationDate: 'NA' }],
  ['Q609', { purchaserType: '1', rateSpread: '10' }],
  ['Q609', { purchaserType: '4', rateSpread: 'Exempt' }],
  ['Q609', { purchaserType: '5', rateSpread: '12' }],
  ['Q610', { ...ORIGINATED_FIRST_LIEN, rateSpread: '6.5' }],
  ['Q610', { ...ORIGINATED_FIRST_LIEN, rateSpread: '7', hoepaStatus: '1' }],
  ['Q610', { ...ORIGINATED_FIRST_LIEN, rateSpread: 'Exempt' }],
  ['Q611', { ...ORIGINATED_SUBORDINATE, rateSpread: '8.5' }],
  ['Q611', { ...ORIGINATED_SUBORDINATE, rateSpread: '9', hoepaStatus: '1' }],
  ['Q612', { purchaserType: '3', hoepaStatus: '2' }],
  ['Q612', { purchaserType: '2', hoepaStatus: '1' }],
  ['Q613', {}],
  ['Q613', { loanPurpose: '32' }],
  ['Q613', { businessOrCommercial: '2', loanPurpose: '4' }],
  ['Q614-1', { appAge: '100' }],
  ['Q614-1', { appAge: '8888' }],
  ['Q614-2', { coAppAge: '18' }],
  ['Q614-2', { coAppAge: '9999' }],
  ['Q615-1', {}],
  ['Q615-1', { totalLoanCosts: '501', originationCharges: '500' }],
  ['Q615-1', { totalLoanCosts: '0', originationCharges: '500' }],
  ['Q615-2', { totalPointsAndFees: '300', originationCharges: '200' }],
  ['Q616-1', { totalLoanCosts: '101', discountPoints: '100' }],
  ['Q616-1', { totalLoanCosts: '100', discountPoints: '' }],
  ['Q616-2', { totalPointsAndFees: 'Exempt', discountPoints: '60' }],
  ['Q616-2', { totalPointsAndFees: '61', discountPoints: '60' }],
  ['Q616-3', {}],
  ['Q616-3', { discountPoints: '32836.5' }],
  ['Q616-3', { loanAmount: '100.03', discountPoints: '15' }],
  ['Q617', {}],
  ['Q617', { ...CONVENTIONAL_200K_ON_250K, combinedLoanToValue: '80' }],
  ['Q617', { ...CONVENTIONAL_200K_ON_250K, combinedLoanToValue: '80.0' }],
  // 12.5 rounds half up to 13 when CLTV is whole, and stays 12.5 at one decimal.
  [
    'Q617',
    { loanType: '1', loanAmount: '100000', propertyValue: '800000', combinedLoanToValue: '13' },
  ],
  [
    'Q617',
    { loanType: '1', loanAmount: '100000', propertyValue: '800000', combinedLoanToValue: '12.5' },
  ],
  ['Q617', { loanType: '1', loanAmount: '1', propertyValue: '16', combinedLoanToValue: '6.3' }],
  ['Q617', { loanType: '1', combinedLoanToValue: '5', propertyValue: 'NA' }],
  ['Q618', {}],
  ['Q618', { constructionMethod: '1', manufacturedSecuredProperty: '3' }],
  ['Q619', {}],
  ['Q620', { businessOrCommercial: '2', nmlsrId: '12345' }],
  ['Q620', {}],
  ['Q621 (2024)', {}],
  ['Q621 (2024)', { nmlsrId: '' }],
  ['Q621 (2024)', { nmlsrId: '123456789012' }],
  ['Q621 (2024)', { nmlsrId: 'Exempt' }],
  ['Q621 (2025)', {}],
  ['Q621 (2025)', { nmlsrId: 'Exempt' }],
  ['Q621 (2025)', { nmlsrId: 'AB-1' }],
  ['Q621 (2025)', { nmlsrId: '123456789012' }],
  ['Q622', { reverseMortgage: '1', appAge: '62' }],
  ['Q622', { reverseMortgage: '2', appAge: '30' }],
  ['Q623', {}],
  ['Q623', { loanAmount: '2000000', income: '201' }],
  ['Q623', { loanAmount: '2000000', income: 'NA' }],
  ['Q623', { loanAmount: '2000000', totalUnits: '5' }],
  ['Q624', { loanType: '2', totalUnits: '1', loanAmount: '637000' }],
  ['Q624', { loanType: '2', totalUnits: '2', loanAmount: '900000' }],
  ['Q625', { loanAmount: '1050000' }],
  ['Q625', { loanAmount: '1050001', totalUnits: '5' }],
  ['Q626', { purchaserType: '4', loanAmount: '1225000' }],
  ['Q626', { purchaserType: '5', loanAmount: '2000000' }],
  ['Q627', { totalUnits: '5', loanAmount: '100000' }],
  ['Q627', { totalUnits: '5', loanAmount: '10000000' }],
  ['Q627', { loanAmount: '50000' }],
  ['Q628', { loanPurpose: '1', loanAmount: '10001' }],
  ['Q628', { loanPurpose: '1', loanAmount: '5000', totalUnits: '5' }],
  ['Q629', {}],
  ['Q629', { income: 'NA', actionTaken: '6' }],
  ['Q629', { income: 'NA', loanPurpose: '31' }],
  ['Q630', { totalUnits: '5' }],
  ['Q630', { totalUnits: '4', hoepaStatus: '2' }],
  ['Q631', {}],
  ['Q631', { loanType: '1', totalUnits: '20' }],
  ['Q632', {}],
  ['Q632', { aus3: '3', ausResult3: '19' }],
  ['Q633', { aus1: '4', ausResult1: '24' }],
  ['Q633', { aus5: '4', ausResult5: '16' }],
  ['Q642-1', { appCreditScore: '7777', appCreditModel: '8' }],
  ['Q642-1', {}],
  ['Q642-2', { coAppCreditScore: '7777', coAppCreditModel: '7' }],
  ['Q643', {}],
  ['Q643', { ausResult4: '16' }],
  ['Q644', { aus2: '2', ausResult2: '12' }],
  ['Q644', {}],
  ['Q645-1', { loanAmount: '500' }],
  ['Q645-2', { loanAmount: '999' }],
  ['Q645-2', { loanPurpose: '1', loanAmount: '1000' }],
  ['Q646', {}],
  ['Q646', { appCreditScore: '1111', rateSpread: 'Exempt', interestRate: 'Exempt' }],
  ['Q647', { aus1: '1111' }],
  ['Q647', {}, HUD_FILER],
  ['Q648', {}],
  ['Q648', { lei: 'b90yws6afx2lgwoxj1ld' }],
  ['Q648', { uli: 'NULI0123456789', lei: 'ANOTHERLEI0000000000' }],
  ['Q648', { actionTaken: '6', lei: 'ANOTHERLEI0000000000' }],
  ['Q649-1', {}],
  ['Q649-1', { appCreditScore: '900' }],
  ['Q649-1', { appCreditScore: '9999' }],
  ['Q649-2', { coAppCreditScore: '300' }],
  ['Q649-2', { coAppCreditScore: '1111' }],
  ['Q650-1', { interestRate: '0.5' }],
  ['Q650-1', { interestRate: '0' }],
  ['Q650-2', { interestRate: '20' }],
  ['Q650-2', { interestRate: 'Exempt' }],
  ['Q651 (2024)', { combinedLoanToValue: '1' }],
  ['Q651 (2024)', { combinedLoanToValue: '0' }],
  ['Q651 (2024)', {}],
  ['Q651-1', { combinedLoanToValue: '1.5' }],
  ['Q651-1', { combinedLoanToValue: '0' }],
  ['Q651-1', {}],
  ['Q651-2', { combinedLoanToValue: '149.99' }],
  ['Q651-2', {}],
  ['Q652', { debtToIncome: '1' }],
  ['Q652', { debtToIncome: 'NA' }],
  // Read as a 32-bit float, 0.99999999 is 1.
  ['Q652', { debtToIncome: '0.99999999' }],
  ['Q653-1', { actionTaken: '1', combinedLoanToValue: '250' }],
  ['Q653-1', { actionTaken: '1', combinedLoanToValue: 'Exempt' }],
  ['Q653-1', { actionTaken: '3', combinedLoanToValue: '900' }],
  ['Q653-2', { combinedLoanToValue: '1000' }],
  ['Q653-2', { combinedLoanToValue: '0' }],
  ['Q654', { actionTaken: '1', debtToIncome: '80' }],
  ['Q654', { actionTaken: '1', debtToIncome: '90', income: '5' }],
  ['Q654', { actionTaken: '1', debtToIncome: 'Exempt' }],
  ['Q655', { totalUnits: '5', multifamilyAffordableUnits: '0' }],
  ['Q655', { totalUnits: '5', multifamilyAffordableUnits: 'Exempt' }],
  ['Q655', {}],
  ['Q656', {}],
  ['Q656', { debtToIncome: '1111.0' }],
  ['Q657', {}],
  ['Q657', { aus1: '1111', ausResult1: '1111' }],
  ['Q657', { loanType: '1111', actionTaken: '1111' }],
  ['Q658', { loanTerm: '600' }],
  ['Q658', { loanTerm: 'Exempt' }],
  ['Q659-1', {}],
  ['Q659-1', { income: '8888', street: '8888 Main St' }],
  ['Q659-2', { income: '9999' }],
  ['Q660-1', { street: LONG_STREET }],
  ['Q660-2', {}],
  ['Q660-2', { street: '12 Anderson Rd' }],
  ['Q660-3', { street: '12 Main St #4, Apt. 5-B' }],
  ['Q660-4', {}],
  ['Q660-4', { street: 'NA' }],
  ['Q660-4', { street: 'exempt' }],
  ['Q660-4', { street: '' }],
];

const FAILS: Case[] = [
  ['Q601', { applicationDate: '20231009' }],
  ['Q602', { street: 'NA' }],
  ['Q605-1', { purchaserType: '3', loanType: '2' }],
  ['Q605-2', { purchaserType: '2', loanType: '1' }],
  ['Q606', { income: '10000' }],
  ['Q607', { loanAmount: '250001' }],
  ['Q608', { actionTaken: '1', applicationDate: '20251010' }],
  ['Q609', { purchaserType: '4', rateSpread: '10.01' }],
  // A Rate Spread that is not a number counts as 9999.
  ['Q609', { purchaserType: '2', rateSpread: 'na' }],
  ['Q610', { ...ORIGINATED_FIRST_LIEN, rateSpread: '6.51' }],
  ['Q611', { ...ORIGINATED_SUBORDINATE, rateSpread: '8.6' }],
  ['Q612', { purchaserType: '1', hoepaStatus: '1' }],
  ['Q613', { loanPurpose: '4' }],
  ['Q614-1', { appAge: '17' }],
  ['Q614-1', { appAge: '101' }],
  ['Q614-2', { coAppAge: '17' }],
  ['Q615-1', { totalLoanCosts: '500', originationCharges: '500' }],
  ['Q615-2', { totalPointsAndFees: '100', originationCharges: '200' }],
  ['Q616-1', { totalLoanCosts: '100', discountPoints: '100' }],
  ['Q616-2', { totalPointsAndFees: '50', discountPoints: '60' }],
  ['Q616-3', { discountPoints: '32836.51' }],
  ['Q616-3', { loanAmount: '100.03', discountPoints: '15.004' }],
  ['Q617', { ...CONVENTIONAL_200K_ON_250K, combinedLoanToValue: '79' }],
  [
    'Q617',
    { loanType: '1', loanAmount: '100000', propertyValue: '800000', combinedLoanToValue: '12' },
  ],
  [
    'Q617',
    { loanType: '1', loanAmount: '100000', propertyValue: '800000', combinedLoanToValue: '12.49' },
  ],
  ['Q617', { loanType: '1', loanAmount: '1', propertyValue: '16', combinedLoanToValue: '6.2' }],
  ['Q618', { manufacturedSecuredProperty: '3' }],
  ['Q619', { manufacturedLandInterest: '5' }],
  ['Q620', { businessOrCommercial: '2' }],
  ['Q621 (2024)', { nmlsrId: '1234567890123' }],
  ['Q621 (2024)', { nmlsrId: '12-34' }],
  ['Q621 (2025)', { nmlsrId: '123' }],
  ['Q621 (2025)', { nmlsrId: '1234567890123' }],
  ['Q621 (2025)', { nmlsrId: '' }],
  ['Q622', { reverseMortgage: '1', appAge: '61' }],
  ['Q623', { loanAmount: '2000000' }],
  ['Q624', { loanType: '2', totalUnits: '1', loanAmount: '637001' }],
  ['Q625', { loanAmount: '1050001' }],
  ['Q626', { purchaserType: '4', loanAmount: '1225001' }],
  ['Q627', { totalUnits: '5', loanAmount: '99999' }],
  ['Q627', { totalUnits: '5', loanAmount: '10000001' }],
  ['Q628', { loanPurpose: '1', loanAmount: '10000' }],
  ['Q629', { income: 'NA' }],
  ['Q630', { totalUnits: '5', hoepaStatus: '2' }],
  ['Q631', { totalUnits: '5' }],
  ['Q632', { ausResult1: '5' }],
  ['Q632', { aus5: '3', ausResult5: '' }],
  ['Q633', { aus1: '4', ausResult1: '8' }],
  ['Q642-1', { appCreditScore: '7777' }],
  ['Q642-2', { coAppCreditScore: '7777' }],
  ['Q643', { ausResult2: '8' }],
  ['Q644', { aus2: '2' }],
  ['Q645-1', { loanAmount: '499' }],
  ['Q645-2', { loanPurpose: '1', loanAmount: '999' }],
  ['Q646', { aus1: '1111' }],
  ['Q646', { appCreditModel: '1111' }],
  ['Q646', { denial4: '1111' }],
  ['Q646', { initiallyPayable: '1111' }],
  ['Q647', { aus1: '1111' }, HUD_FILER],
  ['Q647', { reverseMortgage: '1111' }, HUD_FILER_2026],
  ['Q648', { lei: 'B90YWS6AFX2LGWOXJ1LE' }],
  ['Q648', { uli: 'b90yws6afx2lgwoxj1ldj4jjtlr928lpccrn5mmxn0904' }],
  ['Q649-1', { appCreditScore: '299' }],
  ['Q649-2', { coAppCreditScore: '901' }],
  ['Q650-1', { interestRate: '0.49' }],
  ['Q650-2', { interestRate: '20.01' }],
  ['Q651 (2024)', { combinedLoanToValue: '0.5' }],
  ['Q651-1', { combinedLoanToValue: '1.49' }],
  ['Q651-2', { combinedLoanToValue: '150' }],
  // Read as a 32-bit float, 149.999999 is 150.
  ['Q651-2', { combinedLoanToValue: '149.999999' }],
  ['Q652', { debtToIncome: '0.5' }],
  ['Q653-1', { actionTaken: '1', combinedLoanToValue: '250.01' }],
  ['Q653-1', { actionTaken: '8', combinedLoanToValue: '-1' }],
  ['Q653-2', { combinedLoanToValue: '1000.5' }],
  ['Q654', { actionTaken: '1', debtToIncome: '80.5' }],
  ['Q655', { totalUnits: '5' }],
  ['Q655', { totalUnits: '5', multifamilyAffordableUnits: '2.5' }],
  ['Q656', { debtToIncome: '1111' }],
  ['Q656', { interestRate: '1111.00' }],
  ['Q656', { uli: '1111' }],
  ['Q657', { income: '1111' }],
  ['Q657', { loanAmount: '1111.0' }],
  ['Q657', { aus3: '1111' }],
  ['Q657', { coAppAge: '1111' }],
  ['Q658', { loanTerm: '601' }],
  ['Q659-1', { income: '888' }],
  ['Q659-1', { appAge: '0888' }],
  ['Q659-1', { rateSpread: '88888.0' }],
  ['Q659-2', { zip: '99999' }],
  ['Q659-2', { coAppCreditScore: '999' }],
  ['Q660-1', { street: `${LONG_STREET}1` }],
  ['Q660-2', { street: '12 Main St & 3 Oak Ave' }],
  ['Q660-2', { street: '12 Main St AND 13 Elm St' }],
  ['Q660-3', { street: '12 Main St?' }],
  ['Q660-3', { street: 'TBD 1' }],
  ['Q660-3', { street: '12 Main $t' }],
  ['Q660-4', { street: '12345' }],
  ['Q660-4', { street: 'Main Street' }],
];

const run = ([label, changes, context]: Case): boolean => {
  const edit = EDITS.get(label);
  if (!edit) throw new Error(`no edit ${label}`);
  return edit.passes(larRow(changes), context ?? filing());
};

describe('quality row edits', () => {
  it.each(PASSES)('%s passes %o', (...testCase) => {
    expect(run(testCase)).toBe(true);
  });

  it.each(FAILS)('%s fails %o', (...testCase) => {
    expect(run(testCase)).toBe(false);
  });

  it('the clean row passes every edit', () => {
    const failing = [...EDITS].filter(([, edit]) => !edit.passes(larRow(), filing()));
    expect(failing.map(([label]) => label)).toEqual([]);
  });

  it('has a passing and a failing case for every edit', () => {
    const labels = [...EDITS.keys()];
    expect(labels.filter((label) => !PASSES.some(([edit]) => edit === label))).toEqual([]);
    expect(labels.filter((label) => !FAILS.some(([edit]) => edit === label))).toEqual([]);
  });

  it('are quality edits of LAR rows', () => {
    for (const edit of EDITS.values()) {
      expect(edit.category).toBe('quality');
      expect(edit.record).toBe('lar');
      expect(edit.kind).toBe('row');
      expect(edit.fields.length).toBeGreaterThan(0);
    }
  });
});

describe('edit ids by year', () => {
  const ids = (edits: readonly RowEdit[]) => edits.map((edit) => edit.id);

  it.each([
    ['all years', QUALITY_ROW_EDITS],
    ['2024', QUALITY_ROW_EDITS_2024],
    ['2025', QUALITY_ROW_EDITS_2025],
    ['2026', QUALITY_ROW_EDITS_2026],
  ])('are unique in %s', (_, edits) => {
    expect(new Set(ids(edits)).size).toBe(edits.length);
  });

  it('2024 runs Q621 and Q651, 2025 adds Q616-3, Q646, Q647, Q651-1, Q651-2 and 2026 drops Q621', () => {
    expect(QUALITY_ROW_EDITS_2024).toContain(Q621_2024);
    expect(QUALITY_ROW_EDITS_2024).toContain(Q651_2024);
    expect(ids(QUALITY_ROW_EDITS_2024)).not.toContain('Q616-3');
    expect(ids(QUALITY_ROW_EDITS_2024)).not.toContain('Q646');
    expect(QUALITY_ROW_EDITS_2025).toContain(Q621_2025);
    expect(ids(QUALITY_ROW_EDITS_2025)).not.toContain('Q651');
    for (const edit of [Q616_3, Q646_ROW, Q647_ROW, Q651_1, Q651_2]) {
      expect(QUALITY_ROW_EDITS_2025).toContain(edit);
      expect(QUALITY_ROW_EDITS_2026).toContain(edit);
    }
    expect(ids(QUALITY_ROW_EDITS_2026)).not.toContain('Q621');
    expect(QUALITY_ROW_EDITS_2024).toHaveLength(QUALITY_ROW_EDITS.length + 2);
    expect(QUALITY_ROW_EDITS_2026).toHaveLength(QUALITY_ROW_EDITS_2025.length - 1);
  });

  it('leaves out the edits that are not one-row checks', () => {
    const all = new Set([
      ...ids(QUALITY_ROW_EDITS_2024),
      ...ids(QUALITY_ROW_EDITS_2025),
      ...ids(QUALITY_ROW_EDITS_2026),
    ]);
    for (const id of ['Q600', 'Q603', 'Q604', 'Q634', 'Q640', 'Q303'])
      expect(all).not.toContain(id);
  });

  it('picks the list by filing year', () => {
    expect(qualityRowEditsFor(2024)).toBe(QUALITY_ROW_EDITS_2024);
    expect(qualityRowEditsFor(2025)).toBe(QUALITY_ROW_EDITS_2025);
    expect(qualityRowEditsFor(2026)).toBe(QUALITY_ROW_EDITS_2026);
    expect(qualityRowEditsFor(2023)).toBeUndefined();
  });

  it('uses the configured thresholds', () => {
    expect(QUALITY_THRESHOLDS.Q627).toEqual({ minAmount: 100000, maxAmount: 10000000, units: 5 });
    expect(QUALITY_THRESHOLDS.Q623).toEqual({ income: 200, amount: 2000000 });
  });
});
