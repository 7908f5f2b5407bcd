import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, freshIp, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;
const operator = {
  email: 'Operator@Complivue.example',
  password: 'First admin passphrase',
  fullName: 'Pat Operator',
  companyName: 'Complivue Operations',
};

describe('first-run setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress: freshIp() });

  it('is open while no user exists, and validates like sign-up', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(status.json()).toEqual({ state: 'open' });
    const invalid = await setup({ ...operator, password: 'short' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Password must be at least 8 characters long');
  });

  it('creates exactly one super admin even when two requests race', async () => {
    const [first, second] = await Promise.all([
      setup(operator),
      setup({ ...operator, email: 'someone-else@complivue.example' }),
    ]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    expect(statuses).toEqual([201, 403]);
    const winner = first!.statusCode === 201 ? first! : second!;
    const loser = winner === first ? second! : first!;
    expect(loser.json().error).toEqual({
      code: 'setup_closed',
      message: 'Setup is complete. Sign in to continue.',
    });
    const { session } = winner.json();
    expect(session.profile.role).toBe('super_admin');
    // First-run setup is the operator's onboarding: no wizard follows it.
    expect(session.profile.onboardingCompletedAt).not.toBeNull();
    const admins = await t.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.role, 'super_admin'));
    expect(admins).toHaveLength(1);
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, session.company.id));
    expect(subscription).toMatchObject({ planName: 'enterprise', status: 'active' });
    const days =
      (subscription!.currentPeriodEnd!.getTime() - subscription!.currentPeriodStart!.getTime()) /
      DAY_MS;
    expect(days).toBeCloseTo(365, 5);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/setup',
      headers: { cookie: cookiesFrom(winner) },
    });
    expect(status.json()).toMatchObject({
      state: 'status',
      system: {
        database: process.env.TEST_ENGINE,
        emailMode: 'outbox',
        passwordResetEnabled: true,
      },
    });
  });

  it('is closed to everyone but a super admin once a user exists', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      state: 'closed',
    });
    const { cookie } = await signUpThroughApi(t.app);
    const asMember = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { cookie } });
    expect(asMember.json()).toEqual({ state: 'closed' });
    const again = await setup({ ...operator, email: 'third@complivue.example' });
    expect(again.statusCode).toBe(403);
  });
});
