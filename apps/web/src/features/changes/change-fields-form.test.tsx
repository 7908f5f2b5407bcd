// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { ChangeDetailBody } from './change-detail/change-detail-body.tsx';
import { aChange, members } from './change-fixture.test-helper.ts';

function openDetail() {
  const view = renderComponent(
    <ChangeDetailBody change={aChange()} role="admin" userId="user-dana" members={members} />,
  );
  const form = screen.getByRole('region', { name: 'Details and impact assessment' });
  return { ...view, form: within(form) };
}

describe('Change fields form (the detail’s editor)', () => {
  it('refuses a title too short with the schema’s words beside it, and sends nothing', async () => {
    const calls = answerApi(() => ({ body: aChange() }));
    const { user, form } = openDetail();
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'ab');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Enter a title of at least 3 characters.',
    );
    expect(form.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal above the fields and keeps what was typed", async () => {
    answerApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'owner_not_member',
          message: 'The owner must be an active member of your institution.',
        },
      },
    }));
    const { user, form } = openDetail();
    await user.type(form.getByLabelText('Policies affected'), 'Escrow policy');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The owner must be an active member of your institution.',
    );
    expect(form.getByLabelText<HTMLTextAreaElement>('Policies affected').value).toBe(
      'Escrow policy',
    );
  });

  it('sends every field, an empty date or owner as none', async () => {
    const calls = answerApi(() => ({ body: aChange({ title: 'Escrow cushion limits (2026)' }) }));
    const { user, form } = openDetail();
    await user.type(form.getByLabelText('Title'), ' (2026)');
    await user.click(form.getByLabelText('TILA'));
    await user.selectOptions(form.getByLabelText('Owner'), '');
    await user.selectOptions(form.getByLabelText('Risk rating'), 'high');
    await user.type(form.getByLabelText('Systems affected'), 'Loan origination system');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(calls[0]).toEqual({
      method: 'PATCH',
      path: `/api/changes/${aChange().id}`,
      body: {
        title: 'Escrow cushion limits (2026)',
        areas: ['tila', 'respa'],
        effectiveDate: null,
        dueDate: '2030-03-01',
        ownerId: null,
        riskRating: 'high',
        summary: '',
        impact: { policies: '', products: '', processes: '', systems: 'Loan origination system' },
      },
    });
  });
});
