import { session } from '@complivue/db/schema/auth';
import { userProfiles } from '@complivue/db/schema/profiles';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { TEAM_MESSAGES } from '@complivue/shared/schemas/team';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Caller } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { assertSeatAvailable } from './team.queries.ts';

/**
 * Deactivates or reactivates a member of the actor's company, in one transaction with its audit
 * entry. Deactivating ends every session of the member at once (the next request of an open tab
 * is refused) and keeps their records. A company admin acts on users and managers; an
 * administrator's access is changed only by the platform's super admin; nobody their own.
 */
export async function setMemberActive(
  deps: ServiceDeps,
  options: { actor: Caller; targetUserId: string; active: boolean },
): Promise<void> {
  const { db } = deps;
  const { actor, targetUserId, active } = options;
  if (targetUserId === actor.actorUserId) throw new AppError('own_account');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, targetUserId))
      .for('update');
    const visible =
      target && (actor.role === 'super_admin' || target.companyId === actor.companyId);
    // Another company's members are answered like unknown people.
    if (!visible) throw new AppError('not_found', TEAM_MESSAGES.not_found);
    if (hasRoleAtLeast(target.role, 'admin') && actor.role !== 'super_admin')
      throw new AppError('administrator');
    const status = active ? 'active' : 'deactivated';
    if (target.status === status) return;
    if (active && target.companyId) await assertSeatAvailable(tx, target.companyId);
    await tx.update(userProfiles).set({ status }).where(eq(userProfiles.userId, targetUserId));
    if (!active) await tx.delete(session).where(eq(session.userId, targetUserId));
    await recordAudit(tx, actor, {
      action: active ? 'member.reactivated' : 'member.deactivated',
      actorUserId: actor.actorUserId,
      companyId: target.companyId,
      targetType: 'user',
      targetId: targetUserId,
      before: { status: target.status },
      after: { status },
    });
  });
}
