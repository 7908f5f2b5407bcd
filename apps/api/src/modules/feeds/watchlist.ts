import type { Db } from '@complivue/db/database';
import { companyWatchlists } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { Agency } from '@complivue/shared/regulatory-monitoring';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type { UpdateWatchlistRequest, Watchlist } from '@complivue/shared/schemas/feeds';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
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
  db: Db,
  request: FastifyRequest,
  options: {
    companyId: string;
    userId: string;
    role: Role;
    watchlist: UpdateWatchlistRequest;
    now?: Date;
  },
): Promise<Watchlist> {
  const { companyId, userId, watchlist } = options;
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
    await recordAudit(tx, requestOrigin(request), {
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
  return getWatchlist(db, { companyId, role: options.role });
}
