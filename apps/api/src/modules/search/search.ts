import { queryPreparedRows, type Db } from '@complivue/db/database';
import { parseSearchQuery } from '@complivue/shared/citation-search';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import {
  SEARCH_PAGE_SIZE,
  type SearchKind,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@complivue/shared/schemas/search';
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_KIND_FEED_ITEM } from '../feeds/feed-ingest.ts';
import { SEARCH_KIND_POLICY_SECTION } from '../policies/policies.service.ts';

// Control characters cannot occur in indexed text, so they mark the highlights unambiguously.
const HIT_START = '\u0001';
const HIT_END = '\u0002';

/** "…text \u0001hit\u0002 text…" → pieces the page renders as text, never as HTML. */
export function snippetPieces(snippet: string): SearchResult['snippet'] {
  const pieces: SearchResult['snippet'] = [];
  for (const part of snippet.split(HIT_START)) {
    const end = part.indexOf(HIT_END);
    if (end === -1) {
      if (part) pieces.push({ text: part, hit: false });
      continue;
    }
    pieces.push({ text: part.slice(0, end), hit: true });
    if (part.length > end + 1) pieces.push({ text: part.slice(end + 1), hit: false });
  }
  return pieces;
}

/**
 * The tsquery of a typed query: its words through websearch_to_tsquery (quotes, OR and -word
 * work; malformed syntax is tolerated), AND the citation terms it names (citation-search.ts).
 * Null when nothing searchable is left.
 */
export function tsQuery(query: string): SQL | null {
  const parsed = parseSearchQuery(query);
  const words = parsed.text ? sql`websearch_to_tsquery('english', ${parsed.text})` : null;
  // Citation terms are letters and digits only (built by our own patterns), joined with &.
  const citations = parsed.citationTerms.length
    ? sql`to_tsquery('simple', ${parsed.citationTerms.join(' & ')})`
    : null;
  if (words && citations) return sql`(${words} && ${citations})`;
  return words ?? citations;
}

interface Row {
  kind: SearchKind | null;
  ref_id: string | null;
  title: string | null;
  path: string | null;
  area: RegulationArea | null;
  snippet: string | null;
  total: number;
  kind_facets: { value: SearchKind; count: number }[];
  area_facets: { value: RegulationArea; count: number }[];
}

/**
 * Full-text search over the index for one reader: shared documents and their institution's own.
 *
 * Ranking follows the weights title A > citations B > summary C > body D in two tiers, so that a
 * broad term does not mean ranking thousands of 600-word vectors: documents that match in their
 * title, citations or summary come first, ranked by the small head vector; body-only matches
 * follow, ranked by the whole vector, and are ranked only when the page reaches them. Snippets
 * (ts_headline, the costly part: it parses the text it is given) are made for the page shown
 * only, from the summary for a document that matches in its head (title, citations, summary)
 * and has one, and from the summary and body otherwise. Totals and facets (by kind
 * and area, before the kind/area filters) come from the same scan of the GIN index.
 */
export async function search(
  db: Db,
  reader: {
    companyId: string | null;
    /**
     * Whether the reader's plan opens /regulatory-feeds: regulatory updates (kind 'feed_item')
     * are paid content, so unless this is true they are neither found nor counted in the facets.
     */
    feedItems?: boolean;
    /**
     * Whether the reader's plan opens /policy-cross-referencing: the company's policy sections
     * (kind 'policy_section') are found only then, as the page's routes are reached only then.
     */
    policies?: boolean;
  },
  query: SearchQuery,
): Promise<SearchResponse> {
  const empty: SearchResponse = {
    items: [],
    total: 0,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    facets: { kind: [], area: [] },
  };
  const tsquery = tsQuery(query.q);
  if (!tsquery) return empty;
  const ownership = reader.companyId
    ? sql`(d.company_id IS NULL OR d.company_id = ${reader.companyId})`
    : sql`d.company_id IS NULL`;
  // Kinds the reader's plan does not open are neither found nor counted in the facets.
  const hidden = [
    ...(reader.feedItems === true ? [] : [SEARCH_KIND_FEED_ITEM]),
    ...(reader.policies === true ? [] : [SEARCH_KIND_POLICY_SECTION]),
  ];
  const visible = hidden.length
    ? sql`${ownership} AND d.kind NOT IN (${sql.join(
        hidden.map((kind) => sql`${kind}`),
        sql`, `,
      )})`
    : ownership;
  const filters = sql.join(
    [
      sql`true`,
      ...(query.type ? [sql`kind = ${query.type}`] : []),
      ...(query.area ? [sql`area = ${query.area}`] : []),
    ],
    sql` AND `,
  );
  const offset = (query.page - 1) * SEARCH_PAGE_SIZE;
  const reach = offset + SEARCH_PAGE_SIZE;

  const rows = await queryPreparedRows<Row>(
    db,
    sql`WITH q AS (SELECT ${tsquery} AS tsq),
      matches AS MATERIALIZED (
        SELECT d.id, d.kind, d.area,
          CASE WHEN d.tsv_head @@ q.tsq THEN 1 + ts_rank(d.tsv_head, q.tsq) END AS head_rank
        FROM search_documents d, q
        WHERE d.tsv @@ q.tsq AND ${visible}),
      filtered AS MATERIALIZED (SELECT id, head_rank FROM matches WHERE ${filters}),
      head_tier AS MATERIALIZED (
        SELECT id, head_rank AS rank, true AS in_head FROM filtered
        WHERE head_rank IS NOT NULL
        ORDER BY rank DESC, id LIMIT ${reach}),
      body_tier AS (
        SELECT f.id, ts_rank(d.tsv, q.tsq) AS rank, false AS in_head
        FROM filtered f JOIN search_documents d ON d.id = f.id, q
        WHERE f.head_rank IS NULL AND (SELECT count(*) FROM head_tier) < ${reach}
        ORDER BY rank DESC, f.id LIMIT ${reach}),
      page AS (
        SELECT id, rank, in_head FROM (SELECT * FROM head_tier UNION ALL SELECT * FROM body_tier) tiers
        ORDER BY rank DESC, id LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}),
      counts AS (
        SELECT (SELECT count(*)::int FROM filtered) AS total,
          (SELECT coalesce(json_agg(k), '[]') FROM
            (SELECT kind AS value, count(*)::int AS count FROM matches GROUP BY kind ORDER BY count DESC) k) AS kind_facets,
          (SELECT coalesce(json_agg(a), '[]') FROM
            (SELECT area AS value, count(*)::int AS count FROM matches WHERE area IS NOT NULL
              GROUP BY area ORDER BY count DESC) a) AS area_facets)
      SELECT d.kind, d.ref_id, d.title, d.path, d.area, counts.*,
        ts_headline('english', CASE WHEN p.in_head AND d.summary <> '' THEN d.summary ELSE d.summary || ' ' || d.body END, q.tsq,
          'MaxWords=32, MinWords=14, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${sql.raw(`"${HIT_START}"`)}, StopSel=${sql.raw(`"${HIT_END}"`)}') AS snippet
      FROM counts CROSS JOIN q
      LEFT JOIN page p ON true
      LEFT JOIN search_documents d ON d.id = p.id
      ORDER BY p.rank DESC NULLS LAST, d.id`,
  );
  const first = rows[0];
  return {
    items: rows.flatMap((row) =>
      row.kind && row.ref_id && row.title && row.path
        ? [
            {
              kind: row.kind,
              refId: row.ref_id,
              title: row.title,
              path: row.path,
              area: row.area,
              snippet: snippetPieces(row.snippet ?? ''),
            },
          ]
        : [],
    ),
    total: first?.total ?? 0,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    facets: { kind: first?.kind_facets ?? [], area: first?.area_facets ?? [] },
  };
}
