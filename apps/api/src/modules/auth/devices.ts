import type { Db } from '@complivue/db/database';
import { session as sessionTable } from '@complivue/db/schema/auth';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Caller } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';

/** The member's devices: their live sessions, the most recently used first. */
export async function findDeviceSessions(
  db: Db,
  options: { userId: string; currentSessionId: string; now: Date },
) {
  const rows = await db
    .select()
    .from(sessionTable)
    .where(and(eq(sessionTable.userId, options.userId), gt(sessionTable.expiresAt, options.now)))
    .orderBy(desc(sessionTable.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    current: row.id === options.currentSessionId,
  }));
}

/** Signs out one of the caller's own devices, audited. */
export async function revokeDeviceSession(
  deps: { db: Db },
  options: { caller: Caller; sessionId: string },
): Promise<void> {
  const { caller, sessionId } = options;
  const deleted = await deps.db
    .delete(sessionTable)
    .where(and(eq(sessionTable.id, sessionId), eq(sessionTable.userId, caller.actorUserId)))
    .returning({ id: sessionTable.id });
  // Another user's session id is answered like an unknown one.
  if (deleted.length === 0) throw new AppError('not_found', 'That device is not signed in.');
  await recordAudit(deps.db, caller, {
    action: 'auth.session_revoked',
    actorUserId: caller.actorUserId,
    companyId: caller.companyId,
    targetType: 'session',
    targetId: sessionId,
  });
}
