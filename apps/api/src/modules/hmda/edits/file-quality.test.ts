import { describe, expect, it } from 'vitest';
import type { FilingContext, HmdaRow } from './edit.ts';
import { filing, larRow, tsRow } from './edit-test-rows.ts';
import { Q600, q303For } from './file-quality.ts';

function runQ600(rows: HmdaRow[], context: FilingContext) {
  const running = Q600.start(context);
  for (const row of rows) running.add(row);
  return running.finish();
}

const entries = (count: number) => filing({ ts: tsRow({ totalEntries: String(count) }) });

describe('Q600 (duplicate ULI or NULI)', () => {
  it('passes distinct ULIs whatever the action', () => {
    const rows = [larRow({ uli: 'A1' }, 2), larRow({ uli: 'A2', actionTaken: '1' }, 3)];
    expect(runQ600(rows, entries(2))).toEqual({ failed: false, lines: [] });
  });

  it('points to each repeated ULI, ignoring case and action', () => {
    const rows = [
      larRow({ uli: 'A1', actionTaken: '3' }, 2),
      larRow({ uli: 'a1', actionTaken: '4' }, 3),
      larRow({ uli: 'A2' }, 4),
      larRow({ uli: 'A1' }, 5),
    ];
    expect(runQ600(rows, entries(4))).toEqual({ failed: true, lines: [3, 5] });
  });

  it('fails a TS count that is not the number of distinct ULIs, pointing to line 1', () => {
    expect(runQ600([larRow({ uli: 'A1' }, 2)], entries(2))).toEqual({ failed: true, lines: [1] });
  });
});

describe('Q303 (TS against the registration)', () => {
  const registration = { lei: 'B90YWS6AFX2LGWOXJ1LD', taxId: '01-0123456', agency: '9' };
  const q303 = q303For(registration);

  it.each([
    ['the registered values', tsRow(), true],
    ['the LEI in lower case', tsRow({ lei: 'b90yws6afx2lgwoxj1ld' }), true],
    ['another agency', tsRow({ agency: '5' }), false],
    ['another tax id', tsRow({ taxId: '01-0123457' }), false],
    ['another LEI', tsRow({ lei: '549300ABCDEFGHIJKL00' }), false],
  ])('with %s: %s', (_name, ts, expected) => {
    expect(q303.passes(ts, filing({ ts }))).toBe(expected);
  });

  it('is a quality edit of the Transmittal Sheet', () => {
    expect([q303.id, q303.category, q303.record]).toEqual(['Q303', 'quality', 'ts']);
  });

  it('passes when there is no registration, as the platform skips it', () => {
    expect(q303For().passes(tsRow({ lei: 'X' }), filing())).toBe(true);
  });
});

describe('file-quality ids', () => {
  it('are unique', () => {
    const ids = [Q600.id, q303For().id];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
