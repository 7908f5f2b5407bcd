import type { Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import type { RequestOrigin } from './actor.ts';

export interface AuditEvent {
  action: string;
  actorUserId?: string | null;
  companyId?: string | null;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends a security-relevant event, with where the request came from (an `Actor` is a
 * `RequestOrigin`: a service passes its actor; a handler passes `requestOrigin(request)`).
 */
export async function recordAudit(db: Db, origin: RequestOrigin, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    companyId: event.companyId ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    ipAddress: origin.ip,
    userAgent: origin.userAgent,
  });
}

/** A history's field changes as an audit entry's before and after values, field by field. */
export function auditValues(changes: Record<string, { from: unknown; to: unknown }>) {
  const entries = Object.entries(changes);
  return {
    before: Object.fromEntries(entries.map(([field, change]) => [field, change.from])),
    after: Object.fromEntries(entries.map(([field, change]) => [field, change.to])),
  };
}
