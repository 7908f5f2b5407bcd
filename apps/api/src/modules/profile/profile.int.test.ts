import { analyticsEvents } from '@complivue/db/schema/activity';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@complivue/shared/schemas/profile';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (file: Buffer, fileName: string, contentType: string) =>
  multipartForm({}, [{ fileName, contentType, data: file }]);

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** PUT /api/profile/avatar with one file, as a browser's form would send it. */
  const uploadAvatar = (cookie: string, file: Buffer, fileName: string) => {
    const form = multipart(file, fileName, 'image/png');
    return t.app.inject({
      method: 'PUT',
      url: '/api/profile/avatar',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  };

  const changes = {
    fullName: 'Dana M. Reyes',
    jobTitle: 'BSA Officer',
    phone: '+1 (555) 010-2030',
    timezone: 'America/Chicago',
    notificationPreferences: {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email_digest: 'daily' as const,
    },
  };

  it('saves the profile, renames the account and records profile_updated', async () => {
    const { cookie, body } = await signUpThroughApi(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: changes,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      fullName: 'Dana M. Reyes',
      jobTitle: 'BSA Officer',
      timezone: 'America/Chicago',
      notificationPreferences: { email_digest: 'daily' },
    });
    expect(response.json().user.name).toBe('Dana M. Reyes');
    const events = await t.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.userId, body.session.user.id),
          eq(analyticsEvents.eventType, 'profile_updated'),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it.each([
    [{ fullName: ' ' }, 'Full name is required'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'Choose a time zone from the list'],
    [{ phone: 'call me maybe' }, 'Enter a phone number with digits, spaces, +, ( ), - or .'],
  ])('refuses %o', async (change, message) => {
    const { cookie } = await signUpThroughApi(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { ...changes, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error.details)).toContain(message);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: changes });
    expect(response.statusCode).toBe(401);
  });

  it('stores a PNG avatar, serves it to signed-in users, and replaces it', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const first = await uploadAvatar(cookie, PNG, 'me.png');
    expect(first.statusCode).toBe(200);
    const image: string = first.json().image;
    expect(image).toMatch(/^\/api\/files\/avatars\/.+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(401);

    const second = await uploadAvatar(cookie, PNG, 'me2.png');
    expect(second.json().image).not.toBe(image);
    expect(
      (await t.app.inject({ method: 'GET', url: image, headers: { cookie } })).statusCode,
    ).toBe(404);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user.image).toBe(second.json().image);
  });

  it("shows a member's picture to their institution and nobody else", async () => {
    const owner = await signUpThroughApi(t.app);
    const image: string = (await uploadAvatar(owner.cookie, PNG, 'me.png')).json().image;
    const colleague = await signedInMember(t.app, {
      companyId: owner.body.session.profile.companyId,
      role: 'user',
    });
    const outsider = await signUpThroughApi(t.app);
    const operator = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const get = (cookie: string, url = image) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get(colleague.cookie)).statusCode).toBe(200);
    expect((await get(operator.cookie)).statusCode).toBe(200);
    const refused = await get(outsider.cookie);
    expect(refused.statusCode).toBe(404);
    // Answered as a picture that does not exist: nothing tells the outsider that it does.
    const missing = await get(
      colleague.cookie,
      image.replace(/[a-f0-9]{24}\.png$/, `${'0'.repeat(24)}.png`),
    );
    expect(missing.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    expect(refused.rawPayload.includes(PNG)).toBe(false);
    expect((await get(owner.cookie)).rawPayload.equals(PNG)).toBe(true);
  });

  it("removes only the caller's own picture: another institution's member cannot take it down", async () => {
    const owner = await signUpThroughApi(t.app);
    const image: string = (await uploadAvatar(owner.cookie, PNG, 'me.png')).json().image;
    const outsider = await signUpThroughApi(t.app);
    const theirs: string = (await uploadAvatar(outsider.cookie, PNG, 'me.png')).json().image;
    const get = (cookie: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } });
    const remove = (cookie: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: { cookie } });
    const sessionImage = async (cookie: string) =>
      (await get(cookie, '/api/auth/session')).json().user.image;

    // The route names no id: an outsider's removal takes down their own picture only.
    const removed = await remove(outsider.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ image: null });
    expect(await sessionImage(outsider.cookie)).toBeNull();
    expect((await get(outsider.cookie, theirs)).statusCode).toBe(404);
    // Nor can they reach the owner's picture by its address, to read or to remove it.
    expect((await get(outsider.cookie, image)).statusCode).toBe(404);
    const removeByUrl = await t.app.inject({
      method: 'DELETE',
      url: image,
      headers: { cookie: outsider.cookie },
    });
    expect(removeByUrl.statusCode).toBe(404);

    // Read back as the owner: the picture is still there and still theirs.
    expect(await sessionImage(owner.cookie)).toBe(image);
    expect((await get(owner.cookie, image)).rawPayload.equals(PNG)).toBe(true);

    // The owner removes it: gone from the session and from storage.
    expect((await remove(owner.cookie)).json()).toEqual({ image: null });
    expect(await sessionImage(owner.cookie)).toBeNull();
    expect((await get(owner.cookie, image)).statusCode).toBe(404);
    expect((await remove(owner.cookie)).statusCode).toBe(200);
  });

  it('answers a malformed upload with 400, never a server error', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=b', '--b\r\n\r\n'],
      [
        'multipart/form-data',
        '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--b--',
      ],
      ['multipart/form-data; boundary=b', 'no parts at all'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/profile/avatar',
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('refuses a file that is not a PNG, JPEG or WebP, whatever it claims', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const response = await uploadAvatar(
      cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('The picture must be a PNG, JPEG or WebP image.');
  });

  it('refuses a picture over 2 MB', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await uploadAvatar(cookie, big, 'big.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The picture must be 2 MB or smaller.');
  });

  it('keeps onboarding completion on the server', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/profile/onboarding-complete',
      headers: { cookie },
    });
    expect(done.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().profile.onboardingCompletedAt).toBeTruthy();
  });
});
