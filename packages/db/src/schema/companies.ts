import {
  ASSETS_SIZES,
  INSTITUTION_TYPES,
  PRIMARY_REGULATORS,
  US_STATE_CODES,
  type PrimaryRegulator,
  type UsState,
} from '@complivue/shared/institutions';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import {
  AUDIT_RETENTION_YEARS,
  DEFAULT_AUDIT_RETENTION_YEARS,
  DEFAULT_SESSION_LIFETIME_HOURS,
  SESSION_LIFETIME_HOURS,
} from '@complivue/shared/schemas/company-settings';
import type { NotificationPreferences } from '@complivue/shared/schemas/profile';
import { allInList, inList } from './checks.ts';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.ts';
import { user } from './auth.ts';

export const companies = pgTable(
  'companies',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    institutionType: text('institution_type').$type<(typeof INSTITUTION_TYPES)[number]>(),
    assetsSize: text('assets_size').$type<(typeof ASSETS_SIZES)[number]>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    // The institution's profile: later capabilities scope regulatory content by these.
    primaryRegulator: text('primary_regulator').$type<PrimaryRegulator>(),
    statesOfOperation: text('states_of_operation').array().$type<UsState[]>(),
    regulationAreas: text('regulation_areas').array().$type<RegulationArea[]>(),
    // Security settings the administrator sets (Settings › Security), enforced on every request.
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    sessionLifetimeHours: integer('session_lifetime_hours')
      .notNull()
      .default(DEFAULT_SESSION_LIFETIME_HOURS),
    allowedEmailDomains: text('allowed_email_domains')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Years the audit trail is kept (Settings › Data); a daily job purges what is older. */
    auditRetentionYears: integer('audit_retention_years')
      .notNull()
      .default(DEFAULT_AUDIT_RETENTION_YEARS),
    /** What members get until they choose their own (Settings › Notifications); null: ours. */
    notificationDefaults: jsonb('notification_defaults').$type<NotificationPreferences>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('companies_name_idx').on(sql`lower(${table.name})`),
    index('companies_created_by_idx').on(table.createdBy),
    check('companies_institution_type_check', inList(table.institutionType, INSTITUTION_TYPES)),
    check('companies_assets_size_check', inList(table.assetsSize, ASSETS_SIZES)),
    check('companies_primary_regulator_check', inList(table.primaryRegulator, PRIMARY_REGULATORS)),
    check('companies_states_check', allInList(table.statesOfOperation, US_STATE_CODES)),
    check('companies_regulation_areas_check', allInList(table.regulationAreas, REGULATION_AREAS)),
    check(
      'companies_session_lifetime_check',
      sql`${table.sessionLifetimeHours} IN (${sql.raw(SESSION_LIFETIME_HOURS.join(', '))})`,
    ),
    check(
      'companies_audit_retention_check',
      sql`${table.auditRetentionYears} IN (${sql.raw(AUDIT_RETENTION_YEARS.join(', '))})`,
    ),
  ],
);
