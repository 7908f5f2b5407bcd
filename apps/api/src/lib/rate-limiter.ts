import { queryRows, type Db } from '@complivue/db/database';
import { sql } from 'drizzle-orm';

export interface RateLimitRule {
  /** What is counted, e.g. `sign-in:ip:203.0.113.7`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  limited: boolean;
  /** Seconds until every rule that is over its limit has a fresh window (0 when not limited). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against each rule (fixed windows, stored in the database so that all API
 * instances share them) and tells whether any rule is now over its limit, and for how long.
 */
export async function consumeRateLimits(db: Db, rules: RateLimitRule[]): Promise<RateLimitOutcome> {
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const [row] = await queryRows<{ count: number; retry_after: number }>(
      db,
      sql`INSERT INTO rate_limit_buckets (key, count, window_started_at)
          VALUES (${rule.key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE
              WHEN rate_limit_buckets.window_started_at < now() - make_interval(secs => ${rule.windowSeconds})
              THEN 1 ELSE rate_limit_buckets.count + 1 END,
            window_started_at = CASE
              WHEN rate_limit_buckets.window_started_at < now() - make_interval(secs => ${rule.windowSeconds})
              THEN now() ELSE rate_limit_buckets.window_started_at END
          RETURNING count, GREATEST(1, ceil(extract(epoch FROM
            window_started_at + make_interval(secs => ${rule.windowSeconds}) - now())))::int AS retry_after`,
    );
    if ((row?.count ?? 0) > rule.limit) {
      retryAfterSeconds = Math.max(retryAfterSeconds, row?.retry_after ?? rule.windowSeconds);
    }
  }
  return { limited: retryAfterSeconds > 0, retryAfterSeconds };
}

/** Forgets the counts of these keys (a successful sign-in clears the failures of that email). */
export async function resetRateLimits(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await db.execute(sql`DELETE FROM rate_limit_buckets WHERE key = ${key}`);
}
