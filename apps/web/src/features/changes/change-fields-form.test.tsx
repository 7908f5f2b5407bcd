// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { ChangeDetailBody } from './change-detail/change-detail-body.tsx';
import { aChange, members } from './change-fixture.test-helper.ts';

/** The detail, and one of its tabs opened (each tab holds its own editor). */
async function openDetail(tab: 'Overview' | 'Impact' = 'Overview') {
  const view = renderComponent(
    <ChangeDetailBody change={aChange()} role="admin" userId="user-dana" members={members} />,
  );
  await view.user.click(screen.getByRole('tab', { name: tab }));
  const form = screen.getByRole('tabpanel', { name: tab });
  return { ...view, form: within(form) };
}

/**
 * The API as `answer` says, with the change's writes collected; the Impact tab's read of the
 * policies that cover the change's citations is answered with none and not collected.
 */
function answerChangeApi(answer: (call: ApiCall) => { status?: number; body: unknown }) {
  const calls = answerApi((call) =>
    call.path.startsWith('/api/policies/') ? { body: { items: [] } } : answer(call),
  );
  return {
    get writes() {
      return calls.filter((call) => !call.path.startsWith('/api/policies/'));
    },
  };
}

describe('Change fields form (the detail’s editor)', () => {
  it('refuses a title too short with the schema’s words beside it, and sends nothing', async () => {
    const api = answerChangeApi(() => ({ body: aChange() }));
    const { user, form } = await openDetail();
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'ab');
    await user.click(form.getByRole('button', { name: 'Save overview' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Enter a title of at least 3 characters.',
    );
    expect(form.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.writes).toEqual([]);
  });

  it("shows the server's refusal above the fields and keeps what was typed", async () => {
    answerChangeApi(() => ({
      status: 400,
      body: {
        error: {
          code: 'owner_not_member',
          message: 'The owner must be an active member of your institution.',
        },
      },
    }));
    const { user, form } = await openDetail('Impact');
    await user.type(form.getByLabelText('Policies affected'), 'Escrow policy');
    await user.click(form.getByRole('button', { name: 'Save impact assessment' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The owner must be an active member of your institution.',
    );
    expect(form.getByLabelText<HTMLTextAreaElement>('Policies affected').value).toBe(
      'Escrow policy',
    );
  });

  it('sends the overview, an empty date or owner as none, and keeps it while another tab shows', async () => {
    const api = answerChangeApi(() => ({
      body: aChange({ title: 'Escrow cushion limits (2026)' }),
    }));
    const { user, form } = await openDetail();
    await user.type(form.getByLabelText('Title'), ' (2026)');
    await user.click(form.getByLabelText('TILA'));
    await user.selectOptions(form.getByLabelText('Owner'), '');
    // A look at the history does not lose what was typed.
    await user.click(screen.getByRole('tab', { name: /^History/ }));
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(form.getByLabelText<HTMLInputElement>('Title').value).toBe(
      'Escrow cushion limits (2026)',
    );
    await user.click(form.getByRole('button', { name: 'Save overview' }));
    await expect.poll(() => api.writes.length).toBeGreaterThan(0);
    expect(api.writes[0]).toEqual({
      method: 'PATCH',
      path: `/api/changes/${aChange().id}`,
      body: {
        title: 'Escrow cushion limits (2026)',
        areas: ['tila', 'respa'],
        effectiveDate: null,
        dueDate: '2030-03-01',
        ownerId: null,
        summary: '',
      },
    });
  });

  it('sends the risk rating with the impact assessment', async () => {
    const api = answerChangeApi(() => ({ body: aChange() }));
    const { user, form } = await openDetail('Impact');
    await user.selectOptions(form.getByLabelText('Risk rating'), 'high');
    await user.type(form.getByLabelText('Systems affected'), 'Loan origination system');
    await user.click(form.getByRole('button', { name: 'Save impact assessment' }));
    await expect.poll(() => api.writes.length).toBeGreaterThan(0);
    expect(api.writes[0]).toEqual({
      method: 'PATCH',
      path: `/api/changes/${aChange().id}`,
      body: {
        riskRating: 'high',
        impact: { policies: '', products: '', processes: '', systems: 'Loan origination system' },
      },
    });
  });
});
