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
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { classifyFeedItem } from './feed-classify.ts';
import type { ParsedFeedItem } from './feed-parsers.ts';

/**
 * Storing a poll's items: each publication once (deduplicated by its normalised guid, else its
 * link, across every source), linked to each source that carried it, classified, and added to
 * the search index — all in one transaction, so a failure leaves nothing half-written. Items are
 * only ever added or completed here, never deleted or emptied: a source that fails, or brings an
 * item again with less information, does not alter what is stored.
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

/**
 * The dedupe key of an item. A guid that is a web address is the page itself (most feeds make
 * guid and link the same). Any other guid is only unique within its publisher, so it is keyed
 * with the host of the item's link: two sites both numbering their posts "1" stay two items.
 */
export function dedupeKey(item: { guid: string | null; link: string }): string {
  const guid = item.guid?.trim();
  if (guid) {
    if (/^https?:\/\//i.test(guid)) {
      try {
        return `url:${normalizeLink(guid)}`;
      } catch {
        // Not a parsable address after all: treated as an opaque guid below.
      }
    }
    return `guid:${new URL(item.link).host}:${guid}`;
  }
  return `url:${normalizeLink(item.link)}`;
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
  key: string;
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
  return {
    key: dedupeKey(item),
    row: {
      dedupeKey: dedupeKey(item),
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

/**
 * Stores one poll's items for one source (see the module comment). Returns the ids of the items
 * that are new to the platform; the caller announces them after this has committed.
 */
export async function ingestFeedItems(
  db: Db,
  options: { source: IngestSource; items: ParsedFeedItem[]; now: Date },
): Promise<IngestResult> {
  const { source, now } = options;
  const prepared = new Map<string, PreparedItem>();
  for (const item of options.items) {
    let entry: PreparedItem;
    try {
      entry = prepare(item, source, now);
    } catch {
      continue;
    }
    if (!prepared.has(entry.key)) prepared.set(entry.key, entry);
  }
  if (prepared.size === 0) return { newItemIds: [], linkedItemIds: [], itemsSeen: 0 };
  const keys = [...prepared.keys()];

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(feedItems)
      .values([...prepared.values()].map((entry) => entry.row))
      .onConflictDoNothing({ target: feedItems.dedupeKey })
      .returning({ id: feedItems.id });
    const newIds = new Set(inserted.map((row) => row.id));

    const stored: StoredItem[] = await tx
      .select({
        id: feedItems.id,
        dedupeKey: feedItems.dedupeKey,
        title: feedItems.title,
        summary: feedItems.summary,
        publishedAt: feedItems.publishedAt,
        documentType: feedItems.documentType,
        areas: feedItems.areas,
        citations: feedItems.citations,
        agencies: feedItems.agencies,
        effectiveDate: feedItems.effectiveDate,
        commentsCloseOn: feedItems.commentsCloseOn,
      })
      .from(feedItems)
      .where(inArray(feedItems.dedupeKey, keys));

    const completed = new Set<string>();
    for (const [index, item] of stored.entries()) {
      if (newIds.has(item.id)) continue;
      const changes = completion(item, prepared.get(item.dedupeKey)!.row);
      if (Object.keys(changes).length === 0) continue;
      await tx
        .update(feedItems)
        .set({ ...changes, updatedAt: now })
        .where(eq(feedItems.id, item.id));
      stored[index] = { ...item, ...changes } as StoredItem;
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
      itemsSeen: prepared.size,
    };
  });
}
