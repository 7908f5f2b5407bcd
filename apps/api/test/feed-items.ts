import type { Db } from '@complivue/db/database';
import { feedItems, feedItemSources, feedSources } from '@complivue/db/schema/feeds';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import type { PlanName, SubscriptionStatus } from '@complivue/shared/plans';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type { FeedDocumentType } from '@complivue/shared/regulatory-monitoring';
import { eq } from 'drizzle-orm';

/*
 * Rows for the feed tests, written straight into the tables the ingestion pipeline fills (so
 * these tests do not depend on parsing or polling).
 */

export async function insertFeedSource(
  db: Db,
  options: { companyId?: string | null; name?: string; agency?: string | null } = {},
): Promise<string> {
  const [row] = await db
    .insert(feedSources)
    .values({
      companyId: options.companyId ?? null,
      name: options.name ?? 'CFPB newsroom',
      url: `https://feeds.example.test/${crypto.randomUUID()}.xml`,
      format: 'rss',
      agency: options.agency ?? null,
      enabled: false,
    })
    .returning({ id: feedSources.id });
  return row!.id;
}

export interface TestItem {
  sourceIds: string[];
  title: string;
  summary?: string;
  documentType?: FeedDocumentType;
  areas?: RegulationArea[];
  agencies?: string[];
  citations?: string[];
  sortAt?: Date;
  effectiveDate?: string | null;
}

/** An item and the feed_item_sources rows of its sources (company copied from each source). */
export async function insertFeedItem(db: Db, item: TestItem): Promise<string> {
  const sortAt = item.sortAt ?? new Date();
  const [row] = await db
    .insert(feedItems)
    .values({
      dedupeKey: `test:${crypto.randomUUID()}`,
      link: `https://www.example.gov/documents/${crypto.randomUUID()}`,
      title: item.title,
      summary: item.summary ?? '',
      publishedAt: sortAt,
      firstSeenAt: sortAt,
      sortAt,
      documentType: item.documentType ?? 'guidance',
      areas: item.areas ?? [],
      agencies: item.agencies ?? ['CFPB'],
      citations: item.citations ?? [],
      effectiveDate: item.effectiveDate ?? null,
    })
    .returning({ id: feedItems.id });
  for (const sourceId of item.sourceIds) {
    const [source] = await db
      .select({ companyId: feedSources.companyId })
      .from(feedSources)
      .where(eq(feedSources.id, sourceId));
    await db
      .insert(feedItemSources)
      .values({ itemId: row!.id, sourceId, companyId: source?.companyId ?? null });
  }
  return row!.id;
}

export async function setCompanyPlan(
  db: Db,
  companyId: string,
  planName: PlanName,
  status: SubscriptionStatus = 'active',
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ planName, status, trialEnd: null })
    .where(eq(subscriptions.companyId, companyId));
}
