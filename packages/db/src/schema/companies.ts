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
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
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
  ],
);
