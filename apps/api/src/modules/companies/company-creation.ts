import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { todayIn } from '@complivue/shared/calendar-days';
import type { AssetsSize, InstitutionType } from '@complivue/shared/institutions';
import { and, eq, isNull } from 'drizzle-orm';
import type { Caller } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { reconcileSeededDeadlines } from '../calendar/calendar-reconcile.ts';
import { startingSubscription } from '../subscriptions/starting-subscription.ts';
import { institutionFacts } from './institution.ts';

export interface NewCompany {
  name: string;
  institutionType?: InstitutionType | null;
  assetsSize?: AssetsSize | null;
}

/** Inserts an institution, inside the caller's transaction (sign-up, or creating one later). */
export async function insertCompany(tx: Db, company: NewCompany, createdBy: string) {
  const [row] = await tx
    .insert(companies)
    .values({
      name: company.name,
      institutionType: company.institutionType ?? null,
      assetsSize: company.assetsSize ?? null,
      createdBy,
    })
    .returning();
  // A type chosen at sign-up already decides some deadlines (decision 0017).
  await reconcileSeededDeadlines(tx, {
    companyId: row!.id,
    facts: institutionFacts(row!),
    today: todayIn(null),
  });
  return row!;
}

/**
 * A signed-in member without an institution creates one: they become its administrator (the
 * platform operator stays operator) and its 14-day trial starts, all or nothing, audited.
 */
export async function createOwnCompany(
  deps: ServiceDeps,
  options: { caller: Caller; company: NewCompany },
) {
  const { caller } = options;
  if (caller.companyId) throw new AppError('already_member');
  const result = await deps.db.transaction(async (tx) => {
    const company = await insertCompany(tx, options.company, caller.actorUserId);
    // Only a profile that still has no company is moved: a concurrent request loses here.
    const [profile] = await tx
      .update(userProfiles)
      .set({
        companyId: company.id,
        role: caller.role === 'super_admin' ? 'super_admin' : 'admin',
      })
      .where(and(eq(userProfiles.userId, caller.actorUserId), isNull(userProfiles.companyId)))
      .returning();
    if (!profile) throw new AppError('already_member');
    await tx.insert(subscriptions).values({
      ...startingSubscription({}),
      companyId: company.id,
      userId: caller.actorUserId,
    });
    return { company, profile };
  });
  await recordAudit(deps.db, caller, {
    action: 'company.created',
    actorUserId: caller.actorUserId,
    companyId: result.company.id,
    targetType: 'company',
    targetId: result.company.id,
    after: { name: result.company.name, role: result.profile.role },
  });
  return result;
}
