import { analyticsEvents } from '@complivue/db/schema/activity';
import { auditLog } from '@complivue/db/schema/audit';
import { userProfiles } from '@complivue/db/schema/profiles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, freshIp, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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

  it('limits failed sign-ins per email', async () => {
    const { input } = await signUpThroughApi(t.app);
    const attempts = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      attempts.push(await signInThroughApi(t.app, input.email, 'wrong password!'));
    }
    expect(attempts.slice(0, 10).every((response) => response.statusCode === 401)).toBe(true);
    expect(attempts[10]!.statusCode).toBe(429);
    expect(attempts[10]!.json().error.code).toBe('rate_limit');
    // Even the right password waits until the window passes.
    const right = await signInThroughApi(t.app, input.email, input.password);
    expect(right.statusCode).toBe(429);
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
