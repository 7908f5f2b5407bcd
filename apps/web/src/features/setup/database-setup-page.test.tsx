// @vitest-environment happy-dom
import { SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import { SETUP_MESSAGES } from '@complivue/shared/schemas/setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { adminSession } from '../../../test/session-fixture.ts';
import { DatabaseSetupPage } from './database-setup-page.tsx';

const operatorSession = {
  ...adminSession,
  profile: { ...adminSession.profile, role: 'super_admin' as const },
};

const systemStatus = {
  state: 'status',
  system: {
    database: 'pglite',
    migrations: { applied: 12, latest: '0012_feeds' },
    emailMode: 'outbox',
    paymentsMode: 'sandbox',
    passwordResetEnabled: true,
  },
};

/** A fresh installation: setup is open until the first administrator is created. */
function freshInstallation() {
  let created = false;
  return answerApi((call) => {
    if (call.method === 'POST' && call.path === '/api/setup') {
      created = true;
      return { status: 201, body: { session: operatorSession, redirectTo: '/dashboard' } };
    }
    return { body: created ? systemStatus : { state: 'open' } };
  });
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function fillIn(
  view: ReturnType<typeof renderComponent>,
  fields: Partial<Record<'Full name' | 'Email' | 'Password' | 'Operating organisation', string>>,
) {
  for (const [label, value] of Object.entries(fields)) {
    if (!value) continue;
    await view.user.click(screen.getByLabelText(label));
    await view.user.paste(value);
  }
  await view.user.click(screen.getByRole('button', { name: 'Create administrator' }));
}

const complete = {
  'Full name': 'Pat Operator',
  Email: ' Pat@Operator.example ',
  Password: 'a long operator passphrase',
  'Operating organisation': 'Complivue Operations',
};

async function open() {
  const view = renderComponent(<DatabaseSetupPage />, { route: '/database-setup' });
  expect(await screen.findByRole('heading', { name: 'Set up Complivue' })).toBeTruthy();
  await screen.findByLabelText('Full name');
  return view;
}

describe('First-run setup form', () => {
  it("refuses a short password with the server's message beside it, and sends nothing", async () => {
    const calls = freshInstallation();
    const view = await open();
    await fillIn(view, { ...complete, Password: 'short' });
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.password_too_short);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('says what is required beside the first empty field', async () => {
    const calls = freshInstallation();
    const view = await open();
    await fillIn(view, { ...complete, 'Full name': '' });
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.required);
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('creates the administrator with the email normalized, signs them in and shows the status', async () => {
    const calls = freshInstallation();
    const view = await open();
    await fillIn(view, complete);
    expect(await screen.findByRole('heading', { name: 'System status' })).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/setup',
        body: {
          fullName: 'Pat Operator',
          email: 'pat@operator.example',
          password: 'a long operator passphrase',
          companyName: 'Complivue Operations',
        },
      },
    ]);
    expect(view.queryClient.getQueryData(['session'])).toEqual(operatorSession);
  });

  it("shows the server's refusal above the form and stays on it", async () => {
    // Someone else finished the setup while this page was open.
    answerApi((call) =>
      call.method === 'POST'
        ? { status: 403, body: { error: { code: 'setup_closed', message: SETUP_MESSAGES.closed } } }
        : { body: { state: 'open' } },
    );
    const view = await open();
    await fillIn(view, complete);
    expect((await screen.findByRole('alert')).textContent).toBe(SETUP_MESSAGES.closed);
    expect(screen.getByRole('button', { name: 'Create administrator' })).toBeTruthy();
  });
});
