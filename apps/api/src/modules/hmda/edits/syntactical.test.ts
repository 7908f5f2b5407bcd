import { describe, expect, it } from 'vitest';
import { HmdaRow, type FileEdit, type FilingContext, type RowEdit } from './edit.ts';
import { filing, larRow, tsRow } from './edit-test-rows.ts';
import { isCode } from './row-tests.ts';
import {
  Hash64,
  HashSet64,
  s303For,
  S300_LAR,
  S300_TS,
  S301,
  S302,
  S304,
  S305,
  S306,
  S307,
  SYNTACTICAL_EDITS,
} from './syntactical.ts';

function run(edit: FileEdit, rows: HmdaRow[], context: FilingContext = filing()) {
  const running = edit.start(context);
  for (const row of rows) running.add(row);
  return running.finish();
}

const REGISTRATION = { lei: 'B90YWS6AFX2LGWOXJ1LD', taxId: '01-0123456', agency: '9' };

describe('syntactical row edits', () => {
  const cases: [string, RowEdit, HmdaRow, FilingContext, boolean][] = [
    ['S300 TS record id 1', S300_TS, tsRow(), filing(), true],
    ['S300 TS record id 2', S300_TS, tsRow({ recordId: '2' }), filing(), false],
    ['S300 LAR record id 2', S300_LAR, larRow(), filing(), true],
    ['S300 LAR record id "02" reads as 2', S300_LAR, larRow({ recordId: '02' }), filing(), true],
    ['S300 LAR record id 1', S300_LAR, larRow({ recordId: '1' }), filing(), false],
    ['S301 same LEI', S301, larRow(), filing(), true],
    ['S301 same LEI, other case', S301, larRow({ lei: 'b90yws6afx2lgwoxj1ld' }), filing(), true],
    ['S301 other LEI', S301, larRow({ lei: 'B90YWS6AFX2LGWOXJ1LE' }), filing(), false],
    ['S302 year is the filing year', S302, tsRow(), filing(), true],
    ['S302 year of another filing', S302, tsRow(), filing({ year: 2026 }), false],
    ['S302 ignores the quarter', S302, tsRow({ calendarQuarter: '1' }), filing(), true],
    ['S303 matches registration', s303For(REGISTRATION), tsRow(), filing(), true],
    ['S303 agency "09" is 9', s303For(REGISTRATION), tsRow({ agency: '09' }), filing(), true],
    [
      'S303 LEI in lower case',
      s303For(REGISTRATION),
      tsRow({ lei: 'b90yws6afx2lgwoxj1ld' }),
      filing(),
      true,
    ],
    ['S303 other agency', s303For(REGISTRATION), tsRow({ agency: '7' }), filing(), false],
    ['S303 other tax id', s303For(REGISTRATION), tsRow({ taxId: '010123456' }), filing(), false],
    [
      'S303 other LEI',
      s303For(REGISTRATION),
      tsRow({ lei: 'OTHERLEI000000000000' }),
      filing(),
      false,
    ],
    ['S303 with no registration', s303For(), tsRow({ lei: 'OTHER' }), filing(), true],
  ];

  it.each(cases)('%s', (_name, edit, row, context, expected) => {
    expect(edit.passes(row, context)).toBe(expected);
  });
});

describe('S304 (entries count)', () => {
  it('passes when the TS count is the number of LAR rows', () => {
    const context = filing({ ts: tsRow({ totalEntries: '2' }) });
    expect(run(S304, [larRow({}, 2), larRow({}, 3)], context)).toEqual({
      failed: false,
      lines: [],
    });
  });

  it('fails on another count, pointing to the Transmittal Sheet', () => {
    expect(run(S304, [larRow({}, 2), larRow({}, 3)])).toEqual({ failed: true, lines: [1] });
  });
});

describe('S305 (duplicate rows)', () => {
  it('passes distinct rows', () => {
    const rows = [larRow({}, 2), larRow({ uli: 'OTHERULI' }, 3), larRow({ income: '76' }, 4)];
    expect(run(S305, rows).failed).toBe(false);
  });

  it('points to each repeat, not to the first occurrence', () => {
    const rows = [larRow({}, 2), larRow({ income: '76' }, 3), larRow({}, 4), larRow({}, 5)];
    expect(run(S305, rows)).toEqual({ failed: true, lines: [4, 5] });
  });

  it('compares rows by their text as read, so spacing around a pipe tells them apart', () => {
    const row = larRow({}, 2);
    const spaced = new HmdaRow(row.values, 3, row.values.join(' | '));
    expect(run(S305, [row, spaced]).failed).toBe(false);
  });
});

describe('S306 (duplicate ULI among originations)', () => {
  it('fails a ULI originated twice, ignoring case', () => {
    const rows = [
      larRow({ actionTaken: '1', uli: 'ABC123' }, 2),
      larRow({ actionTaken: '1', uli: 'abc123' }, 3),
    ];
    expect(run(S306, rows)).toEqual({ failed: true, lines: [3] });
  });

  it('lets a ULI repeat when not both rows are originations', () => {
    const rows = [
      larRow({ actionTaken: '1', uli: 'ABC123' }, 2),
      larRow({ actionTaken: '3', uli: 'ABC123' }, 3),
      larRow({ actionTaken: '1', uli: 'ABC124' }, 4),
    ];
    expect(run(S306, rows).failed).toBe(false);
  });
});

describe('S307 (a loan in the quarter)', () => {
  const q = (period: 'Q1' | 'Q2' | 'Q3') => filing({ year: 2026, period });

  it('passes a Q1 filing with a row on March 31 and one from last year', () => {
    const rows = [
      larRow({ actionTakenDate: '20260331' }, 2),
      larRow({ actionTakenDate: '20251231' }, 3),
    ];
    expect(run(S307, rows, q('Q1')).failed).toBe(false);
  });

  it('fails a Q2 filing with no row in April to June, pointing to line 1', () => {
    expect(run(S307, [larRow({ actionTakenDate: '20260331' }, 2)], q('Q2'))).toEqual({
      failed: true,
      lines: [1],
    });
  });

  it('fails rows dated after the quarter, pointing to them', () => {
    const rows = [
      larRow({ actionTakenDate: '20260815' }, 2),
      larRow({ actionTakenDate: '20261001' }, 3),
    ];
    expect(run(S307, rows, q('Q3'))).toEqual({ failed: true, lines: [3] });
  });

  it('passes a Q3 row on September 30', () => {
    expect(run(S307, [larRow({ actionTakenDate: '20260930' }, 2)], q('Q3')).failed).toBe(false);
  });
});

describe('hashing helpers', () => {
  it('reads codes as Java toInt does', () => {
    expect(isCode('1', 1)).toBe(true);
    expect(isCode('+1', 1)).toBe(true);
    expect(isCode('1.0', 1)).toBe(false);
    expect(isCode('', 0)).toBe(false);
  });

  it('keeps every distinct hash across growth', () => {
    const set = new HashSet64();
    const hash = new Hash64();
    for (let i = 0; i < 5_000; i += 1) {
      hash.start().add(`ULI${i}`).finish();
      expect(set.add(hash.high, hash.low)).toBe(true);
    }
    hash.start().add('ULI42').finish();
    expect(set.add(hash.high, hash.low)).toBe(false);
    expect(set.size).toBe(5_000);
  });

  it('hashes the code units of any string, two at a time, short or long', () => {
    /** The hash read one `charCodeAt` at a time, as its definition says. */
    function byCharCodes(texts: string[]): [number, number] {
      let a = 0xdeadbeef;
      let b = 0x41c6ce57;
      for (const text of texts) {
        a = Math.imul(a ^ (0x10000 + text.length), 2654435761);
        b = Math.imul(b ^ (0x10000 + text.length), 1597334677);
        for (let i = 0; i < text.length; i += 2) {
          const pair =
            i + 1 < text.length
              ? text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16)
              : text.charCodeAt(i);
          a = Math.imul(a ^ pair, 2654435761);
          b = Math.imul(b ^ pair, 1597334677);
        }
      }
      a = Math.imul(a ^ (a >>> 16), 2246822507);
      a ^= Math.imul(b ^ (b >>> 13), 3266489909);
      b = Math.imul(b ^ (b >>> 16), 2246822507);
      b ^= Math.imul(a ^ (a >>> 13), 3266489909);
      return [b >>> 0, a >>> 0];
    }
    const texts = [
      '',
      'a',
      'ab',
      'abc',
      'é€',
      '\ud800x',
      'x\udc00',
      'row|1|2|3',
      // Long enough to be copied natively: odd, with non-ASCII units and a lone surrogate.
      `${'é'.repeat(64)}\ud800`,
      'Z'.repeat(5_001),
    ];
    for (const text of texts) {
      const hash = new Hash64().start().add(text).finish();
      expect([hash.high, hash.low], JSON.stringify(text.slice(0, 20))).toEqual(byCharCodes([text]));
    }
    const all = new Hash64().start().addAll(texts).finish();
    expect([all.high, all.low]).toEqual(byCharCodes(texts));
    // A lone surrogate is its own unit: these two differ.
    const first = new Hash64().start().add('\ud800').finish();
    const second = new Hash64().start().add('\udc00').finish();
    expect([first.high, first.low]).not.toEqual([second.high, second.low]);
  });
});

describe('SYNTACTICAL_EDITS', () => {
  it('has one edit per id and record (S300 checks the TS and each LAR row)', () => {
    const keys = SYNTACTICAL_EDITS.map((edit) => `${edit.record}:${edit.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SYNTACTICAL_EDITS.map((edit) => edit.id)).toEqual([
      'S300',
      'S300',
      'S301',
      'S302',
      'S304',
      'S305',
      'S306',
      'S307',
    ]);
  });

  it('all pass on clean rows', () => {
    const context = filing({ ts: tsRow({ totalEntries: '1' }), period: 'annual' });
    for (const edit of SYNTACTICAL_EDITS) {
      if (edit.kind === 'file') expect(run(edit, [larRow()], context).failed, edit.id).toBe(false);
      else {
        const row = edit.record === 'ts' ? context.ts : larRow();
        expect(edit.passes(row, context), edit.id).toBe(true);
      }
    }
  });
});
