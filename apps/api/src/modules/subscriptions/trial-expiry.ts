import { queryRows, type Db } from '@complivue/db/database';
import { sql } from 'drizzle-orm';

/**
 * Writes `expired` on every trial whose end has passed. Idempotent: a second run, or a second
 * API instance running it at the same moment, finds nothing left to change. Access checks do
 * not wait for it: they treat a trial past its end as expired at once.
 */
export async function expireEndedTrials(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE subscriptions SET status = 'expired', updated_at = now()
        WHERE status = 'trialing' AND trial_end <= now()
        RETURNING id`,
  );
  return rows.length;
}
