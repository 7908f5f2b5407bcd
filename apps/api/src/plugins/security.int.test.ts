import { userProfiles } from '@complivue/db/schema/profiles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUpThroughApi, signedInMember } from '../../test/http.ts';

/**
 * The Origin check must hold for whatever spelling of a path the router accepts: a same-site
 * page posting a `text/plain` form to `/%61pi/…` deactivated a member before it did.
 */
describe('cross-site requests, whatever the spelling of the path', () => {
  let t: TestApp;
  let adminCookie: string;
  let memberId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUpThroughApi(t.app);
    adminCookie = admin.cookie;
    const member = await signedInMember(t.app, {
      companyId: admin.body.session.profile.companyId,
      role: 'user',
    });
    memberId = member.userId;
  });
  afterAll(() => t.close());

  const memberStatus = async () => {
    const [row] = await t.db
      .select({ status: userProfiles.status })
      .from(userProfiles)
      .where(eq(userProfiles.userId, memberId));
    return row?.status;
  };

  const spellings = [
    '/api',
    '/%61pi',
    '/%61%70%69',
    '/ap%69',
    '/%2Fapi',
    '//api',
    '/./api',
    '/API',
  ];

  it.each(spellings)('refuses a cross-site deactivation sent to %s/…', async (prefix) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${prefix}/team/members/${memberId}/deactivate`,
      payload: 'x=1',
      headers: {
        cookie: adminCookie,
        origin: 'https://attacker.example',
        'content-type': 'text/plain',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
    expect(await memberStatus()).toBe('active');
  });

  it('never lets an API answer be cached, however its path is spelled', async () => {
    for (const prefix of ['/api', '/%61pi', '/ap%69']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${prefix}/team/members`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
