// @vitest-environment happy-dom
import { TOLERANCE_MESSAGES } from '@complivue/shared/loan-tests/tolerance';
import type { LoanTestRequest } from '@complivue/shared/schemas/loan-tests';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../../test/render.tsx';
import { ToleranceForm } from './tolerance-form.tsx';

function renderForm() {
  const runs: LoanTestRequest[] = [];
  const view = renderComponent(
    <ToleranceForm
      onRun={async (request) => {
        runs.push(request);
      }}
    />,
  );
  return { ...view, runs, form: within(screen.getByRole('form', { name: 'Tolerance cure' })) };
}

describe('Tolerance cure form', () => {
  it('refuses a fee without its kind, with the schema’s words beside it, and runs nothing', async () => {
    const { user, form, runs } = renderForm();
    await user.type(form.getByLabelText('Consummation'), '2026-11-20');
    await user.type(form.getByLabelText('Fee 1'), 'Origination fee');
    await user.type(form.getAllByLabelText('Closing Disclosure ($)')[0]!, '1100');
    await user.click(form.getByRole('button', { name: 'Remove fee 2' }));
    await user.click(form.getByRole('button', { name: 'Run the test' }));
    const alerts = await form.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(TOLERANCE_MESSAGES.fee_kind);
    expect(form.getByLabelText('Kind of charge').getAttribute('aria-invalid')).toBe('true');
    expect(runs).toEqual([]);
  });

  it('runs with the typed amounts as numbers, a blank Loan Estimate amount as 0', async () => {
    const { user, form, runs } = renderForm();
    await user.type(form.getByLabelText('Consummation'), '2026-11-20');
    await user.type(form.getByLabelText('Fee 1'), 'Recording fee');
    await user.selectOptions(form.getAllByLabelText('Kind of charge')[0]!, 'recording_fee');
    await user.type(form.getAllByLabelText('Closing Disclosure ($)')[0]!, '$1,250.50');
    await user.click(form.getByRole('button', { name: 'Remove fee 2' }));
    await user.click(form.getByRole('button', { name: 'Run the test' }));
    expect(runs).toEqual([
      {
        kind: 'tolerance',
        input: {
          consummationDate: '2026-11-20',
          fees: [
            {
              name: 'Recording fee',
              kind: 'recording_fee',
              loanEstimate: 0,
              closingDisclosure: 1250.5,
            },
          ],
        },
      },
    ]);
  });
});
