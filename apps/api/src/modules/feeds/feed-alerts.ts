import { feedItemRelevance, feedItems } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import { decideAccess, PAGE_ACCESS } from '@complivue/shared/access';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FEED_DOCUMENT_TYPE_LABELS,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import type { NotificationPriority } from '@complivue/shared/schemas/notifications';
import { ALERT_EFFECTIVE_WITHIN_DAYS } from '@complivue/shared/schemas/feeds';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notify, type NotifyDependencies } from '../notifications/notify.ts';
import { recordAutomationEvent, wakeAutomationRunner } from '../automations/automation-events.ts';
import { companiesWatchingUpdates, feedItemEvent } from '../automations/automation-scan.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import {
  findItemAudiences,
  findRelevanceProfiles,
  relevanceItemColumns,
  scoreRelevance,
  writeRelevance,
  type RelevanceRow,
} from './feed-relevance.ts';

const DAY_MS = 86_400_000;

/** The notification type of a watchlist alert. */
export const FEED_ALERT_TYPE = 'feeds.watchlist_match';

/**
 * Only news is announced: an item published more than this many days before it reached us (a
 * newly added source brings its whole archive) is scored and listed, but not alerted.
 */
export const ALERT_MAX_AGE_DAYS = 14;

/**
 * More matches than this for one company in one run (a busy day at the Federal Register, a
 * new source) become one summary notification instead of a notification each.
 */
export const ALERT_MAX_INDIVIDUAL = 5;

export const feedItemPath = (itemId: string) => `/regulatory-feeds?item=${itemId}`;

interface AlertItem {
  id: string;
  title: string;
  documentType: FeedDocumentType;
  effectiveDate: string | null;
  publishedAt: Date | null;
}

/**
 * Whether the item is news at `now` (no publication date: it is new to us, so it is). A date
 * more than a day ahead (time zones aside) is a feed's mistake or a lure, not news: such an
 * item is listed, sorted as first seen, and not announced.
 */
export function isFreshForAlert(item: { publishedAt: Date | null }, now: Date): boolean {
  if (!item.publishedAt) return true;
  const age = now.getTime() - item.publishedAt.getTime();
  return age >= -DAY_MS && age <= ALERT_MAX_AGE_DAYS * DAY_MS;
}

/**
 * High priority: a final rule or an enforcement action in a watched area, or anything taking
 * effect within 90 days (from today; a date already past is not a countdown). Else normal.
 */
export function alertPriority(
  item: { documentType: FeedDocumentType; effectiveDate: string | null },
  watchedAreas: RegulationArea[],
  now: Date,
): NotificationPriority {
  const binding = item.documentType === 'final_rule' || item.documentType === 'enforcement_action';
  if (binding && watchedAreas.length > 0) return 'high';
  if (item.effectiveDate) {
    const today = Date.parse(now.toISOString().slice(0, 10));
    const effective = Date.parse(item.effectiveDate);
    if (effective >= today && effective - today <= ALERT_EFFECTIVE_WITHIN_DAYS * DAY_MS) {
      return 'high';
    }
  }
  return 'normal';
}

function alertText(item: AlertItem, reasons: string[], areas: RegulationArea[]) {
  const tags = areas.map((area) => REGULATION_AREA_INFO[area].tag).join(', ');
  const heading = `${FEED_DOCUMENT_TYPE_LABELS[item.documentType]}${tags ? ` (${tags})` : ''}`;
  const title = `${heading}: ${item.title}`;
  const effective = item.effectiveDate ? ` Effective ${item.effectiveDate}.` : '';
  return {
    title: title.length > 240 ? `${title.slice(0, 239)}…` : title,
    body: `Matches your watchlist — ${reasons.join('; ')}.${effective}`,
  };
}

/**
 * Called by the ingestion pipeline after the transaction that stored new feed items has
 * committed, with the ids of the items that were new. For every company that can see each item
 * (every company for a shared source, the owner for a company's own source) it stores the
 * item's relevance; an item that matches a company's watchlist is announced to the company's
 * active members whose plan opens the regulatory feeds, once: the instance whose
 * `UPDATE … SET alerted_at = now() WHERE alerted_at IS NULL` returns the row sends it, so two
 * API instances processing the same items never both do.
 */
export async function onNewFeedItems(
  deps: NotifyDependencies,
  itemIds: string[],
  options: { now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return;
  const { db } = deps;
  const items = await db
    .select({
      ...relevanceItemColumns,
      effectiveDate: feedItems.effectiveDate,
      publishedAt: feedItems.publishedAt,
      citations: feedItems.citations,
    })
    .from(feedItems)
    .where(inArray(feedItems.id, ids));
  if (items.length === 0) return;

  const audiences = await findItemAudiences(
    db,
    items.map((item) => item.id),
  );
  const shared = items.filter((item) => audiences.get(item.id)?.includes(null));
  const ownedBy = new Map<string, typeof items>();
  for (const item of items) {
    for (const companyId of audiences.get(item.id) ?? []) {
      if (companyId) ownedBy.set(companyId, [...(ownedBy.get(companyId) ?? []), item]);
    }
  }
  const profiles = await findRelevanceProfiles(db, shared.length > 0 ? 'all' : [...ownedBy.keys()]);

  const rows: RelevanceRow[] = [];
  const matches = new Map<
    string,
    { item: (typeof items)[number]; reasons: string[]; watchedAreas: RegulationArea[] }[]
  >();
  for (const profile of profiles) {
    const visible = new Map(shared.map((item) => [item.id, item]));
    for (const item of ownedBy.get(profile.companyId) ?? []) visible.set(item.id, item);
    for (const item of visible.values()) {
      const result = scoreRelevance(item, profile);
      rows.push({
        companyId: profile.companyId,
        itemId: item.id,
        score: result.score,
        reasons: result.reasons,
        watchlistMatch: result.watchlistMatch,
      });
      if (result.watchlistMatch && isFreshForAlert(item, now)) {
        const list = matches.get(profile.companyId) ?? [];
        list.push({ item, reasons: result.reasons, watchedAreas: result.watchedAreas });
        matches.set(profile.companyId, list);
      }
    }
  }
  await writeRelevance(db, rows);
  await recordUpdateEvents(deps, items, rows, now);

  for (const [companyId, matched] of matches) {
    try {
      await alertCompany(deps, companyId, matched, now);
    } catch (error) {
      // One company's failure must not keep the others from their alerts.
      deps.log.error({ err: error, companyId }, 'feed alert failed');
    }
  }
}

/**
 * News for the institutions that have automation rules on new updates: one event per item and
 * institution (automations/automation-scan.ts), with whether it matched the watchlist.
 */
async function recordUpdateEvents(
  deps: NotifyDependencies,
  items: (Parameters<typeof feedItemEvent>[1] & { publishedAt: Date | null })[],
  rows: RelevanceRow[],
  now: Date,
): Promise<void> {
  try {
    const watching = await companiesWatchingUpdates(deps.db);
    if (watching.size === 0) return;
    const byId = new Map(items.map((item) => [item.id, item]));
    let recorded = 0;
    for (const row of rows) {
      const item = byId.get(row.itemId);
      if (!item || !watching.has(row.companyId) || !isFreshForAlert(item, now)) continue;
      const event = feedItemEvent(row.companyId, item, row.watchlistMatch, now);
      if (await recordAutomationEvent(deps.db, event)) recorded += 1;
    }
    if (recorded > 0) wakeAutomationRunner();
  } catch (error) {
    deps.log.error({ err: error }, 'automation events of new updates not recorded');
  }
}

async function alertCompany(
  deps: NotifyDependencies,
  companyId: string,
  matched: {
    item: AlertItem & { areas: RegulationArea[] };
    reasons: string[];
    watchedAreas: RegulationArea[];
  }[],
  now: Date,
): Promise<void> {
  const { db } = deps;
  const subscription = await findCompanySubscription(db, companyId);
  const members = await db
    .select({ userId: userProfiles.userId, role: userProfiles.role })
    .from(userProfiles)
    .where(and(eq(userProfiles.companyId, companyId), eq(userProfiles.status, 'active')));
  // The same decision the API makes for /regulatory-feeds: only who can open the item is told.
  const requirement = PAGE_ACCESS['/regulatory-feeds']!;
  const recipients = members
    .filter((member) => decideAccess(requirement, { role: member.role, subscription, now }).allowed)
    .map((member) => member.userId);
  if (recipients.length === 0) return;

  const claimed = await db
    .update(feedItemRelevance)
    .set({ alertedAt: sql`now()` })
    .where(
      and(
        eq(feedItemRelevance.companyId, companyId),
        inArray(
          feedItemRelevance.itemId,
          matched.map((match) => match.item.id),
        ),
        eq(feedItemRelevance.watchlistMatch, true),
        isNull(feedItemRelevance.alertedAt),
      ),
    )
    .returning({ itemId: feedItemRelevance.itemId });
  const won = new Set(claimed.map((row) => row.itemId));

  const announced = matched.filter((match) => won.has(match.item.id));
  /**
   * The claim comes before the notification so that two instances never both send it; when
   * notifying fails (nothing was written then: notify() stores before it delivers), the claim of
   * what was not announced is released, so a later run announces it.
   */
  const release = async (itemIds: string[], error: unknown): Promise<never> => {
    if (itemIds.length > 0) {
      await db
        .update(feedItemRelevance)
        .set({ alertedAt: null })
        .where(
          and(
            eq(feedItemRelevance.companyId, companyId),
            inArray(feedItemRelevance.itemId, itemIds),
          ),
        );
    }
    throw error;
  };
  if (announced.length > ALERT_MAX_INDIVIDUAL) {
    const high = announced.filter(
      (match) => alertPriority(match.item, match.watchedAreas, now) === 'high',
    ).length;
    await notify(deps, {
      companyId,
      userIds: recipients,
      type: FEED_ALERT_TYPE,
      category: 'regulatory_updates',
      priority: high > 0 ? 'high' : 'normal',
      title: `${announced.length} new regulatory updates match your watchlist`,
      body:
        (high > 0 ? `${high} of them high priority. ` : '') +
        announced
          .slice(0, 3)
          .map((match) => match.item.title)
          .join('; ') +
        (announced.length > 3 ? '; …' : ''),
      link: '/regulatory-feeds?unread=true',
    }).catch((error: unknown) =>
      release(
        announced.map((match) => match.item.id),
        error,
      ),
    );
    return;
  }
  for (const [index, match] of announced.entries()) {
    const { title, body } = alertText(match.item, match.reasons, match.item.areas);
    await notify(deps, {
      companyId,
      userIds: recipients,
      type: FEED_ALERT_TYPE,
      category: 'regulatory_updates',
      priority: alertPriority(match.item, match.watchedAreas, now),
      title,
      body,
      link: feedItemPath(match.item.id),
    }).catch((error: unknown) =>
      release(
        announced.slice(index).map((rest) => rest.item.id),
        error,
      ),
    );
  }
}
