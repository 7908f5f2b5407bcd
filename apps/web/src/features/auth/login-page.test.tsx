// @vitest-environment happy-dom
import { SIGNIN_MESSAGES } from '@complivue/shared/schemas/auth';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { adminSession } from '../../../test/session-fixture.ts';
import { LoginPage } from './login-page.tsx';

/** No one is signed in yet; the cookie consent of the account is empty. */
function reads(call: ApiCall) {
  if (call.path === '/api/auth/session') return { body: null };
  return { body: { consent: null } };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

function open() {
  return renderComponent(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

async function signIn(view: ReturnType<typeof open>, email: string, password: string) {
  for (const [label, value] of [
    ['Email', email],
    ['Password', password],
  ] as const) {
    if (!value) continue;
    await view.user.click(screen.getByLabelText(label));
    await view.user.paste(value);
  }
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign-in form', () => {
  it("refuses an empty password with the server's message, and sends nothing", async () => {
    const calls = answerApi(reads);
    const view = open();
    await signIn(view, 'dana@firstcu.org', '');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNIN_MESSAGES.required);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal (a throttled sign-in) and lets the person try again", async () => {
    answerApi((call) =>
      call.path === '/api/auth/sign-in'
        ? {
            status: 429,
            body: { error: { code: 'rate_limited', message: SIGNIN_MESSAGES.slow_down } },
          }
        : reads(call),
    );
    const view = open();
    await signIn(view, 'dana@firstcu.org', 'not the password');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNIN_MESSAGES.slow_down);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' }).disabled).toBe(false);
  });

  it('sends the normalized address and the password, then opens the dashboard', async () => {
    const calls = answerApi((call) =>
      call.path === '/api/auth/sign-in'
        ? { body: { status: 'signed_in', session: adminSession } }
        : reads(call),
    );
    const view = open();
    await signIn(view, ' Dana@FirstCU.org', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-in',
        body: { email: 'dana@firstcu.org', password: 'correct horse battery' },
      },
    ]);
    await expect.poll(() => calls.at(-1)?.path).toBe('/api/cookie-consent');
  });

  it('asks for the second factor, refuses a malformed code, and signs in with a good one', async () => {
    let codeAccepted = false;
    const calls = answerApi((call) => {
      if (call.path === '/api/auth/sign-in') return { body: { status: 'two_factor_required' } };
      if (call.path === '/api/auth/two-factor/verify') {
        if (!codeAccepted) {
          return {
            status: 400,
            body: { error: { code: 'invalid_code', message: SIGNIN_MESSAGES.invalid_code } },
          };
        }
        return { body: { status: 'signed_in', session: adminSession } };
      }
      return reads(call);
    });
    const view = open();
    await signIn(view, 'dana@firstcu.org', 'correct horse battery');
    const code = await screen.findByLabelText('Authentication code');
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
    expect(verify.disabled).toBe(true);

    await view.user.type(code, '12');
    await view.user.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the 6-digit code or a backup code',
    );
    expect(writes(calls)).toHaveLength(1);

    await view.user.type(code, '3456');
    await view.user.click(verify);
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toBe(SIGNIN_MESSAGES.invalid_code);

    codeAccepted = true;
    await view.user.clear(code);
    await view.user.type(code, '654321');
    await view.user.click(verify);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(writes(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/sign-in', { email: 'dana@firstcu.org', password: 'correct horse battery' }],
      ['/api/auth/two-factor/verify', { code: '123456' }],
      ['/api/auth/two-factor/verify', { code: '654321' }],
    ]);
    await expect.poll(() => calls.at(-1)?.path).toBe('/api/cookie-consent');
  });
});
