import { describe, expect, it } from 'vitest';
import { APOR_FIXED_SAMPLE_2017 } from './apor-sample.test-data.ts';
import { parseAporTable } from './apor-table.ts';
import {
  RATE_SPREAD_CSV_HEADER,
  rateSpread,
  rateSpreadCsv,
  rateSpreadInputSchema,
  type RateSpreadInput,
  type RateSpreadTables,
} from './rate-spread.ts';

/*
 * Source: the CFPB HMDA Platform's rate spread calculator (cfpb/hmda-platform,
 * ratespread-calculator: AporCommands.scala for "bad loan term", the NA rule for action taken
 * other than 1, 2 and 8 or a reverse mortgage, the ISO-week row and HALF_UP to three decimals;
 * RateSpreadAPIRoutes.scala for the batch header), its test sample yieldTableFixed.txt, and
 * 12 CFR 1003.4(a)(12).
 */

const parsed = parseAporTable(APOR_FIXED_SAMPLE_2017);
if (!parsed.ok) throw new Error('the sample must parse');
const tables: RateSpreadTables = {
  fixed: {
    id: 'fixed-sample',
    label: 'Fixed-rate APOR table, CFPB test sample 2017',
    weeks: parsed.weeks,
  },
  adjustable: null,
};

const loan = (overrides: Partial<RateSpreadInput> = {}): RateSpreadInput => ({
  actionTaken: 1,
  loanTerm: 30,
  amortizationType: 'fixed',
  apr: 6.125,
  lockDate: '2017-01-04',
  reverseMortgage: false,
  ...overrides,
});

describe('rateSpread', () => {
  it('subtracts the APOR of the lock date’s week and term: 6.125 − 4.36 = 1.765', () => {
    const result = rateSpread(loan(), tables);
    expect(result.outcome).toBe('info');
    expect(result.figures).toEqual({
      rateSpread: 1.765,
      apor: 4.36,
      aporWeekStart: '2017-01-02',
      isoWeek: '2017-W01',
      table: { id: 'fixed-sample', label: 'Fixed-rate APOR table, CFPB test sample 2017' },
      notApplicableReason: null,
    });
    expect(result.headline).toBe(
      'The rate spread is 1.765: APR 6.125% less the APOR of 4.36% for a 30-year fixed-rate loan in the week of 2017-01-02.',
    );
    expect(result.steps.map((step) => [step.label, step.value])).toEqual([
      ['APOR table', 'Fixed-rate APOR table, CFPB test sample 2017'],
      ['Week of the lock date', '2017-W01: the row dated Monday, January 2, 2017'],
      ['APOR for a 30-year term', '4.36%'],
      ['Rate spread', '1.765'],
    ]);
    expect(result.citations).toEqual(['12 CFR 1003.4(a)(12)', '12 CFR 1026.35(a)(2)']);
  });

  it('keeps a Sunday lock date in the week that began the Monday before', () => {
    const sunday = rateSpread(loan({ lockDate: '2017-01-08' }), tables);
    expect(sunday.figures.aporWeekStart).toBe('2017-01-02');
    expect(sunday.figures.rateSpread).toBe(1.765);
  });

  it('moves to the next row on Monday 2017-01-09', () => {
    const monday = rateSpread(loan({ lockDate: '2017-01-09' }), tables);
    expect(monday.figures).toMatchObject({
      apor: 4.24,
      aporWeekStart: '2017-01-09',
      rateSpread: 1.885,
    });
  });

  it('rounds half-up to three decimals, negative spreads away from zero', () => {
    const spread = (apr: number, loanTerm: number) =>
      rateSpread(loan({ apr, loanTerm }), tables).figures.rateSpread;
    expect(spread(6.125, 13)).toBe(2.505); // 6.125 − 3.62
    expect(spread(6.1255, 13)).toBe(2.506); // 2.5055 → 2.506
    expect(spread(6.1254, 13)).toBe(2.505);
    expect(spread(3.6245, 13)).toBe(0.005);
    expect(spread(3.6155, 13)).toBe(-0.005); // −0.0045 → −0.005, as Java's HALF_UP
    expect(spread(3, 1)).toBe(-0.52); // 3 − 3.52
  });

  it('refuses a term of 0 or 51 ("bad loan term")', () => {
    for (const loanTerm of [0, 51, 29.5]) {
      const check = rateSpreadInputSchema.safeParse(loan({ loanTerm }));
      expect(check.success).toBe(false);
      expect(check.error?.issues[0]?.message).toMatch(/^bad loan term/);
      const result = rateSpread(loan({ loanTerm }), tables);
      expect(result.outcome).toBe('not_determined');
      expect(result.headline).toMatch(/bad loan term/);
      expect(result.figures.rateSpread).toBeNull();
    }
    expect(rateSpread(loan({ loanTerm: 1 }), tables).figures.apor).toBe(3.52);
    expect(rateSpread(loan({ loanTerm: 50 }), tables).figures.apor).toBe(4.36);
  });

  it('is NA for action taken 3, 4, 5, 6, 7 and computed for 1, 2 and 8', () => {
    for (const actionTaken of [3, 4, 5, 6, 7]) {
      const result = rateSpread(loan({ actionTaken }), tables);
      expect(result.outcome).toBe('info');
      expect(result.figures.rateSpread).toBeNull();
      expect(result.figures.notApplicableReason).toMatch(
        new RegExp(`^Action taken ${actionTaken} `),
      );
      expect(result.steps).toEqual([
        expect.objectContaining({
          label: 'Rate spread',
          value: 'NA',
          citation: '12 CFR 1003.4(a)(12)',
        }),
      ]);
    }
    expect(rateSpread(loan({ actionTaken: 3 }), tables).headline).toBe(
      'The rate spread is not applicable (NA): Action taken 3 (application denied): a rate spread is reported only for action taken 1 (originated), 2 (approved but not accepted) or 8 (preapproval approved but not accepted).',
    );
    for (const actionTaken of [1, 2, 8]) {
      expect(rateSpread(loan({ actionTaken }), tables).figures.rateSpread).toBe(1.765);
    }
  });

  it('is NA for a reverse mortgage', () => {
    const result = rateSpread(loan({ reverseMortgage: true }), tables);
    expect(result.figures.notApplicableReason).toMatch(/^Reverse mortgage/);
    expect(result.figures.rateSpread).toBeNull();
  });

  it('says which week is missing, and when the table itself is missing', () => {
    const later = rateSpread(loan({ lockDate: '2017-01-16' }), tables);
    expect(later.outcome).toBe('not_determined');
    expect(later.headline).toBe(
      'The Fixed-rate APOR table, CFPB test sample 2017 has no row for the week 2017-W03 (the week of the lock date, Monday, January 16, 2017), so the rate spread was not computed.',
    );
    expect(later.figures).toMatchObject({ rateSpread: null, isoWeek: '2017-W03' });

    const adjustable = rateSpread(loan({ amortizationType: 'adjustable' }), tables);
    expect(adjustable.outcome).toBe('not_determined');
    expect(adjustable.headline).toBe(
      'No adjustable-rate APOR table is loaded, so the rate spread for week 2017-W01 was not computed.',
    );
  });

  it('reads the adjustable-rate table for an adjustable-rate loan', () => {
    const both: RateSpreadTables = {
      fixed: tables.fixed,
      adjustable: {
        id: 'arm',
        label: 'Adjustable-rate APOR table, test',
        weeks: [{ weekStart: '2017-01-02', rates: Array.from({ length: 50 }, () => 3.1) }],
      },
    };
    const result = rateSpread(loan({ amortizationType: 'adjustable' }), both);
    expect(result.figures).toMatchObject({ apor: 3.1, rateSpread: 3.025, table: { id: 'arm' } });
  });
});

describe('rateSpreadCsv', () => {
  const header = `${RATE_SPREAD_CSV_HEADER},apor,apor_week,hpml,error`;

  it('writes one row per input row in the CFPB layout, with ours after', () => {
    const input = [
      'action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage,lien_status,jumbo',
      '1,30,FixedRate,6.125,2017-01-04,2,1,N',
      '3,30,FixedRate,6.125,2017-01-04,2',
      '',
      '1,30,FixedRate,6.125,2017-01-04,1',
      '1,0,FixedRate,6.125,2017-01-04,2',
      '1,30,FixedRate,3.000,2017-01-09,2,2',
      '"1","30","FixedRate","5.12","2017-01-08","2","1","n"',
      '1,30,VariableRate,5.0,2017-01-04,2',
      '=cmd,30,FixedRate,6.125,2017-01-04,2',
      '1,30,FixedRate,6.125,2017-01-16,2',
      '1,30,FixedRate,6.125,2017-01-04,2,1',
      '1,30,FixedRate',
    ].join('\r\n');
    const result = rateSpreadCsv(input, tables);
    expect(result.rows).toBe(11);
    expect(result.errors).toBe(6);
    expect(result.csv.split('\r\n')).toEqual([
      header,
      '1,30,FixedRate,6.125,2017-01-04,2,1.765,4.36,2017-01-02,Y,',
      '3,30,FixedRate,6.125,2017-01-04,2,NA,,,,',
      '1,30,FixedRate,6.125,2017-01-04,1,NA,,,,',
      '1,0,FixedRate,6.125,2017-01-04,2,,,,,"bad loan term: the loan term must be a whole number of years from 1 to 50 (got ""0"")."',
      '1,30,FixedRate,3.000,2017-01-09,2,-1.240,4.24,2017-01-09,N,',
      '1,30,FixedRate,5.12,2017-01-08,2,0.760,4.36,2017-01-02,N,',
      '1,30,VariableRate,5.0,2017-01-04,2,,,,,"No adjustable-rate APOR table is loaded, so the rate spread for week 2017-W01 was not computed."',
      `'=cmd,30,FixedRate,6.125,2017-01-04,2,,,,,"action_taken_type ""=cmd"" is not a HMDA action taken code from 1 to 8."`,
      '1,30,FixedRate,6.125,2017-01-16,2,,,,,"The Fixed-rate APOR table, CFPB test sample 2017 has no row for the week 2017-W03 (the week of the lock date, Monday, January 16, 2017), so the rate spread was not computed."',
      '1,30,FixedRate,6.125,2017-01-04,2,1.765,4.36,2017-01-02,,jumbo (Y or N) is needed to test a first-lien loan for HPML.',
      '1,30,FixedRate,,,,,,,,"The row has 3 columns; it needs the 6 of the CFPB layout (action_taken_type,loan_term,amortization_type,apr,lock_in_date,reverse_mortgage), optionally followed by lien_status and jumbo."',
      '',
    ]);
  });

  it('needs no header row, and reads LF line ends and a BOM', () => {
    const result = rateSpreadCsv('\uFEFF1,13,FixedRate,6.125,2017-01-04,2\n', tables);
    expect(result).toEqual({
      csv: `${header}\r\n1,13,FixedRate,6.125,2017-01-04,2,2.505,3.62,2017-01-02,,\r\n`,
      rows: 1,
      errors: 0,
    });
  });

  it('refuses more rows than the limit before doing any work', () => {
    const rows = (count: number) =>
      Array.from({ length: count }, () => '1,30,FixedRate,6.125,2017-01-04,2').join('\n');
    expect(() => rateSpreadCsv(rows(3), tables, { maxRows: 2 })).toThrow(
      'The file has more than 2 loan rows; split it into files of at most 2 rows.',
    );
    expect(rateSpreadCsv(rows(2), tables, { maxRows: 2 }).rows).toBe(2);
    expect(() => rateSpreadCsv(rows(10_001), tables)).toThrow(/more than 10,000 loan rows/);
  });
});
