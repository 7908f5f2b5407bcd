import {
  AUTOMATION_LIMITS,
  OPERATOR_INFO,
  TRIGGERS,
  type AutomationTrigger,
  type ConditionOperator,
} from '@complivue/shared/automations';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import type { AutomationMember } from './api.ts';
import { GroupError, SelectControl } from './form-controls.tsx';
import {
  fieldOf,
  newCondition,
  operatorsFor,
  startingValue,
  YES_NO,
  type ConditionValues,
  type RuleFormValues,
} from './rule-catalogue.ts';

/** The value to compare with, by the field's kind; none for "is set" and "is not set". */
function ValueControl({
  trigger,
  index,
  members,
}: {
  trigger: AutomationTrigger;
  index: number;
  members: readonly AutomationMember[];
}) {
  const { control } = useFormContext<RuleFormValues>();
  const condition = useWatch({ control, name: `conditions.${index}` }) as ConditionValues;
  const field = fieldOf(trigger, condition.field);
  const name = `conditions.${index}.value`;
  if (!field || !OPERATOR_INFO[condition.operator].value) return null;
  switch (field.kind) {
    case 'boolean':
      return (
        <SelectControl<boolean> name={name} label="Value" toValue={(raw) => raw === 'true'}>
          <option value="true">{YES_NO.true}</option>
          <option value="false">{YES_NO.false}</option>
        </SelectControl>
      );
    case 'member':
      return (
        <SelectControl name={name} label="Value">
          <option value="">Choose a member</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectControl>
      );
    case 'choice':
    case 'choices':
    case 'level':
      return (
        <SelectControl name={name} label="Value">
          <option value="">Choose a value</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectControl>
      );
    case 'text':
    case 'tags':
      return (
        <TextField<RuleFormValues>
          name={`conditions.${index}.value`}
          label="Value"
          maxLength={200}
          hint={field.kind === 'tags' ? 'One value, like 1026.' : undefined}
        />
      );
  }
}

function ConditionRow({
  trigger,
  index,
  members,
  onRemove,
}: {
  trigger: AutomationTrigger;
  index: number;
  members: readonly AutomationMember[];
  onRemove: () => void;
}) {
  const { control, setValue } = useFormContext<RuleFormValues>();
  const condition = useWatch({ control, name: `conditions.${index}` }) as ConditionValues;
  const field = fieldOf(trigger, condition.field);
  const operators = field ? operatorsFor(field.kind) : [];
  const at = (key: 'operator' | 'value') => `conditions.${index}.${key}` as const;
  return (
    <fieldset className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
      <legend className="px-1 text-sm font-medium text-slate-900">Condition {index + 1}</legend>
      <SelectControl<string>
        name={`conditions.${index}.field`}
        label="Field"
        onValueChange={(next) => {
          // A new field starts with its first comparison and no value chosen.
          const kind = fieldOf(trigger, next)?.kind;
          if (!kind) return;
          const operator = operatorsFor(kind)[0]!;
          setValue(at('operator'), operator);
          setValue(at('value'), startingValue(kind, operator));
        }}
      >
        {!field && <option value={condition.field}>Choose a field</option>}
        {Object.entries(TRIGGERS[trigger].fields).map(([key, info]) => (
          <option key={key} value={key}>
            {info.label}
          </option>
        ))}
      </SelectControl>
      <SelectControl<ConditionOperator>
        name={at('operator')}
        label="Comparison"
        onValueChange={(operator) => {
          if (!field) return;
          const value = condition.value;
          const keeps = OPERATOR_INFO[operator].value && value !== null && value !== undefined;
          if (!keeps) setValue(at('value'), startingValue(field.kind, operator));
        }}
      >
        {operators.map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_INFO[operator].label}
          </option>
        ))}
      </SelectControl>
      <ValueControl trigger={trigger} index={index} members={members} />
      <Button type="button" variant="ghost" size="sm" className="sm:mt-7" onClick={onRemove}>
        <X aria-hidden="true" className="size-4" />
        Remove<span className="sr-only"> condition {index + 1}</span>
      </Button>
    </fieldset>
  );
}

/**
 * The rule's "If": conditions on the trigger's event fields, every one of which must hold; the
 * comparisons offered are those that apply to the field's kind (OPERATOR_INFO).
 */
export function ConditionEditor({ members }: { members: readonly AutomationMember[] }) {
  const { control } = useFormContext<RuleFormValues>();
  const trigger = useWatch({ control, name: 'trigger.type' });
  const { fields, append, remove } = useFieldArray({ control, name: 'conditions' });
  const starting = newCondition(trigger);
  const full = fields.length >= AUTOMATION_LIMITS.conditions;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">If</legend>
      <p className="text-sm text-slate-700">
        {starting
          ? 'Every condition must hold for the actions to run. Without any, every event of the trigger runs them.'
          : 'This trigger’s events have no fields to test: the actions run every time.'}
      </p>
      {fields.length > 0 && (
        <ol className="space-y-3">
          {fields.map((item, index) => (
            <li key={item.id}>
              <ConditionRow
                trigger={trigger}
                index={index}
                members={members}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <GroupError name="conditions" />
      {starting && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={full}
          onClick={() => append(starting)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a condition
        </Button>
      )}
      {full && (
        <p className="text-xs text-slate-600">
          A rule has at most {AUTOMATION_LIMITS.conditions} conditions.
        </p>
      )}
    </fieldset>
  );
}
