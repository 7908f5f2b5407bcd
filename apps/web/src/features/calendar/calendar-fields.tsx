import { addDays, formatLongDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { CALENDAR_LIMITS, CALENDAR_MESSAGES } from '@complivue/shared/schemas/calendar';
import { useId } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { useCalendarOwners } from './api.ts';

export function OwnerSelect({
  value,
  onChange,
  current,
}: {
  value: string;
  onChange: (ownerId: string) => void;
  /** The present owner, listed even if no longer active. */
  current?: { id: string | null; name: string | null };
}) {
  const owners = useCalendarOwners();
  const members = owners.data?.members ?? [];
  const missing =
    current?.id && !members.some((member) => member.userId === current.id)
      ? [{ userId: current.id, name: current.name ?? 'Former member' }]
      : [];
  return (
    <FormField label="Owner" hint="Reminders go to the owner; without one, to the administrators.">
      {({ id, describedBy }) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">No owner</option>
          {[...missing, ...members].map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

export function AreaSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (area: string) => void;
}) {
  return (
    <FormField label="Regulation area">
      {({ id }) => (
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">None</option>
          {REGULATION_AREAS.map((area) => (
            <option key={area} value={area}>
              {REGULATION_AREA_INFO[area].tag}: {REGULATION_AREA_INFO[area].label}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** "30, 7, 1" → [30, 7, 1], or the message saying what is wrong. */
export function parseReminderDays(text: string): { days: number[] } | { error: string } {
  const items = text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  const days: number[] = [];
  for (const item of items) {
    if (!/^\d+$/.test(item) || Number(item) > CALENDAR_LIMITS.maxReminderDays) {
      return { error: CALENDAR_MESSAGES.reminder_days };
    }
    days.push(Number(item));
  }
  const unique = [...new Set(days)].sort((a, b) => b - a);
  if (unique.length > CALENDAR_LIMITS.maxRemindersPerEvent) {
    return { error: CALENDAR_MESSAGES.too_many_reminders };
  }
  return { days: unique };
}

/**
 * Reminders, as days before the due date. Says which of them fall before today for `dueOn`:
 * those are not sent (never retroactively).
 */
export function ReminderDaysField({
  value,
  onChange,
  dueOn,
  today,
}: {
  value: string;
  onChange: (text: string) => void;
  dueOn: string | null;
  today: string;
}) {
  const parsed = parseReminderDays(value);
  const errorId = useId();
  const passed =
    dueOn && 'days' in parsed ? parsed.days.filter((days) => addDays(dueOn, -days) < today) : [];
  return (
    <div>
      <FormField
        label="Reminders (days before the due date)"
        hint="For example 30, 7, 1. From 0 (the day itself) to 365; at most 5. The owner is notified in the app and by email, once each."
      >
        {({ id, describedBy }) => (
          <Input
            id={id}
            inputMode="numeric"
            aria-describedby={
              [describedBy, 'error' in parsed ? errorId : null].filter(Boolean).join(' ') ||
              undefined
            }
            aria-invalid={'error' in parsed}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </FormField>
      {'error' in parsed && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-800">
          {parsed.error}
        </p>
      )}
      {passed.length > 0 && dueOn && (
        <p className="mt-1 text-sm text-amber-900" role="status">
          {passed.length === 1 ? 'The reminder' : 'The reminders'}{' '}
          {passed.map((days) => `${days} day${days === 1 ? '' : 's'}`).join(', ')} before{' '}
          {formatLongDay(dueOn)} {passed.length === 1 ? 'falls' : 'fall'} before today and will not
          be sent: past reminders are never sent late.
        </p>
      )}
    </div>
  );
}
