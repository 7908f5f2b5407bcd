import { formatShortDay, isIsoDay } from '@complivue/shared/calendar-days';
import {
  calendarEventFormSchema,
  presetOf,
  RECURRENCE_PRESET_LABELS,
  RECURRENCE_PRESETS,
  type CalendarEvent,
  type CalendarEventForm,
} from '@complivue/shared/schemas/calendar';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { useSaveCalendarEvent } from './api.ts';
import { AreaSelect, OwnerSelect, ReminderDaysField } from './calendar-fields.tsx';

function fieldsOf(event: CalendarEvent | undefined, defaultDate: string): CalendarEventForm {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    startsOn: event?.startsOn ?? defaultDate,
    repeats: event ? (presetOf(event.rrule, event.startsOn) ?? 'custom') : 'none',
    customRule: event?.rrule ?? '',
    area: event?.area ?? '',
    ownerId: event?.ownerId ?? '',
    reminderDays: event ? event.reminderDays.join(', ') : '7, 1',
  };
}

/** Add a company event, or change any event the member may change. */
export function EventForm({
  event,
  defaultDate,
  today,
  onDone,
  onCancel,
}: {
  event?: CalendarEvent;
  defaultDate: string;
  today: string;
  onDone: (event: CalendarEvent) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(calendarEventFormSchema, fieldsOf(event, defaultDate));
  const save = useSaveCalendarEvent(event?.id);
  const [repeats, startsOn] = useWatch({ control: form.control, name: ['repeats', 'startsOn'] });

  return (
    <Form
      form={form}
      failure="The event could not be saved."
      className="space-y-4"
      aria-label="Calendar event"
      onSubmit={async (body) => {
        const saved = await save.mutateAsync(body);
        toast.success(
          saved.startsOn === body.startsOn
            ? 'The event has been saved.'
            : `Saved. Its first due date under this rule is ${formatShortDay(saved.startsOn)}.`,
        );
        onDone(saved);
      }}
    >
      <TextField<CalendarEventForm> name="title" label="Title" required maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<CalendarEventForm>
          name="startsOn"
          label={repeats === 'none' ? 'Due date' : 'First due date'}
          type="date"
          required
          min="2000-01-01"
          max="2099-12-31"
        />
        <SelectField<CalendarEventForm> name="repeats" label="Repeats">
          {RECURRENCE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {RECURRENCE_PRESET_LABELS[preset]}
            </option>
          ))}
          <option value="custom">Custom rule (RRULE)…</option>
        </SelectField>
      </div>
      {repeats === 'custom' && (
        <TextField<CalendarEventForm>
          name="customRule"
          label="Recurrence rule (RRULE)"
          hint="RFC 5545, without DTSTART: the due date above is the start. Daily at most. Example: FREQ=MONTHLY;BYDAY=-1FR (the last Friday of each month); add COUNT=12 or UNTIL=20271231 to end it."
          spellCheck={false}
          autoCapitalize="characters"
          placeholder="FREQ=MONTHLY;BYMONTHDAY=15"
          maxLength={300}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <AreaSelect />
        <OwnerSelect current={event ? { id: event.ownerId, name: event.ownerName } : undefined} />
      </div>
      <ReminderDaysField dueOn={isIsoDay(startsOn) ? startsOn : null} today={today} />
      <TextareaField<CalendarEventForm>
        name="description"
        label="Description"
        hint="What has to be done, and where the work is kept."
        rows={4}
        maxLength={5000}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Saving…">{event ? 'Save changes' : 'Add event'}</SubmitButton>
      </div>
    </Form>
  );
}
