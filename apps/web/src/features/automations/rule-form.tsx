import {
  AUTOMATION_LIMITS,
  AUTOMATION_TRIGGERS,
  TRIGGERS,
  type AutomationTrigger,
} from '@complivue/shared/automations';
import { FlaskConical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { fieldFailures, Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { userFacingMessage } from '@/lib/api-client';
import { useAutomationMembers, useCreateRule, useDryRun, useUpdateRule } from './api.ts';
import { ActionEditor } from './action-editor.tsx';
import { ConditionEditor } from './condition-editor.tsx';
import { DryRunResultView } from './dry-run-result.tsx';
import { NumberControl, SelectControl } from './form-controls.tsx';
import {
  conditionApplies,
  definitionOf,
  memberPickerMessage,
  ruleFormSchema,
  triggerHasOwner,
  type RuleFormValues,
} from './rule-catalogue.ts';

/**
 * The rule's "When": the trigger, what it means, and the setting it asks (days before a
 * deadline, or a schedule). Choosing another trigger drops the conditions and "the record's
 * owner" choices its events cannot answer, and says so.
 */
function WhenSection() {
  const { control, getValues, setValue, clearErrors } = useFormContext<RuleFormValues>();
  const trigger = useWatch({ control, name: 'trigger.type' });
  const [notice, setNotice] = useState<string | null>(null);
  const info = TRIGGERS[trigger];

  function applyTrigger(next: AutomationTrigger) {
    const values = getValues();
    const conditions = values.conditions ?? [];
    const kept = conditions.filter((condition) => conditionApplies(condition, next));
    const removed = conditions.length - kept.length;
    setValue('conditions', kept);
    clearErrors(['conditions', 'trigger', 'actions']);
    setValue(
      'trigger.daysBefore',
      TRIGGERS[next].config === 'days_before' ? (values.trigger.daysBefore ?? null) : null,
    );
    setValue(
      'trigger.cron',
      TRIGGERS[next].config === 'cron' ? (values.trigger.cron ?? null) : null,
    );
    let ownerDropped = false;
    if (!triggerHasOwner(next)) {
      values.actions.forEach((action, index) => {
        if ('recipients' in action && action.recipients.owner) {
          setValue(`actions.${index}.recipients.owner` as never, false as never);
          ownerDropped = true;
        }
        if (action.type === 'create_task' && action.assignToOwner) {
          setValue(`actions.${index}.assignToOwner` as never, false as never);
          ownerDropped = true;
        }
      });
    }
    const said = [
      removed > 0 &&
        `${removed === 1 ? '1 condition was' : `${removed} conditions were`} removed: ${
          removed === 1 ? 'it does' : 'they do'
        } not apply to the events of “${TRIGGERS[next].label}”.`,
      ownerDropped &&
        `“The record’s owner” was unticked: these events are not about a record with an owner.`,
    ].filter(Boolean);
    setNotice(said.length > 0 ? said.join(' ') : null);
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">When</legend>
      <SelectControl<AutomationTrigger>
        name="trigger.type"
        label="Trigger"
        hint={info.description}
        onValueChange={applyTrigger}
      >
        {AUTOMATION_TRIGGERS.map((type) => (
          <option key={type} value={type}>
            {TRIGGERS[type].label}
          </option>
        ))}
      </SelectControl>
      {info.config === 'days_before' && (
        <NumberControl
          name="trigger.daysBefore"
          label="Days before the due date"
          min={AUTOMATION_LIMITS.daysBefore.min}
          max={AUTOMATION_LIMITS.daysBefore.max}
        />
      )}
      {info.config === 'cron' && (
        <TextField<RuleFormValues>
          name="trigger.cron"
          label="Schedule (cron expression)"
          hint="Five fields: minute, hour, day of month, month, day of week, in US Eastern time. 0 8 * * 1 is Mondays at 8:00. At most once an hour."
          maxLength={100}
          className="font-mono"
          spellCheck={false}
        />
      )}
      {notice && <Alert>{notice}</Alert>}
    </fieldset>
  );
}

/**
 * The rule editor: name, When, If, Then. "Dry run" tries the definition as it stands on the last
 * 30 days' events without saving it or doing anything; "Save" keeps it (a new version of a
 * saved rule) and opens its page.
 */
export function RuleForm({
  initial,
  ruleId,
  cancelTo,
  onSaved,
}: {
  initial: RuleFormValues;
  /** The rule edited; none for a new rule. */
  ruleId?: string;
  cancelTo: string;
  onSaved: (ruleId: string) => void;
}) {
  const form = useZodForm(ruleFormSchema, initial, memberPickerMessage);
  const create = useCreateRule();
  const update = useUpdateRule(ruleId ?? '');
  const dryRun = useDryRun();
  const members = useAutomationMembers();
  const memberList = members.data?.members ?? [];

  // A dry run speaks of the rule as it was when it was run: once the rule is edited, it goes.
  const { reset: forgetDryRun } = dryRun;
  useEffect(() => {
    const subscription = form.watch(() => forgetDryRun());
    return () => subscription.unsubscribe();
  }, [form, forgetDryRun]);

  const tryIt = form.handleSubmit(async (values) => {
    try {
      await dryRun.mutateAsync(definitionOf(values));
    } catch (caught) {
      for (const { path, message } of fieldFailures(caught)) {
        form.setError(path as never, { message });
      }
    }
  });

  return (
    <Form
      form={form}
      failure="The rule could not be saved."
      aria-label={ruleId ? 'Edit the rule' : 'New rule'}
      className="space-y-6"
      onSubmit={async (values) => {
        if (ruleId) {
          await update.mutateAsync(definitionOf(values));
          onSaved(ruleId);
        } else {
          const created = await create.mutateAsync(values);
          onSaved(created.id);
        }
      }}
    >
      <Card className="space-y-4 p-4 sm:p-6">
        <TextField<RuleFormValues>
          name="name"
          label="Name"
          hint="What the rule is for, as the run history and the notifications will name it."
          maxLength={AUTOMATION_LIMITS.nameLength}
        />
        <TextareaField<RuleFormValues>
          name="description"
          label="Description (optional)"
          hint="Why the institution has this rule: the procedure or finding it carries out."
          rows={2}
          maxLength={AUTOMATION_LIMITS.descriptionLength}
        />
      </Card>
      <Card className="p-4 sm:p-6">
        <WhenSection />
      </Card>
      <Card className="p-4 sm:p-6">
        <ConditionEditor members={memberList} />
      </Card>
      <Card className="p-4 sm:p-6">
        <ActionEditor members={memberList} />
      </Card>
      {members.isError && (
        <Alert variant="destructive">
          The members could not be loaded for the pickers: {members.error.message}
        </Alert>
      )}
      {!ruleId && (
        <CheckboxField<RuleFormValues>
          name="enabled"
          label="Turn the rule on when it is saved"
          description="Unticked, it is saved paused: kept, but it does not run until you turn it on."
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingLabel="Saving…">
          {ruleId ? 'Save a new version' : 'Save the rule'}
        </SubmitButton>
        <Button
          type="button"
          variant="secondary"
          disabled={dryRun.isPending}
          onClick={() => void tryIt()}
        >
          <FlaskConical aria-hidden="true" className="size-4" />
          {dryRun.isPending ? 'Trying it…' : 'Dry run'}
        </Button>
        <Link to={cancelTo} className="text-sm font-medium text-slate-700 underline">
          Cancel
        </Link>
      </div>
      <p className="text-xs text-slate-600">
        A dry run tries the rule as written now on the last {AUTOMATION_LIMITS.dryRunDays} days’
        events, without saving it and without doing anything.
      </p>
      {dryRun.isPending && <Spinner label="Trying the rule on the last 30 days’ events" />}
      {dryRun.isError && (
        <Alert variant="destructive">
          {userFacingMessage(dryRun.error, 'The dry run could not be made.')}
        </Alert>
      )}
      {dryRun.data && !dryRun.isPending && (
        <Card className="p-4 sm:p-6">
          <DryRunResultView result={dryRun.data} />
        </Card>
      )}
    </Form>
  );
}
