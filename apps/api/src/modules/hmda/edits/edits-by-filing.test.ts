import { describe, expect, it } from 'vitest';
import { editDescriptionsFor } from '../edit-descriptions.ts';
import type { FilingPeriod } from './edit.ts';
import { editsForFiling, notCheckedForFiling, notRunByPlatform } from './edits-by-filing.ts';

const FILINGS: { year: number; period: FilingPeriod }[] = [2024, 2025, 2026].flatMap((year) =>
  (['annual', 'Q1', 'Q2', 'Q3'] as const).map((period) => ({ year, period })),
);

describe.each(FILINGS)('the edits of the $year $period filing', ({ year, period }) => {
  const described = [...editDescriptionsFor(year, period).keys()];
  const run = new Set(editsForFiling({ year, period }).map((edit) => edit.id));
  const explained = notCheckedForFiling(year, period);
  const notChecked = new Map(explained.map((item) => [item.id, item.reason]));
  const notInPart = new Set(explained.filter((item) => !item.inPart).map((item) => item.id));
  const notRun = notRunByPlatform(year, period);

  it('runs or explains every edit of the year’s description file', () => {
    const unaccounted = described.filter(
      (id) => !run.has(id) && !notChecked.has(id) && !notRun.has(id),
    );
    expect(unaccounted).toEqual([]);
  });

  it('runs no edit the description file does not describe, and runs none it says it does not', () => {
    expect([...run].filter((id) => !described.includes(id))).toEqual([]);
    expect([...notInPart].filter((id) => run.has(id))).toEqual([]);
    for (const reason of notChecked.values()) expect(reason.length).toBeGreaterThan(20);
  });

  it('runs each edit once, in the platform’s category order', () => {
    const edits = editsForFiling({ year, period });
    const keys = edits.map((edit) => `${edit.record}:${edit.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const order = ['syntactical', 'validity', 'quality', 'macro'];
    const ranks = edits.map((edit) => order.indexOf(edit.category));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

it('runs the macro edits for 2024 and 2025, and none for 2026 as the platform does', () => {
  const macroIds = (year: number) =>
    editsForFiling({ year, period: 'annual' })
      .filter((edit) => edit.category === 'macro')
      .map((edit) => edit.id);
  expect(macroIds(2024)).toEqual([
    'Q634',
    'Q635',
    'Q636',
    'Q637',
    'Q638',
    'Q639',
    'Q640',
    'Q646',
    'Q647',
  ]);
  expect(macroIds(2025)).toEqual(['Q634', 'Q635', 'Q636', 'Q637', 'Q638', 'Q639', 'Q640']);
  expect(macroIds(2026)).toEqual([]);
});
