import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { AGENCIES, FEED_DOCUMENT_TYPES, FEED_FORMATS } from '../regulatory-monitoring.ts';
import { pageOf } from './paging.ts';

/*
 * Reading the regulatory feeds (`/regulatory-feeds`): the items a company sees, each reader's
 * read and starred state, the company's relevance score, and the watchlist that drives smart
 * alerts. Sources and ingestion have their own schemas (feed-sources.ts).
 */

export const WATCHLIST_MAX_KEYWORDS = 50;
export const WATCHLIST_KEYWORD_MIN_LENGTH = 2;
export const WATCHLIST_KEYWORD_MAX_LENGTH = 60;

/** An item whose effective date is this close (or an item's final rule in a watched area) is a high-priority alert. */
export const ALERT_EFFECTIVE_WITHIN_DAYS = 90;

/** When the watchlist changes, the relevance of the company's items of this many days is recomputed. */
export const RELEVANCE_RECOMPUTE_DAYS = 180;

export const FEEDS_MESSAGES = {
  item_not_found: 'This regulatory update does not exist or is not visible to your institution.',
  state_empty: 'Say whether the update is read, starred, or both.',
  date_range: 'The start date must be on or before the end date.',
  keyword_length: `Each keyword must be ${WATCHLIST_KEYWORD_MIN_LENGTH} to ${WATCHLIST_KEYWORD_MAX_LENGTH} characters.`,
  keyword_characters: 'A keyword needs at least one letter or digit and no control characters.',
  too_many_keywords: `A watchlist holds at most ${WATCHLIST_MAX_KEYWORDS} keywords.`,
  duplicate_keyword: 'Each keyword may appear only once.',
  area: 'Choose regulation areas from the list.',
  agency: 'Choose agencies from the list.',
  watchlist_saved: 'Watchlist saved. Relevance of recent updates has been recomputed.',
} as const;

const booleanFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

const dayRange = <T extends { from?: string; to?: string }>(value: T) =>
  !value.from || !value.to || value.from <= value.to;

/** The filters of the list, as a query string (`?area=trid&unread=true…`). */
export const feedItemListQuerySchema = z
  .object({
    area: z.enum(REGULATION_AREAS).optional(),
    type: z.enum(FEED_DOCUMENT_TYPES).optional(),
    source: z.uuid().optional(),
    /** Publication day (UTC), inclusive. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    unread: booleanFlag,
    starred: booleanFlag,
    /** Words of the title or summary. */
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine(dayRange, { message: FEEDS_MESSAGES.date_range, path: ['from'] });
export type FeedItemListQuery = z.infer<typeof feedItemListQuerySchema>;

/** "Mark all as read", optionally only for the filters shown. */
export const markAllReadRequestSchema = z
  .object({
    area: z.enum(REGULATION_AREAS).optional(),
    type: z.enum(FEED_DOCUMENT_TYPES).optional(),
    source: z.uuid().optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    starred: z.boolean().optional(),
    q: z.string().trim().max(200).optional(),
  })
  .refine(dayRange, { message: FEEDS_MESSAGES.date_range, path: ['from'] });
export type MarkAllReadRequest = z.infer<typeof markAllReadRequestSchema>;

export const markAllReadResponseSchema = z.object({ marked: z.number().int() });

/** A score from which an update is "Relevant" to the institution, and "High relevance". */
export const RELEVANT_FROM = 40;
export const HIGH_RELEVANCE_FROM = 70;

/** The word a relevance score shows as (feed-relevance.ts on the server documents the score). */
export function relevanceLevel(score: number): 'high' | 'medium' | 'low' | 'none' {
  if (score >= HIGH_RELEVANCE_FROM) return 'high';
  if (score >= RELEVANT_FROM) return 'medium';
  if (score > 0) return 'low';
  return 'none';
}

export const feedItemRelevanceSchema = z.object({
  /** 0–100 (feed-relevance.ts documents the formula). */
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  watchlistMatch: z.boolean(),
});
export type FeedItemRelevance = z.infer<typeof feedItemRelevanceSchema>;

const feedItemSourceRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const feedItemSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  link: z.string(),
  documentType: z.enum(FEED_DOCUMENT_TYPES),
  areas: z.array(z.enum(REGULATION_AREAS)),
  agencies: z.array(z.string()),
  sources: z.array(feedItemSourceRefSchema),
  /** When the feed says it was published; null when it gave no date. */
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** What "newest first" sorts by: the publication date, else when it was first seen. */
  sortAt: z.iso.datetime({ offset: true }),
  effectiveDate: z.iso.date().nullable(),
  commentsCloseOn: z.iso.date().nullable(),
  relevance: feedItemRelevanceSchema,
  read: z.boolean(),
  starred: z.boolean(),
});
export type FeedItemSummary = z.infer<typeof feedItemSummarySchema>;

export const feedItemListResponseSchema = pageOf(feedItemSummarySchema).extend({
  /** The caller's unread items among all the company's (not only the filtered ones). */
  unreadCount: z.number().int(),
});
export type FeedItemListResponse = z.infer<typeof feedItemListResponseSchema>;

export const feedItemDetailSchema = feedItemSummarySchema.extend({
  citations: z.array(z.string()),
  guid: z.string().nullable(),
  firstSeenAt: z.iso.datetime({ offset: true }),
  /** Source-specific facts (Federal Register document number…). */
  extra: z.record(z.string(), z.string()),
  sources: z.array(
    feedItemSourceRefSchema.extend({
      format: z.enum(FEED_FORMATS),
      agency: z.string().nullable(),
      /** Your institution's own source (else one of the platform's). */
      companyOwned: z.boolean(),
      firstSeenAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type FeedItemDetail = z.infer<typeof feedItemDetailSchema>;

export const feedItemStateRequestSchema = z
  .object({ read: z.boolean().optional(), starred: z.boolean().optional() })
  .refine((value) => value.read !== undefined || value.starred !== undefined, {
    message: FEEDS_MESSAGES.state_empty,
  });
export type FeedItemStateRequest = z.infer<typeof feedItemStateRequestSchema>;

export const feedItemStateSchema = z.object({ read: z.boolean(), starred: z.boolean() });

const keywordSchema = z
  .string()
  .trim()
  .min(WATCHLIST_KEYWORD_MIN_LENGTH, FEEDS_MESSAGES.keyword_length)
  .max(WATCHLIST_KEYWORD_MAX_LENGTH, FEEDS_MESSAGES.keyword_length)
  .refine(
    // eslint-disable-next-line no-control-regex
    (value) => /[\p{L}\p{N}]/u.test(value) && !/[\u0000-\u001f\u007f]/.test(value),
    FEEDS_MESSAGES.keyword_characters,
  )
  .transform((value) => value.replace(/\s+/g, ' '));

const uniqueList = <T extends string>(values: T[]) =>
  new Set(values.map((value) => value.toLowerCase())).size === values.length;

export const updateWatchlistRequestSchema = z.object({
  areas: z
    .array(z.enum(REGULATION_AREAS, FEEDS_MESSAGES.area))
    .max(REGULATION_AREAS.length)
    .refine(uniqueList, FEEDS_MESSAGES.area),
  keywords: z
    .array(keywordSchema)
    .max(WATCHLIST_MAX_KEYWORDS, FEEDS_MESSAGES.too_many_keywords)
    .refine(uniqueList, FEEDS_MESSAGES.duplicate_keyword),
  agencies: z
    .array(z.enum(AGENCIES, FEEDS_MESSAGES.agency))
    .max(AGENCIES.length)
    .refine(uniqueList, FEEDS_MESSAGES.agency),
});
export type UpdateWatchlistRequest = z.infer<typeof updateWatchlistRequestSchema>;

export const watchlistSchema = z.object({
  areas: z.array(z.enum(REGULATION_AREAS)),
  keywords: z.array(z.string()),
  agencies: z.array(z.enum(AGENCIES)),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedByName: z.string().nullable(),
  /** Whether the caller may change it (managers and administrators). */
  canEdit: z.boolean(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;
