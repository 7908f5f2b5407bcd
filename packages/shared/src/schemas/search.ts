import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';

/** Kinds of documents in the search index; later capabilities add theirs. */
export const SEARCH_KINDS = ['article', 'rule', 'feed_item', 'policy_section'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  article: 'Articles',
  rule: 'Rules',
  feed_item: 'Regulatory updates',
  policy_section: 'Policy sections',
};

/** One result's kind, as its card names it. */
export const SEARCH_KIND_ITEM_LABELS: Record<SearchKind, string> = {
  article: 'Article',
  rule: 'Rule',
  feed_item: 'Regulatory update',
  policy_section: 'Policy section',
};

/**
 * Results a page: ten, as search engines show them. Each carries a snippet made from the
 * document's text, the costly part of a search (lists elsewhere page by 25, without one).
 */
export const SEARCH_PAGE_SIZE = 10;

/** Longer queries are cut here: nobody types more, and a pasted page must not cost more. */
export const SEARCH_QUERY_MAX_LENGTH = 300;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .max(20_000, 'The search is too long.')
    .transform((value) => value.slice(0, SEARCH_QUERY_MAX_LENGTH).trim()),
  type: z.enum(SEARCH_KINDS).optional(),
  area: z.enum(REGULATION_AREAS).optional(),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  refId: z.string(),
  title: z.string(),
  path: z.string(),
  area: z.enum(REGULATION_AREAS).nullable(),
  /** The matching passage, in pieces; `hit` pieces are the matched words. */
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  items: z.array(searchResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(SEARCH_PAGE_SIZE),
  facets: z.object({
    kind: z.array(z.object({ value: z.enum(SEARCH_KINDS), count: z.number().int() })),
    area: z.array(z.object({ value: z.enum(REGULATION_AREAS), count: z.number().int() })),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The institution's own records the header's search suggests beside the library (issue 26):
 * each kind only to members whose plan and role open its page.
 */
export const RECORD_KINDS = [
  'change',
  'calendar_event',
  'risk',
  'finding',
  'policy',
  'support_ticket',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  change: 'Changes',
  calendar_event: 'Calendar',
  risk: 'Risks',
  finding: 'Findings',
  policy: 'Policies',
  support_ticket: 'Support tickets',
};

/** How many records of each kind a search suggests: the newest first. */
export const RECORD_RESULTS_PER_KIND = 5;

export const recordSearchQuerySchema = z.object({
  q: z
    .string()
    .max(20_000, 'The search is too long.')
    .transform((value) => value.slice(0, 200).trim()),
});

export const recordResultSchema = z.object({
  id: z.string(),
  /** As people quote it: "CHG-12 “Escrow cushion change”". */
  label: z.string(),
  /** A short line under the label: a status, a due date. */
  detail: z.string(),
  path: z.string(),
});
export type RecordResult = z.infer<typeof recordResultSchema>;

export const recordSearchResponseSchema = z.object({
  groups: z.array(z.object({ kind: z.enum(RECORD_KINDS), items: z.array(recordResultSchema) })),
});
export type RecordSearchResponse = z.infer<typeof recordSearchResponseSchema>;
