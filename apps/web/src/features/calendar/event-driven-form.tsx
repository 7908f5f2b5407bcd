import { formatShortDay, isIsoDay } from '@complivue/shared/calendar-days';
import type { InstitutionType } from '@complivue/shared/institutions';
import {
  eventDrivenDeadline,
  eventDrivenDueDate,
  eventDrivenTypesLabel,
  type EventDrivenDeadlineType,
} from '@complivue/shared/regulatory-deadlines';
import {
  eventDrivenDeadlineFormSchema,
  type CalendarEvent,
  type EventDrivenDeadlineForm,
} from '@complivue/shared/schemas/calendar';
import { useId, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { useCreateEventDrivenDeadline } from './api.ts';
import { OwnerSelect, ReminderDaysField } from './calendar-fields.tsx';

/**
 * A CTR (or Form 8300) or SAR deadline from the date of the transaction, of receipt or of initial
 * detection, as the institution's type files them: the due date is shown as it will be computed
 * (the server computes it again) before anything is saved. A SAR's confidentiality is explained
 * before it is added.
 */
export function EventDrivenForm({
  today,
  filings,
  institutionType,
  onDone,
  onCancel,
}: {
  today: string;
  /** The filings the institution's type makes (the server's list). */
  filings: EventDrivenDeadlineType[];
  institutionType: InstitutionType | null;
  onDone: (event: CalendarEvent) => void;
  onCancel: () => void;
}) {
  const legendId = useId();
  const schema = useMemo(
    () => eventDrivenDeadlineFormSchema(today, institutionType),
    [today, institutionType],
  );
  const form = useZodForm(schema, {
    type: filings[0] ?? 'sar',
    triggerDate: today,
    reference: '',
    ownerId: '',
    reminderDays: '3, 1',
  });
  const create = useCreateEventDrivenDeadline();
  const [type, triggerDate] = useWatch({ control: form.control, name: ['type', 'triggerDate'] });
  const rule = eventDrivenDeadline(type, institutionType);
  const validTrigger = isIsoDay(triggerDate) && triggerDate <= today;
  const dueOn = validTrigger ? eventDrivenDueDate(type, triggerDate) : null;

  return (
    <Form
      form={form}
      failure="The deadline could not be added."
      className="space-y-4"
      aria-label={`${eventDrivenTypesLabel(institutionType)} deadline`}
      onSubmit={async (body) => {
        const saved = await create.mutateAsync(body);
        toast.success(
          `${rule.defaultTitle} ${formatShortDay(saved.startsOn)}: added to the calendar.`,
        );
        onDone(saved);
      }}
    >
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-900">
          Filing
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {filings.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={value} {...form.register('type')} className="mt-0.5" />
              <span>
                <span className="font-medium text-slate-900">
                  {eventDrivenDeadline(value, institutionType).label}
                </span>
                <span className="block text-slate-700">
                  {eventDrivenDeadline(value, institutionType).days} calendar days after the{' '}
                  {eventDrivenDeadline(value, institutionType).triggerLabel.toLowerCase()}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<EventDrivenDeadlineForm>
          name="triggerDate"
          label={rule.triggerLabel}
          type="date"
          required
          min="2000-01-01"
          max={today}
        />
        <TextField<EventDrivenDeadlineForm>
          name="reference"
          label="Internal reference (optional)"
          hint="A case or transaction number: never a customer’s name or account details."
          maxLength={200}
        />
      </div>
      <div
        aria-live="polite"
        className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900"
      >
        {dueOn ? (
          <>
            <p className="font-semibold">
              Due {formatShortDay(dueOn)}
              {dueOn < today && ' (already past: it will show as overdue)'}
            </p>
            <p className="mt-1">{rule.rule}</p>
            <p className="mt-1 text-xs">Citation: {rule.citation}</p>
          </>
        ) : (
          <p>Enter the {rule.triggerLabel.toLowerCase()} (today or earlier) to see the due date.</p>
        )}
      </div>
      {rule.confidentiality && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">SAR confidentiality</p>
          <p className="mt-1">{rule.confidentiality}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <OwnerSelect />
      </div>
      <ReminderDaysField dueOn={dueOn} today={today} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Adding…">Add deadline</SubmitButton>
      </div>
    </Form>
  );
}
