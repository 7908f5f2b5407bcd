import { PROFILE_STATUSES } from '@complivue/shared/institutions';
import { ROLES, type Role } from '@complivue/shared/roles';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name'),
    jobTitle: text('job_title'),
    phone: text('phone'),
    timezone: text('timezone'),
    notificationPreferences: jsonb('notification_preferences')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    role: text('role').$type<Role>().notNull().default('user'),
    status: text('status').$type<(typeof PROFILE_STATUSES)[number]>().notNull().default('active'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    // Kept on the server so that the onboarding wizard stays done after a sign-out clears storage.
    onboardingCompletedAt: timestamptz('onboarding_completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('user_profiles_email_idx').on(sql`lower(${table.email})`),
    index('user_profiles_company_id_idx').on(table.companyId),
    check('user_profiles_role_check', inList(table.role, ROLES)),
    check('user_profiles_status_check', inList(table.status, PROFILE_STATUSES)),
  ],
);
