import { TRIGGERS, type AutomationTrigger } from '@complivue/shared/automations';
import {
  conditionSentence,
  valueLabel,
  type MemberNames,
} from '@complivue/shared/automation-sentences';
import type { ConditionDefinition } from '@complivue/shared/schemas/automations';

export interface ConditionResult {
  field: string;
  operator: ConditionDefinition['operator'];
  value?: unknown;
  actual?: unknown;
  met: boolean;
  sentence: string;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

const same = (left: unknown, right: unknown) =>
  typeof left === 'string' && typeof right === 'string'
    ? left.toLowerCase() === right.toLowerCase()
    : left === right;

/** Whether one condition holds for an event's fields (the catalogue decides what it means). */
export function conditionHolds(
  trigger: AutomationTrigger,
  condition: ConditionDefinition,
  fields: Record<string, unknown>,
): boolean {
  const actual = fields[condition.field];
  const expected = condition.value;
  switch (condition.operator) {
    case 'is':
      return same(actual, expected);
    case 'is_not':
      return !same(actual, expected);
    case 'includes':
      return Array.isArray(actual) && actual.some((item) => same(item, expected));
    case 'excludes':
      return !Array.isArray(actual) || !actual.some((item) => same(item, expected));
    case 'at_least': {
      const order = TRIGGERS[trigger].fields[condition.field]?.options?.map(
        (option) => option.value,
      );
      if (!order || typeof actual !== 'string' || typeof expected !== 'string') return false;
      const at = order.indexOf(actual);
      return at >= 0 && at >= order.indexOf(expected);
    }
    case 'contains':
      return (
        typeof actual === 'string' &&
        typeof expected === 'string' &&
        actual.toLowerCase().includes(expected.toLowerCase())
      );
    case 'is_empty':
      return isEmpty(actual);
    case 'is_set':
      return !isEmpty(actual);
    default:
      return false;
  }
}

/**
 * Every condition tested against the event, each with what the event said, in a sentence a
 * run's page shows ("Regulation area is HMDA — yes (HMDA)"). A rule runs when all hold.
 */
export function evaluateConditions(
  trigger: AutomationTrigger,
  conditions: ConditionDefinition[],
  fields: Record<string, unknown>,
  names?: MemberNames,
): { met: boolean; results: ConditionResult[] } {
  const results = conditions.map((condition) => {
    const met = conditionHolds(trigger, condition, fields);
    const actual = fields[condition.field];
    return {
      field: condition.field,
      operator: condition.operator,
      value: condition.value ?? undefined,
      actual: actual ?? null,
      met,
      sentence: `${conditionSentence(trigger, condition, names)} — ${met ? 'yes' : 'no'} (${valueLabel(trigger, condition.field, actual, names)})`,
    };
  });
  return { met: results.every((result) => result.met), results };
}
