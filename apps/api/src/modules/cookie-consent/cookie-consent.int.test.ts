import { userCookieConsent } from '@complivue/db/schema/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const consent = (overrides: Record<string, unknown> = {}) => ({
  necessary: true,
  analytics: true,
  marketing: false,
  personalization: false,
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '1.0',
  ...overrides,
});

describe('cookie consent on the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ANALYTICS_SCRIPT_URL: 'https://analytics.example.net/script.js' },
    });
  });
  afterAll(() => t.close());

  const put = (payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/cookie-consent',
      payload,
      headers: cookie ? { cookie } : {},
    });

  it('keeps nothing for a visitor who is not signed in', async () => {
    const response = await put(consent());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: false });
    expect(await t.db.select().from(userCookieConsent)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/cookie-consent' })).statusCode).toBe(
      401,
    );
  });

  it('upserts one record per signed-in user and gives it back', async () => {
    const { cookie, body } = await signUpThroughApi(t.app);
    expect((await put(consent(), cookie)).json()).toEqual({ saved: true });
    expect((await put(consent({ marketing: true }), cookie)).json()).toEqual({ saved: true });
    const rows = await t.db.select().from(userCookieConsent);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: body.session.user.id,
      consentData: consent({ marketing: true }),
    });
    const stored = await t.app.inject({
      method: 'GET',
      url: '/api/cookie-consent',
      headers: { cookie },
    });
    expect(stored.json()).toEqual({ consent: consent({ marketing: true }) });
  });

  it('refuses a record without necessary cookies or with a bad timestamp', async () => {
    expect((await put(consent({ necessary: false }))).statusCode).toBe(400);
    expect((await put(consent({ timestamp: 'yesterday' }))).statusCode).toBe(400);
  });

  it('tells the browser which scripts are configured, and allows only their origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(response.json()).toEqual({
      analyticsScriptUrl: 'https://analytics.example.net/script.js',
      marketingPixelUrl: null,
    });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://analytics.example.net");
  });
});
