import { describe, expect, it } from 'vitest';
import type { FileEdit, FilingContext, HmdaRow } from './edit.ts';
import { filing, larRow, tsRow } from './edit-test-rows.ts';
import {
  MACRO_EDITS,
  MACRO_EDITS_2024,
  Q634,
  Q635,
  Q636,
  Q637,
  Q638,
  Q639,
  Q640,
  Q646_MACRO_2024,
  Q647_MACRO_2024,
} from './macro.ts';

type Fields = Parameters<typeof larRow>[0];

function run(edit: FileEdit, rows: HmdaRow[], context: FilingContext = filing()) {
  const running = edit.start(context);
  for (const row of rows) running.add(row);
  return running.finish();
}

/** `count` rows with these fields, numbered from line 2. */
const rows = (...groups: [number, Fields][]): HmdaRow[] =>
  groups.flatMap(([count, fields]) => Array.from({ length: count }, () => larRow(fields)));

const originated = { actionTaken: '1' };

describe('macro edits', () => {
  const cases: [string, FileEdit, HmdaRow[], boolean][] = [
    [
      'Q634 26 originated purchases of 27',
      Q634,
      rows([26, { ...originated, loanPurpose: '1' }], [1, { loanPurpose: '1' }]),
      true,
    ],
    [
      'Q634 26 originated purchases of 28 (92.9%)',
      Q634,
      rows([26, { ...originated, loanPurpose: '1' }], [2, { loanPurpose: '1' }]),
      false,
    ],
    [
      'Q634 25 originated purchases of 25',
      Q634,
      rows([25, { ...originated, loanPurpose: '1' }]),
      false,
    ],
    [
      'Q635 2 of 10 approved, not accepted',
      Q635,
      rows([2, { actionTaken: '2' }], [8, originated]),
      true,
    ],
    ['Q635 3 of 20 (exactly 15%)', Q635, rows([3, { actionTaken: '2' }], [17, originated]), false],
    ['Q636 4 of 10 withdrawn', Q636, rows([4, { actionTaken: '4' }], [6, originated]), true],
    ['Q636 3 of 10 withdrawn', Q636, rows([3, { actionTaken: '4' }], [7, originated]), false],
    ['Q637 2 of 10 incomplete', Q637, rows([2, { actionTaken: '5' }], [8, originated]), true],
    ['Q637 1 of 10 incomplete', Q637, rows([1, { actionTaken: '5' }], [9, originated]), false],
    ['Q638 1 of 6 originated', Q638, rows([1, originated], [5, { actionTaken: '3' }]), true],
    ['Q638 1 of 5 originated (20%)', Q638, rows([1, originated], [4, { actionTaken: '3' }]), false],
    ['Q638 preapprovals only (0 of 0)', Q638, rows([3, { actionTaken: '7' }]), true],
    ['Q639 1001 preapprovals, none denied', Q639, rows([1001, { preapproval: '1' }]), true],
    [
      'Q639 1001 preapprovals, one denied',
      Q639,
      rows([1000, { preapproval: '1' }], [1, { preapproval: '1', actionTaken: '7' }]),
      false,
    ],
    ['Q639 1000 preapprovals, none denied', Q639, rows([1000, { preapproval: '1' }]), false],
    ['Q640 3 of 10 incomes under 10', Q640, rows([3, { income: '9' }], [7, {}]), true],
    [
      'Q640 2 of 10 (20%), NA and decimals left out',
      Q640,
      rows([2, { income: '-1' }], [8, {}], [5, { income: 'NA' }], [5, { income: '5.5' }]),
      false,
    ],
  ];

  it.each(cases)('%s fails: %s', (_name, edit, lar, expected) => {
    expect(run(edit, lar)).toEqual({ failed: expected, lines: [] });
  });

  it('pass on an empty file, except Q638 (0 / 0 is not 20%)', () => {
    const failing = MACRO_EDITS.filter((edit) => run(edit, []).failed).map((edit) => edit.id);
    expect(failing).toEqual(['Q638']);
  });

  it('pass on the clean row', () => {
    const failing = MACRO_EDITS_2024.filter((edit) => run(edit, rows([1, originated])).failed);
    expect(failing.map((edit) => edit.id)).toEqual([]);
  });
});

describe('2024 file-level Q646 and Q647', () => {
  const hud = filing({ year: 2024, ts: tsRow({ agency: '7' }) });

  it.each([
    ['no exemption', Q646_MACRO_2024, [larRow()], filing(), false],
    [
      'an AUS result 1111',
      Q646_MACRO_2024,
      [larRow(), larRow({ ausResult3: '1111' })],
      filing(),
      true,
    ],
    ['Interest Rate Exempt', Q646_MACRO_2024, [larRow({ interestRate: 'Exempt' })], filing(), true],
    [
      'Interest Rate exempt (other case)',
      Q646_MACRO_2024,
      [larRow({ interestRate: 'exempt' })],
      filing(),
      false,
    ],
    ['HUD, an exemption', Q647_MACRO_2024, [larRow({ appCreditModel: '1111' })], hud, true],
    ['HUD, no exemption', Q647_MACRO_2024, [larRow()], hud, false],
    [
      'agency 9, an exemption',
      Q647_MACRO_2024,
      [larRow({ appCreditModel: '1111' })],
      filing(),
      false,
    ],
  ])('%s', (_name, edit, lar, context, expected) => {
    expect(run(edit, lar, context)).toEqual({ failed: expected, lines: [] });
  });
});

describe('macro ids', () => {
  it('are unique and macro', () => {
    const ids = MACRO_EDITS_2024.map((edit) => edit.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(['Q634', 'Q635', 'Q636', 'Q637', 'Q638', 'Q639', 'Q640', 'Q646', 'Q647']);
    expect(MACRO_EDITS_2024.every((edit) => edit.category === 'macro')).toBe(true);
  });
});
