import { auditLog } from '@complivue/db/schema/audit';
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

/**
 * The client address behind every per-IP limit and audit entry: from the socket unless the
 * operator names the proxies that may report it (TRUST_PROXY).
 */
describe('the client address', () => {
  const SIGN_IN_LIMIT_PER_ADDRESS = 30;

  async function signInsWithRotatingForwardedFor(t: TestApp) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT_PER_ADDRESS; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: `nobody-${attempt}@firstcu.org`, password: 'not a password' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  const auditedAddresses = async (t: TestApp) =>
    (
      await t.db
        .select({ ip: auditLog.ipAddress })
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.sign_in_failed'))
    ).map((row) => row.ip);

  it('ignores X-Forwarded-For by default, in production too: a client cannot pick its address', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'a production secret of forty characters..' },
    });
    try {
      const statuses = await signInsWithRotatingForwardedFor(t);
      expect(statuses.at(-1)).toBe(429);
      expect(new Set(await auditedAddresses(t))).toEqual(new Set(['127.0.0.1']));
    } finally {
      await t.close();
    }
  });

  it('takes the address the trusted proxy reports with TRUST_PROXY', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const statuses = await signInsWithRotatingForwardedFor(t);
      expect(statuses.every((status) => status === 401)).toBe(true);
      const addresses = await auditedAddresses(t);
      expect(addresses).toContain('203.0.113.1');
      expect(addresses).not.toContain('127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it('trusts only the listed proxies', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.5' } });
    try {
      const viaProxy = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'nobody@firstcu.org', password: 'not a password' },
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      const direct = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'nobody@firstcu.org', password: 'not a password' },
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': '203.0.113.78' },
      });
      expect([viaProxy.statusCode, direct.statusCode]).toEqual([401, 401]);
      expect(new Set(await auditedAddresses(t))).toEqual(new Set(['203.0.113.77', '198.51.100.9']));
    } finally {
      await t.close();
    }
  });
});
