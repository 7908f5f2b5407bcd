import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Append-only record of security-relevant events. No foreign keys on purpose: the trail must
 * outlive the users and companies it names. A trigger (migration 0001) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_company_created_idx').on(table.companyId, table.createdAt.desc()),
    index('audit_log_actor_created_idx').on(table.actorUserId, table.createdAt.desc()),
    // A member's last sign-in is read from here (Team Members, the data export), one per member.
    index('audit_log_sign_in_idx')
      .on(table.actorUserId, table.companyId, table.createdAt.desc())
      .where(sql`${table.action} = 'auth.sign_in'`),
  ],
);
