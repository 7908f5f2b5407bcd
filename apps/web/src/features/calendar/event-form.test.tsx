// @vitest-environment happy-dom
import { CALENDAR_MESSAGES, type CalendarEvent } from '@complivue/shared/schemas/calendar';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { EventForm } from './event-form.tsx';

const saved: CalendarEvent = {
  id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  kind: 'company',
  templateKey: null,
  filing: null,
  confidential: false,
  title: 'Board BSA/AML report',
  description: '',
  area: 'bsa_aml',
  citation: null,
  startsOn: '2030-04-15',
  rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15',
  ownerId: 'user-jordan',
  ownerName: 'Jordan Lee',
  reminderDays: [7, 1],
  createdAt: '2026-01-05T15:00:00.000Z',
  dismissed: false,
  appliesToInstitution: true,
  applicabilityNote: null,
  canEdit: true,
  canComplete: true,
};

/** The API: the owners to choose from, and `write` for the save. */
function answer(write: (call: ApiCall) => { status?: number; body: unknown }) {
  const calls = answerApi((call) =>
    call.path === '/api/calendar/owners'
      ? { body: { members: [{ userId: 'user-jordan', name: 'Jordan Lee' }] } }
      : write(call),
  );
  return () => calls.filter((call) => call.method !== 'GET');
}

function renderForm() {
  const view = renderComponent(
    <EventForm defaultDate="2030-04-15" today="2030-04-01" onDone={() => {}} onCancel={() => {}} />,
  );
  return { ...view, form: within(screen.getByRole('form', { name: 'Calendar event' })) };
}

describe('Calendar event form', () => {
  it('refuses a short title and wrong reminders with the schema’s words, and sends nothing', async () => {
    const writes = answer(() => ({ body: saved }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Title'), 'Bo');
    const reminders = form.getByLabelText('Reminders (days before the due date)');
    await user.clear(reminders);
    await user.type(reminders, '7, soon');
    // Said as it is typed, tied to the field.
    const reminderError = await form.findByText(CALENDAR_MESSAGES.reminder_days);
    expect(reminders.getAttribute('aria-describedby')).toContain(reminderError.id);
    await user.click(form.getByRole('button', { name: 'Add event' }));
    expect(await form.findByText('Enter a title of at least 3 characters.')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    answer(() => ({
      status: 400,
      body: { error: { code: 'calendar_full', message: CALENDAR_MESSAGES.calendar_full } },
    }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Title'), 'Board BSA/AML report');
    await user.click(form.getByRole('button', { name: 'Add event' }));
    expect((await form.findByRole('alert')).textContent).toBe(CALENDAR_MESSAGES.calendar_full);
    expect(form.getByLabelText<HTMLInputElement>('Title').value).toBe('Board BSA/AML report');
  });

  it('sends the event with its rule, area, owner and reminders', async () => {
    const writes = answer(() => ({ body: saved }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Title'), 'Board BSA/AML report');
    await user.selectOptions(form.getByLabelText('Repeats'), 'quarterly');
    expect(form.getByLabelText('First due date')).toBeTruthy();
    await user.selectOptions(form.getByLabelText('Regulation area'), 'bsa_aml');
    await form.findByRole('option', { name: 'Jordan Lee' });
    await user.selectOptions(form.getByLabelText('Owner'), 'user-jordan');
    await user.click(form.getByRole('button', { name: 'Add event' }));
    await expect.poll(() => writes().length).toBe(1);
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: '/api/calendar/events',
      body: {
        title: 'Board BSA/AML report',
        description: '',
        area: 'bsa_aml',
        startsOn: '2030-04-15',
        rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15',
        ownerId: 'user-jordan',
        reminderDays: [7, 1],
      },
    });
  });
});
