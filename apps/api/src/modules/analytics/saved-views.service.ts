import { analyticsSavedViews } from '@complivue/db/schema/analytics';
import { userProfiles } from '@complivue/db/schema/profiles';
import { SAVED_VIEW_MESSAGES } from '@complivue/shared/analytics-messages';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import type { SavedView, createSavedViewRequestSchema } from '@complivue/shared/schemas/analytics';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { memberName } from '../companies/members.ts';

/** The institution's saved views of analytics, by name. */
export async function findSavedViews(deps: ServiceDeps, actor: Actor): Promise<SavedView[]> {
  const rows = await deps.db
    .select({
      id: analyticsSavedViews.id,
      name: analyticsSavedViews.name,
      view: analyticsSavedViews.view,
      query: analyticsSavedViews.query,
      createdByName: sql<
        string | null
      >`(select ${memberName} from ${userProfiles} where ${userProfiles.userId} = ${analyticsSavedViews.createdBy})`,
    })
    .from(analyticsSavedViews)
    .where(eq(analyticsSavedViews.companyId, actor.companyId))
    .orderBy(asc(sql`lower(${analyticsSavedViews.name})`));
  return rows;
}

/** A named view (tab, period and filters), shared with the institution; names are unique. */
export async function createSavedView(
  deps: ServiceDeps,
  options: { actor: Actor; input: z.output<typeof createSavedViewRequestSchema> },
): Promise<{ id: string }> {
  const { actor, input } = options;
  const query = Object.fromEntries(
    Object.entries(input.query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  try {
    const [row] = await deps.db
      .insert(analyticsSavedViews)
      .values({
        companyId: actor.companyId,
        name: input.name,
        view: input.view,
        query,
        createdBy: actor.actorUserId,
      })
      .returning({ id: analyticsSavedViews.id });
    return { id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('saved_view_name_taken');
    throw error;
  }
}

/** Deleted by whoever saved it, or an administrator. */
export async function deleteSavedView(
  deps: ServiceDeps,
  options: { actor: Actor; viewId: string },
): Promise<void> {
  const { actor } = options;
  const [view] = await deps.db
    .select()
    .from(analyticsSavedViews)
    .where(
      and(
        eq(analyticsSavedViews.id, options.viewId),
        eq(analyticsSavedViews.companyId, actor.companyId),
      ),
    );
  if (!view) throw new AppError('not_found', SAVED_VIEW_MESSAGES.not_found);
  if (view.createdBy !== actor.actorUserId && !hasRoleAtLeast(actor.role, 'admin')) {
    throw new AppError('role_required');
  }
  await deps.db.delete(analyticsSavedViews).where(eq(analyticsSavedViews.id, view.id));
}
