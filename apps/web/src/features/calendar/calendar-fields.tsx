import { addDays, formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import { reminderDaysTextSchema } from '@complivue/shared/schemas/calendar';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { useCalendarOwners } from './api.ts';

/** The event's owner (field `ownerId`), the present one listed even if no longer active. */
export function OwnerSelect({ current }: { current?: { id: string | null; name: string | null } }) {
  const owners = useCalendarOwners();
  const members = owners.data?.members ?? [];
  const missing =
    current?.id && !members.some((member) => member.userId === current.id)
      ? [{ userId: current.id, name: current.name ?? 'Former member' }]
      : [];
  return (
    <SelectField
      name="ownerId"
      label="Owner"
      hint="Reminders go to the owner; without one, to the administrators."
    >
      <option value="">No owner</option>
      {[...missing, ...members].map((member) => (
        <option key={member.userId} value={member.userId}>
          {member.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The event's regulation area (field `area`). */
export function AreaSelect() {
  return (
    <SelectField name="area" label="Regulation area">
      <option value="">None</option>
      {REGULATION_AREAS.map((area) => (
        <option key={area} value={area}>
          {REGULATION_AREA_INFO[area].tag}: {REGULATION_AREA_INFO[area].label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Reminders (field `reminderDays`), as days before the due date, checked as they are typed.
 * Says which of them fall before today for `dueOn`: those are not sent (never retroactively).
 */
export function ReminderDaysField({ dueOn, today }: { dueOn: string | null; today: string }) {
  const { trigger } = useFormContext();
  const text = useWatch({ name: 'reminderDays' }) as string;
  const initial = useRef<string | null>(text);
  // Checked as typed, not only on submit: a wrong value is said while the person is on it.
  useEffect(() => {
    if (text === initial.current) return;
    initial.current = null;
    void trigger('reminderDays');
  }, [text, trigger]);
  const parsed = reminderDaysTextSchema.safeParse(text);
  const passed =
    dueOn && parsed.success ? parsed.data.filter((days) => addDays(dueOn, -days) < today) : [];
  return (
    <div>
      <TextField
        name="reminderDays"
        label="Reminders (days before the due date)"
        hint="For example 30, 7, 1. From 0 (the day itself) to 365; at most 5. The owner is notified in the app and by email, once each."
        inputMode="numeric"
      />
      {passed.length > 0 && dueOn && (
        <p className="mt-1 text-sm text-amber-900" role="status">
          {passed.length === 1 ? 'The reminder' : 'The reminders'}{' '}
          {passed.map((days) => `${days} day${days === 1 ? '' : 's'}`).join(', ')} before{' '}
          {formatShortDay(dueOn)} {passed.length === 1 ? 'falls' : 'fall'} before today and will not
          be sent: past reminders are never sent late.
        </p>
      )}
    </div>
  );
}
