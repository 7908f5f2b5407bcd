import { feedItems } from '@complivue/db/schema/feeds';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A company sees an item when a source that carried it is shared (company_id null) or its own:
 * one probe of feed_item_sources (company_id, item_id) per item. Every read of items filters by
 * this, so another company's own sources never show.
 */
export function visibleToCompany(companyId: string | Placeholder): SQL {
  return sql`EXISTS (SELECT 1 FROM feed_item_sources vis
    WHERE vis.item_id = ${feedItems.id}
      AND (vis.company_id IS NULL OR vis.company_id = ${companyId}))`;
}
