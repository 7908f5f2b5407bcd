import type { Db } from '@complivue/db/database';
import { companyWatchlists } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { Agency } from '@complivue/shared/regulatory-monitoring';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type { UpdateWatchlistRequest, Watchlist } from '@complivue/shared/schemas/feeds';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { recomputeCompanyRelevance } from './feed-relevance.ts';

/** Managers and administrators decide what the institution is alerted about. */
export const WATCHLIST_EDITOR_ROLE: Role = 'manager';

export const canEditWatchlist = (role: Role) => hasRoleAtLeast(role, WATCHLIST_EDITOR_ROLE);

/** The company's watchlist (empty until someone sets it). */
export async function getWatchlist(
  db: Db,
  viewer: { companyId: string; role: Role },
): Promise<Watchlist> {
  const [row] = await db
    .select({
      areas: companyWatchlists.areas,
      keywords: companyWatchlists.keywords,
      agencies: companyWatchlists.agencies,
      updatedAt: companyWatchlists.updatedAt,
      updatedByName: userProfiles.fullName,
      updatedByEmail: userProfiles.email,
    })
    .from(companyWatchlists)
    .leftJoin(userProfiles, eq(userProfiles.userId, companyWatchlists.updatedBy))
    .where(eq(companyWatchlists.companyId, viewer.companyId));
  return {
    areas: row?.areas ?? [],
    keywords: row?.keywords ?? [],
    agencies: (row?.agencies ?? []) as Agency[],
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByName: row ? (row.updatedByName ?? row.updatedByEmail ?? null) : null,
    canEdit: canEditWatchlist(viewer.role),
  };
}

/**
 * Replaces the watchlist and audits before and after in one transaction, then recomputes the
 * relevance of the company's recent items (alerts are not re-sent for items already seen).
 */
export async function updateWatchlist(
  deps: ServiceDeps,
  options: { actor: Actor; watchlist: UpdateWatchlistRequest; now?: Date },
): Promise<Watchlist> {
  const { db } = deps;
  const { actor, watchlist } = options;
  const { companyId, actorUserId: userId } = actor;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        areas: companyWatchlists.areas,
        keywords: companyWatchlists.keywords,
        agencies: companyWatchlists.agencies,
      })
      .from(companyWatchlists)
      .where(eq(companyWatchlists.companyId, companyId))
      .for('update');
    await tx
      .insert(companyWatchlists)
      .values({ companyId, ...watchlist, updatedBy: userId })
      .onConflictDoUpdate({
        target: companyWatchlists.companyId,
        set: { ...watchlist, updatedBy: userId, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: 'feeds.watchlist_updated',
      actorUserId: userId,
      companyId,
      targetType: 'watchlist',
      targetId: companyId,
      before: before ?? { areas: [], keywords: [], agencies: [] },
      after: watchlist,
    });
  });
  await recomputeCompanyRelevance(db, companyId, options.now);
  return getWatchlist(db, { companyId, role: actor.role });
}
