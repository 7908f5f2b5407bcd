import { auditLog } from '@complivue/db/schema/audit';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiesFrom,
  signInThroughApi,
  signUpThroughApi,
  signedInMember,
} from '../../../test/http.ts';
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

describe('/api/company (the institution profile)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/company', headers: { cookie }, payload });

  it('shows the profile to a member and lets the administrator complete it, audited', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'user' });

    const initial = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { cookie: member.cookie },
    });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({
      name: 'First Community Credit Union',
      institutionType: 'credit_union',
      primaryRegulator: null,
      regulationAreas: [],
      statesOfOperation: [],
    });

    const updated = await patch(admin.cookie, {
      primaryRegulator: 'ncua',
      statesOfOperation: ['IA', 'NE'],
      regulationAreas: ['trid', 'hmda', 'bsa_aml'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      primaryRegulator: 'ncua',
      statesOfOperation: ['IA', 'NE'],
      regulationAreas: ['trid', 'hmda', 'bsa_aml'],
      institutionType: 'credit_union',
    });

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'company.profile_updated')),
      );
    expect(entry).toMatchObject({
      actorUserId: admin.body.session.user.id,
      before: { primaryRegulator: null, statesOfOperation: [], regulationAreas: [] },
      after: { primaryRegulator: 'ncua' },
    });
    expect(Object.keys(entry!.after as object)).not.toContain('institutionType');
  });

  it('refuses a member who is not an administrator', async () => {
    const admin = await signUpThroughApi(t.app);
    const manager = await signedInMember(t.app, {
      companyId: admin.body.session.company.id,
      role: 'manager',
    });
    const response = await patch(manager.cookie, { primaryRegulator: 'fdic' });
    expect(response.statusCode).toBe(403);
  });

  it('rejects unknown values with a field message and an empty change', async () => {
    const admin = await signUpThroughApi(t.app);
    const unknownArea = await patch(admin.cookie, { regulationAreas: ['trid', 'astrology'] });
    expect(unknownArea.statusCode).toBe(400);
    expect(unknownArea.body).toContain('Unknown regulation area');
    const unknownState = await patch(admin.cookie, { statesOfOperation: ['ZZ'] });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.body).toContain('Unknown state code');
    const nothing = await patch(admin.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.body).toContain('Nothing to change');
  });

  it('answers 404 to an account without an institution', async () => {
    const solo = await signedInMember(t.app, { companyId: null, role: 'user' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { cookie: solo.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('You do not belong to an institution yet.');
  });
});
