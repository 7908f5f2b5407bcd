import type { Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import type { FastifyRequest } from 'fastify';

export interface AuditEvent {
  action: string;
  actorUserId?: string | null;
  companyId?: string | null;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

/** Appends a security-relevant event, with where the request came from. */
export async function recordAudit(
  db: Db,
  request: FastifyRequest,
  event: AuditEvent,
): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    companyId: event.companyId ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
}
