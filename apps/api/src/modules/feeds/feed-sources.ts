import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { feedSources } from '@complivue/db/schema/feeds';
import type { Agency } from '@complivue/shared/regulatory-monitoring';
import {
  COMPANY_FEED_SOURCES_MAX,
  FEED_SOURCE_MESSAGES,
  type FeedSource,
  type createFeedSourceRequestSchema,
  type updateFeedSourceRequestSchema,
} from '@complivue/shared/schemas/feed-sources';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { RequestOrigin } from '../../lib/actor.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { isLocalHostName } from './feed-fetch.ts';

/**
 * Feed sources as super admins (shared sources, company_id null) and institution administrators
 * (their own) manage them. A scope is the company whose sources a caller may change: null for
 * the platform's shared sources. A source outside the caller's scope is "not found", whoever
 * owns it. Removing a source marks it deleted: it stops being polled and listed, and the items
 * it brought stay where they are.
 */

export type SourceScope = { companyId: string | null };

type SourceRow = typeof feedSources.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toFeedSource(row: SourceRow & { itemCount: number }): FeedSource {
  return {
    id: row.id,
    shared: row.companyId === null,
    name: row.name,
    url: row.url,
    format: row.format,
    agency: (row.agency as Agency | null) ?? null,
    pollIntervalMinutes: row.pollIntervalMinutes,
    enabled: row.enabled,
    status: row.status,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    lastPolledAt: iso(row.lastPolledAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    nextPollAt: row.nextPollAt.toISOString(),
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A shared source as an institution sees it: the site it reads (not the long API address) and,
 * when it fails, its status and dates without the technical reason. The operator reads the
 * reason in the console and fixes the source; an institution cannot, and a resolver error code
 * on its screen says nothing it can act on.
 */
export function asSeenByInstitution(source: FeedSource): FeedSource {
  if (!source.shared) return source;
  let site = source.url;
  try {
    site = new URL(source.url).host;
  } catch {
    // A stored address is always absolute; keep it as it is if it is not.
  }
  return { ...source, url: site, lastError: null };
}

const itemCount = sql<number>`(SELECT count(*)::int FROM feed_item_sources fis WHERE fis.source_id = ${feedSources.id})`;

const inScope = (scope: SourceScope): SQL =>
  scope.companyId === null
    ? isNull(feedSources.companyId)
    : eq(feedSources.companyId, scope.companyId);

/** Sources of one scope, not removed, by name. */
export async function findFeedSources(db: Db, scope: SourceScope): Promise<FeedSource[]> {
  const rows = await db
    .select({ source: feedSources, itemCount })
    .from(feedSources)
    .where(and(inScope(scope), isNull(feedSources.deletedAt)))
    .orderBy(asc(feedSources.name), asc(feedSources.createdAt));
  return rows.map((row) => toFeedSource({ ...row.source, itemCount: row.itemCount }));
}

/** One source of the scope (throws 404 otherwise, including another company's). */
export async function getFeedSource(db: Db, scope: SourceScope, id: string): Promise<FeedSource> {
  const [row] = await db
    .select({ source: feedSources, itemCount })
    .from(feedSources)
    .where(and(eq(feedSources.id, id), inScope(scope), isNull(feedSources.deletedAt)));
  if (!row) throw new AppError('not_found', FEED_SOURCE_MESSAGES.not_found);
  return toFeedSource({ ...row.source, itemCount: row.itemCount });
}

async function requireSourceRow(db: Db, scope: SourceScope, id: string): Promise<SourceRow> {
  const [row] = await db
    .select()
    .from(feedSources)
    .where(and(eq(feedSources.id, id), inScope(scope), isNull(feedSources.deletedAt)));
  if (!row) throw new AppError('not_found', FEED_SOURCE_MESSAGES.not_found);
  return row;
}

/**
 * An address the caller cannot use: already a source of the scope, or (for an institution) one
 * of the shared sources, or on a private network while those are refused.
 */
async function assertUsableUrl(
  db: Db,
  scope: SourceScope,
  url: string,
  options: { blockPrivateAddresses: boolean; exceptId?: string },
): Promise<void> {
  if (options.blockPrivateAddresses && isLocalHostName(new URL(url).hostname)) {
    const message = FEED_SOURCE_MESSAGES.url_private;
    throw AppError.validationFailed([{ path: '/url', message }], message);
  }
  const same = await db
    .select({ id: feedSources.id, companyId: feedSources.companyId })
    .from(feedSources)
    .where(
      and(
        eq(feedSources.url, url),
        isNull(feedSources.deletedAt),
        scope.companyId === null
          ? isNull(feedSources.companyId)
          : sql`(${feedSources.companyId} IS NULL OR ${feedSources.companyId} = ${scope.companyId})`,
      ),
    );
  const clash = same.find((row) => row.id !== options.exceptId);
  if (!clash) return;
  throw duplicateError(scope, clash.companyId === null);
}

function duplicateError(scope: SourceScope, clashIsShared: boolean): AppError {
  const message =
    scope.companyId === null
      ? FEED_SOURCE_MESSAGES.duplicate_shared
      : clashIsShared
        ? FEED_SOURCE_MESSAGES.duplicate_of_shared
        : FEED_SOURCE_MESSAGES.duplicate_own;
  return new AppError('duplicate_source', message, { field: 'url' });
}

/** Who changes a source (the operator has no institution), and where the request came from. */
interface SourceEditor extends RequestOrigin {
  actorUserId: string;
  /** The actor's company, for the audit trail. */
  companyId: string | null;
}

const auditView = (source: FeedSource) => ({
  name: source.name,
  url: source.url,
  format: source.format,
  agency: source.agency,
  pollIntervalMinutes: source.pollIntervalMinutes,
  enabled: source.enabled,
});

/**
 * An institution has at most COMPANY_FEED_SOURCES_MAX sources of its own (polling is shared by
 * every institution). Counted under a lock on the company's row, so two additions at once
 * cannot both take the last place.
 */
async function assertRoomForSource(tx: Db, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(feedSources)
    .where(and(eq(feedSources.companyId, companyId), isNull(feedSources.deletedAt)));
  if ((row?.count ?? 0) >= COMPANY_FEED_SOURCES_MAX) {
    throw new AppError('too_many_sources');
  }
}

export async function createFeedSource(
  deps: ServiceDeps,
  options: {
    scope: SourceScope;
    actor: SourceEditor;
    body: z.output<typeof createFeedSourceRequestSchema>;
    blockPrivateAddresses: boolean;
    now?: Date;
  },
): Promise<FeedSource> {
  const { db } = deps;
  const { scope, actor, body } = options;
  await assertUsableUrl(db, scope, body.url, {
    blockPrivateAddresses: options.blockPrivateAddresses,
  });
  let created: SourceRow;
  try {
    created = await db.transaction(async (tx) => {
      if (scope.companyId !== null) await assertRoomForSource(tx, scope.companyId);
      const [row] = await tx
        .insert(feedSources)
        .values({
          companyId: scope.companyId,
          name: body.name,
          url: body.url,
          format: body.format,
          agency: body.agency,
          pollIntervalMinutes: body.pollIntervalMinutes,
          enabled: body.enabled,
          // Polled at the job's next run.
          nextPollAt: options.now ?? new Date(),
          createdBy: actor.actorUserId,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'feeds.source_created',
        actorUserId: actor.actorUserId,
        companyId: scope.companyId,
        targetType: 'feed_source',
        targetId: row!.id,
        after: auditView(toFeedSource({ ...row!, itemCount: 0 })),
      });
      return row!;
    });
  } catch (error) {
    // Two requests adding the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateError(scope, false);
    throw error;
  }
  return toFeedSource({ ...created, itemCount: 0 });
}

export async function updateFeedSource(
  deps: ServiceDeps,
  options: {
    scope: SourceScope;
    actor: SourceEditor;
    id: string;
    body: z.output<typeof updateFeedSourceRequestSchema>;
    blockPrivateAddresses: boolean;
    now?: Date;
  },
): Promise<FeedSource> {
  const { db } = deps;
  const { scope, actor, id, body } = options;
  const now = options.now ?? new Date();
  const current = await requireSourceRow(db, scope, id);
  if (body.url !== undefined && body.url !== current.url) {
    await assertUsableUrl(db, scope, body.url, {
      blockPrivateAddresses: options.blockPrivateAddresses,
      exceptId: id,
    });
  }
  const changes: Partial<typeof feedSources.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.agency !== undefined) changes.agency = body.agency;
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.pollIntervalMinutes !== undefined) {
    changes.pollIntervalMinutes = body.pollIntervalMinutes;
    // The new interval counts from the last poll (a failing source keeps its back-off).
    if (current.status !== 'failing' && current.lastPolledAt) {
      changes.nextPollAt = new Date(
        current.lastPolledAt.getTime() + body.pollIntervalMinutes * 60_000,
      );
    }
  }
  const addressChanged =
    (body.url !== undefined && body.url !== current.url) ||
    (body.format !== undefined && body.format !== current.format);
  if (addressChanged) {
    // Another document: forget what the old one said and poll the new one at the next run.
    Object.assign(changes, {
      url: body.url ?? current.url,
      format: body.format ?? current.format,
      etag: null,
      lastModified: null,
      status: 'pending',
      lastError: null,
      consecutiveFailures: 0,
      nextPollAt: now,
    });
  }
  if (body.enabled === true && !current.enabled) changes.nextPollAt = now;

  const before = toFeedSource({ ...current, itemCount: 0 });
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(feedSources)
        .set({ ...changes, updatedAt: now })
        .where(eq(feedSources.id, id))
        .returning();
      const after = toFeedSource({ ...row!, itemCount: 0 });
      await recordAudit(tx, actor, {
        action: 'feeds.source_updated',
        actorUserId: actor.actorUserId,
        companyId: scope.companyId,
        targetType: 'feed_source',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateError(scope, false);
    throw error;
  }
  return getFeedSource(db, scope, id);
}

/** Removes a source from polling and the lists; its items stay visible where they were. */
export async function deleteFeedSource(
  deps: ServiceDeps,
  options: { scope: SourceScope; actor: SourceEditor; id: string; now?: Date },
): Promise<void> {
  const { db } = deps;
  const { scope, actor, id } = options;
  const current = await requireSourceRow(db, scope, id);
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(feedSources)
      .set({ deletedAt: now, enabled: false, leasedUntil: null, updatedAt: now })
      .where(eq(feedSources.id, id));
    await recordAudit(tx, actor, {
      action: 'feeds.source_deleted',
      actorUserId: actor.actorUserId,
      companyId: scope.companyId,
      targetType: 'feed_source',
      targetId: id,
      before: auditView(toFeedSource({ ...current, itemCount: 0 })),
    });
  });
}
