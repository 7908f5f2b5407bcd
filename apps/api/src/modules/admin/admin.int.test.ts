import { createTestCompany, createTestSubscription } from '@complivue/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { waitForOutboxEmail } from '../../../test/outbox.ts';
import { checkFeatureAccess } from '../subscriptions/company-subscription.ts';

describe('super-admin console', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await signedInMember(t.app, { companyId: null, role: 'super_admin' })).cookie;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = operator) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('is closed to a company admin, naming the role needed and theirs', async () => {
    const admin = await signUpThroughApi(t.app);
    const response = await get('/api/admin/companies', admin.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'role_required',
      details: { needed: 'super_admin', current: 'admin' },
    });
  });

  it('finds companies and users by search, with their subscription and paging', async () => {
    await signUpThroughApi(t.app, {
      companyName: 'Prairie Sky Federal Credit Union',
      fullName: 'Robin Prairie',
    });
    const companies = (await get('/api/admin/companies?query=prairie%20sky')).json();
    expect(companies.total).toBe(1);
    expect(companies.items[0]).toMatchObject({
      name: 'Prairie Sky Federal Credit Union',
      memberCount: 1,
      subscription: { planName: 'trial', status: 'trialing' },
    });
    const users = (await get('/api/admin/users?query=Robin')).json();
    expect(users.items[0]).toMatchObject({
      fullName: 'Robin Prairie',
      role: 'admin',
      company: { name: 'Prairie Sky Federal Credit Union' },
    });
    expect((await get('/api/admin/users?query=100%25')).json().total).toBe(0);
    expect((await get('/api/admin/companies?page=2')).json()).toMatchObject({
      page: 2,
      pageSize: 25,
    });
  });

  it("sets a company's plan by hand, and the company's members feel it at once", async () => {
    const customer = await signUpThroughApi(t.app, { companyName: 'Invoiced Savings Bank' });
    const companyId = customer.body.session.company.id;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/subscription`,
      headers: { cookie: operator },
      payload: {
        planName: 'trial',
        status: 'trialing',
        trialEnd: new Date(Date.now() - 86_400_000).toISOString(),
      },
    });
    expect(response.statusCode).toBe(200);
    const seen = await get('/api/subscription', customer.cookie);
    expect(seen.json()).toMatchObject({ status: 'trialing', isExpired: true });
    const audit = (await get('/api/admin/audit-log?query=subscription.set_by_admin')).json();
    expect(audit.items[0]).toMatchObject({
      action: 'subscription.set_by_admin',
      targetId: companyId,
    });
  });

  it('edits the feature matrix, which check_feature_access then follows', async () => {
    const before = (await get('/api/admin/feature-matrix')).json().rows;
    expect(before).toHaveLength(80);
    const company = await createTestCompany(t.db, { name: 'Basic Plan Savings Bank' });
    await createTestSubscription(t.db, {
      companyId: company.id,
      planName: 'basic',
      status: 'active',
    });
    const member = await signedInMember(t.app, { companyId: company.id, role: 'admin' });
    const setAccess = (hasAccess: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/feature-matrix',
        headers: { cookie: operator },
        payload: { planName: 'basic', featureName: 'regulatory_calendar', hasAccess },
      });
    expect(await checkFeatureAccess(t.db, member.userId, 'regulatory_calendar')).toBe(true);

    const revoked = await setAccess(false);
    expect(revoked.statusCode).toBe(200);
    expect((await get('/api/admin/feature-matrix')).json().rows).toContainEqual({
      planName: 'basic',
      featureName: 'regulatory_calendar',
      hasAccess: false,
    });
    expect(await checkFeatureAccess(t.db, member.userId, 'regulatory_calendar')).toBe(false);

    expect((await setAccess(true)).statusCode).toBe(200);
    expect(await checkFeatureAccess(t.db, member.userId, 'regulatory_calendar')).toBe(true);
  });

  it('reads the email outbox', async () => {
    const customer = await signUpThroughApi(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: customer.input.email },
    });
    const stored = await waitForOutboxEmail(t.db, customer.input.email);
    const token = stored.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    const outbox = (await get('/api/admin/email-outbox')).json();
    expect(outbox.items[0]).toMatchObject({
      to: customer.input.email,
      subject: 'Reset your Complivue password',
    });
    // The operator sees that the link went out, never the key to the account.
    expect(outbox.items[0].text).toContain('/reset-password?token=[hidden]');
    expect(JSON.stringify(outbox)).not.toContain(token);
  });
});
