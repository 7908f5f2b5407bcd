import { queryRows, type Db } from '@complivue/db/database';
import {
  feedItemRelevance,
  feedItems,
  feedItemSources,
  feedItemUserState,
  feedSources,
} from '@complivue/db/schema/feeds';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { FeedDocumentType } from '@complivue/shared/regulatory-monitoring';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import {
  FEEDS_MESSAGES,
  type FeedItemDetail,
  type FeedItemListQuery,
  type FeedItemListResponse,
  type FeedItemStateRequest,
  type FeedItemSummary,
  type MarkAllReadRequest,
} from '@complivue/shared/schemas/feeds';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import {
  fillMissingRelevance,
  findRelevanceProfiles,
  scoreRelevance,
  type RelevanceRow,
} from './feed-relevance.ts';
import { visibleToCompany } from './feed-items-visibility.ts';

/** Who is reading: the items are the company's, read and starred are the reader's own. */
export interface FeedReader {
  companyId: string;
  userId: string;
}

type Filters = Omit<FeedItemListQuery, 'page' | 'unread' | 'starred'> & {
  unread?: boolean;
  starred?: boolean;
};

const DAY_MS = 86_400_000;

const notFound = () => new AppError('not_found', FEEDS_MESSAGES.item_not_found);

/** A source filter must name a source the company sees, else it is as unknown as a missing one. */
async function requireVisibleSource(db: Db, companyId: string, sourceId: string): Promise<void> {
  const [source] = await db
    .select({ id: feedSources.id })
    .from(feedSources)
    .where(
      and(
        eq(feedSources.id, sourceId),
        or(isNull(feedSources.companyId), eq(feedSources.companyId, companyId)),
      ),
    );
  if (!source) throw new AppError('not_found', 'This feed source does not exist.');
}

const readBy = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM feed_item_user_state rd
    WHERE rd.user_id = ${userId} AND rd.item_id = ${feedItems.id} AND rd.read_at IS NOT NULL)`;

/**
 * The WHERE of a filtered list, every condition an index can serve: visibility and a source by
 * feed_item_sources' keys, an area by the GIN index on areas, dates by the sort index, words by
 * the GIN index on the title-and-summary vector, read and starred by the reader's state keys.
 */
function filterCondition(reader: FeedReader, filters: Filters): SQL {
  const conditions: (SQL | undefined)[] = [
    visibleToCompany(reader.companyId),
    filters.area ? sql`${feedItems.areas} @> ARRAY[${filters.area}]::text[]` : undefined,
    filters.type ? eq(feedItems.documentType, filters.type) : undefined,
    filters.source
      ? sql`EXISTS (SELECT 1 FROM feed_item_sources src
          WHERE src.item_id = ${feedItems.id} AND src.source_id = ${filters.source}
            AND (src.company_id IS NULL OR src.company_id = ${reader.companyId}))`
      : undefined,
    filters.from ? gte(feedItems.sortAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(feedItems.sortAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
      : undefined,
    filters.unread ? sql`NOT ${readBy(reader.userId)}` : undefined,
    filters.starred
      ? sql`EXISTS (SELECT 1 FROM feed_item_user_state st
          WHERE st.user_id = ${reader.userId} AND st.item_id = ${feedItems.id}
            AND st.starred_at IS NOT NULL)`
      : undefined,
    filters.q
      ? sql`to_tsvector('english', ${feedItems.title} || ' ' || ${feedItems.summary}) @@ websearch_to_tsquery('english', ${filters.q})`
      : undefined,
  ];
  return and(...conditions)!;
}

const summaryColumns = {
  id: feedItems.id,
  title: feedItems.title,
  summary: feedItems.summary,
  link: feedItems.link,
  documentType: feedItems.documentType,
  areas: feedItems.areas,
  agencies: feedItems.agencies,
  publishedAt: feedItems.publishedAt,
  sortAt: feedItems.sortAt,
  effectiveDate: feedItems.effectiveDate,
  commentsCloseOn: feedItems.commentsCloseOn,
  score: feedItemRelevance.score,
  reasons: feedItemRelevance.reasons,
  watchlistMatch: feedItemRelevance.watchlistMatch,
  readAt: feedItemUserState.readAt,
  starredAt: feedItemUserState.starredAt,
};

interface SummaryRow {
  id: string;
  title: string;
  summary: string;
  link: string;
  documentType: FeedDocumentType;
  areas: RegulationArea[];
  agencies: string[];
  publishedAt: Date | null;
  sortAt: Date;
  effectiveDate: string | null;
  commentsCloseOn: string | null;
  score: number | null;
  reasons: string[] | null;
  watchlistMatch: boolean | null;
  readAt: Date | null;
  starredAt: Date | null;
}

function selectSummaries(db: Db, reader: FeedReader) {
  return db
    .select(summaryColumns)
    .from(feedItems)
    .leftJoin(
      feedItemRelevance,
      and(
        eq(feedItemRelevance.companyId, reader.companyId),
        eq(feedItemRelevance.itemId, feedItems.id),
      ),
    )
    .leftJoin(
      feedItemUserState,
      and(eq(feedItemUserState.userId, reader.userId), eq(feedItemUserState.itemId, feedItems.id)),
    );
}

/** The sources of some items that the company sees (never another company's own source). */
async function visibleSourcesOf(db: Db, companyId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: feedItemSources.itemId,
      id: feedSources.id,
      name: feedSources.name,
      format: feedSources.format,
      agency: feedSources.agency,
      companyId: feedItemSources.companyId,
      firstSeenAt: feedItemSources.firstSeenAt,
    })
    .from(feedItemSources)
    .innerJoin(feedSources, eq(feedSources.id, feedItemSources.sourceId))
    .where(
      and(
        inArray(feedItemSources.itemId, itemIds),
        or(isNull(feedItemSources.companyId), eq(feedItemSources.companyId, companyId)),
      ),
    )
    .orderBy(feedItemSources.firstSeenAt);
}

/**
 * Scores for items the company has none for yet (published before it joined, or shown before
 * the alerting of a new item has run), computed as the alerting would and stored without
 * replacing anything, so the list always shows a score and its reasons.
 */
async function completeRelevance(db: Db, companyId: string, rows: SummaryRow[]) {
  const missing = rows.filter((row) => row.score === null);
  if (missing.length === 0) return;
  const [profile] = await findRelevanceProfiles(db, [companyId]);
  if (!profile) return;
  const computed: RelevanceRow[] = missing.map((row) => {
    const { score, reasons, watchlistMatch } = scoreRelevance(row, profile);
    Object.assign(row, { score, reasons, watchlistMatch });
    return { companyId, itemId: row.id, score, reasons, watchlistMatch };
  });
  await fillMissingRelevance(db, computed);
}

function toSummary(row: SummaryRow, sources: { id: string; name: string }[]): FeedItemSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    link: row.link,
    documentType: row.documentType,
    areas: row.areas,
    agencies: row.agencies,
    sources,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sortAt: row.sortAt.toISOString(),
    effectiveDate: row.effectiveDate,
    commentsCloseOn: row.commentsCloseOn,
    relevance: {
      score: row.score ?? 0,
      reasons: row.reasons ?? [],
      watchlistMatch: row.watchlistMatch ?? false,
    },
    read: row.readAt !== null,
    starred: row.starredAt !== null,
  };
}

/**
 * The reader's unread items among all the company's: the items it sees (distinct items of
 * feed_item_sources, read from its (company_id, item_id) index) less those the reader has read
 * (the reader's own state rows), never a pass over the items' text.
 */
async function countUnread(db: Db, reader: FeedReader): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`SELECT
        (SELECT count(DISTINCT vis.item_id) FROM feed_item_sources vis
          WHERE vis.company_id IS NULL OR vis.company_id = ${reader.companyId})::int
        - (SELECT count(*) FROM feed_item_user_state rd
            WHERE rd.user_id = ${reader.userId} AND rd.read_at IS NOT NULL
              AND EXISTS (SELECT 1 FROM feed_item_sources seen
                WHERE seen.item_id = rd.item_id
                  AND (seen.company_id IS NULL OR seen.company_id = ${reader.companyId})))::int
        AS unread`,
  );
  return Math.max(0, row?.unread ?? 0);
}

/** One page of the company's items, newest first, with the filters applied. */
export async function listFeedItems(
  db: Db,
  reader: FeedReader,
  query: FeedItemListQuery,
): Promise<FeedItemListResponse> {
  if (query.source) await requireVisibleSource(db, reader.companyId, query.source);
  const where = filterCondition(reader, query);
  // The total has the page's own WHERE, so the same indexes serve it (the words' GIN index, the
  // areas' GIN index, the sort index for dates).
  const totalQuery = db
    .select({ total: sql<number>`count(*)::int` })
    .from(feedItems)
    .where(where);
  const rowsQuery = selectSummaries(db, reader)
    .where(where)
    .orderBy(desc(feedItems.sortAt), desc(feedItems.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const [[total], unread, rows] = await Promise.all([
    totalQuery,
    countUnread(db, reader),
    rowsQuery,
  ]);
  await completeRelevance(db, reader.companyId, rows);
  const sources = await visibleSourcesOf(
    db,
    reader.companyId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      toSummary(
        row,
        sources.filter((source) => source.itemId === row.id).map(({ id, name }) => ({ id, name })),
      ),
    ),
    total: total?.total ?? 0,
    unreadCount: unread,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/** An item the company sees, with everything the detail shows; 404 otherwise. */
export async function getFeedItem(
  db: Db,
  reader: FeedReader,
  itemId: string,
): Promise<FeedItemDetail> {
  const [row] = await selectSummaries(db, reader)
    .where(and(eq(feedItems.id, itemId), visibleToCompany(reader.companyId)))
    .limit(1);
  if (!row) throw notFound();
  const [extra] = await db
    .select({
      citations: feedItems.citations,
      guid: feedItems.guid,
      firstSeenAt: feedItems.firstSeenAt,
      extra: feedItems.extra,
    })
    .from(feedItems)
    .where(eq(feedItems.id, itemId));
  await completeRelevance(db, reader.companyId, [row]);
  const sources = await visibleSourcesOf(db, reader.companyId, [itemId]);
  return {
    ...toSummary(row, []),
    citations: extra?.citations ?? [],
    guid: extra?.guid ?? null,
    firstSeenAt: (extra?.firstSeenAt ?? row.sortAt).toISOString(),
    extra: extra?.extra ?? {},
    sources: sources.map((source) => ({
      id: source.id,
      name: source.name,
      format: source.format,
      agency: source.agency,
      companyOwned: source.companyId !== null,
      firstSeenAt: source.firstSeenAt.toISOString(),
    })),
  };
}

/** Whether the company sees the item (the state routes' guard). */
async function requireVisibleItem(db: Db, companyId: string, itemId: string): Promise<void> {
  const [row] = await db
    .select({ id: feedItems.id })
    .from(feedItems)
    .where(and(eq(feedItems.id, itemId), visibleToCompany(companyId)));
  if (!row) throw notFound();
}

/** Sets the reader's read and/or starred state of one item; what is not given stays. */
export async function setFeedItemState(
  db: Db,
  reader: FeedReader,
  itemId: string,
  change: FeedItemStateRequest,
): Promise<{ read: boolean; starred: boolean }> {
  await requireVisibleItem(db, reader.companyId, itemId);
  const mark = (value: boolean | undefined, column: 'read_at' | 'starred_at') =>
    value === undefined
      ? sql.raw(`feed_item_user_state.${column}`)
      : value
        ? sql.raw(`coalesce(feed_item_user_state.${column}, now())`)
        : sql`NULL`;
  const [row] = await db
    .insert(feedItemUserState)
    .values({
      userId: reader.userId,
      itemId,
      readAt: change.read ? sql`now()` : null,
      starredAt: change.starred ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [feedItemUserState.userId, feedItemUserState.itemId],
      set: { readAt: mark(change.read, 'read_at'), starredAt: mark(change.starred, 'starred_at') },
    })
    .returning({ readAt: feedItemUserState.readAt, starredAt: feedItemUserState.starredAt });
  return { read: row?.readAt != null, starred: row?.starredAt != null };
}

/** Marks every item of the filters (all the company's by default) read for the reader. */
export async function markAllFeedItemsRead(
  db: Db,
  reader: FeedReader,
  filters: MarkAllReadRequest,
): Promise<{ marked: number }> {
  if (filters.source) await requireVisibleSource(db, reader.companyId, filters.source);
  const where = filterCondition(reader, { ...filters, unread: true });
  const [row] = await queryRows<{ marked: number }>(
    db,
    sql`WITH marked AS (
          INSERT INTO feed_item_user_state (user_id, item_id, read_at)
          SELECT ${reader.userId}, ${feedItems.id}, now() FROM ${feedItems} WHERE ${where}
          ON CONFLICT (user_id, item_id) DO UPDATE SET read_at = now()
            WHERE feed_item_user_state.read_at IS NULL
          RETURNING 1)
        SELECT count(*)::int AS marked FROM marked`,
  );
  return { marked: row?.marked ?? 0 };
}
