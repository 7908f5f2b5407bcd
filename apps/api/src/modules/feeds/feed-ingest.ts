import type { Db } from '@complivue/db/database';
import { upsertSearchDocument } from '@complivue/db/library/load-library';
import { feedItems, feedItemSources } from '@complivue/db/schema/feeds';
import { searchDocuments } from '@complivue/db/schema/library';
import { citationIndexText } from '@complivue/shared/citation-search';
import {
  AGENCY_LABELS,
  FEED_DOCUMENT_TYPE_LABELS,
  type Agency,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import { and, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { classifyFeedItem } from './feed-classify.ts';
import type { ParsedFeedItem } from './feed-parsers.ts';

/**
 * Storing a poll's items: each publication once per scope, linked to each source that carried
 * it, classified, and added to the search index — all in one transaction, so a failure leaves
 * nothing half-written. Items are only ever added or completed here, never deleted or emptied: a
 * source that fails, or brings an item again with less information, does not alter what is
 * stored.
 *
 * Deduplication is by guid OR link: an incoming item is the stored item whose dedupe key (its
 * guid, else its link) or link key (its normalised link) equals either of the incoming item's
 * keys. The scope keeps tenants apart: the shared sources' items are one scope, and each
 * company's own sources are a scope of their own (keys prefixed `company:<id>:`). A company's
 * source can therefore never put its wording, link or dates into an item other companies see,
 * however it chooses its guids. A company's source that carries an item already stored from a
 * shared source is linked to that item (it shows once), without completing it.
 */

export const SEARCH_KIND_FEED_ITEM = 'feed_item';

export const feedItemSearchPath = (itemId: string) => `/regulatory-feeds?item=${itemId}`;

const TRACKING_PARAMETER = /^(utm_[a-z_]*|fbclid|gclid|mc_cid|mc_eid)$/i;

/**
 * A link as a dedupe key: lower-case host, no fragment, no trailing slash, no tracking
 * parameters, and the scheme left out (one agency page is one publication over http or https).
 */
export function normalizeLink(link: string): string {
  const url = new URL(link);
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
  }
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.host}${path}${url.search}`;
}

/** The prefix of a scope's keys: none for the shared sources, `company:<id>:` for a company's. */
export function scopePrefix(companyId: string | null): string {
  return companyId ? `company:${companyId}:` : '';
}

/**
 * The dedupe key of an item within a scope (see the module comment). A guid that is a web
 * address is the page itself (most feeds make guid and link the same). Any other guid is only
 * unique within its publisher, so it is keyed with the host of the item's link: two sites both
 * numbering their posts "1" stay two items.
 */
export function dedupeKey(
  item: { guid: string | null; link: string },
  companyId: string | null = null,
): string {
  const prefix = scopePrefix(companyId);
  const guid = item.guid?.trim();
  if (guid) {
    if (/^https?:\/\//i.test(guid)) {
      try {
        return `${prefix}url:${normalizeLink(guid)}`;
      } catch {
        // Not a parsable address after all: treated as an opaque guid below.
      }
    }
    return `${prefix}guid:${new URL(item.link).host}:${guid}`;
  }
  return linkKey(item.link, companyId);
}

/** The link key of an item within a scope: its normalised link (the dedupe key of a guid-less item). */
export function linkKey(link: string, companyId: string | null = null): string {
  return `${scopePrefix(companyId)}url:${normalizeLink(link)}`;
}

export interface IngestSource {
  id: string;
  /** Null: a shared source, whose items every company sees. */
  companyId: string | null;
  agency: string | null;
}

export interface IngestResult {
  /** Items stored for the first time by this poll (onNewFeedItems announces them). */
  newItemIds: string[];
  /** Items this source carried for the first time (new, or already stored from another source). */
  linkedItemIds: string[];
  itemsSeen: number;
}

interface PreparedItem {
  /** Both keys in the source's scope. */
  key: string;
  linkKey: string;
  /** Both keys in the shared scope (a company's source links to a shared item carrying them). */
  sharedKeys: [string, string];
  row: typeof feedItems.$inferInsert;
}

function prepare(item: ParsedFeedItem, source: IngestSource, now: Date): PreparedItem {
  const classification = classifyFeedItem({
    title: item.title,
    summary: item.summary,
    citations: item.citations,
    categories: item.categories,
    documentType: item.documentType,
    federalRegisterType: item.extra.federalRegisterType ?? null,
    agencies: item.agencies,
    sourceAgency: source.agency,
  });
  // A date in the future is a feed's mistake; it must not pin the item to the top for ever.
  const sortAt = item.publishedAt && item.publishedAt < now ? item.publishedAt : now;
  const key = dedupeKey(item, source.companyId);
  const link = linkKey(item.link, source.companyId);
  return {
    key,
    linkKey: link,
    sharedKeys: [dedupeKey(item), linkKey(item.link)],
    row: {
      dedupeKey: key,
      linkKey: link,
      guid: item.guid,
      link: item.link,
      title: item.title,
      summary: item.summary,
      publishedAt: item.publishedAt,
      firstSeenAt: now,
      sortAt,
      documentType: classification.documentType,
      areas: classification.areas,
      citations: classification.citations,
      agencies: classification.agencies,
      effectiveDate: item.effectiveDate,
      commentsCloseOn: item.commentsCloseOn,
      extra: Object.keys(item.extra).length > 0 ? item.extra : null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

type StoredItem = Pick<
  typeof feedItems.$inferSelect,
  | 'id'
  | 'dedupeKey'
  | 'linkKey'
  | 'title'
  | 'summary'
  | 'publishedAt'
  | 'documentType'
  | 'areas'
  | 'citations'
  | 'agencies'
  | 'effectiveDate'
  | 'commentsCloseOn'
>;

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

/**
 * What another copy of a stored item may add: a summary or dates it lacked, more areas,
 * citations and agencies. Never a change of what is there (two sources wording an item
 * differently would otherwise rewrite it at every poll).
 */
function completion(stored: StoredItem, incoming: typeof feedItems.$inferInsert) {
  const changes: Partial<typeof feedItems.$inferInsert> = {};
  if (!stored.linkKey && incoming.linkKey) changes.linkKey = incoming.linkKey;
  if (!stored.summary && incoming.summary) changes.summary = incoming.summary;
  if (!stored.publishedAt && incoming.publishedAt) changes.publishedAt = incoming.publishedAt;
  if (!stored.effectiveDate && incoming.effectiveDate)
    changes.effectiveDate = incoming.effectiveDate;
  if (!stored.commentsCloseOn && incoming.commentsCloseOn)
    changes.commentsCloseOn = incoming.commentsCloseOn;
  const areas = union(stored.areas, incoming.areas ?? []);
  if (areas.length !== stored.areas.length) changes.areas = areas as RegulationArea[];
  const citations = union(stored.citations, incoming.citations ?? []);
  if (citations.length !== stored.citations.length) changes.citations = citations;
  const agencies = union(stored.agencies, incoming.agencies ?? []);
  if (agencies.length !== stored.agencies.length) changes.agencies = agencies;
  // A press release announcing a rule is one; the Federal Register's own type is better still.
  if (stored.documentType === 'press_release' && incoming.documentType !== 'press_release') {
    changes.documentType = incoming.documentType as FeedDocumentType;
  }
  return changes;
}

/** The search index entry of an item (shared, or one company's copy of a private item). */
async function indexItem(db: Db, item: StoredItem, companyId: string | null): Promise<void> {
  const areas = item.areas as RegulationArea[];
  await upsertSearchDocument(db, {
    kind: SEARCH_KIND_FEED_ITEM,
    refId: companyId ? `${item.id}:${companyId}` : item.id,
    companyId,
    area: areas[0] ?? null,
    title: item.title,
    path: feedItemSearchPath(item.id),
    citationTerms: citationIndexText(item.citations),
    summary: item.summary,
    body: [
      FEED_DOCUMENT_TYPE_LABELS[item.documentType],
      ...item.agencies.map((agency) => `${agency} ${AGENCY_LABELS[agency as Agency] ?? ''}`),
      ...areas.map(
        (area) => `${REGULATION_AREA_INFO[area].tag} ${REGULATION_AREA_INFO[area].label}`,
      ),
    ].join('. '),
  });
}

const storedColumns = {
  id: feedItems.id,
  dedupeKey: feedItems.dedupeKey,
  linkKey: feedItems.linkKey,
  title: feedItems.title,
  summary: feedItems.summary,
  publishedAt: feedItems.publishedAt,
  documentType: feedItems.documentType,
  areas: feedItems.areas,
  citations: feedItems.citations,
  agencies: feedItems.agencies,
  effectiveDate: feedItems.effectiveDate,
  commentsCloseOn: feedItems.commentsCloseOn,
};

/** Stored items whose dedupe key or link key is one of `keys`. */
function findByKeys(db: Db, keys: string[], extra?: SQL) {
  return db
    .select(storedColumns)
    .from(feedItems)
    .where(and(or(inArray(feedItems.dedupeKey, keys), inArray(feedItems.linkKey, keys)), extra));
}

/** Finds, for an item's two keys, the stored item with either key (dedupe key first). */
function keyMatcher(rows: StoredItem[]) {
  const byKey = new Map<string, StoredItem>();
  const byLink = new Map<string, StoredItem>();
  for (const row of rows) {
    byKey.set(row.dedupeKey, row);
    if (row.linkKey && !byLink.has(row.linkKey)) byLink.set(row.linkKey, row);
  }
  return (key: string, link: string): StoredItem | undefined =>
    byKey.get(key) ?? byLink.get(key) ?? byKey.get(link) ?? byLink.get(link);
}

/** The advisory lock class of ingestion (the second key is the scope's hash). */
const INGEST_LOCK_CLASS = 0x66656564; // 'feed'

/**
 * Stores one poll's items for one source (see the module comment). Returns the ids of the items
 * that are new to the platform; the caller announces them after this has committed.
 */
export async function ingestFeedItems(
  db: Db,
  options: { source: IngestSource; items: ParsedFeedItem[]; now: Date },
): Promise<IngestResult> {
  const { source, now } = options;
  const prepared: PreparedItem[] = [];
  const seen = new Set<string>();
  for (const item of options.items) {
    let entry: PreparedItem;
    try {
      entry = prepare(item, source, now);
    } catch {
      continue;
    }
    // One document naming a publication twice (by guid, then by link) stores it once.
    if (seen.has(entry.key) || seen.has(entry.linkKey)) continue;
    seen.add(entry.key);
    seen.add(entry.linkKey);
    prepared.push(entry);
  }
  if (prepared.length === 0) return { newItemIds: [], linkedItemIds: [], itemsSeen: 0 };

  return db.transaction(async (tx) => {
    // Lookup and insert of one scope are serialised across instances: two polls carrying the
    // same publication under different keys (a guid here, only the link there) cannot both
    // find nothing and both insert it.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${INGEST_LOCK_CLASS}::int, hashtext(${`feed-ingest:${scopePrefix(source.companyId) || 'shared'}`}))`,
    );
    const own = keyMatcher(
      await findByKeys(tx, [...new Set(prepared.flatMap((entry) => [entry.key, entry.linkKey]))]),
    );
    // A company's source links to an item a shared source already brought (it then shows once),
    // and never completes it.
    const sharedMatcher = source.companyId
      ? keyMatcher(
          await findByKeys(
            tx,
            [...new Set(prepared.flatMap((entry) => entry.sharedKeys))],
            sql`EXISTS (SELECT 1 FROM feed_item_sources shr
              WHERE shr.item_id = ${feedItems.id} AND shr.company_id IS NULL)`,
          ),
        )
      : null;

    const existing = new Map<string, { item: StoredItem; entry: PreparedItem | null }>();
    const fresh: PreparedItem[] = [];
    for (const entry of prepared) {
      const ownMatch = own(entry.key, entry.linkKey);
      const sharedMatch = ownMatch ? undefined : sharedMatcher?.(...entry.sharedKeys);
      const match = ownMatch ?? sharedMatch;
      if (match) {
        if (!existing.has(match.id)) {
          existing.set(match.id, { item: match, entry: ownMatch ? entry : null });
        }
      } else {
        fresh.push(entry);
      }
    }

    const newIds = new Set<string>();
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(feedItems)
        .values(fresh.map((entry) => entry.row))
        .onConflictDoNothing({ target: feedItems.dedupeKey })
        .returning(storedColumns);
      for (const item of inserted) {
        newIds.add(item.id);
        existing.set(item.id, { item, entry: null });
      }
      // Written meanwhile by something that does not take the lock (the demo's seed): stored.
      const insertedKeys = new Set(inserted.map((item) => item.dedupeKey));
      const missing = fresh.filter((entry) => !insertedKeys.has(entry.key));
      if (missing.length > 0) {
        const byKey = new Map(missing.map((entry) => [entry.key, entry]));
        for (const item of await tx
          .select(storedColumns)
          .from(feedItems)
          .where(inArray(feedItems.dedupeKey, [...byKey.keys()]))) {
          existing.set(item.id, { item, entry: byKey.get(item.dedupeKey) ?? null });
        }
      }
    }

    const stored: StoredItem[] = [];
    const completed = new Set<string>();
    for (const { item, entry } of existing.values()) {
      const changes = entry ? completion(item, entry.row) : {};
      if (Object.keys(changes).length === 0) {
        stored.push(item);
        continue;
      }
      await tx
        .update(feedItems)
        .set({ ...changes, updatedAt: now })
        .where(eq(feedItems.id, item.id));
      stored.push({ ...item, ...changes } as StoredItem);
      completed.add(item.id);
    }

    const linked = await tx
      .insert(feedItemSources)
      .values(
        stored.map((item) => ({
          itemId: item.id,
          sourceId: source.id,
          companyId: source.companyId,
          firstSeenAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ itemId: feedItemSources.itemId });
    const linkedIds = new Set(linked.map((row) => row.itemId));

    // The index follows visibility: a shared entry once any shared source carries the item,
    // else one entry per company whose own sources carry it.
    const toIndex = stored.filter((item) => linkedIds.has(item.id) || completed.has(item.id));
    if (toIndex.length > 0) {
      const sharedRows = await tx
        .selectDistinct({ itemId: feedItemSources.itemId })
        .from(feedItemSources)
        .where(
          and(
            inArray(
              feedItemSources.itemId,
              toIndex.map((item) => item.id),
            ),
            isNull(feedItemSources.companyId),
          ),
        );
      const shared = new Set(sharedRows.map((row) => row.itemId));
      for (const item of toIndex) {
        if (shared.has(item.id)) {
          await indexItem(tx, item, null);
          await tx
            .delete(searchDocuments)
            .where(
              and(
                eq(searchDocuments.kind, SEARCH_KIND_FEED_ITEM),
                like(searchDocuments.refId, `${item.id}:%`),
              ),
            );
        } else {
          const companies = await tx
            .selectDistinct({ companyId: feedItemSources.companyId })
            .from(feedItemSources)
            .where(eq(feedItemSources.itemId, item.id));
          for (const { companyId } of companies) {
            if (companyId) await indexItem(tx, item, companyId);
          }
        }
      }
    }

    return {
      newItemIds: stored.filter((item) => newIds.has(item.id)).map((item) => item.id),
      linkedItemIds: [...linkedIds],
      itemsSeen: prepared.length,
    };
  });
}
