import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { queryRows, type Db } from './database.ts';
import { featureAccessMatrix } from './schema/subscriptions.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-databases.ts';
import {
  createTestCompany,
  createTestMember,
  createTestSubscription,
  daysFromNow,
} from './testing/factories.ts';

async function canUse(db: Db, userId: string, feature: string): Promise<boolean> {
  const [row] = await queryRows<{ allowed: boolean }>(
    db,
    sql`SELECT check_feature_access(${userId}, ${feature}) AS allowed`,
  );
  return row!.allowed;
}

describe('check_feature_access', () => {
  let testDatabase: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    testDatabase = await openTestDatabase(inject('databaseTemplate'));
    db = testDatabase.database.db;
  });
  afterAll(() => testDatabase.dispose());

  async function memberOfCompanyWith(
    subscription?: Omit<Parameters<typeof createTestSubscription>[1], 'companyId'>,
    role: 'user' | 'admin' = 'user',
  ) {
    const company = await createTestCompany(db);
    if (subscription) await createTestSubscription(db, { companyId: company.id, ...subscription });
    return (await createTestMember(db, { companyId: company.id, role })).user.id;
  }

  it('seeds the matrix: every plan × feature, unique on plan and feature', async () => {
    const rows = await db.select().from(featureAccessMatrix);
    expect(rows).toHaveLength(4 * 20);
    expect(rows.filter((row) => row.planName === 'enterprise' && row.hasAccess)).toHaveLength(20);
    expect(rows.filter((row) => row.planName === 'basic' && row.hasAccess)).toHaveLength(7);
  });

  it('always allows a super_admin, even without a company or subscription', async () => {
    const { user } = await createTestMember(db, { companyId: null, role: 'super_admin' });
    expect(await canUse(db, user.id, 'white_label')).toBe(true);
  });

  it('denies a company admin whose company has no subscription', async () => {
    const userId = await memberOfCompanyWith(undefined, 'admin');
    expect(await canUse(db, userId, 'compliance_library')).toBe(false);
  });

  it('denies an unknown user', async () => {
    expect(await canUse(db, 'no-such-user', 'compliance_library')).toBe(false);
  });

  it('allows a running trial the features of its plan row', async () => {
    const userId = await memberOfCompanyWith({
      planName: 'trial',
      status: 'trialing',
      trialEnd: daysFromNow(10),
    });
    expect(await canUse(db, userId, 'risk_scoring')).toBe(true);
    expect(await canUse(db, userId, 'api_access')).toBe(false);
  });

  it('denies a trial past its end, even before the expiry job has written "expired"', async () => {
    const userId = await memberOfCompanyWith({
      planName: 'trial',
      status: 'trialing',
      trialEnd: daysFromNow(-1),
    });
    expect(await canUse(db, userId, 'compliance_library')).toBe(false);
  });

  it('denies an expired subscription', async () => {
    const userId = await memberOfCompanyWith({ planName: 'trial', status: 'expired' });
    expect(await canUse(db, userId, 'compliance_library')).toBe(false);
  });

  it('denies pending_payment, even on the top plan', async () => {
    const userId = await memberOfCompanyWith({ planName: 'enterprise', status: 'pending_payment' });
    expect(await canUse(db, userId, 'compliance_library')).toBe(false);
  });

  it('denies a feature the active plan does not include, and allows one it does', async () => {
    const userId = await memberOfCompanyWith({ planName: 'basic', status: 'active' });
    expect(await canUse(db, userId, 'risk_scoring')).toBe(false);
    expect(await canUse(db, userId, 'regulatory_feeds')).toBe(true);
  });

  it('uses the newest active row over a newer pending one (a plan change keeps access)', async () => {
    const company = await createTestCompany(db);
    await createTestSubscription(db, {
      companyId: company.id,
      planName: 'basic',
      status: 'active',
      createdAt: daysFromNow(-30),
    });
    await createTestSubscription(db, {
      companyId: company.id,
      planName: 'enterprise',
      status: 'pending_payment',
    });
    const { user } = await createTestMember(db, { companyId: company.id });
    expect(await canUse(db, user.id, 'regulatory_feeds')).toBe(true);
    expect(await canUse(db, user.id, 'white_label')).toBe(false);
  });

  it('denies a deactivated member of a paying company', async () => {
    const company = await createTestCompany(db);
    await createTestSubscription(db, {
      companyId: company.id,
      planName: 'enterprise',
      status: 'active',
    });
    const { user } = await createTestMember(db, { companyId: company.id, status: 'deactivated' });
    expect(await canUse(db, user.id, 'compliance_library')).toBe(false);
  });
});

describe('audit_log', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openTestDatabase(inject('databaseTemplate'));
  });
  afterAll(() => testDatabase.dispose());

  it('is append-only', async () => {
    const { db } = testDatabase.database;
    await db.execute(
      sql`INSERT INTO audit_log (action, actor_user_id) VALUES ('test.event', 'u1')`,
    );
    await expect(db.execute(sql`UPDATE audit_log SET action = 'changed'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const rows = await queryRows<{ action: string }>(db, sql`SELECT action FROM audit_log`);
    expect(rows).toEqual([{ action: 'test.event' }]);
  });
});
