import { randomUUID } from 'node:crypto';
import { queryRows, type Db } from '@complivue/db/database';
import { account, user } from '@complivue/db/schema/auth';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import type { Role } from '@complivue/shared/roles';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { isConnectionError, isUniqueViolation } from '../../lib/database-errors.ts';
import { insertCompany, type NewCompany } from '../companies/company-creation.ts';
import type { StartingSubscription } from '../subscriptions/starting-subscription.ts';
import type { Auth } from './auth.ts';

export interface NewAccount {
  email: string;
  password: string;
  fullName: string;
  jobTitle?: string | null;
  role: Role;
  /** A new company the account creates, or (an accepted invitation) the one it joins. */
  company: NewCompany | { existingId: string };
  subscription?: StartingSubscription;
  /** The account is set up already (the platform operator): no onboarding wizard. */
  onboarded?: boolean;
}

/**
 * Creates the user, the credential (hashed by better-auth), the company (or joins one), the
 * profile and the company's subscription in one transaction: all of them or none. The hooks run
 * inside the transaction (first-run set-up re-checks that no user exists before).
 */
export async function createAccount(
  db: Db,
  auth: Auth,
  input: NewAccount,
  hooks: {
    beforeInsert?: (tx: Db) => Promise<void>;
    /** Inside the transaction, once the rows exist (an invitation is claimed here). */
    afterInsert?: (tx: Db, created: { userId: string; companyId: string }) => Promise<void>;
  } = {},
): Promise<{ userId: string; companyId: string }> {
  const context = await auth.$context;
  const passwordHash = await context.password.hash(input.password);
  const userId = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      await hooks.beforeInsert?.(tx as unknown as Db);
      await tx.insert(user).values({ id: userId, email: input.email, name: input.fullName });
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
      });
      const [company] =
        'existingId' in input.company
          ? [{ id: input.company.existingId }]
          : [await insertCompany(tx as unknown as Db, input.company, userId)];
      await tx.insert(userProfiles).values({
        userId,
        email: input.email,
        fullName: input.fullName,
        jobTitle: input.jobTitle ?? null,
        role: input.role,
        status: 'active',
        companyId: company!.id,
        onboardingCompletedAt: input.onboarded ? new Date() : null,
      });
      if (input.subscription) {
        await tx
          .insert(subscriptions)
          .values({ ...input.subscription, companyId: company!.id, userId });
      }
      const created = { userId, companyId: company!.id };
      await hooks.afterInsert?.(tx as unknown as Db, created);
      return created;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) {
      throw new AppError('duplicate_email');
    }
    if (isConnectionError(error)) {
      throw new AppError('database_unavailable');
    }
    throw new AppError('account_not_created');
  }
}

/** True when no account exists yet: the platform still needs its first administrator. */
export async function hasNoUsers(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`SELECT NOT EXISTS (SELECT 1 FROM "user") AS empty`,
  );
  return row?.empty ?? false;
}
