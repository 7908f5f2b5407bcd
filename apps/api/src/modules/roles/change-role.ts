import type { Db } from '@complivue/db/database';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { ENTERPRISE_ADMIN_SUBSCRIPTION_DAYS } from '@complivue/shared/plans';
import type { Role } from '@complivue/shared/roles';
import { ROLE_CHANGE_MESSAGES } from '@complivue/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../auth/session.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';

const COMPANY_MANAGED_ROLES: readonly Role[] = ['user', 'manager'];
const DAY_MS = 86_400_000;

/**
 * Who may give which role (docs/product.md § Roles): a super_admin any role to anyone; a company
 * admin only user or manager, only to members of their own company who are user or manager now;
 * nobody their own. Throws with the reason; returns the profile before the change.
 */
export async function authorizeRoleChange(
  db: Db,
  actor: AuthContext,
  targetUserId: string,
  role: Role,
) {
  if (targetUserId === actor.user.id) throw new AppError('own_role');
  const [target] = await db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, targetUserId));
  if (!target) throw new AppError('not_found', 'That person was not found.');
  if (actor.profile.role === 'super_admin') return target;
  if (target.companyId !== actor.profile.companyId) {
    // Answered like an unknown user: another company's members are not disclosed.
    throw new AppError('not_found', 'That person was not found.');
  }
  if (!COMPANY_MANAGED_ROLES.includes(role) || !COMPANY_MANAGED_ROLES.includes(target.role)) {
    throw new AppError('role_not_grantable', ROLE_CHANGE_MESSAGES.admin_only_by_super_admin);
  }
  return target;
}

/**
 * Writes the new role. Making someone super_admin also gives their company an active
 * enterprise subscription for 365 days (docs/product.md § Roles), in the same transaction.
 */
export async function applyRoleChange(
  db: Db,
  options: { userId: string; companyId: string | null; role: Role },
) {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .update(userProfiles)
      .set({ role: options.role })
      .where(eq(userProfiles.userId, options.userId))
      .returning();
    if (options.role === 'super_admin' && options.companyId) {
      const now = new Date();
      const grant = {
        planName: 'enterprise' as const,
        planType: 'annual' as const,
        status: 'active' as const,
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + ENTERPRISE_ADMIN_SUBSCRIPTION_DAYS * DAY_MS),
        trialEnd: null,
      };
      const current = await findCompanySubscription(tx as unknown as Db, options.companyId);
      if (current) {
        await tx
          .update(subscriptions)
          .set({ ...grant, metadata: { ...current.metadata, granted_by: 'super_admin_role' } })
          .where(eq(subscriptions.id, current.id));
      } else {
        await tx.insert(subscriptions).values({
          ...grant,
          companyId: options.companyId,
          userId: options.userId,
          metadata: { granted_by: 'super_admin_role' },
        });
      }
    }
    return profile!;
  });
}
