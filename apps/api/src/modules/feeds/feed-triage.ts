import { changeItems } from '@complivue/db/schema/changes';
import { feedItemUserState, feedItems } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the institution has triaged a feed item: a member opened it, or a change was started
 * from it. The risk signals ("Updates not yet triaged") and analytics count with this one rule.
 */
export function isTriagedBy(companyId: string): SQL<boolean> {
  const opened = sql`exists (select 1 from ${feedItemUserState}
      join ${userProfiles} on ${userProfiles.userId} = ${feedItemUserState.userId}
        and ${userProfiles.companyId} = ${companyId}
      where ${feedItemUserState.itemId} = ${feedItems.id} and ${feedItemUserState.readAt} is not null)`;
  const changeStarted = sql`exists (select 1 from ${changeItems}
      where ${changeItems.companyId} = ${companyId} and ${changeItems.feedItemId} = ${feedItems.id})`;
  return sql<boolean>`(${opened} or ${changeStarted})`.mapWith(Boolean);
}
