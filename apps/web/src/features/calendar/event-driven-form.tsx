import { formatLongDay, isIsoDay } from '@complivue/shared/calendar-days';
import type { InstitutionType } from '@complivue/shared/institutions';
import {
  eventDrivenDeadline,
  eventDrivenDueDate,
  eventDrivenTypesLabel,
  type EventDrivenDeadlineType,
} from '@complivue/shared/regulatory-deadlines';
import type { CalendarEvent } from '@complivue/shared/schemas/calendar';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAsyncAction } from '@/lib/use-async-action';
import { createEventDrivenDeadline, useRefreshCalendar } from './api.ts';
import { OwnerSelect, parseReminderDays, ReminderDaysField } from './calendar-fields.tsx';

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
  const refresh = useRefreshCalendar();
  const legendId = useId();
  const [type, setType] = useState<EventDrivenDeadlineType>(filings[0] ?? 'sar');
  const [triggerDate, setTriggerDate] = useState(today);
  const [reference, setReference] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [reminders, setReminders] = useState('3, 1');
  const { busy, error, setError, run } = useAsyncAction();
  const rule = eventDrivenDeadline(type, institutionType);
  const validTrigger = isIsoDay(triggerDate) && triggerDate <= today;
  const dueOn = validTrigger ? eventDrivenDueDate(type, triggerDate) : null;

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const parsed = parseReminderDays(reminders);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (!validTrigger) {
      setError(`Enter the ${rule.triggerLabel.toLowerCase()}, today or earlier.`);
      return;
    }
    await run(async () => {
      const saved = await createEventDrivenDeadline({
        type,
        triggerDate,
        reference: reference.trim(),
        ownerId: ownerId || null,
        reminderDays: parsed.days,
      });
      await refresh();
      toast.success(
        `${rule.defaultTitle} ${formatLongDay(saved.startsOn)}: added to the calendar.`,
      );
      onDone(saved);
    }, 'The deadline could not be added.');
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={`${eventDrivenTypesLabel(institutionType)} deadline`}
    >
      {error && <Alert variant="destructive">{error}</Alert>}
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
              <input
                type="radio"
                name="filing"
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
                className="mt-0.5"
              />
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
        <FormField label={rule.triggerLabel}>
          {({ id }) => (
            <Input
              id={id}
              type="date"
              required
              min="2000-01-01"
              max={today}
              value={triggerDate}
              onChange={(change) => setTriggerDate(change.target.value)}
            />
          )}
        </FormField>
        <FormField
          label="Internal reference (optional)"
          hint="A case or transaction number: never a customer’s name or account details."
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              maxLength={200}
              value={reference}
              onChange={(change) => setReference(change.target.value)}
            />
          )}
        </FormField>
      </div>
      <div
        aria-live="polite"
        className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900"
      >
        {dueOn ? (
          <>
            <p className="font-semibold">
              Due {formatLongDay(dueOn)}
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
        <OwnerSelect value={ownerId} onChange={setOwnerId} />
      </div>
      <ReminderDaysField value={reminders} onChange={setReminders} dueOn={dueOn} today={today} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add deadline'}
        </Button>
      </div>
    </form>
  );
}
