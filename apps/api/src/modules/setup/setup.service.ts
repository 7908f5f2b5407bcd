import { getMigrationStatus } from '@complivue/db/migrate';
import type { Database } from '@complivue/db/database';
import { sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import { createAccount, hasNoUsers } from '../auth/create-account.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/email/mailer.ts';
import type { PaymentsMode } from '../payments/providers.ts';
import { ENTERPRISE_ADMIN_SUBSCRIPTION_DAYS } from '@complivue/shared/plans';

// Serialises concurrent first-run attempts: only one can create the first administrator.
const SETUP_LOCK_KEY = 727_411_002;
const DAY_MS = 86_400_000;

export interface FirstAdministrator {
  email: string;
  password: string;
  fullName: string;
  companyName: string;
}

/**
 * Creates a platform administrator (super_admin) with the operator's company and its enterprise
 * subscription (365 days: docs/product.md § First administrator). With `onlyIfFirst`, refuses once
 * any user exists; the check runs inside the transaction under a lock, so two racing requests
 * cannot both pass.
 */
export async function createPlatformAdministrator(
  database: Database,
  auth: Auth,
  input: FirstAdministrator,
  options: { onlyIfFirst: boolean },
) {
  const now = new Date();
  return createAccount(
    database.db,
    auth,
    {
      email: input.email,
      password: input.password,
      fullName: input.fullName,
      role: 'super_admin',
      company: { name: input.companyName },
      // First-run setup is the operator's onboarding; the wizard is for institutions' members.
      onboarded: true,
      subscription: {
        planName: 'enterprise',
        planType: 'annual',
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + ENTERPRISE_ADMIN_SUBSCRIPTION_DAYS * DAY_MS),
        metadata: { granted_by: 'first_run_setup' },
      },
    },
    {
      beforeInsert: async (tx) => {
        if (!options.onlyIfFirst) return;
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
        if (!(await hasNoUsers(tx))) throw new AppError('setup_closed');
      },
    },
  );
}

export async function getSystemStatus(
  database: Database,
  options: {
    mailer: Mailer;
    paymentsMode: PaymentsMode;
    passwordResetEnabled: boolean;
  },
) {
  return {
    database: database.engine,
    migrations: await getMigrationStatus(database),
    emailMode: options.mailer.mode,
    paymentsMode: options.paymentsMode,
    passwordResetEnabled: options.passwordResetEnabled,
  };
}
