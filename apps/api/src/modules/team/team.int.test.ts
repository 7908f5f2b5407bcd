import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughApi, signUpThroughApi, signedInMember } from '../../../test/http.ts';
import { expectSameLastSignIn } from '../../../test/last-sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('team members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie } });

  async function companyWithMembers() {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin, companyId, user, manager };
  }

  it('lists only your own members, searched and sorted, with seats against the plan', async () => {
    const { admin } = await companyWithMembers();
    await companyWithMembers(); // another institution, never listed

    const all = await get(admin.cookie, '/api/team/members?sort=role&direction=desc');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(3);
    expect(body.items.map((member: { role: string }) => member.role)).toEqual([
      'admin',
      'manager',
      'user',
    ]);
    expect(body.items[0]).toMatchObject({
      email: admin.input.email,
      jobTitle: 'Chief Compliance Officer',
      twoFactorEnabled: false,
      status: 'active',
    });
    expect(body.items[0].lastSignInAt).not.toBeNull();
    // The trial allows 5 seats.
    expect(body.seats).toEqual({ used: 3, limit: 5 });

    const searched = await get(admin.cookie, '/api/team/members?query=Chief');
    expect(searched.json().items).toHaveLength(1);
  });

  it("shows as a member's last sign-in the newest sign-in User Activity lists for them", async () => {
    const { admin, user, manager, companyId } = await companyWithMembers();
    // Signing in to another institution's account later must not count here.
    await companyWithMembers();
    await signInThroughApi(t.app, user.email, 'Member passphrase 1');
    expect(await expectSameLastSignIn(t.app, admin.cookie, user.userId)).not.toBeNull();
    expect(await expectSameLastSignIn(t.app, admin.cookie, manager.userId)).not.toBeNull();

    // An account added to the institution that has not signed in yet: "Never" on both screens.
    const email = `never-${crypto.randomUUID().slice(0, 8)}@firstcu.org`;
    const { user: account } = await t.app.auth.api.signUpEmail({
      body: { email, password: 'Member passphrase 1', name: 'Robin Never' },
    });
    await t.db.insert(userProfiles).values({ userId: account.id, email, companyId, role: 'user' });
    const invitee = account.id;
    expect(await expectSameLastSignIn(t.app, admin.cookie, invitee)).toBeNull();

    const sorted = await get(admin.cookie, '/api/team/members?sort=last_sign_in&direction=desc');
    expect(sorted.json().items.map((member: { userId: string }) => member.userId)).toEqual([
      user.userId,
      manager.userId,
      admin.body.session.user.id,
      invitee,
    ]);
  });

  it('is closed to members who are not administrators', async () => {
    const { user, manager } = await companyWithMembers();
    expect((await get(user.cookie, '/api/team/members')).statusCode).toBe(403);
    expect((await get(manager.cookie, '/api/team/activity')).statusCode).toBe(403);
  });

  it('deactivates a member: the open session is refused at once and sign-in too; reactivation restores', async () => {
    const { admin, user } = await companyWithMembers();
    expect((await get(user.cookie, '/api/auth/session')).json()).not.toBeNull();

    const deactivated = await post(admin.cookie, `/api/team/members/${user.userId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().status).toBe('deactivated');
    expect((await get(user.cookie, '/api/dashboard')).statusCode).toBe(401);

    const signIn = await signInThroughApi(t.app, user.email, 'Member passphrase 1');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(
      'This account has been deactivated. Contact your institution’s administrator.',
    );
    const wrongPassword = await signInThroughApi(t.app, user.email, 'not the password');
    expect(wrongPassword.statusCode).toBe(401);

    const reactivated = await post(admin.cookie, `/api/team/members/${user.userId}/reactivate`);
    expect(reactivated.json().status).toBe('active');
    expect((await signInThroughApi(t.app, user.email, 'Member passphrase 1')).statusCode).toBe(200);

    const activity = await get(admin.cookie, '/api/team/activity?action=member.');
    expect(
      activity.json().items.map((entry: { actionLabel: string }) => entry.actionLabel),
    ).toEqual(['Reactivated a member', 'Deactivated a member']);
  });

  it('refuses to deactivate yourself, an administrator, or another institution’s member', async () => {
    const { admin, companyId } = await companyWithMembers();
    const otherAdmin = await signedInMember(t.app, { companyId, role: 'admin' });
    const stranger = await companyWithMembers();

    const self = await post(
      admin.cookie,
      `/api/team/members/${admin.body.session.user.id}/deactivate`,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot deactivate your own account.');
    const administrator = await post(
      admin.cookie,
      `/api/team/members/${otherAdmin.userId}/deactivate`,
    );
    expect(administrator.statusCode).toBe(403);
    const foreign = await post(
      admin.cookie,
      `/api/team/members/${stranger.user.userId}/deactivate`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await get(stranger.user.cookie, '/api/auth/session')).json()).not.toBeNull();
  });

  it('refuses to reactivate another institution’s member, who stays deactivated', async () => {
    const { admin } = await companyWithMembers();
    const stranger = await companyWithMembers();
    expect(
      (await post(stranger.admin.cookie, `/api/team/members/${stranger.user.userId}/deactivate`))
        .statusCode,
    ).toBe(200);

    const unknown = await post(admin.cookie, `/api/team/members/${crypto.randomUUID()}/reactivate`);
    expect(unknown.statusCode).toBe(404);
    const foreign = await post(
      admin.cookie,
      `/api/team/members/${stranger.user.userId}/reactivate`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());

    // Read back as their own administrator: still deactivated, and sign-in still refused.
    const members = (await get(stranger.admin.cookie, '/api/team/members')).json().items;
    expect(
      members.find((member: { userId: string }) => member.userId === stranger.user.userId),
    ).toMatchObject({ status: 'deactivated' });
    expect(
      (await signInThroughApi(t.app, stranger.user.email, 'Member passphrase 1')).statusCode,
    ).toBe(403);
  });

  it('refuses to reactivate beyond the plan’s seats', async () => {
    const { admin, companyId, user } = await companyWithMembers();
    await post(admin.cookie, `/api/team/members/${user.userId}/deactivate`);
    for (let index = 0; index < 3; index += 1)
      await signedInMember(t.app, { companyId, role: 'user' });
    // 5 of 5 seats are taken now (trial), so the deactivated member cannot come back.
    const refused = await post(admin.cookie, `/api/team/members/${user.userId}/reactivate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Your plan includes 5 seats and all are in use. Deactivate a member or upgrade your plan to add more.',
    );
    await t.db
      .update(subscriptions)
      .set({ planName: 'professional', status: 'active', trialEnd: null })
      .where(eq(subscriptions.companyId, companyId));
    expect(
      (await post(admin.cookie, `/api/team/members/${user.userId}/reactivate`)).statusCode,
    ).toBe(200);
  });

  it('shows who holds each role', async () => {
    const { admin, user } = await companyWithMembers();
    const roles = (await get(admin.cookie, '/api/team/roles')).json().roles as {
      role: string;
      members: { userId: string }[];
    }[];
    expect(roles.find((entry) => entry.role === 'user')!.members.map((m) => m.userId)).toEqual([
      user.userId,
    ]);
    expect(roles.find((entry) => entry.role === 'super_admin')!.members).toEqual([]);
  });
});

describe('user activity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('filters the institution’s trail by member, action and dates, and never shows another’s', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.userId}/role`,
      headers: { cookie: admin.cookie },
      payload: { role: 'manager' },
    });
    const other = await signUpThroughApi(t.app);

    const url = (query: string) => `/api/team/activity?${query}`;
    const byAction = await t.app.inject({
      method: 'GET',
      url: url('action=role.changed'),
      headers: { cookie: admin.cookie },
    });
    expect(byAction.json().items).toHaveLength(1);
    expect(byAction.json().items[0]).toMatchObject({
      actionLabel: 'Changed a role',
      actor: { userId: admin.body.session.user.id, fullName: 'Dana Reyes' },
      targetId: member.userId,
      // The member by their name now, read within the institution only.
      targetLabel: 'Casey Member',
      before: { role: 'user' },
      after: { role: 'manager' },
    });

    const byMember = await t.app.inject({
      method: 'GET',
      url: url(`actor=${member.userId}`),
      headers: { cookie: admin.cookie },
    });
    expect(byMember.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'auth.sign_in',
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await t.app.inject({
      method: 'GET',
      url: url(`from=${today}&to=${today}`),
      headers: { cookie: admin.cookie },
    });
    expect(inRange.json().total).toBeGreaterThanOrEqual(3);
    const before = await t.app.inject({
      method: 'GET',
      url: url('from=2020-01-01&to=2020-12-31'),
      headers: { cookie: admin.cookie },
    });
    expect(before.json().total).toBe(0);

    const mine = await t.app.inject({
      method: 'GET',
      url: url(''),
      headers: { cookie: other.cookie },
    });
    expect(
      mine
        .json()
        .items.every((entry: { actor: { userId: string } | null }) =>
          entry.actor ? entry.actor.userId === other.body.session.user.id : true,
        ),
    ).toBe(true);

    const backwards = await t.app.inject({
      method: 'GET',
      url: url('from=2026-12-01&to=2026-11-01'),
      headers: { cookie: admin.cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The start date must be on or before the end date');
  });

  it('exports the filtered trail as CSV and records the export', async () => {
    const admin = await signUpThroughApi(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/team/activity.csv?action=auth.sign',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="user-activity-/,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Member,/);
    expect(lines.slice(1).some((line) => line.includes(',Created an account,auth.sign_up,'))).toBe(
      true,
    );
    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/team/activity?action=activity.exported',
      headers: { cookie: admin.cookie },
    });
    expect(trail.json().items[0].after).toEqual({ action: 'auth.sign' });
  });

  it('offers no way to change or delete an entry', () => {
    const writes = t.app.apiRoutes.filter(
      (route) =>
        /activity|audit/.test(route.url) && ['PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    expect(writes).toEqual([]);
  });
});
