import { queryRows, type Db } from '@complivue/db/database';
import { parseSearchQuery } from '@complivue/shared/citation-search';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import type {
  SearchKind,
  SearchQuery,
  SearchResponse,
  SearchResult,
} from '@complivue/shared/schemas/search';
import { sql, type SQL } from 'drizzle-orm';

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
  kind: SearchKind;
  ref_id: string;
  title: string;
  path: string;
  area: RegulationArea | null;
  snippet: string;
  total: number;
}

/**
 * Full-text search over the index for one reader: shared documents and their institution's own.
 * Ranking (title A > citations B > summary C > body D) runs over the matches; snippets
 * (ts_headline, the costly part) only for the page shown. Facets count the matches by kind and
 * area, before the kind/area filters, so the page can offer them.
 */
export async function search(
  db: Db,
  reader: { companyId: string | null },
  query: SearchQuery,
): Promise<SearchResponse> {
  const empty: SearchResponse = {
    items: [],
    total: 0,
    page: query.page,
    pageSize: PAGE_SIZE,
    facets: { kind: [], area: [] },
  };
  const tsquery = tsQuery(query.q);
  if (!tsquery) return empty;
  const visible = reader.companyId
    ? sql`(d.company_id IS NULL OR d.company_id = ${reader.companyId})`
    : sql`d.company_id IS NULL`;
  const filters = sql.join(
    [
      sql`true`,
      ...(query.type ? [sql`kind = ${query.type}`] : []),
      ...(query.area ? [sql`area = ${query.area}`] : []),
    ],
    sql` AND `,
  );

  const rows = await queryRows<Row>(
    db,
    sql`WITH q AS (SELECT ${tsquery} AS tsq),
      matches AS MATERIALIZED (
        SELECT d.id, d.kind, d.area FROM search_documents d, q
        WHERE d.tsv @@ q.tsq AND ${visible}),
      filtered AS (SELECT id FROM matches WHERE ${filters}),
      ranked AS (
        SELECT d.id, ts_rank(d.tsv, q.tsq) AS rank, count(*) OVER () AS total
        FROM filtered f JOIN search_documents d ON d.id = f.id, q
        ORDER BY rank DESC, d.id
        LIMIT ${PAGE_SIZE} OFFSET ${(query.page - 1) * PAGE_SIZE})
      SELECT d.kind, d.ref_id, d.title, d.path, d.area, r.total::int AS total,
        ts_headline('english', d.summary || ' ' || d.body, q.tsq,
          'MaxWords=32, MinWords=14, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${sql.raw(`"${HIT_START}"`)}, StopSel=${sql.raw(`"${HIT_END}"`)}') AS snippet
      FROM ranked r JOIN search_documents d ON d.id = r.id, q
      ORDER BY r.rank DESC, d.id`,
  );
  const facets = await queryRows<{
    kind: SearchKind | null;
    area: RegulationArea | null;
    count: number;
  }>(
    db,
    sql`WITH q AS (SELECT ${tsquery} AS tsq)
      SELECT d.kind, d.area, count(*)::int AS count FROM search_documents d, q
      WHERE d.tsv @@ q.tsq AND ${visible}
      GROUP BY GROUPING SETS ((d.kind), (d.area))`,
  );
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      refId: row.ref_id,
      title: row.title,
      path: row.path,
      area: row.area,
      snippet: snippetPieces(row.snippet),
    })),
    total: rows[0]?.total ?? (query.page > 1 ? await countFiltered() : 0),
    page: query.page,
    pageSize: PAGE_SIZE,
    facets: {
      kind: facets.flatMap((row) => (row.kind ? [{ value: row.kind, count: row.count }] : [])),
      area: facets.flatMap((row) =>
        row.kind === null && row.area ? [{ value: row.area, count: row.count }] : [],
      ),
    },
  };

  async function countFiltered(): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`WITH q AS (SELECT ${tsquery} AS tsq)
        SELECT count(*)::int AS total FROM search_documents d, q
        WHERE d.tsv @@ q.tsq AND ${visible} AND ${filters}`,
    );
    return row?.total ?? 0;
  }
}
