// @vitest-environment happy-dom
import { SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const ok = () => ({ body: { ok: true } });

async function fillIn(current: string, next: string, confirmation: string) {
  const view = renderComponent(<ChangePasswordForm email="officer@example.com" />);
  await view.user.type(screen.getByLabelText('Current password'), current);
  await view.user.type(screen.getByLabelText('New password'), next);
  await view.user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await view.user.click(screen.getByRole('button', { name: 'Change password' }));
  return view;
}

describe('Change password form', () => {
  it('refuses two different new passwords beside the confirmation, and sends nothing', async () => {
    const calls = answerApi(ok);
    await fillIn('old-secret-1', 'a-new-secret-2', 'a-new-secret-3');
    const confirmation = screen.getByLabelText('Confirm new password');
    expect(await screen.findByText('The two new passwords do not match.')).toBeTruthy();
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("refuses a password the server would refuse, with the server's own words", async () => {
    const calls = answerApi(ok);
    await fillIn('old-secret-1', 'officer@example.com', 'officer@example.com');
    expect(await screen.findByText(SIGNUP_MESSAGES.weak_password)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal above the form and keeps what was typed", async () => {
    answerApi(() => ({
      status: 400,
      body: {
        error: { code: 'invalid_password', message: 'The current password is not correct.' },
      },
    }));
    await fillIn('wrong-secret', 'a-new-secret-2', 'a-new-secret-2');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The current password is not correct.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a-new-secret-2');
  });

  it('sends the current and new password once, then clears the form', async () => {
    const calls = answerApi(ok);
    await fillIn('old-secret-1', 'a-new-secret-2', 'a-new-secret-2');
    await expect
      .poll(() => screen.getByLabelText<HTMLInputElement>('Current password').value)
      .toBe('');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password/change',
        body: { currentPassword: 'old-secret-1', newPassword: 'a-new-secret-2' },
      },
    ]);
  });
});
