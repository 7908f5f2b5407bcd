import {
  ACTIONS,
  OPERATOR_INFO,
  TRIGGERS,
  recipientRoleLabel,
  type AutomationTrigger,
  type ConditionOperator,
} from './automations.ts';
import type {
  ActionDefinition,
  ConditionDefinition,
  Recipients,
  TriggerDefinition,
} from './schemas/automations.ts';

/*
 * A rule read as a sentence ("When a regulatory update arrives, if Agency includes CFPB, then
 * open a regulatory change"): the rules table, the detail and the audit log say the same.
 */

/** A member's name by id, for sentences that name people; unknown ids read as "a member". */
export type MemberNames = (id: string) => string | undefined;

/** The label of a value of a field (an area's tag, a status's word, a member's name). */
export function valueLabel(
  trigger: AutomationTrigger,
  field: string,
  value: unknown,
  names: MemberNames = () => undefined,
): string {
  if (value === null || value === undefined || value === '') return 'not set';
  if (Array.isArray(value)) {
    return value.length === 0
      ? 'none'
      : value.map((item) => valueLabel(trigger, field, item, names)).join(', ');
  }
  const info = TRIGGERS[trigger].fields[field];
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (info?.kind === 'member') return names(String(value)) ?? 'a former member';
  const option = info?.options?.find((candidate) => candidate.value === value);
  return option?.label ?? String(value);
}

export function conditionSentence(
  trigger: AutomationTrigger,
  condition: Pick<ConditionDefinition, 'field' | 'value'> & { operator: ConditionOperator },
  names?: MemberNames,
): string {
  const field = TRIGGERS[trigger].fields[condition.field]?.label ?? condition.field;
  const operator = OPERATOR_INFO[condition.operator];
  if (!operator.value) return `${field} ${operator.label}`;
  return `${field} ${operator.label} ${valueLabel(trigger, condition.field, condition.value, names)}`;
}

export function triggerSentence(trigger: TriggerDefinition): string {
  const info = TRIGGERS[trigger.type];
  if (trigger.type === 'deadline_approaching' && trigger.daysBefore) {
    return `a calendar deadline is ${trigger.daysBefore} day${trigger.daysBefore === 1 ? '' : 's'} away`;
  }
  if (trigger.type === 'schedule' && trigger.cron) return `on the schedule ${trigger.cron}`;
  return info.label.charAt(0).toLowerCase() + info.label.slice(1);
}

export function recipientsSentence(recipients: Recipients, names?: MemberNames): string {
  const parts = [
    ...recipients.roles.map((role) => recipientRoleLabel(role).toLowerCase()),
    ...recipients.userIds.map((id) => names?.(id) ?? 'a member'),
  ];
  if (recipients.owner) parts.push('the record’s owner');
  return parts.length === 0 ? 'nobody' : parts.join(', ');
}

export function actionSentence(action: ActionDefinition, names?: MemberNames): string {
  const person = (id: string | null | undefined) => (id ? (names?.(id) ?? 'a member') : null);
  switch (action.type) {
    case 'create_change': {
      const owner = person(action.ownerId);
      return `open a regulatory change${owner ? ` owned by ${owner}` : ' (unassigned)'}`;
    }
    case 'create_task': {
      const assignee = action.assignToOwner ? 'the record’s owner' : person(action.assigneeId);
      return `create the task “${action.title}”${assignee ? ` for ${assignee}` : ''}${action.dueInDays ? `, due in ${action.dueInDays} days` : ''}`;
    }
    case 'assign_owner':
      return `make ${person(action.userId) ?? 'a member'} the owner when there is none`;
    case 'notify':
      return `notify ${recipientsSentence(action.recipients, names)}`;
    case 'send_email':
      return `email ${recipientsSentence(action.recipients, names)}`;
    case 'webhook':
      return 'post to a webhook';
    case 'add_to_digest':
      return `add it to the digest of ${recipientsSentence(action.recipients, names)}`;
    default:
      return ACTIONS[(action as ActionDefinition).type].label.toLowerCase();
  }
}

/** The whole rule in one sentence. */
export function ruleSentence(
  rule: {
    trigger: TriggerDefinition;
    conditions: ConditionDefinition[];
    actions: ActionDefinition[];
  },
  names?: MemberNames,
): string {
  const when = `When ${triggerSentence(rule.trigger)}`;
  const conditions = rule.conditions.map((condition) =>
    conditionSentence(rule.trigger.type, condition, names),
  );
  const ifPart = conditions.length > 0 ? `, if ${conditions.join(' and ')}` : '';
  const then = rule.actions.map((action) => actionSentence(action, names)).join(', then ');
  return `${when}${ifPart}, then ${then}.`;
}
