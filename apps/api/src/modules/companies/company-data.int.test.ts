import { queryRows } from '@complivue/db/database';
import { user } from '@complivue/db/schema/auth';
import { auditLog } from '@complivue/db/schema/audit';
import { companies } from '@complivue/db/schema/companies';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { DELETE_COMPANY_MESSAGES } from '@complivue/shared/schemas/company-settings';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@complivue/shared/schemas/profile';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signInThroughApi, signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { purgeExpiredAuditEntries } from '../team/audit-retention.ts';

describe('institution data settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
    cookie: string,
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  it('sets notification defaults that members follow until they choose their own', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'user' });
    const chooser = await signedInMember(t.app, { companyId, role: 'user' });
    const own = { ...DEFAULT_NOTIFICATION_PREFERENCES, email_digest: 'off' as const };
    await send('PATCH', chooser.cookie, '/api/profile', {
      fullName: 'Casey Member',
      jobTitle: null,
      phone: null,
      timezone: null,
      notificationPreferences: own,
    });

    expect((await send('GET', admin.cookie, '/api/company/notification-defaults')).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const defaults = {
      categories: {
        ...DEFAULT_NOTIFICATION_PREFERENCES.categories,
        tasks: { in_app: true, email: true },
      },
      email_digest: 'daily',
    };
    const saved = await send('PUT', admin.cookie, '/api/company/notification-defaults', defaults);
    expect(saved.statusCode).toBe(200);
    expect(
      (await send('PUT', member.cookie, '/api/company/notification-defaults', defaults)).statusCode,
    ).toBe(403);
    const invalid = await send('PUT', admin.cookie, '/api/company/notification-defaults', {
      email_digest: 'hourly',
    });
    expect(invalid.statusCode).toBe(400);

    const session = (cookie: string) => send('GET', cookie, '/api/auth/session');
    expect((await session(member.cookie)).json().profile.notificationPreferences).toEqual(defaults);
    expect((await session(chooser.cookie)).json().profile.notificationPreferences).toEqual(own);
    const trail = await send(
      'GET',
      admin.cookie,
      '/api/team/activity?action=company.notification_defaults_updated',
    );
    expect(trail.json().items[0]).toMatchObject({ after: { email_digest: 'daily' } });
  });

  it('keeps the audit trail for the chosen retention; the purge removes only what is past it', async () => {
    const short = await signUpThroughApi(t.app);
    const long = await signUpThroughApi(t.app);
    const shortId = short.body.session.company.id as string;
    const longId = long.body.session.company.id as string;
    const retention = await send('PATCH', short.cookie, '/api/company/settings', {
      auditRetentionYears: 5,
    });
    expect(retention.json().auditRetentionYears).toBe(5);
    expect(
      (await send('PATCH', short.cookie, '/api/company/settings', { auditRetentionYears: 3 }))
        .statusCode,
    ).toBe(400);

    const sixYearsAgo = sql`now() - interval '6 years'`;
    await t.db.execute(sql`INSERT INTO audit_log (action, company_id, created_at) VALUES
      ('test.old', ${shortId}, ${sixYearsAgo}),
      ('test.old', ${longId}, ${sixYearsAgo}),
      ('test.recent', ${shortId}, now() - interval '4 years')`);

    expect(await purgeExpiredAuditEntries(t.db)).toBe(1);
    const left = await t.db
      .select({ action: auditLog.action, companyId: auditLog.companyId })
      .from(auditLog)
      .where(inArray(auditLog.action, ['test.old', 'test.recent']));
    expect(left).toEqual(
      expect.arrayContaining([
        { action: 'test.old', companyId: longId },
        { action: 'test.recent', companyId: shortId },
      ]),
    );
    expect(left).toHaveLength(2);

    // Outside the purge, and for entries younger than five years even inside it, nothing goes.
    await expect(
      t.db.execute(sql`DELETE FROM audit_log WHERE action = 'test.old'`),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('complivue.audit_retention_purge', 'on', true)`);
        await tx.execute(sql`DELETE FROM audit_log WHERE action = 'test.recent'`);
      }),
    ).rejects.toThrow();
    const rows = await queryRows<{ total: number }>(
      t.db,
      sql`SELECT count(*)::int AS total FROM audit_log WHERE action IN ('test.old', 'test.recent')`,
    );
    expect(rows[0]?.total).toBe(2);
  });

  it('deletes the institution after its name is typed: members signed out, accounts gone, audit kept', async () => {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    const member = await signedInMember(t.app, { companyId, role: 'manager' });
    const bystander = await signUpThroughApi(t.app);

    const wrong = await send('DELETE', admin.cookie, '/api/company', {
      confirmName: 'Another Bank',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(DELETE_COMPANY_MESSAGES.name_mismatch);
    expect(
      (
        await send('DELETE', member.cookie, '/api/company', {
          confirmName: admin.input.companyName,
        })
      ).statusCode,
    ).toBe(403);

    await t.db
      .update(subscriptions)
      .set({ status: 'active', provider: 'sandbox', planName: 'professional' })
      .where(eq(subscriptions.companyId, companyId));
    const paying = await send('DELETE', admin.cookie, '/api/company', {
      confirmName: admin.input.companyName,
    });
    expect(paying.statusCode).toBe(409);
    expect(paying.json().error.message).toBe(DELETE_COMPANY_MESSAGES.subscription_active);
    await t.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.companyId, companyId));

    const deleted = await send('DELETE', admin.cookie, '/api/company', {
      confirmName: ` ${admin.input.companyName as string} `,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.headers['set-cookie']).toBeDefined();

    expect((await send('GET', member.cookie, '/api/company')).statusCode).toBe(401);
    expect((await send('GET', admin.cookie, '/api/company')).statusCode).toBe(401);
    expect(
      (await signInThroughApi(t.app, admin.input.email as string, admin.input.password as string))
        .statusCode,
    ).toBe(401);
    expect(await t.db.select().from(companies).where(eq(companies.id, companyId))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.email, member.email))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company.deleted'));
    expect(entry).toMatchObject({
      companyId,
      before: { name: admin.input.companyName, members: 2 },
    });
    // Another institution is untouched.
    expect((await send('GET', bystander.cookie, '/api/company')).statusCode).toBe(200);
  });
});
