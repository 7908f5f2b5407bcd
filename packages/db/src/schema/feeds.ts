import {
  FEED_DOCUMENT_TYPES,
  FEED_FORMATS,
  FEED_POLL_INTERVAL_DEFAULT,
  FEED_SOURCE_STATUSES,
  type FeedDocumentType,
  type FeedFormat,
  type FeedSourceStatus,
} from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { allInList, inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Where regulatory news comes from: the platform's default sources (company_id null, edited by
 * super admins) and each company's own. The poll job keeps the conditional-GET validators and
 * the outcome of the last poll here.
 */
export const feedSources = pgTable(
  'feed_sources',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    format: text('format').$type<FeedFormat>().notNull(),
    /** The agency that publishes it (CFPB, OCC…), when there is one. */
    agency: text('agency'),
    pollIntervalMinutes: integer('poll_interval_minutes')
      .notNull()
      .default(FEED_POLL_INTERVAL_DEFAULT),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status').$type<FeedSourceStatus>().notNull().default('pending'),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: timestamptz('last_polled_at'),
    lastSuccessAt: timestamptz('last_success_at'),
    /** When the poll job takes it next (interval, or back-off after failures). */
    nextPollAt: timestamptz('next_poll_at').notNull().defaultNow(),
    /** A poller's lease, so two instances never poll the same source at once. */
    leasedUntil: timestamptz('leased_until'),
    /**
     * Removed by a super admin or the company: no longer polled or listed, but the row stays so
     * that the items it brought stay visible through feed_item_sources, and so that a removed
     * default source is not seeded again at the next start.
     */
    deletedAt: timestamptz('deleted_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('feed_sources_shared_url_idx')
      .on(table.url)
      .where(sql`${table.companyId} IS NULL AND ${table.deletedAt} IS NULL`),
    uniqueIndex('feed_sources_company_url_idx')
      .on(table.companyId, table.url)
      .where(sql`${table.companyId} IS NOT NULL AND ${table.deletedAt} IS NULL`),
    index('feed_sources_due_idx')
      .on(table.nextPollAt)
      .where(sql`${table.enabled} AND ${table.deletedAt} IS NULL`),
    check('feed_sources_format_check', inList(table.format, FEED_FORMATS)),
    check('feed_sources_status_check', inList(table.status, FEED_SOURCE_STATUSES)),
  ],
);

/**
 * One regulatory publication, stored once per scope however many sources carry it (feed-ingest.ts):
 * `dedupe_key` is its normalised guid, else its link, and `link_key` its normalised link; an
 * item matches a stored one on either. The keys of an item from a company's own source start
 * with `company:<id>:`, so it never merges with shared items or other companies'. Items are
 * never deleted when a source fails or is removed.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    id: uuidPrimaryKey(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Null only for rows written without the ingestion pipeline (tests). */
    linkKey: text('link_key'),
    guid: text('guid'),
    link: text('link').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** The publication date the feed gave; null when it gave none (first_seen_at stands in). */
    publishedAt: timestamptz('published_at'),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    /** publishedAt, else firstSeenAt: what "newest first" sorts by. */
    sortAt: timestamptz('sort_at').notNull().defaultNow(),
    documentType: text('document_type').$type<FeedDocumentType>().notNull(),
    areas: text('areas')
      .array()
      .$type<RegulationArea[]>()
      .notNull()
      .default(sql`'{}'`),
    citations: text('citations')
      .array()
      .notNull()
      .default(sql`'{}'`),
    agencies: text('agencies')
      .array()
      .notNull()
      .default(sql`'{}'`),
    effectiveDate: date('effective_date', { mode: 'string' }),
    commentsCloseOn: date('comments_close_on', { mode: 'string' }),
    /** Source-specific extras (Federal Register document number…). */
    extra: jsonb('extra').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Newest first with a tie-breaker (many Federal Register documents share a date): the feed's
    // pages walk this index and stop at the page's end.
    index('feed_items_sort_idx').on(table.sortAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('feed_items_link_key_idx').on(table.linkKey),
    index('feed_items_areas_idx').using('gin', table.areas),
    // The feed page's word filter (`q`) matches this very expression (feed-items.ts).
    index('feed_items_text_idx').using(
      'gin',
      sql`to_tsvector('english', ${table.title} || ' ' || ${table.summary})`,
    ),
    check('feed_items_type_check', inList(table.documentType, FEED_DOCUMENT_TYPES)),
    check('feed_items_areas_check', allInList(table.areas, REGULATION_AREAS)),
  ],
);

/** Which sources carried an item: a company sees the items of the shared sources and its own. */
export const feedItemSources = pgTable(
  'feed_item_sources',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => feedSources.id, { onDelete: 'cascade' }),
    /** Copied from the source so visibility is one index lookup. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.sourceId] }),
    index('feed_item_sources_source_idx').on(table.sourceId),
    index('feed_item_sources_company_idx').on(table.companyId, table.itemId),
  ],
);

/** Read and starred, per user. */
export const feedItemUserState = pgTable(
  'feed_item_user_state',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at'),
    starredAt: timestamptz('starred_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index('feed_item_user_state_item_idx').on(table.itemId),
  ],
);

/**
 * An item's relevance to one company (0–100, from its profile and watchlist), computed when the
 * item arrives and when the watchlist changes. `alerted_at` is set by the one instance that wins
 * the update, so a matching item is announced once.
 */
export const feedItemRelevance = pgTable(
  'feed_item_relevance',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    /** Why: "Watched area: TRID", "Keyword: escrow"… */
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'`),
    watchlistMatch: boolean('watchlist_match').notNull().default(false),
    alertedAt: timestamptz('alerted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.itemId] }),
    index('feed_item_relevance_item_idx').on(table.itemId),
    check('feed_item_relevance_score_check', sql`${table.score} BETWEEN 0 AND 100`),
  ],
);

/** What a company wants to be alerted about. */
export const companyWatchlists = pgTable(
  'company_watchlists',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    areas: text('areas')
      .array()
      .$type<RegulationArea[]>()
      .notNull()
      .default(sql`'{}'`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'`),
    agencies: text('agencies')
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [check('company_watchlists_areas_check', allInList(table.areas, REGULATION_AREAS))],
);

/**
 * One row per digest email sent (`period` like 'daily:2026-11-22' or 'weekly:2026-W47'): the
 * instance whose insert wins sends it, so a digest goes out once.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    itemCount: integer('item_count').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.period] })],
);
