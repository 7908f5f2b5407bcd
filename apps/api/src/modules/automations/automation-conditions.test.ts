import { describe, expect, it } from 'vitest';
import { conditionHolds, evaluateConditions } from './automation-conditions.ts';

describe('automation conditions', () => {
  const update = {
    areas: ['hmda', 'trid'],
    agencies: ['CFPB'],
    documentType: 'final_rule',
    cfrParts: ['1003'],
    watchlistMatch: true,
    title: 'Amendments to Regulation C',
  };

  it('tests each operator as the catalogue means it', () => {
    const holds = (
      field: string,
      operator: Parameters<typeof conditionHolds>[1]['operator'],
      value?: string | boolean,
    ) => conditionHolds('update_published', { field, operator, value }, update);
    expect(holds('documentType', 'is', 'final_rule')).toBe(true);
    expect(holds('documentType', 'is_not', 'final_rule')).toBe(false);
    expect(holds('areas', 'includes', 'hmda')).toBe(true);
    expect(holds('areas', 'includes', 'cra')).toBe(false);
    expect(holds('areas', 'excludes', 'cra')).toBe(true);
    expect(holds('agencies', 'includes', 'cfpb')).toBe(true);
    expect(holds('title', 'contains', 'regulation c')).toBe(true);
    expect(holds('watchlistMatch', 'is', true)).toBe(true);
    expect(holds('watchlistMatch', 'is', false)).toBe(false);
    expect(holds('cfrParts', 'includes', '1026')).toBe(false);
  });

  it('orders levels for "is at least", and an unrated level is never at least anything', () => {
    const at = (level: string | null, floor: string) =>
      conditionHolds(
        'risk_level_raised',
        { field: 'level', operator: 'at_least', value: floor },
        { level },
      );
    expect(at('high', 'high')).toBe(true);
    expect(at('critical', 'high')).toBe(true);
    expect(at('moderate', 'high')).toBe(false);
    expect(at(null, 'low')).toBe(false);
  });

  it('tells set from empty, for owners', () => {
    const owner = (value: string | null, operator: 'is_set' | 'is_empty') =>
      conditionHolds('change_overdue', { field: 'owner', operator }, { owner: value });
    expect(owner(null, 'is_empty')).toBe(true);
    expect(owner('user-1', 'is_set')).toBe(true);
    expect(owner('user-1', 'is_empty')).toBe(false);
  });

  it('runs when every condition holds and says each in words, with the event’s value', () => {
    const verdict = evaluateConditions(
      'change_status_entered',
      [
        { field: 'status', operator: 'is', value: 'review' },
        { field: 'owner', operator: 'is', value: 'user-1' },
      ],
      { status: 'implementing', owner: 'user-1' },
      (id) => (id === 'user-1' ? 'Dana Reyes' : undefined),
    );
    expect(verdict.met).toBe(false);
    expect(verdict.results.map((result) => result.sentence)).toEqual([
      'Status is Review — no (Implementing)',
      'Owner is Dana Reyes — yes (Dana Reyes)',
    ]);
    expect(evaluateConditions('schedule', [], {}).met).toBe(true);
  });
});
