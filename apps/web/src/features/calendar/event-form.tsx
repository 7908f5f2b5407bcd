import { formatLongDay, isIsoDay } from '@complivue/shared/calendar-days';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import {
  presetOf,
  presetRrule,
  RECURRENCE_PRESET_LABELS,
  RECURRENCE_PRESETS,
  type CalendarEvent,
  type RecurrencePreset,
} from '@complivue/shared/schemas/calendar';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useAsyncAction } from '@/lib/use-async-action';
import { createCalendarEvent, updateCalendarEvent, useRefreshCalendar } from './api.ts';
import {
  AreaSelect,
  OwnerSelect,
  parseReminderDays,
  ReminderDaysField,
} from './calendar-fields.tsx';

type RecurrenceChoice = RecurrencePreset | 'custom';

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
  const refresh = useRefreshCalendar();
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [startsOn, setStartsOn] = useState(event?.startsOn ?? defaultDate);
  const [choice, setChoice] = useState<RecurrenceChoice>(
    event ? (presetOf(event.rrule, event.startsOn) ?? 'custom') : 'none',
  );
  const [customRule, setCustomRule] = useState(event?.rrule ?? '');
  const [area, setArea] = useState<string>(event?.area ?? '');
  const [ownerId, setOwnerId] = useState(event?.ownerId ?? '');
  const [reminders, setReminders] = useState(event ? event.reminderDays.join(', ') : '7, 1');
  const { busy, error, setError, run } = useAsyncAction();
  const validDate = isIsoDay(startsOn);

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const parsed = parseReminderDays(reminders);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (!validDate) {
      setError('Choose the due date.');
      return;
    }
    const body = {
      title,
      description,
      area: (area || null) as RegulationArea | null,
      startsOn,
      rrule: choice === 'custom' ? customRule.trim() || null : presetRrule(choice, startsOn),
      ownerId: ownerId || null,
      reminderDays: parsed.days,
    };
    await run(async () => {
      const saved = event
        ? await updateCalendarEvent(event.id, body)
        : await createCalendarEvent(body);
      await refresh();
      toast.success(
        saved.startsOn === startsOn
          ? 'The event has been saved.'
          : `Saved. Its first due date under this rule is ${formatLongDay(saved.startsOn)}.`,
      );
      onDone(saved);
    }, 'The event could not be saved.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Calendar event">
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Title">
        {({ id }) => (
          <Input
            id={id}
            required
            maxLength={200}
            value={title}
            onChange={(change) => setTitle(change.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={choice === 'none' ? 'Due date' : 'First due date'}>
          {({ id }) => (
            <Input
              id={id}
              type="date"
              required
              min="2000-01-01"
              max="2099-12-31"
              value={startsOn}
              onChange={(change) => setStartsOn(change.target.value)}
            />
          )}
        </FormField>
        <FormField label="Repeats">
          {({ id }) => (
            <Select
              id={id}
              value={choice}
              onChange={(change) => setChoice(change.target.value as RecurrenceChoice)}
            >
              {RECURRENCE_PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {RECURRENCE_PRESET_LABELS[preset]}
                </option>
              ))}
              <option value="custom">Custom rule (RRULE)…</option>
            </Select>
          )}
        </FormField>
      </div>
      {choice === 'custom' && (
        <FormField
          label="Recurrence rule (RRULE)"
          hint="RFC 5545, without DTSTART: the due date above is the start. Daily at most. Example: FREQ=MONTHLY;BYDAY=-1FR (the last Friday of each month); add COUNT=12 or UNTIL=20271231 to end it."
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              spellCheck={false}
              autoCapitalize="characters"
              placeholder="FREQ=MONTHLY;BYMONTHDAY=15"
              maxLength={300}
              value={customRule}
              onChange={(change) => setCustomRule(change.target.value)}
            />
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <AreaSelect value={area} onChange={setArea} />
        <OwnerSelect
          value={ownerId}
          onChange={setOwnerId}
          current={event ? { id: event.ownerId, name: event.ownerName } : undefined}
        />
      </div>
      <ReminderDaysField
        value={reminders}
        onChange={setReminders}
        dueOn={validDate ? startsOn : null}
        today={today}
      />
      <FormField label="Description" hint="What has to be done, and where the work is kept.">
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            rows={4}
            maxLength={5000}
            value={description}
            onChange={(change) => setDescription(change.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : event ? 'Save changes' : 'Add event'}
        </Button>
      </div>
    </form>
  );
}
