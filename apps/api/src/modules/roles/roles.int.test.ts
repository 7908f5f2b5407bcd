import { auditLog } from '@complivue/db/schema/audit';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('role changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const changeRole = (cookie: string, userId: string, role: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}/role`,
      headers: { cookie },
      payload: { role },
    });

  it('lets a company admin make a member manager, audited with before and after', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const response = await changeRole(admin.cookie, member.userId, 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: member.userId, role: 'manager' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.changed'), eq(auditLog.targetId, member.userId)));
    expect(entry).toMatchObject({
      actorUserId: admin.body.session.user.id,
      companyId,
      before: { role: 'user' },
      after: { role: 'manager' },
    });
    expect(entry!.ipAddress).toBeTruthy();
  });

  it('keeps a company admin to user and manager, inside their own company', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const grantAdmin = await changeRole(admin.cookie, member.userId, 'admin');
    expect(grantAdmin.statusCode).toBe(403);
    expect(grantAdmin.json().error.message).toBe(
      'Only a platform administrator can grant or remove the admin and super_admin roles.',
    );
    const otherAdmin = await signedInMember(t.app, { companyId, role: 'admin' });
    expect((await changeRole(admin.cookie, otherAdmin.userId, 'user')).statusCode).toBe(403);
    const stranger = await signUpThroughApi(t.app);
    expect(
      (await changeRole(admin.cookie, stranger.body.session.user.id, 'manager')).statusCode,
    ).toBe(404);
  });

  it('refuses to change the role of another institution’s member, whose role stays', async () => {
    const admin = await signUpThroughApi(t.app);
    const stranger = await signUpThroughApi(t.app);
    const member = await signedInMember(t.app, {
      companyId: stranger.body.session.company.id,
      role: 'user',
    });
    const unknown = await changeRole(admin.cookie, crypto.randomUUID(), 'manager');
    expect(unknown.statusCode).toBe(404);
    for (const [userId, role] of [
      [member.userId, 'manager'],
      [stranger.body.session.user.id as string, 'user'],
    ] as const) {
      const response = await changeRole(admin.cookie, userId, role);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    // Read back as the members themselves: the roles are as they were, and nothing was audited.
    const roleOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
        .profile.role;
    expect(await roleOf(member.cookie)).toBe('user');
    expect(await roleOf(stranger.cookie)).toBe('admin');
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.changed'), eq(auditLog.targetId, member.userId)));
    expect(audited).toEqual([]);
  });

  it('lets nobody change their own role', async () => {
    const admin = await signUpThroughApi(t.app);
    const response = await changeRole(admin.cookie, admin.body.session.user.id, 'user');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('You cannot change your own role.');
  });

  it('refuses a manager or user', async () => {
    const admin = await signUpThroughApi(t.app);
    const manager = await signedInMember(t.app, {
      companyId: admin.body.session.company.id,
      role: 'manager',
    });
    const response = await changeRole(manager.cookie, admin.body.session.user.id, 'user');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('role_required');
  });

  it('lets a super admin grant super_admin, which gives the company enterprise for 365 days', async () => {
    const operator = await signedInMember(t.app, { companyId: null, role: 'super_admin' });
    const customer = await signUpThroughApi(t.app);
    const response = await changeRole(
      operator.cookie,
      customer.body.session.user.id,
      'super_admin',
    );
    expect(response.statusCode).toBe(200);
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, customer.body.session.company.id));
    expect(subscription).toMatchObject({ planName: 'enterprise', status: 'active' });
    const days =
      (subscription!.currentPeriodEnd!.getTime() - subscription!.currentPeriodStart!.getTime()) /
      86_400_000;
    expect(days).toBeCloseTo(365, 5);
  });
});
