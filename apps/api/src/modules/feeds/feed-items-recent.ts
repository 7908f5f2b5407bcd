import { feedItems } from '@complivue/db/schema/feeds';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { visibleToCompany } from './feed-items-visibility.ts';

/** How many updates the dashboard's "Recent Regulatory Updates" lists. */
export const RECENT_UPDATES_SHOWN = 3;

/** One update as the SQL below returns it (JSON: the timestamp is a string). */
export interface RecentUpdateRow {
  id: string;
  title: string;
  areas: RegulationArea[];
  agencies: string[];
  sortAt: string;
}

/**
 * The dashboard's recent regulatory updates, as a JSON array for a column of the dashboard's
 * one query: the newest items the company sees that are classified to at least one regulation
 * area, read newest first along the sort index and stopping at the third.
 */
export function recentUpdatesJson(companyId: string | Placeholder): SQL {
  return sql`coalesce((SELECT json_agg(json_build_object('id', recent.id, 'title', recent.title,
      'areas', recent.areas, 'agencies', recent.agencies, 'sortAt', recent.sort_at) ORDER BY recent.sort_at DESC, recent.id DESC)
    FROM (SELECT ${feedItems.id} AS id, ${feedItems.title} AS title, ${feedItems.areas} AS areas,
        ${feedItems.agencies} AS agencies, ${feedItems.sortAt} AS sort_at
      FROM ${feedItems}
      WHERE ${and(visibleToCompany(companyId), sql`cardinality(${feedItems.areas}) > 0`)}
      ORDER BY ${feedItems.sortAt} DESC, ${feedItems.id} DESC
      LIMIT ${RECENT_UPDATES_SHOWN}) recent), '[]'::json)`;
}

/**
 * Each update tagged with its first area ("TRID", "QM", "HMDA"), with its agencies and its
 * date (the feed's publication date, else when it was first seen), so a reader can place it.
 */
export function toRecentUpdates(
  rows: RecentUpdateRow[],
): { id: string; title: string; area: string; agencies: string[]; publishedAt: string }[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    area: REGULATION_AREA_INFO[row.areas[0]!].tag,
    agencies: row.agencies,
    publishedAt: new Date(row.sortAt).toISOString(),
  }));
}
