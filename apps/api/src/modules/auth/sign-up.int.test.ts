import { account, user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { sql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, freshIp, signUpThroughApi, validSignUp } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const DAY_MS = 86_400_000;

describe('POST /api/auth/sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, remoteAddress: ip });

  it.each([
    [{ email: '' }, 'missing_fields', 'Email, password, and full name are required'],
    [{ password: '' }, 'missing_fields', 'Email, password, and full name are required'],
    [{ fullName: '  ' }, 'missing_fields', 'Email, password, and full name are required'],
    [{ email: 'dana@' }, 'invalid_email', 'Please enter a valid email address'],
    [{ password: 'short' }, 'invalid_password', 'Password must be at least 8 characters long'],
    [
      { password: 'password123' },
      'weak_password',
      'Password is too weak. Please choose a stronger password with at least 8 characters.',
    ],
    [{ companyName: '' }, 'company_required', 'Company name is required'],
  ])('refuses %o with %s', async (change, code, message) => {
    const response = await signUp(validSignUp(change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code, message } });
  });

  it('starts a 14-day trial with no card: company, admin profile and trialing subscription', async () => {
    const before = Date.now();
    const { body, cookie, input } = await signUpThroughApi(t.app, {
      email: '  New.Officer@FirstCU.org ',
      fullName: '  Dana Reyes ',
      planType: 'basic',
      billing: 'annual',
      questionnaireData: { primaryConcern: 'hmda' },
    });
    expect(input.email).not.toBe('new.officer@firstcu.org');
    expect(body.redirectTo).toBe('/dashboard');
    expect(body.session.user.email).toBe('new.officer@firstcu.org');
    expect(body.session.profile).toMatchObject({
      role: 'admin',
      status: 'active',
      fullName: 'Dana Reyes',
    });
    expect(cookie).toContain('complivue.session_token=');

    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, body.session.company.id));
    expect(company).toMatchObject({
      name: 'First Community Credit Union',
      institutionType: 'credit_union',
      assetsSize: '500m_1b',
      createdBy: body.session.user.id,
    });
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, company!.id));
    expect(subscription).toMatchObject({
      planName: 'trial',
      status: 'trialing',
      userId: body.session.user.id,
      metadata: {
        signup_flow: true,
        intended_plan: 'basic',
        questionnaire_data: { primaryConcern: 'hmda' },
      },
    });
    const trialDays = (subscription!.trialEnd!.getTime() - before) / DAY_MS;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user.email).toBe('new.officer@firstcu.org');
  });

  it('starts a trial when no plan is chosen', async () => {
    const { body } = await signUpThroughApi(t.app);
    const [subscription] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, body.session.company.id));
    expect(subscription).toMatchObject({ planName: 'trial', status: 'trialing' });
  });

  it.each(['professional', 'enterprise'])(
    'waits for payment on %s and sends the user to the checkout',
    async (plan) => {
      const before = Date.now();
      const { body } = await signUpThroughApi(t.app, {
        planType: plan,
        billing: 'annual',
        questionnaireData: { lines: ['mortgage'] },
      });
      expect(body.redirectTo).toBe(`/checkout?plan=${plan}&billing=annual`);
      const [subscription] = await t.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.companyId, body.session.company.id));
      expect(subscription).toMatchObject({
        planName: plan,
        planType: 'annual',
        status: 'pending_payment',
        metadata: { signup_flow: true, questionnaire_data: { lines: ['mortgage'] } },
      });
      expect(subscription!.currentPeriodStart!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const periodDays =
        (subscription!.currentPeriodEnd!.getTime() - subscription!.currentPeriodStart!.getTime()) /
        DAY_MS;
      expect(periodDays).toBeCloseTo(30, 5);
    },
  );

  it('refuses a registered email, whatever its case, with duplicate_email', async () => {
    const { input } = await signUpThroughApi(t.app);
    const response = await signUp(validSignUp({ email: input.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'duplicate_email',
        message: 'This email is already registered. Please log in or use a different email.',
      },
    });
  });

  it('stores the password hashed, never as typed', async () => {
    const { body, input } = await signUpThroughApi(t.app);
    const [credential] = await t.db
      .select()
      .from(account)
      .where(eq(account.userId, body.session.user.id));
    expect(credential!.providerId).toBe('credential');
    expect(credential!.password).not.toContain(input.password);
    expect(credential!.password!.length).toBeGreaterThan(60);
    const dump = await t.db.execute(sql`SELECT * FROM "user"`);
    expect(JSON.stringify(dump)).not.toContain(input.password);
  });

  it('writes nothing when a row cannot be written', async () => {
    await t.db.execute(sql`
      CREATE FUNCTION refuse_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'subscriptions are read-only in this test'; END; $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_subscription BEFORE INSERT ON subscriptions
      FOR EACH ROW EXECUTE FUNCTION refuse_subscription()`);
    try {
      const companiesBefore = (await t.db.select().from(companies)).length;
      const payload = validSignUp();
      const response = await signUp(payload);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toEqual({
        code: 'account_not_created',
        message: 'Failed to create user account',
      });
      expect(await t.db.select().from(user).where(eq(user.email, payload.email))).toEqual([]);
      expect(
        await t.db.select().from(userProfiles).where(eq(userProfiles.email, payload.email)),
      ).toEqual([]);
      expect(await t.db.select().from(companies)).toHaveLength(companiesBefore);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_subscription ON subscriptions`);
      await t.db.execute(sql`DROP FUNCTION refuse_subscription()`);
    }
  });

  it('limits sign-ups per address with the spec message', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await signUp(validSignUp({ email: 'not-valid' }), ip);
      expect(response.statusCode).toBe(400);
    }
    // Invalid attempts are not counted; the limit is on real attempts.
    const valid = [];
    for (let attempt = 0; attempt < 11; attempt += 1) valid.push(await signUp(validSignUp(), ip));
    expect(valid.slice(0, 10).every((response) => response.statusCode === 201)).toBe(true);
    expect(valid[10]!.statusCode).toBe(429);
    expect(valid[10]!.json().error).toEqual({
      code: 'rate_limit',
      message: 'Too many signup attempts. Please wait a few minutes before trying again.',
    });
    expect(cookiesFrom(valid[10]!)).toBe('');
  });
});

describe('sign-up without a database', () => {
  it("answers 'Database connection not available'", async () => {
    const t = await createTestApp();
    await t.testDatabase.database.close();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: validSignUp(),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toEqual({
      code: 'database_unavailable',
      message: 'Database connection not available',
    });
    await t.close();
  });
});
