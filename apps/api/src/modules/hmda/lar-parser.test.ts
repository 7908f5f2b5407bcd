import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parserValidValues } from './edit-descriptions.ts';
import { LAR } from './lar-fields.ts';
import { cleanLine, parseLarLine, parseTsLine, splitValues } from './lar-parser.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/hmda/${name}`, import.meta.url), 'utf8').split('\n');
const [TS_LINE, LAR_LINE] = fixture('lar-2025-annual-clean-bank0-100rows.txt');
const validValues = parserValidValues();

const parseLar = (line: string) => parseLarLine(cleanLine(line), 2, validValues);

describe('reading a HMDA file as the platform’s parser does', () => {
  it('reads the clean rows', () => {
    expect(parseTsLine(cleanLine(TS_LINE!), 1, validValues)).toMatchObject({ ok: true });
    const lar = parseLar(LAR_LINE!);
    expect(lar.ok && lar.values).toHaveLength(110);
  });

  it('drops a byte-order mark, a carriage return and surrounding spaces', () => {
    expect(parseTsLine(cleanLine(`\ufeff${TS_LINE}\r`), 1, validValues)).toMatchObject({
      ok: true,
    });
    expect(parseLar(` ${LAR_LINE!.replace('|3|2|2|', '| 3 |2|2|')}\r`)).toMatchObject({ ok: true });
  });

  it('refuses a trailing pipe even when the count is right, and a missing field', () => {
    const values = LAR_LINE!.split('|');
    values[109] = '';
    const trailing = parseLar(`${values.join('|')}|`);
    expect(trailing).toMatchObject({
      ok: false,
      errors: [{ field: 'Incorrect Number of LAR Fields' }],
    });
    const short = parseLar(LAR_LINE!.split('|').slice(0, 109).join('|'));
    expect(short).toMatchObject({
      ok: false,
      errors: [
        { field: 'Incorrect Number of LAR Fields', value: '109', validValues: '110 Fields' },
      ],
    });
  });

  it('reports text where a number is expected with the platform’s valid values', () => {
    const values = LAR_LINE!.split('|');
    values[LAR.loanType] = 'conventional';
    values[LAR.loanAmount] = '$218,910';
    const parsed = parseLar(values.join('|'));
    expect(parsed).toMatchObject({
      ok: false,
      errors: [
        { field: 'Loan Type', value: 'conventional', validValues: 'Integer: 1, 2, 3, 4' },
        { field: 'Loan Amount', value: '$218,910' },
      ],
    });
  });

  it('splits as Java does: trailing empty values vanish', () => {
    expect(splitValues('a|b||')).toEqual(['a', 'b']);
    expect(splitValues('a||b')).toEqual(['a', '', 'b']);
  });

  it('finds exactly the two format errors of the CFPB’s format test file', () => {
    const [ts, ...rows] = fixture('lar-2018-annual-format-errors-ffvt-10rows.txt');
    const errors = [
      ...(parseTsLine(cleanLine(ts!), 1, validValues) as { errors?: unknown[] }).errors!,
      ...rows.flatMap((row, index) => {
        if (cleanLine(row) === '') return [];
        const parsed = parseLarLine(cleanLine(row), index + 2, validValues);
        return parsed.ok ? [] : parsed.errors;
      }),
    ];
    expect(errors).toMatchObject([
      { line: 1, field: 'Federal Agency', value: 'taco', validValues: 'Integer' },
      { line: 11, field: 'Incorrect Number of LAR Fields', value: '109' },
    ]);
  });
});
