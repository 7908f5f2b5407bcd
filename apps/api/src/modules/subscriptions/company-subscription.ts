import { queryRows, type Db } from '@complivue/db/database';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { isTrialOver } from '@complivue/shared/access';
import { desc, eq, sql } from 'drizzle-orm';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * "The company's subscription": the newest row that is active or trialing, else the newest row
 * (so that pending_payment or expired can be shown). One indexed query.
 */
export async function findCompanySubscription(
  db: Db,
  companyId: string | null,
): Promise<SubscriptionRow | null> {
  if (!companyId) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .orderBy(
      desc(sql`${subscriptions.status} IN ('active', 'trialing')`),
      desc(subscriptions.createdAt),
    )
    .limit(1);
  return row ?? null;
}

const DAY_MS = 86_400_000;

/** Days left in the trial or the paid period (rounded up), and whether it is over. */
export function deriveSubscriptionState(row: SubscriptionRow, now = new Date()) {
  const end = row.status === 'trialing' ? row.trialEnd : row.currentPeriodEnd;
  const daysLeft = end ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)) : null;
  const isExpired = row.status === 'expired' || isTrialOver(row, now);
  return { daysLeft, isExpired };
}

/** Whether the database's check_feature_access grants the feature (false on any failure). */
export async function checkFeatureAccess(
  db: Db,
  userId: string,
  feature: string,
): Promise<boolean> {
  try {
    const [row] = await queryRows<{ allowed: boolean }>(
      db,
      sql`SELECT check_feature_access(${userId}, ${feature}) AS allowed`,
    );
    return row?.allowed === true;
  } catch {
    return false;
  }
}
