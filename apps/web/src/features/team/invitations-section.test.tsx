// @vitest-environment happy-dom
import { SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import { INVITATION_MESSAGES } from '@complivue/shared/schemas/team';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { InvitationsSection } from './invitations-section.tsx';

const noInvitations = { body: { items: [] } };
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function invite(email: string, role?: string) {
  const view = renderComponent(<InvitationsSection roles={['user', 'manager']} />);
  await view.user.click(screen.getByLabelText('Email to invite'));
  await view.user.paste(email);
  if (role) await view.user.selectOptions(screen.getByLabelText('Role'), role);
  await view.user.click(screen.getByRole('button', { name: 'Send invitation' }));
  return view;
}

describe('Invitation form', () => {
  it('cannot be sent empty', () => {
    answerApi(() => noInvitations);
    renderComponent(<InvitationsSection roles={['user', 'manager']} />);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send invitation' });
    expect(send.disabled).toBe(true);
  });

  it("refuses a malformed address with the server's message, and sends nothing", async () => {
    const calls = answerApi(() => noInvitations);
    await invite('riley@cu');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.invalid_email);
    expect(screen.getByLabelText('Email to invite').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal above the form and keeps the address", async () => {
    answerApi((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              error: { code: 'already_invited', message: INVITATION_MESSAGES.already_invited },
            },
          }
        : noInvitations,
    );
    await invite('riley@firstcu.org');
    expect((await screen.findByRole('alert')).textContent).toBe(
      INVITATION_MESSAGES.already_invited,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email to invite').value).toBe(
      'riley@firstcu.org',
    );
  });

  it('sends the address and role, clears the address and lists the pending invitation', async () => {
    let sent = false;
    const calls = answerApi((call) => {
      if (call.method === 'POST') {
        sent = true;
        return { status: 201, body: { id: 'inv-1', delivered: true } };
      }
      return sent
        ? {
            body: {
              items: [
                {
                  id: 'inv-1',
                  email: 'riley@firstcu.org',
                  role: 'manager',
                  invitedByName: 'Dana Reyes',
                  expiresAt: '2026-01-12T12:00:00.000Z',
                  lastSentAt: '2026-01-05T12:00:00.000Z',
                  expired: false,
                },
              ],
            },
          }
        : noInvitations;
    });
    await invite(' Riley@FirstCU.org ', 'manager');
    expect(await screen.findByText('Pending invitations (1)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email to invite').value).toBe('');
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/team/invitations',
        body: { email: 'riley@firstcu.org', role: 'manager' },
      },
    ]);
  });
});
