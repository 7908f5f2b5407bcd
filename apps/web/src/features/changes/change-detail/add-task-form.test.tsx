// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../../test/render.tsx';
import { aChange, members } from '../change-fixture.test-helper.ts';
import { AddTaskForm } from './add-task-form.tsx';

function renderForm() {
  const view = renderComponent(<AddTaskForm change={aChange()} members={members} />);
  return { ...view, form: within(screen.getByRole('form', { name: 'Add a task' })) };
}

describe('Add a task (change detail)', () => {
  it('refuses a one-letter task with the schema’s words beside it, and sends nothing', async () => {
    const calls = answerApi(() => ({ body: aChange() }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('New task'), 'x');
    await user.click(form.getByRole('button', { name: 'Add task' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Describe the task in at least 2 characters.',
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal and keeps the task typed", async () => {
    answerApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'assignee_not_member',
          message: 'The assignee must be an active member of your institution.',
        },
      },
    }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('New task'), 'Update the escrow policy');
    await user.selectOptions(form.getByLabelText('Assign to'), 'user-jordan');
    await user.click(form.getByRole('button', { name: 'Add task' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The assignee must be an active member of your institution.',
    );
    expect(form.getByLabelText<HTMLInputElement>('New task').value).toBe(
      'Update the escrow policy',
    );
  });

  it('sends the task, its assignee and due date, then clears the form', async () => {
    const calls = answerApi(() => ({ body: aChange() }));
    const { user, form } = renderForm();
    await user.type(form.getByLabelText('New task'), '  Update the escrow policy ');
    await user.selectOptions(form.getByLabelText('Assign to'), 'user-jordan');
    await user.type(form.getByLabelText('Task due date'), '2030-02-01');
    await user.click(form.getByRole('button', { name: 'Add task' }));
    await expect.poll(() => form.getByLabelText<HTMLInputElement>('New task').value).toBe('');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/changes/${aChange().id}/tasks`,
        body: {
          title: 'Update the escrow policy',
          assigneeId: 'user-jordan',
          dueDate: '2030-02-01',
        },
      },
    ]);
  });
});
