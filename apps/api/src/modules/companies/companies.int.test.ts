import { subscriptions } from '@complivue/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('POST /api/companies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function accountWithoutCompany() {
    const email = `solo-${crypto.randomUUID().slice(0, 6)}@firstcu.org`;
    await t.app.auth.api.signUpEmail({
      body: { email, password: 'Examiner-ready 2026', name: 'Sam Solo' },
    });
    return cookiesFrom(await signInThroughApi(t.app, email, 'Examiner-ready 2026'));
  }

  it('makes the caller the administrator of a new institution with a trial', async () => {
    const cookie = await accountWithoutCompany();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie },
      payload: { name: '  Prairie Community Bank ', institutionType: 'community_bank' },
    });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session.company).toMatchObject({
      name: 'Prairie Community Bank',
      institutionType: 'community_bank',
    });
    expect(session.profile.role).toBe('admin');
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, session.company.id));
    expect(subscription).toMatchObject({ planName: 'trial', status: 'trialing' });
  });

  it('refuses a member who already has an institution', async () => {
    const { cookie } = await signUpThroughApi(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie },
      payload: { name: 'Second Bank' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You already belong to an institution.');
  });

  it('requires a name', async () => {
    const cookie = await accountWithoutCompany();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie },
      payload: { name: ' ' },
    });
    expect(response.statusCode).toBe(400);
  });
});
