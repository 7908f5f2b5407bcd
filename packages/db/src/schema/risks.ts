import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { CONTROL_EFFECTIVENESS, type ControlEffectiveness } from '@complivue/shared/risk-scoring';
import {
  PRODUCT_LINES,
  RISK_STATUSES,
  type ProductLine,
  type RiskStatus,
} from '@complivue/shared/schemas/risks';
import { sql, type AnyColumn } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/** A level of the 1–5 scales; null (not rated) passes, as CHECK lets NULL through. */
const levelCheck = (column: AnyColumn) => sql`${column} BETWEEN 1 AND 5`;

/**
 * The compliance risk register: one risk of the institution by regulation area and product,
 * rated for inherent likelihood and impact (null until a person rates it), with its residual
 * rating where a person set one instead of the suggested (packages/shared/src/risk-scoring.ts).
 */
export const risks = pgTable(
  'risks',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per company, what people quote ("RSK-7"). */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    area: text('area').$type<RegulationArea>().notNull(),
    productLine: text('product_line').$type<ProductLine>().notNull(),
    description: text('description').notNull().default(''),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    inherentLikelihood: integer('inherent_likelihood'),
    inherentImpact: integer('inherent_impact'),
    residualLikelihood: integer('residual_likelihood'),
    residualImpact: integer('residual_impact'),
    residualReason: text('residual_reason').notNull().default(''),
    reviewDate: date('review_date', { mode: 'string' }),
    status: text('status').$type<RiskStatus>().notNull().default('open'),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    acceptedByName: text('accepted_by_name'),
    acceptedAt: timestamptz('accepted_at'),
    acceptanceExpiresOn: date('acceptance_expires_on', { mode: 'string' }),
    /** The starter risk it was adopted from: one adoption per company. */
    templateKey: text('template_key'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('risks_number_idx').on(table.companyId, table.number),
    uniqueIndex('risks_template_idx')
      .on(table.companyId, table.templateKey)
      .where(sql`${table.templateKey} IS NOT NULL`),
    index('risks_company_area_idx').on(table.companyId, table.area),
    check('risks_area_check', inList(table.area, REGULATION_AREAS)),
    check('risks_product_line_check', inList(table.productLine, PRODUCT_LINES)),
    check('risks_status_check', inList(table.status, RISK_STATUSES)),
    check('risks_inherent_likelihood_check', levelCheck(table.inherentLikelihood)),
    check('risks_inherent_impact_check', levelCheck(table.inherentImpact)),
    check('risks_residual_likelihood_check', levelCheck(table.residualLikelihood)),
    check('risks_residual_impact_check', levelCheck(table.residualImpact)),
  ],
);

/** A control that addresses a risk, tied to the library rules whose assessments show it works. */
export const riskControls = pgTable(
  'risk_controls',
  {
    id: uuidPrimaryKey(),
    riskId: uuid('risk_id')
      .notNull()
      .references(() => risks.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ruleIds: text('rule_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    effectivenessOverride: text('effectiveness_override').$type<ControlEffectiveness>(),
    overrideReason: text('override_reason').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('risk_controls_risk_idx').on(table.riskId, table.createdAt),
    check(
      'risk_controls_override_check',
      inList(table.effectivenessOverride, CONTROL_EFFECTIVENESS),
    ),
  ],
);

/** Every change of a risk and its controls: who, when, before and after (exam evidence). */
export const riskHistory = pgTable(
  'risk_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    riskId: uuid('risk_id')
      .notNull()
      .references(() => risks.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    /** 'created', 'updated', 'control_added', 'control_updated', 'control_removed'. */
    event: text('event').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('risk_history_risk_idx').on(table.riskId, table.createdAt)],
);
