import {
  CHANGE_SOURCES,
  CHANGE_STATUSES,
  RISK_RATINGS,
  type ChangeSource,
  type ChangeStatus,
  type RiskRating,
} from '@complivue/shared/regulatory-monitoring';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
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
import { allInList, inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';
import { feedItems } from './feeds.ts';

/** What a change touches in the institution (the impact assessment). */
export interface ChangeImpact {
  policies: string;
  products: string;
  processes: string;
  systems: string;
}

/**
 * Change management: one regulatory change the institution must implement, from a feed item or
 * entered by hand, through identified → assessing → implementing → review → closed.
 */
export const changeItems = pgTable(
  'change_items',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Per company, what people quote ("CHG-12"). */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    source: text('source').$type<ChangeSource>().notNull(),
    feedItemId: uuid('feed_item_id').references(() => feedItems.id, { onDelete: 'set null' }),
    areas: text('areas')
      .array()
      .$type<RegulationArea[]>()
      .notNull()
      .default(sql`'{}'`),
    effectiveDate: date('effective_date', { mode: 'string' }),
    summary: text('summary').notNull().default(''),
    impact: jsonb('impact')
      .$type<ChangeImpact>()
      .notNull()
      .default({ policies: '', products: '', processes: '', systems: '' }),
    // Null until a person rates it (DESIGN.md rule 5: no judgement set by default).
    riskRating: text('risk_rating').$type<RiskRating>(),
    status: text('status').$type<ChangeStatus>().notNull().default('identified'),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    /** When the implementation must be done (defaults to the effective date). */
    dueDate: date('due_date', { mode: 'string' }),
    overdueNotifiedAt: timestamptz('overdue_notified_at'),
    closedAt: timestamptz('closed_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('change_items_number_idx').on(table.companyId, table.number),
    index('change_items_company_status_idx').on(table.companyId, table.status, table.updatedAt),
    index('change_items_feed_item_idx').on(table.feedItemId),
    index('change_items_due_idx')
      .on(table.dueDate)
      .where(sql`${table.status} NOT IN ('closed', 'not_applicable')`),
    check('change_items_source_check', inList(table.source, CHANGE_SOURCES)),
    check('change_items_status_check', inList(table.status, CHANGE_STATUSES)),
    check('change_items_risk_check', inList(table.riskRating, RISK_RATINGS)),
    check('change_items_areas_check', allInList(table.areas, REGULATION_AREAS)),
  ],
);

export const changeTasks = pgTable(
  'change_tasks',
  {
    id: uuidPrimaryKey(),
    changeId: uuid('change_id')
      .notNull()
      .references(() => changeItems.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    doneAt: timestamptz('done_at'),
    doneBy: text('done_by').references(() => user.id, { onDelete: 'set null' }),
    overdueNotifiedAt: timestamptz('overdue_notified_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('change_tasks_change_idx').on(table.changeId, table.createdAt),
    index('change_tasks_due_idx')
      .on(table.dueDate)
      .where(sql`${table.doneAt} IS NULL`),
  ],
);

export const changeAttachments = pgTable(
  'change_attachments',
  {
    id: uuidPrimaryKey(),
    changeId: uuid('change_id')
      .notNull()
      .references(() => changeItems.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('change_attachments_change_idx').on(table.changeId)],
);

/** Every change of every field, task, comment and attachment: who, what (from → to), when. */
export const changeHistory = pgTable(
  'change_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changeId: uuid('change_id')
      .notNull()
      .references(() => changeItems.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    /** 'created', 'updated', 'status', 'task_added', 'comment', 'attachment'… */
    event: text('event').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('change_history_change_idx').on(table.changeId, table.createdAt)],
);
