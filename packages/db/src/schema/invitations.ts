import { COMPANY_ROLES, type CompanyRole } from '@complivue/shared/roles';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Invitations to join a company. The link carries a random token; only its SHA-256 is stored,
 * so a database reader cannot use a pending invitation. Accepting sets `accepted_at` in the same
 * statement that checks it is unset, which makes the link single-use.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<CompanyRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSentAt: timestamptz('last_sent_at').notNull().defaultNow(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    // One pending invitation per person and company: a second one is a resend.
    uniqueIndex('invitations_pending_email_idx')
      .on(table.companyId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} IS NULL AND ${table.revokedAt} IS NULL`),
    index('invitations_company_created_idx').on(table.companyId, table.createdAt.desc()),
    check('invitations_role_check', inList(table.role, COMPANY_ROLES)),
  ],
);
