import { describe, expect, it } from 'vitest';
import { remindersDue } from './calendar-reminders.ts';

describe('remindersDue', () => {
  const base = { dueOn: '2027-03-01', reminderDays: [30, 7, 0], armedOn: '2026-11-22' };

  it('is due from the reminder’s day, not before', () => {
    expect(remindersDue({ ...base, today: '2027-01-29' })).toEqual([]);
    expect(remindersDue({ ...base, today: '2027-01-30' })).toEqual([30]);
    expect(remindersDue({ ...base, today: '2027-02-22' })).toEqual([30, 7]);
    expect(remindersDue({ ...base, today: '2027-03-01' })).toEqual([30, 7, 0]);
  });

  it('never sends a reminder whose day had passed when the event was saved', () => {
    expect(remindersDue({ ...base, armedOn: '2027-02-10', today: '2027-02-10' })).toEqual([]);
    expect(remindersDue({ ...base, armedOn: '2027-02-10', today: '2027-02-22' })).toEqual([7]);
  });

  it('sends nothing for a due date already past', () => {
    expect(remindersDue({ ...base, today: '2027-03-02' })).toEqual([]);
  });
});
