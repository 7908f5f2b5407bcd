import { analyticsEvents } from '@complivue/db/schema/activity';
import { auditLog } from '@complivue/db/schema/audit';
import { userProfiles } from '@complivue/db/schema/profiles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, freshIp, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { waitForOutboxEmail } from '../../../test/outbox.ts';
import {
  ACCOUNT_FAILURE_LIMIT,
  FREE_FAILURES_PER_ADDRESS,
  KNOWN_DEVICE_COOKIE,
  recordSignInFailure,
} from './sign-in-throttle.ts';

describe('sign-in, session and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('requires both fields', async () => {
    for (const payload of [
      { email: 'a@b.org' },
      { password: 'x' },
      { email: '  ', password: 'x' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'missing_fields',
        message: 'Email and password are required',
      });
    }
  });

  it('refuses a wrong password with the message and records the failure', async () => {
    const { input } = await signUpThroughApi(t.app);
    const response = await signInThroughApi(t.app, input.email, 'not the password');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(cookiesFrom(response)).toBe('');
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.targetId, input.email)));
    expect(failures).toHaveLength(1);
  });

  it('signs in with a trimmed, lower-cased email and records user_signin', async () => {
    const { input, body } = await signUpThroughApi(t.app);
    const response = await signInThroughApi(
      t.app,
      `  ${input.email.toUpperCase()} `,
      input.password,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'signed_in',
      session: { user: { email: input.email } },
    });
    const events = await t.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.userId, body.session.user.id),
          eq(analyticsEvents.eventType, 'user_signin'),
        ),
      );
    // One at sign-up (it signs the user in) and one now.
    expect(events).toHaveLength(2);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookiesFrom(response) },
    });
    expect(session.json().user.id).toBe(body.session.user.id);
  });

  it('answers null without a session, and for a forged cookie', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'complivue.session_token=forged.value' },
    });
    expect(forged.json()).toBeNull();
  });

  const signInFrom = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** A botnet's failed guesses at an account, each from another address. */
  const strangersFail = async (email: string) => {
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      await recordSignInFailure(t.db, { email, ip: freshIp() });
    }
  };

  it('slows down a guesser at one address without locking the owner out', async () => {
    const { input } = await signUpThroughApi(t.app);
    const guesser = freshIp();
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ADDRESS; attempt += 1) {
      expect((await signInFrom(input.email, 'wrong password!', guesser)).statusCode).toBe(401);
    }
    const slowed = await signInFrom(input.email, 'wrong password!', guesser);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.code).toBe('rate_limit');
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner, elsewhere and on a browser that never signed in, is not held up.
    expect((await signInFrom(input.email, input.password, freshIp())).statusCode).toBe(200);
  });

  it("keeps strangers' failures from many addresses from locking the owner's own browser", async () => {
    const { input } = await signUpThroughApi(t.app);
    const ownBrowser = cookiesFrom(await signInFrom(input.email, input.password, freshIp()));
    expect(ownBrowser).toContain(KNOWN_DEVICE_COOKIE);
    await strangersFail(input.email);
    // A device that never signed in must wait, even with the right password...
    const stranger = await signInFrom(input.email, input.password, freshIp());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBeDefined();
    // ...the owner's browser is let in, and that clears the account's count.
    expect((await signInFrom(input.email, input.password, freshIp(), ownBrowser)).statusCode).toBe(
      200,
    );
    expect((await signInFrom(input.email, input.password, freshIp())).statusCode).toBe(200);
  });

  it('lets the owner in from a new device after a completed password reset', async () => {
    const { input } = await signUpThroughApi(t.app);
    await strangersFail(input.email);
    expect((await signInFrom(input.email, input.password, freshIp())).statusCode).toBe(429);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: input.email },
      remoteAddress: freshIp(),
    });
    const mail = await waitForOutboxEmail(t.db, input.email);
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, newPassword: 'Recovered passphrase 1' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInFrom(input.email, 'Recovered passphrase 1', freshIp())).statusCode).toBe(
      200,
    );
  });

  it('signs out everywhere: a second session is revoked too', async () => {
    const { input, cookie: firstDevice } = await signUpThroughApi(t.app);
    const secondDevice = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    expect(secondDevice).not.toBe(firstDevice);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: firstDevice },
    });
    expect(signOut.statusCode).toBe(200);
    expect(String(signOut.headers['set-cookie'])).toContain('Max-Age=0');
    for (const cookie of [firstDevice, secondDevice]) {
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(session.json()).toBeNull();
    }
  });

  it('reports success for a sign-out without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('creates a missing profile (role user, status active, name from the account)', async () => {
    const email = `cli-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    // An account made outside sign-up (the CLI, an invitation) has no profile yet.
    await t.app.auth.api.signUpEmail({
      body: { email, password: 'Examiner-ready 2026', name: 'Morgan Lee' },
    });
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.email, email))).toEqual([]);
    const response = await signInThroughApi(t.app, email, 'Examiner-ready 2026');
    expect(response.statusCode).toBe(200);
    expect(response.json().session.profile).toMatchObject({
      role: 'user',
      status: 'active',
      fullName: 'Morgan Lee',
      companyId: null,
    });
    expect(response.json().session.company).toBeNull();
  });

  it('refuses signed-in routes without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      payload: { currentPassword: 'x', newPassword: 'y' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});
