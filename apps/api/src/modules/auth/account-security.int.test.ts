import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { totpCodeFor } from '../../../test/totp.ts';

describe('devices and two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the user's devices and signs one out, but never another user's", async () => {
    const { cookie, input } = await signUpThroughApi(t.app);
    const other = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { cookie },
    });
    const { sessions } = list.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((device: { current: boolean }) => device.current)).toHaveLength(1);
    const otherDevice = sessions.find((device: { current: boolean }) => !device.current);

    const stranger = await signUpThroughApi(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${otherDevice.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${otherDevice.id}`,
      headers: { cookie },
    });
    expect(revoke.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: other },
    });
    expect(revoked.json()).toBeNull();
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(still.json().user.email).toBe(input.email);
  });

  it('enrols TOTP, then challenges at sign-in, accepts a backup code once, and turns off with a code', async () => {
    const { cookie: firstCookie, input } = await signUpThroughApi(t.app);
    let cookie = firstCookie;
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie },
      payload: { password: 'not my password' },
    });
    expect(wrongPassword.statusCode).toBe(400);

    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie },
      payload: { password: input.password },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Complivue:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    const badConfirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie },
      payload: { code: '000000' },
    });
    expect(badConfirm.statusCode).toBe(400);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie },
      payload: { code: await totpCodeFor(totpURI) },
    });
    expect(confirm.statusCode).toBe(200);
    cookie = cookiesFrom(confirm) || cookie;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(me.json().user.twoFactorEnabled).toBe(true);

    // Password alone is no longer enough.
    const signIn = await signInThroughApi(t.app, input.email, input.password);
    expect(signIn.json()).toEqual({ status: 'two_factor_required' });
    const challengeCookie = cookiesFrom(signIn);
    expect(
      await t.app
        .inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: challengeCookie } })
        .then((r) => r.json()),
    ).toBeNull();
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: challengeCookie },
      payload: { code: '123456' },
    });
    expect(wrongCode.statusCode).toBe(401);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: challengeCookie },
      payload: { code: await totpCodeFor(totpURI) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status).toBe('signed_in');

    const backupSignIn = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const withBackup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: backupSignIn },
      payload: { code: backupCodes[0] },
    });
    expect(withBackup.statusCode).toBe(200);
    const reuseSignIn = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: reuseSignIn },
      payload: { code: backupCodes[0] },
    });
    expect(reused.statusCode).toBe(401);

    const disableWithoutCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      headers: { cookie },
      payload: { password: input.password, code: '000000' },
    });
    expect(disableWithoutCode.statusCode).toBe(400);
    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      headers: { cookie },
      payload: { password: input.password, code: await totpCodeFor(totpURI) },
    });
    expect(disable.statusCode).toBe(200);
    const plain = await signInThroughApi(t.app, input.email, input.password);
    expect(plain.json().status).toBe('signed_in');
  });

  it('turns two-factor off with an unused backup code when the authenticator is lost', async () => {
    const { input, cookie, backupCodes } = await enrolledMember();
    const disable = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        headers: { cookie },
        payload: { password: input.password, code },
      });
    const wrong = await disable('aaaaa-bbbbb');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_code');
    // A code already spent at a sign-in is spent here too.
    const challenge = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie: challenge },
      payload: { code: backupCodes[0] },
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await disable(backupCodes[0]!)).json().error.code).toBe('wrong_code');
    expect((await disable(backupCodes[1]!)).statusCode).toBe(200);
    const plain = await signInThroughApi(t.app, input.email, input.password);
    expect(plain.json().status).toBe('signed_in');
  });

  async function enrolledMember() {
    const { cookie: signUpCookie, input } = await signUpThroughApi(t.app);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: signUpCookie },
      payload: { password: input.password },
    });
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: { cookie: signUpCookie },
      payload: { code: await totpCodeFor(totpURI) },
    });
    expect(confirm.statusCode).toBe(200);
    return { input, totpURI, backupCodes, cookie: cookiesFrom(confirm) || signUpCookie };
  }

  const verify = (cookie: string, code: string, trustDevice = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify',
      headers: { cookie },
      payload: { code, trustDevice },
    });

  it('accepts a TOTP code once: the same code cannot sign in a second time', async () => {
    const { input, totpURI } = await enrolledMember();
    const first = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const second = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const code = await totpCodeFor(totpURI);
    const accepted = await verify(first, code);
    expect(accepted.statusCode).toBe(200);
    const replayed = await verify(second, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('invalid_code');
    // The replay got no session.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${second}; ${cookiesFrom(replayed)}` },
    });
    expect(session.json()).toBeNull();
  });

  it('forgets trusted devices when the user signs out everywhere', async () => {
    const { input, totpURI } = await enrolledMember();
    const challenge = cookiesFrom(await signInThroughApi(t.app, input.email, input.password));
    const trusted = await verify(challenge, await totpCodeFor(totpURI), true);
    expect(trusted.statusCode).toBe(200);
    const browser = cookiesFrom(trusted);
    expect(browser).toContain('complivue.trust_device=');
    const trustCookie = browser
      .split('; ')
      .find((pair) => pair.startsWith('complivue.trust_device='))!;

    // While trusted, this browser signs in with the password alone.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: input.email, password: input.password },
      headers: { cookie: trustCookie },
    });
    expect(again.json().status).toBe('signed_in');

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookiesFrom(again) },
    });
    expect(signOut.statusCode).toBe(200);
    // Another browser that kept its copy of the cookie is asked for the code again.
    const afterSignOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: input.email, password: input.password },
      headers: { cookie: trustCookie },
    });
    expect(afterSignOut.json()).toEqual({ status: 'two_factor_required' });
  });
});
