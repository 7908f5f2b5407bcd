import { queryRows, type Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import { DEFAULT_AUDIT_RETENTION_YEARS } from '@complivue/shared/schemas/company-settings';
import { sql } from 'drizzle-orm';

/** Rows per statement: a purge after years of entries must not hold one huge transaction. */
const BATCH = 5000;

/**
 * Removes audit entries older than their institution's retention (Settings › Data); entries of
 * the platform and of deleted institutions follow the default. The append-only trigger lets
 * this through only inside a transaction that declares itself the purge, and never for entries
 * younger than the shortest retention (migration 0010). Safe to run on several instances.
 */
export async function purgeExpiredAuditEntries(db: Db): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('complivue.audit_retention_purge', 'on', true)`);
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`DELETE FROM ${auditLog} WHERE id IN (
              SELECT a.id FROM ${auditLog} a
              LEFT JOIN companies c ON c.id = a.company_id
              WHERE a.created_at < now() - make_interval(
                years => coalesce(c.audit_retention_years, ${DEFAULT_AUDIT_RETENTION_YEARS}::int))
              ORDER BY a.id
              LIMIT ${BATCH}
              FOR UPDATE OF a SKIP LOCKED)
            RETURNING id`,
      );
      return rows.length;
    });
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}
