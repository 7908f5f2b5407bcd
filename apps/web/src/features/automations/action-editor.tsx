import {
  ACTION_RETRY_MINUTES,
  ACTIONS,
  AUTOMATION_LIMITS,
  RECIPIENT_ROLES,
  recipientRoleLabel,
  TITLE_TOKEN,
  type AutomationAction,
  type AutomationTrigger,
} from '@complivue/shared/automations';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/form/checkbox-field';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { FormControl, TextareaField, TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { isPlanRefusal, useWebhookEndpoints, type AutomationMember } from './api.ts';
import { GroupError, NumberControl, SelectControl } from './form-controls.tsx';
import {
  actionsFor,
  newAction,
  triggerHasOwner,
  type ActionValues,
  type RuleFormValues,
} from './rule-catalogue.ts';
import { WebhooksNeedEnterprise } from './webhooks-view.tsx';

const TITLE_HINT = `${TITLE_TOKEN} stands for the title of the event’s record.`;
const OWNER_CHOICE = '__owner__';
const noneToNull = (raw: string) => (raw === '' ? null : raw);

/** What each part of an action's fields knows: its place, the members, the owner's offer. */
interface ActionPartProps {
  index: number;
  members: readonly AutomationMember[];
  /** Whether the trigger's events are about a record with an owner. */
  ownerOffered: boolean;
}

function MemberOptions({ members }: { members: readonly AutomationMember[] }) {
  return (
    <>
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </>
  );
}

/** A task's assignee: nobody yet, the record's owner, or a member (never chosen for you). */
function AssigneeControl({ index, members, ownerOffered }: ActionPartProps) {
  const { control, setValue } = useFormContext<RuleFormValues>();
  const action = useWatch({ control, name: `actions.${index}` });
  const task = action.type === 'create_task' ? action : null;
  const toOwner = Boolean(task?.assignToOwner);
  const value = toOwner ? OWNER_CHOICE : (task?.assigneeId ?? '');
  return (
    <FormControl name={`actions.${index}.assigneeId`} label="Assignee">
      {(ids) => (
        <Select
          {...ids}
          value={value}
          onChange={(event) => {
            const choice = event.target.value;
            setValue(`actions.${index}.assignToOwner` as never, (choice === OWNER_CHOICE) as never);
            setValue(
              `actions.${index}.assigneeId` as never,
              (choice === '' || choice === OWNER_CHOICE ? null : choice) as never,
            );
          }}
        >
          <option value="">Unassigned</option>
          {(ownerOffered || toOwner) && <option value={OWNER_CHOICE}>The record’s owner</option>}
          <MemberOptions members={members} />
        </Select>
      )}
    </FormControl>
  );
}

/** Who hears of it: members, roles, and the record's owner when the event's record has one. */
function RecipientsControl({ index, members, ownerOffered }: ActionPartProps) {
  const id = useId();
  const name = `actions.${index}.recipients`;
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-error`}>
      <legend className="text-sm font-medium text-slate-900">Who hears of it</legend>
      <CheckboxGroupField<RuleFormValues, string>
        name={`${name}.roles` as never}
        legend="Roles"
        options={RECIPIENT_ROLES}
        renderLabel={(role) => recipientRoleLabel(role as (typeof RECIPIENT_ROLES)[number])}
        listClassName="mt-1 flex flex-wrap gap-x-4 gap-y-1"
        itemClassName="flex items-center gap-2 text-sm text-slate-800"
      />
      {members.length > 0 && (
        <CheckboxGroupField<RuleFormValues, string>
          name={`${name}.userIds` as never}
          legend="Members"
          options={members.map((member) => member.id)}
          renderLabel={(userId) => members.find((member) => member.id === userId)?.name ?? userId}
          listClassName="mt-1 grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2"
          itemClassName="flex items-center gap-2 text-sm text-slate-800"
        />
      )}
      {ownerOffered && (
        <CheckboxField<RuleFormValues>
          name={`${name}.owner` as never}
          label="The record’s owner"
          description="Whoever owns the event’s record when the rule runs."
        />
      )}
      <GroupError name={name} id={`${id}-error`} />
    </fieldset>
  );
}

/** An endpoint of the institution's, or the plan's refusal (webhooks are Enterprise). */
function EndpointControl({ index }: { index: number }) {
  const endpoints = useWebhookEndpoints();
  if (endpoints.isError && isPlanRefusal(endpoints.error)) {
    return <WebhooksNeedEnterprise message={endpoints.error.message} />;
  }
  return (
    <div className="space-y-1">
      <SelectControl
        name={`actions.${index}.endpointId`}
        label="Endpoint"
        hint={
          endpoints.isError
            ? `The endpoints could not be loaded: ${endpoints.error.message}`
            : undefined
        }
      >
        <option value="">
          {endpoints.isPending ? 'Loading the endpoints…' : 'Choose an endpoint'}
        </option>
        {endpoints.data?.endpoints.map((endpoint) => (
          <option key={endpoint.id} value={endpoint.id}>
            {endpoint.name}
            {endpoint.enabled ? '' : ' (off)'}
          </option>
        ))}
      </SelectControl>
      <Link to={paths.automationsWebhooks} className="text-sm text-brand-700 underline">
        Manage the endpoints
      </Link>
    </div>
  );
}

function ActionFields({
  action,
  index,
  members,
  ownerOffered,
}: ActionPartProps & { action: ActionValues['type'] }) {
  const at = (key: string) => `actions.${index}.${key}` as never;
  switch (action) {
    case 'create_change':
      return (
        <SelectControl
          name={at('ownerId')}
          label="Owner of the change"
          hint="Its risk rating and due date stay for a person to set."
          toValue={noneToNull}
        >
          <option value="">Leave unassigned</option>
          <MemberOptions members={members} />
        </SelectControl>
      );
    case 'create_task':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField<RuleFormValues>
              name={at('title')}
              label="Task title"
              hint={TITLE_HINT}
              maxLength={200}
            />
          </div>
          <AssigneeControl index={index} members={members} ownerOffered={ownerOffered} />
          <NumberControl
            name={at('dueInDays')}
            label="Due in (days)"
            hint="Counted from the day the rule runs; empty for no due date."
            min={AUTOMATION_LIMITS.dueInDays.min}
            max={AUTOMATION_LIMITS.dueInDays.max}
          />
        </div>
      );
    case 'assign_owner':
      return (
        <SelectControl
          name={at('userId')}
          label="New owner"
          hint="Only when the record has no owner yet; an owner a person chose is never replaced."
        >
          <option value="">Choose a member</option>
          <MemberOptions members={members} />
        </SelectControl>
      );
    case 'notify':
    case 'send_email':
    case 'add_to_digest':
      return (
        <div className="space-y-3">
          <RecipientsControl index={index} members={members} ownerOffered={ownerOffered} />
          {action === 'send_email' && (
            <TextField<RuleFormValues>
              name={at('subject')}
              label="Subject (optional)"
              hint={TITLE_HINT}
              maxLength={200}
            />
          )}
          {action !== 'add_to_digest' && (
            <TextareaField<RuleFormValues>
              name={at('message')}
              label="Message (optional)"
              hint={TITLE_HINT}
              rows={3}
              maxLength={AUTOMATION_LIMITS.textLength}
            />
          )}
        </div>
      );
    case 'webhook':
      return <EndpointControl index={index} />;
  }
}

/**
 * The rule's "Then": its actions in order, each with its own fields. A person is never chosen
 * for the administrator (DESIGN.md rule 5): a member picker starts on "unassigned" or
 * "choose a member".
 */
export function ActionEditor({ members }: { members: readonly AutomationMember[] }) {
  const id = useId();
  const { control } = useFormContext<RuleFormValues>();
  const trigger = useWatch({ control, name: 'trigger.type' }) as AutomationTrigger;
  const { fields, append, remove } = useFieldArray({ control, name: 'actions' });
  const [adding, setAdding] = useState<AutomationAction | ''>('');
  const offered = actionsFor(trigger);
  const ownerOffered = triggerHasOwner(trigger);
  const full = fields.length >= AUTOMATION_LIMITS.actions;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">Then</legend>
      <p className="text-sm text-slate-700">
        The actions run in this order. An action that fails is tried again after{' '}
        {ACTION_RETRY_MINUTES.join(', ')} minutes before it is marked failed and the administrators
        are told.
      </p>
      {fields.length > 0 && (
        <ol className="space-y-3">
          {fields.map((item, index) => (
            <li key={item.id}>
              <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {index + 1}. {ACTIONS[item.type].label}
                </legend>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="max-w-2xl text-sm text-slate-700">
                    {ACTIONS[item.type].description}
                  </p>
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>
                    <X aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> action {index + 1}</span>
                  </Button>
                </div>
                <GroupError name={`actions.${index}.type`} />
                <ActionFields
                  action={item.type}
                  index={index}
                  members={members}
                  ownerOffered={ownerOffered}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <GroupError name="actions" />
      {full ? (
        <p className="text-xs text-slate-600">
          A rule has at most {AUTOMATION_LIMITS.actions} actions.
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label
              htmlFor={`${id}-add`}
              className="mb-1.5 block text-sm font-medium text-slate-800"
            >
              Add an action
            </label>
            <Select
              id={`${id}-add`}
              value={adding}
              onChange={(event) => setAdding(event.target.value as AutomationAction | '')}
            >
              <option value="">Choose an action</option>
              {offered.map((action) => (
                <option key={action} value={action}>
                  {ACTIONS[action].label}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              append(newAction(adding));
              setAdding('');
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add
          </Button>
        </div>
      )}
    </fieldset>
  );
}
