// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { NewTicketForm } from './new-ticket-form.tsx';

const created = () => ({ body: { id: '2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f', number: 42 } });

function renderForm() {
  const view = renderComponent(<NewTicketForm onCancel={() => {}} />);
  return { ...view, form: within(screen.getByRole('form', { name: 'New support ticket' })) };
}

describe('New support ticket form', () => {
  it('refuses a short subject and description with the schema’s words, and sends nothing', async () => {
    const calls = answerApi(created);
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Subject'), 'Help');
    await user.type(form.getByLabelText('Description'), 'It broke.');
    await user.click(form.getByRole('button', { name: 'Send ticket' }));
    expect(await form.findByText('Enter a subject of at least 5 characters.')).toBeTruthy();
    expect(form.getByText('Describe the problem in at least 20 characters.')).toBeTruthy();
    expect(form.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    answerApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'attachment_type',
          message:
            'Attach PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files only.',
        },
      },
    }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Subject'), 'Cannot export the HMDA LAR');
    await user.type(
      form.getByLabelText('Description'),
      'The export button does nothing since this morning.',
    );
    await user.click(form.getByRole('button', { name: 'Send ticket' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Attach PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files only.',
    );
    expect(form.getByLabelText<HTMLInputElement>('Subject').value).toBe(
      'Cannot export the HMDA LAR',
    );
  });

  it('sends the ticket’s fields as multipart', async () => {
    const calls = answerApi(created);
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('Subject'), '  Cannot export the HMDA LAR ');
    await user.selectOptions(form.getByLabelText('Priority'), 'high');
    await user.type(
      form.getByLabelText('Description'),
      'The export button does nothing since this morning.',
    );
    await user.click(form.getByRole('button', { name: 'Send ticket' }));
    await expect.poll(() => calls.length).toBe(1);
    const [call] = calls;
    expect({ method: call!.method, path: call!.path }).toEqual({
      method: 'POST',
      path: '/api/support/tickets',
    });
    expect(Object.fromEntries(call!.body as FormData)).toEqual({
      subject: 'Cannot export the HMDA LAR',
      category: 'technical',
      priority: 'high',
      description: 'The export button does nothing since this morning.',
    });
  });
});
