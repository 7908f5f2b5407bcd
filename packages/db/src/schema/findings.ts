import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  type FindingSeverity,
  type FindingSource,
} from '@complivue/shared/risk-findings';
import { sql } from 'drizzle-orm';
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
import { changeItems } from './changes.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';
import { risks } from './risks.ts';

/**
 * A finding of the institution's compliance program (an exam, an internal audit, its own
 * review, a complaint), with its root cause and optional links to a library rule, a risk of the
 * register and a regulatory change. Its status is not stored: it follows from its corrective
 * actions and a person's closure (packages/shared/src/risk-findings.ts).
 */
export const riskFindings = pgTable(
  'risk_findings',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per company, what people quote ("FND-4"). */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    source: text('source').$type<FindingSource>().notNull(),
    severity: text('severity').$type<FindingSeverity>().notNull(),
    area: text('area').$type<RegulationArea>().notNull(),
    description: text('description').notNull().default(''),
    rootCause: text('root_cause').notNull().default(''),
    /** A rule of the library the company sees (checked by the service, not a foreign key). */
    ruleId: text('rule_id'),
    riskId: uuid('risk_id').references(() => risks.id, { onDelete: 'set null' }),
    changeId: uuid('change_id').references(() => changeItems.id, { onDelete: 'set null' }),
    closedAt: timestamptz('closed_at'),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    closingNote: text('closing_note').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('risk_findings_number_idx').on(table.companyId, table.number),
    index('risk_findings_risk_idx').on(table.riskId),
    index('risk_findings_change_idx').on(table.changeId),
    check('risk_findings_source_check', inList(table.source, FINDING_SOURCES)),
    check('risk_findings_severity_check', inList(table.severity, FINDING_SEVERITIES)),
    check('risk_findings_area_check', inList(table.area, REGULATION_AREAS)),
  ],
);

/**
 * A corrective action of a finding: the plan, its owner and due date, the evidence of completion
 * (text, and a file through FileStorage), and its validation by someone other than the owner.
 * `overdue_notified_at` claims the one overdue notice (finding-overdue.ts).
 */
export const riskFindingActions = pgTable(
  'risk_finding_actions',
  {
    id: uuidPrimaryKey(),
    findingId: uuid('finding_id')
      .notNull()
      .references(() => riskFindings.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    evidence: text('evidence').notNull().default(''),
    evidenceFileName: text('evidence_file_name'),
    evidenceContentType: text('evidence_content_type'),
    evidenceSizeBytes: integer('evidence_size_bytes'),
    evidenceStorageKey: text('evidence_storage_key'),
    completedAt: timestamptz('completed_at'),
    completedBy: text('completed_by').references(() => user.id, { onDelete: 'set null' }),
    completedByName: text('completed_by_name'),
    validatedAt: timestamptz('validated_at'),
    validatedBy: text('validated_by').references(() => user.id, { onDelete: 'set null' }),
    validatedByName: text('validated_by_name'),
    validationNote: text('validation_note').notNull().default(''),
    overdueNotifiedAt: timestamptz('overdue_notified_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('risk_finding_actions_finding_idx').on(table.findingId, table.createdAt),
    // The overdue job and the dashboard read the actions not completed, by due date.
    index('risk_finding_actions_open_due_idx')
      .on(table.companyId, table.dueDate)
      .where(sql`${table.completedAt} IS NULL`),
    check(
      'risk_finding_actions_validated_check',
      sql`${table.validatedAt} IS NULL OR ${table.completedAt} IS NOT NULL`,
    ),
  ],
);

/** Every change of a finding and its actions: who, when, before and after (exam evidence). */
export const riskFindingHistory = pgTable(
  'risk_finding_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    findingId: uuid('finding_id')
      .notNull()
      .references(() => riskFindings.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    event: text('event').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('risk_finding_history_finding_idx').on(table.findingId, table.createdAt)],
);
