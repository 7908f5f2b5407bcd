import { describe, expect, it } from 'vitest';
import { filing, larRow } from './edit-test-rows.ts';
import { V626_PART, V627_PART, V716_PART } from './geography.ts';

const context = filing();

describe('the geography edits that need no census file', () => {
  it.each([
    [V626_PART, { county: '11001' }, true],
    [V626_PART, { county: 'NA' }, true],
    [V626_PART, { county: '1101' }, false],
    [V626_PART, { county: 'DC001' }, false],
    [V627_PART, { county: '11001', tract: '11001980000' }, true],
    [V627_PART, { county: 'NA', tract: '11001980000' }, true],
    [V627_PART, { county: '27159', tract: '12075970400' }, false],
    [V716_PART, { state: 'DC', county: '11001' }, true],
    [V716_PART, { state: 'NA', county: '27159' }, true],
    [V716_PART, { state: 'DC', county: '27159' }, false],
    [V716_PART, { state: 'XX', county: '11001' }, false],
  ] as const)('%s on %o passes: %s', (edit, changes, passes) => {
    expect(edit.passes(larRow(changes), context)).toBe(passes);
  });
});
