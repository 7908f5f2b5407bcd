import {
  ACTIONS,
  AUTOMATION_ACTIONS,
  AUTOMATION_MESSAGES,
  AUTOMATION_TEMPLATES,
  CONDITION_OPERATORS,
  OPERATOR_INFO,
  TRIGGERS,
  type AutomationAction,
  type AutomationTemplate,
  type AutomationTrigger,
  type ConditionOperator,
  type EventField,
  type EventFieldKind,
} from '@complivue/shared/automations';
import {
  createRuleRequestSchema,
  type ActionDefinition,
  type ConditionDefinition,
  type RuleDefinition,
} from '@complivue/shared/schemas/automations';
import type { z } from 'zod';

/*
 * The editor's reading of the shared catalogue (packages/shared/src/automations.ts): which
 * operators a field takes, which conditions and actions a trigger keeps, a rule's parts in words.
 */

export type RuleFormValues = z.input<typeof createRuleRequestSchema>;
export type ConditionValues = RuleFormValues['conditions'] extends (infer Item)[] | undefined
  ? Item
  : never;
export type ActionValues = RuleFormValues['actions'][number];

export const fieldOf = (trigger: AutomationTrigger, field: string): EventField | undefined =>
  Object.hasOwn(TRIGGERS[trigger].fields, field) ? TRIGGERS[trigger].fields[field] : undefined;

/** The operators that apply to a kind of field, in the catalogue's order. */
export const operatorsFor = (kind: EventFieldKind): ConditionOperator[] =>
  CONDITION_OPERATORS.filter((operator) => OPERATOR_INFO[operator].kinds.includes(kind));

/** What a condition's value starts as once its field and operator are chosen. */
export function startingValue(kind: EventFieldKind, operator: ConditionOperator) {
  if (!OPERATOR_INFO[operator].value) return null;
  return kind === 'boolean' ? true : '';
}

/** A new condition on the trigger's first field (null: the trigger's events have no fields). */
export function newCondition(trigger: AutomationTrigger): ConditionValues | null {
  const [field, info] = Object.entries(TRIGGERS[trigger].fields)[0] ?? [];
  if (!field || !info) return null;
  const operator = operatorsFor(info.kind)[0]!;
  return { field, operator, value: startingValue(info.kind, operator) };
}

/**
 * Whether a condition still makes sense for a trigger: its field is one of the trigger's, the
 * operator applies to that field's kind, and a chosen value is one the field offers.
 */
export function conditionApplies(condition: ConditionValues, trigger: AutomationTrigger): boolean {
  const field = fieldOf(trigger, condition.field);
  if (!field || !OPERATOR_INFO[condition.operator].kinds.includes(field.kind)) return false;
  const value = condition.value;
  if (field.options && typeof value === 'string' && value !== '') {
    return field.options.some((option) => option.value === value);
  }
  return true;
}

/** Whether the trigger's events are about a record with an owner ("the record's owner"). */
export const triggerHasOwner = (trigger: AutomationTrigger) =>
  fieldOf(trigger, 'owner')?.kind === 'member';

/** Whether an action can follow a trigger (assigning an owner needs a record that has one). */
export function actionApplies(action: AutomationAction, trigger: AutomationTrigger): boolean {
  const subjects = ACTIONS[action].subjects;
  const subject = TRIGGERS[trigger].subject;
  return subjects === null || (subject !== null && subjects.includes(subject));
}

export const actionsFor = (trigger: AutomationTrigger) =>
  AUTOMATION_ACTIONS.filter((action) => actionApplies(action, trigger));

const noRecipients = () => ({ userIds: [], roles: [], owner: false });

/** A new action of a type, with nothing chosen for the administrator (never a person). */
export function newAction(type: AutomationAction): ActionValues {
  switch (type) {
    case 'create_change':
      return { type, ownerId: null };
    case 'create_task':
      return { type, title: '', assigneeId: null, assignToOwner: false, dueInDays: null };
    case 'assign_owner':
      return { type, userId: '' };
    case 'notify':
      return { type, recipients: noRecipients(), message: '' };
    case 'send_email':
      return { type, recipients: noRecipients(), subject: '', message: '' };
    case 'webhook':
      return { type, endpointId: '' };
    case 'add_to_digest':
      return { type, recipients: noRecipients() };
  }
}

/** An empty rule, for "Start from scratch". */
export const blankRule = (): RuleFormValues => ({
  name: '',
  description: '',
  trigger: { type: 'update_published', daysBefore: null, cron: null },
  conditions: [],
  actions: [],
  enabled: true,
  templateKey: null,
});

export const findTemplate = (key: string | null) =>
  AUTOMATION_TEMPLATES.find((template) => template.key === key);

/** A trigger as the editor holds it: the setting it does not ask for is none. */
const triggerValues = (trigger: {
  type: AutomationTrigger;
  daysBefore?: number | null;
  cron?: string | null;
}): RuleFormValues['trigger'] => ({
  type: trigger.type,
  daysBefore: trigger.daysBefore ?? null,
  cron: trigger.cron ?? null,
});

/** A template as the editor starts it: its actions completed with their empty fields. */
export function ruleFromTemplate(template: AutomationTemplate): RuleFormValues {
  return {
    name: template.name,
    description: template.description,
    trigger: triggerValues(template.trigger),
    conditions: template.conditions.map((condition) => ({
      field: condition.field,
      operator: condition.operator,
      value: condition.value ?? null,
    })),
    actions: template.actions.map(
      (action) =>
        ({
          ...newAction(action.type),
          ...action,
          ...('recipients' in action && {
            recipients: { ...action.recipients, userIds: [...action.recipients.userIds] },
          }),
        }) as ActionValues,
    ),
    enabled: true,
    templateKey: template.key,
  };
}

/** A saved rule as the editor shows it. */
export function ruleFromDefinition(rule: RuleDefinition & { enabled: boolean }): RuleFormValues {
  return {
    name: rule.name,
    description: rule.description,
    trigger: triggerValues(rule.trigger),
    conditions: rule.conditions.map((condition) => ({ ...condition })),
    actions: rule.actions.map((action) => ({ ...action })),
    enabled: rule.enabled,
    templateKey: null,
  };
}

/** The definition alone (what a dry run and an update send). */
export function definitionOf(values: z.output<typeof createRuleRequestSchema>): RuleDefinition {
  const { name, description, trigger, conditions, actions } = values;
  return { name, description, trigger, conditions, actions };
}

type Issue = { path: (string | number)[]; message: string };

/**
 * What the API checks against the catalogue, checked in the browser first with the API's words
 * (AUTOMATION_MESSAGES): the trigger's setting, each condition's field, operator and value, and
 * each action's recipients and fit to the trigger.
 */
export function catalogueIssues(rule: z.output<typeof createRuleRequestSchema>): Issue[] {
  const issues: Issue[] = [];
  const trigger = TRIGGERS[rule.trigger.type];
  if (trigger.config === 'days_before' && rule.trigger.daysBefore == null) {
    issues.push({
      path: ['trigger', 'daysBefore'],
      message: AUTOMATION_MESSAGES.days_before_required,
    });
  }
  if (trigger.config === 'cron' && !rule.trigger.cron) {
    issues.push({ path: ['trigger', 'cron'], message: AUTOMATION_MESSAGES.cron_required });
  }
  rule.conditions.forEach((condition, index) => {
    const at = (key: string) => ['conditions', index, key];
    const field = fieldOf(rule.trigger.type, condition.field);
    if (!field) {
      issues.push({ path: at('field'), message: AUTOMATION_MESSAGES.unknown_field });
    } else if (!OPERATOR_INFO[condition.operator].kinds.includes(field.kind)) {
      issues.push({ path: at('operator'), message: AUTOMATION_MESSAGES.operator_not_for_field });
    } else if (OPERATOR_INFO[condition.operator].value) {
      const value = condition.value;
      if (value === null || value === undefined || value === '') {
        issues.push({ path: at('value'), message: AUTOMATION_MESSAGES.value_required });
      } else if (field.options && !field.options.some((option) => option.value === value)) {
        issues.push({ path: at('value'), message: AUTOMATION_MESSAGES.value_not_offered });
      }
    }
  });
  rule.actions.forEach((action, index) => {
    if (!actionApplies(action.type, rule.trigger.type)) {
      issues.push({
        path: ['actions', index, 'type'],
        message: AUTOMATION_MESSAGES.action_not_for_trigger,
      });
    }
    if ('recipients' in action) {
      const { userIds, roles, owner } = action.recipients;
      if (userIds.length === 0 && roles.length === 0 && !owner) {
        issues.push({
          path: ['actions', index, 'recipients'],
          message: AUTOMATION_MESSAGES.recipients_required,
        });
      }
    }
  });
  return issues;
}

/** The editor's schema: the API's request, and the catalogue's checks in the API's words. */
export const ruleFormSchema = createRuleRequestSchema.superRefine((rule, context) => {
  for (const issue of catalogueIssues(rule)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
});

/**
 * The catalogue's words where the request's shape has none of its own: a member picker left on
 * "Choose a member" is refused as the API refuses it.
 */
export const memberPickerMessage = (issue: { code: string; path?: PropertyKey[] }) =>
  issue.code === 'too_small' && issue.path?.at(-1) === 'userId'
    ? AUTOMATION_MESSAGES.member_not_found
    : undefined;

export const YES_NO: Record<'true' | 'false', string> = { true: 'Yes', false: 'No' };

/** A condition's value in words: an option's label, a member's name, yes or no, or the text. */
export function valueLabel(
  field: EventField | undefined,
  value: ConditionDefinition['value'],
  memberName: (userId: string) => string,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field?.kind === 'member') return memberName(value);
  const option = field?.options?.find((each) => each.value === value);
  return option ? option.label : `“${value}”`;
}

/** "Regulation area is HMDA", "Owner is not set". */
export function conditionSentence(
  trigger: AutomationTrigger,
  condition: ConditionDefinition,
  memberName: (userId: string) => string,
): string {
  const field = fieldOf(trigger, condition.field);
  const value = valueLabel(field, condition.value, memberName);
  return [field?.label ?? condition.field, OPERATOR_INFO[condition.operator].label, value]
    .filter(Boolean)
    .join(' ');
}

/** "Every manager, Jane Doe and the record's owner". */
export function recipientsSentence(
  recipients: Extract<ActionDefinition, { recipients: unknown }>['recipients'],
  memberName: (userId: string) => string,
  roleLabel: (role: 'user' | 'manager' | 'admin') => string,
): string {
  const names = [
    ...recipients.roles.map(roleLabel),
    ...recipients.userIds.map(memberName),
    ...(recipients.owner ? ['the record’s owner'] : []),
  ];
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Days before, or the cron schedule, in words beside the trigger's label. */
export function triggerSetting(trigger: RuleDefinition['trigger']): string | null {
  if (TRIGGERS[trigger.type].config === 'days_before' && trigger.daysBefore != null) {
    return `${trigger.daysBefore} day${trigger.daysBefore === 1 ? '' : 's'} before`;
  }
  if (TRIGGERS[trigger.type].config === 'cron' && trigger.cron) {
    return `cron ${trigger.cron}, US Eastern`;
  }
  return null;
}
