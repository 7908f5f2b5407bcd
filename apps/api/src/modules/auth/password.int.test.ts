import { emailDeliveries, emailOutbox } from '@complivue/db/schema/platform';
import { verification } from '@complivue/db/schema/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom, freshIp, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { waitForOutboxEmail } from '../../../test/outbox.ts';
import { deliverDueEmails } from '../../lib/email/email-queue.ts';

const SENT =
  'If an account exists for that email, we have sent a link to reset the password. The link works once and expires in one hour.';

function tokenFrom(text: string): string {
  const match = text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1]!;
}

describe('password reset (emails kept in the outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email },
      remoteAddress: ip,
    });

  it('validates the email like sign-up', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter a valid email address');
  });

  it('answers the same whether or not the account exists', async () => {
    const { input } = await signUpThroughApi(t.app);
    const known = await forgot(`  ${input.email.toUpperCase()} `);
    const unknown = await forgot('nobody-here@firstcu.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, message: SENT });
    expect(unknown.json()).toEqual(known.json());
    expect(
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nobody-here@firstcu.org')),
    ).toEqual([]);
    const mail = await waitForOutboxEmail(t.db, input.email);
    expect(mail.subject).toBe('Reset your Complivue password');
    expect(mail.html).toContain('/reset-password?token=');
  });

  it('keeps the reset token only hashed', async () => {
    const { input } = await signUpThroughApi(t.app);
    await forgot(input.email);
    const token = tokenFrom((await waitForOutboxEmail(t.db, input.email)).text);
    const rows = await t.db.select().from(verification);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('resets once, signs out the other sessions, and the link then stops working', async () => {
    const { input, cookie } = await signUpThroughApi(t.app);
    await forgot(input.email);
    const token = tokenFrom((await waitForOutboxEmail(t.db, input.email)).text);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/auth/password/reset-token?token=${token}`,
    });
    expect(status.json()).toEqual({ valid: true });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, newPassword: 'short' },
    });
    expect(weak.json().error.message).toBe('Password must be at least 8 characters long');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, newPassword: 'A brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);

    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(oldSession.json()).toBeNull();
    expect((await signInThroughApi(t.app, input.email, input.password)).statusCode).toBe(401);
    expect((await signInThroughApi(t.app, input.email, 'A brand new passphrase')).statusCode).toBe(
      200,
    );

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, newPassword: 'Yet another passphrase' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: 'This reset link is invalid or has expired. Request a new email.',
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/auth/password/reset-token?token=${token}`,
    });
    expect(after.json()).toEqual({ valid: false });
  });

  it('limits reset requests per email with the spec message', async () => {
    const { input } = await signUpThroughApi(t.app);
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await forgot(input.email));
    expect(answers.slice(0, 3).every((response) => response.statusCode === 200)).toBe(true);
    expect(answers[3]!.statusCode).toBe(429);
    expect(answers[3]!.json().error.message).toBe(
      'Too many password reset attempts. Please wait 5-10 minutes before trying again.',
    );
  });

  it('limits attempts at the current password, with Retry-After', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/change',
        headers: { cookie },
        payload: { currentPassword: 'a wrong guess', newPassword: 'Changed passphrase 1' },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change()).statusCode).toBe(400);
    const refused = await change();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const { input, cookie } = await signUpThroughApi(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { cookie },
      payload: { currentPassword: 'not it at all', newPassword: 'Changed passphrase 1' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { cookie },
      payload: { currentPassword: input.password, newPassword: 'Changed passphrase 1' },
    });
    expect(right.statusCode).toBe(200);
    const stillSignedIn = cookiesFrom(right) || cookie;
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: stillSignedIn },
    });
    expect(session.json()?.user.email).toBe(input.email);
    expect((await signInThroughApi(t.app, input.email, 'Changed passphrase 1')).statusCode).toBe(
      200,
    );
  });
});

describe('password reset when the operator turned it off', () => {
  it('says so', async () => {
    const t = await createTestApp({ env: { PASSWORD_RESET_ENABLED: 'false' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'dana@firstcu.org' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(
      'Password reset is currently disabled. Please contact support.',
    );
    await t.close();
  });
});

describe('password reset over SMTP', () => {
  it('delivers the link to a real SMTP server; it works once', async () => {
    const smtp = await startSmtpReceiver();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const { input } = await signUpThroughApi(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: input.email },
      });
      expect(response.statusCode).toBe(200);
      const email = await smtp.nextEmail();
      expect(email.to).toEqual([input.email]);
      expect(email.body).toContain('Subject: Reset your Complivue password');
      const token = tokenFrom(email.body);
      const reset = (newPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password/reset',
          payload: { token, newPassword },
        });
      expect((await reset('Delivered passphrase 1')).statusCode).toBe(200);
      expect((await reset('Delivered passphrase 2')).statusCode).toBe(400);
      expect(await t.db.select().from(emailOutbox)).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('answers at once, and the same for a known and an unknown email, while the mail server has not answered', async () => {
    const smtp = await startSmtpReceiver({ holdReplies: true });
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const { input } = await signUpThroughApi(t.app);
      const forgot = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          payload: { email },
          remoteAddress: freshIp(),
        });
      const known = await forgot(input.email);
      const unknown = await forgot('nobody-here@firstcu.org');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // The server took the message but still holds its reply: the answer did not wait for it.
      const email = await smtp.nextEmail();
      expect(email.to).toEqual([input.email]);
      smtp.release();
      await vi.waitFor(async () => {
        const [row] = await t.db
          .select()
          .from(emailDeliveries)
          .where(eq(emailDeliveries.to, input.email));
        expect(row?.status).toBe('sent');
      });
    } finally {
      smtp.release();
      await t.close();
      await smtp.close();
    }
  });

  it('answers the same when the mail server is down, and the job delivers once it is back', async () => {
    const down = await startSmtpReceiver();
    const { url } = down;
    const port = Number(new URL(url).port);
    await down.close();
    const t = await createTestApp({ env: { SMTP_URL: url } });
    try {
      const { input } = await signUpThroughApi(t.app);
      const forgot = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          payload: { email },
          remoteAddress: freshIp(),
        });
      const known = await forgot(input.email);
      const unknown = await forgot('nobody-here@firstcu.org');
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const failed = await vi.waitFor(async () => {
        const [row] = await t.db
          .select()
          .from(emailDeliveries)
          .where(eq(emailDeliveries.to, input.email));
        if (!row?.lastError) throw new Error('first attempt not finished');
        return row;
      });
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });

      const back = await startSmtpReceiver({ port });
      try {
        await t.db.update(emailDeliveries).set({ nextAttemptAt: new Date() });
        const deps = { db: t.db, mailer: t.app.mailer, log: t.app.log };
        expect(await deliverDueEmails(deps)).toBe(1);
        const email = await back.nextEmail();
        expect(email.to).toEqual([input.email]);
        expect(tokenFrom(email.body)).toBeTruthy();
        // Sent once: a second run finds nothing to do.
        expect(await deliverDueEmails(deps)).toBe(0);
      } finally {
        await back.close();
      }
    } finally {
      await t.close();
    }
  });
});
