// @vitest-environment happy-dom
import { SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { adminSession } from '../../../test/session-fixture.ts';
import { SignupPage } from './signup-page.tsx';

const session = adminSession;

const signedUp = (call: ApiCall) =>
  call.path === '/api/auth/sign-up'
    ? { status: 201, body: { session, redirectTo: '/dashboard' } }
    : { body: { consent: null } };

const signUpCalls = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

function open() {
  return renderComponent(
    <Routes>
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route: '/signup' },
  );
}

async function fillIn(
  view: ReturnType<typeof open>,
  fields: Partial<Record<'Full name' | 'Work email' | 'Password' | 'Institution name', string>>,
) {
  for (const [label, value] of Object.entries(fields)) {
    if (!value) continue;
    await view.user.click(screen.getByLabelText(label));
    await view.user.paste(value);
  }
  await view.user.click(screen.getByRole('button', { name: 'Create account' }));
}

const complete = {
  'Full name': 'Dana Reyes',
  'Work email': ' Dana@FirstCU.org ',
  Password: 'correct horse battery',
  'Institution name': 'First Community Credit Union',
};

describe('Sign-up form', () => {
  it("refuses a missing full name with the server's message, and sends nothing", async () => {
    const calls = answerApi(signedUp);
    const view = open();
    await fillIn(view, { ...complete, 'Full name': '' });
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.required);
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('gives the rules one at a time, in the order the server checks them', async () => {
    const calls = answerApi(signedUp);
    const view = open();
    await fillIn(view, { ...complete, 'Work email': 'not-an-email', Password: 'short' });
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.invalid_email);

    await view.user.clear(screen.getByLabelText('Work email'));
    await view.user.paste('dana@firstcu.org');
    await view.user.click(screen.getByRole('button', { name: 'Create account' }));
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toBe(SIGNUP_MESSAGES.password_too_short);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal above the form and stays on the page", async () => {
    answerApi(() => ({
      status: 409,
      body: { error: { code: 'duplicate_email', message: SIGNUP_MESSAGES.duplicate_email } },
    }));
    const view = open();
    await fillIn(view, complete);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.duplicate_email);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it("says a server failure in the spec's words", async () => {
    answerApi(() => ({ status: 502, body: 'Bad gateway' }));
    const view = open();
    await fillIn(view, complete);
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.unexpected_server);
  });

  it('sends the account, normalized, and goes where the server says', async () => {
    const calls = answerApi(signedUp);
    const view = open();
    await view.user.selectOptions(screen.getByLabelText('Institution type'), 'credit_union');
    await fillIn(view, complete);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(signUpCalls(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-up',
        body: {
          email: 'dana@firstcu.org',
          password: 'correct horse battery',
          fullName: 'Dana Reyes',
          companyName: 'First Community Credit Union',
          institutionType: 'credit_union',
          billing: 'monthly',
        },
      },
    ]);
    expect(view.queryClient.getQueryData(['session'])).toEqual(session);
    // The account's cookie consent is fetched once signed in.
    await expect.poll(() => calls.at(-1)?.path).toBe('/api/cookie-consent');
  });
});
