import type { Db } from '@complivue/db/database';
import { feedItems } from '@complivue/db/schema/feeds';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import { and, desc, sql } from 'drizzle-orm';
import { visibleToCompany } from './feed-items-visibility.ts';

/** How many updates the dashboard's "Recent Regulatory Updates" lists. */
export const RECENT_UPDATES_SHOWN = 3;

/**
 * The dashboard's recent regulatory updates: the newest items the company sees that are
 * classified to at least one regulation area, tagged with the first one ("TRID", "QM", "HMDA").
 * Read newest first along the sort index, stopping at the third.
 */
export async function findRecentUpdates(
  db: Db,
  companyId: string,
): Promise<{ id: string; title: string; area: string; publishedAt: string }[]> {
  const rows = await db
    .select({
      id: feedItems.id,
      title: feedItems.title,
      areas: feedItems.areas,
      sortAt: feedItems.sortAt,
    })
    .from(feedItems)
    .where(and(visibleToCompany(companyId), sql`cardinality(${feedItems.areas}) > 0`))
    .orderBy(desc(feedItems.sortAt), desc(feedItems.id))
    .limit(RECENT_UPDATES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    area: REGULATION_AREA_INFO[row.areas[0]!].tag,
    publishedAt: row.sortAt.toISOString(),
  }));
}
