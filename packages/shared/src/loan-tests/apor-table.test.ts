import { describe, expect, it } from 'vitest';
import { APOR_FIXED_SAMPLE_2017 } from './apor-sample.test-data.ts';
import { MAX_APOR_ROWS, findAporWeek, isoWeekKey, parseAporTable } from './apor-table.ts';

/*
 * Source: the layout and the ISO-week lookup of the CFPB HMDA Platform's rate spread calculator
 * (cfpb/hmda-platform, ratespread-calculator/.../apor/AporCommands.scala) and its test sample
 * yieldTableFixed.txt (apor-sample.test-data.ts). ISO weeks checked against Python's
 * date.isocalendar().
 */

const row = (date: string, rate = '4.36') =>
  [date, ...Array.from({ length: 50 }, () => rate)].join('|');

describe('parseAporTable', () => {
  it('reads the platform’s two-week sample (no final newline)', () => {
    const result = parseAporTable(APOR_FIXED_SAMPLE_2017);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.weeks.map((week) => week.weekStart)).toEqual(['2017-01-02', '2017-01-09']);
    const [first, second] = result.weeks;
    expect(first?.rates).toHaveLength(50);
    expect(first?.rates[0]).toBe(3.52);
    expect(first?.rates[12]).toBe(3.62);
    expect(first?.rates[29]).toBe(4.36);
    expect(second?.rates[29]).toBe(4.24);
  });

  it('tolerates a BOM, CRLF, blank lines, trailing spaces and a final newline', () => {
    const text = `\uFEFF\r\n${APOR_FIXED_SAMPLE_2017.replace('\n', '  \r\n\r\n')} \t\r\n\r\n`;
    const result = parseAporTable(text);
    expect(result.ok && result.weeks.length).toBe(2);
  });

  it('sorts rows given out of order', () => {
    const [first = '', second = ''] = APOR_FIXED_SAMPLE_2017.split('\n');
    const result = parseAporTable(`${second}\n${first}\n`);
    expect(result.ok && result.weeks.map((week) => week.weekStart)).toEqual([
      '2017-01-02',
      '2017-01-09',
    ]);
  });

  it('refuses a short row, a bad date and a non-numeric rate, with their lines', () => {
    const text = [
      row('1/2/2017'),
      '',
      '1/9/2017|3.52|3.39',
      row('2/30/2017'),
      row('1/16/2017').replace('|4.36|', '|4.3x6|'),
      row('2017-01-23'),
    ].join('\n');
    const result = parseAporTable(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.line)).toEqual([3, 4, 5, 6]);
    expect(result.errors[0]?.message).toMatch(/3 fields; a row needs 51/);
    expect(result.errors[1]?.message).toMatch(/"2\/30\/2017" is not a date written M\/D\/YYYY/);
    expect(result.errors[2]?.message).toMatch(/Field 2 \(term 1 year\): "4\.3x6" is not a rate/);
    expect(result.errors[3]?.message).toMatch(/not a date written M\/D\/YYYY/);
  });

  it('refuses two rows in the same ISO week', () => {
    const result = parseAporTable([row('1/2/2017'), row('1/9/2017'), row('1/8/2017')].join('\n'));
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          message: expect.stringContaining('A second row for the week 2017-W01 (the row on line 1'),
        },
      ],
    });
  });

  it('refuses an empty table', () => {
    expect(parseAporTable(' \n\n')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'The table has no rows.' }],
    });
  });

  it(`refuses more than ${MAX_APOR_ROWS} rows`, () => {
    const start = Date.UTC(1930, 0, 6);
    const lines = Array.from({ length: MAX_APOR_ROWS + 1 }, (_, index) => {
      const date = new Date(start + index * 7 * 86_400_000);
      return row(`${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`);
    });
    const result = parseAporTable(lines.join('\n'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: MAX_APOR_ROWS + 1, message: expect.stringContaining('more than 5,000 rows') },
    ]);
    expect(parseAporTable(lines.slice(0, MAX_APOR_ROWS).join('\n')).ok).toBe(true);
  });
});

describe('isoWeekKey', () => {
  it('gives the ISO week-based year and week, as java.time IsoFields does', () => {
    expect(isoWeekKey('2017-01-02')).toBe('2017-W01');
    expect(isoWeekKey('2017-01-04')).toBe('2017-W01');
    expect(isoWeekKey('2017-01-08')).toBe('2017-W01');
    expect(isoWeekKey('2017-01-09')).toBe('2017-W02');
    expect(isoWeekKey('2017-01-01')).toBe('2016-W52');
    expect(isoWeekKey('2018-12-31')).toBe('2019-W01');
    expect(isoWeekKey('2020-12-31')).toBe('2020-W53');
    expect(isoWeekKey('2021-01-03')).toBe('2020-W53');
    expect(isoWeekKey('2026-01-01')).toBe('2026-W01');
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53');
  });

  it('refuses what is not a day', () => {
    expect(() => isoWeekKey('2017-02-30')).toThrow(RangeError);
  });
});

describe('findAporWeek', () => {
  const parsed = parseAporTable(APOR_FIXED_SAMPLE_2017);
  const weeks = parsed.ok ? parsed.weeks : [];

  it('finds the row in the lock date’s ISO week, Sunday included', () => {
    expect(findAporWeek(weeks, '2017-01-04')?.weekStart).toBe('2017-01-02');
    expect(findAporWeek(weeks, '2017-01-08')?.weekStart).toBe('2017-01-02');
    expect(findAporWeek(weeks, '2017-01-09')?.weekStart).toBe('2017-01-09');
    expect(findAporWeek(weeks, '2017-01-15')?.weekStart).toBe('2017-01-09');
  });

  it('finds nothing outside the table’s weeks', () => {
    expect(findAporWeek(weeks, '2017-01-01')).toBeNull();
    expect(findAporWeek(weeks, '2017-01-16')).toBeNull();
  });
});
