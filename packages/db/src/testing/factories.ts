import { randomUUID } from 'node:crypto';
import type { PlanName, SubscriptionStatus } from '@complivue/shared/plans';
import type { Role } from '@complivue/shared/roles';
import type { Db } from '../database.ts';
import { user } from '../schema/auth.ts';
import { companies } from '../schema/companies.ts';
import { userProfiles } from '../schema/profiles.ts';
import { subscriptions } from '../schema/subscriptions.ts';

/*
 * Test factories: rows with sensible defaults, overridable field by field. They write through
 * the real schema, so a test that uses them exercises the real constraints.
 */

const DAY_MS = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

export async function createTestUser(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: 'Test User',
      email: `user-${id}@example.test`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createTestCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(companies)
    .values({ name: 'First Community Credit Union', institutionType: 'credit_union', ...overrides })
    .returning();
  return row!;
}

/** A user with a profile in a company, holding `role`. */
export async function createTestMember(
  db: Db,
  options: { companyId: string | null; role?: Role; status?: 'active' | 'invited' | 'deactivated' },
) {
  const member = await createTestUser(db);
  const [profile] = await db
    .insert(userProfiles)
    .values({
      userId: member.id,
      email: member.email,
      fullName: member.name,
      role: options.role ?? 'user',
      status: options.status ?? 'active',
      companyId: options.companyId,
    })
    .returning();
  return { user: member, profile: profile! };
}

export async function createTestSubscription(
  db: Db,
  options: {
    companyId: string;
    planName: PlanName;
    status: SubscriptionStatus;
    trialEnd?: Date | null;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      companyId: options.companyId,
      planName: options.planName,
      status: options.status,
      trialEnd: options.trialEnd ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}
