import { SUBJECT_TYPES, type SubjectType } from '@complivue/shared/collaboration';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A comment on any object of the institution (a change, a rule, a risk, a finding, a policy, a
 * calendar deadline, an article) or in a team thread: one table for every discussion, so one
 * service writes them, notifies mentions and keeps the edit trail. `subject_id` is text because
 * a library rule's id is its code ("TRID-LE-001"); the service checks it exists in the
 * institution before a comment is written.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type').$type<SubjectType>().notNull(),
    subjectId: text('subject_id').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** The name at the time of writing, so the discussion reads the same after they leave. */
    authorName: text('author_name').notNull(),
    /** Plain text with mentions as `@[Name](userId)`; empty once deleted. */
    body: text('body').notNull(),
    /** User ids @mentioned (each notified once, when the comment is posted or edited in). */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A file attached to the comment (one at most), kept in the file storage. */
    attachmentFileName: text('attachment_file_name'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSizeBytes: integer('attachment_size_bytes'),
    attachmentStorageKey: text('attachment_storage_key'),
    editedAt: timestamptz('edited_at'),
    deletedAt: timestamptz('deleted_at'),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('comments_subject_idx').on(
      table.companyId,
      table.subjectType,
      table.subjectId,
      table.createdAt,
    ),
    index('comments_mentions_idx').using('gin', table.mentions),
    check('comments_subject_type_check', inList(table.subjectType, SUBJECT_TYPES)),
  ],
);

/**
 * What a comment said before each edit or its deletion, and who changed it: administrators read
 * this trail; members see only the "edited" or "deleted" marker.
 */
export const commentRevisions = pgTable(
  'comment_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /** The text before this change. */
    body: text('body').notNull(),
    /** 'edited' or 'deleted'. */
    change: text('change').$type<'edited' | 'deleted'>().notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('comment_revisions_comment_idx').on(table.commentId, table.createdAt),
    check('comment_revisions_change_check', inList(table.change, ['edited', 'deleted'])),
  ],
);

/** A free-standing discussion of the team (subject type `thread`). */
export const teamThreads = pgTable(
  'team_threads',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    /** The time of the newest comment, so the list shows the liveliest first. */
    updatedAt: updatedAt(),
  },
  (table) => [index('team_threads_company_idx').on(table.companyId, table.updatedAt)],
);

/**
 * Who has the app open: one row per open realtime stream, refreshed by its heartbeat on
 * whichever instance holds it; a row not seen for a minute is someone gone (an instance that
 * died cannot delete its rows).
 */
export const memberPresence = pgTable(
  'member_presence',
  {
    streamId: uuid('stream_id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (table) => [index('member_presence_company_idx').on(table.companyId, table.seenAt)],
);

/** One step of a task's checklist. */
export interface TaskChecklistItem {
  text: string;
  done: boolean;
}

/**
 * A task of the team: on any object (a rule, a risk, a policy, a deadline…) or free-standing,
 * with an assignee, a due date and a checklist. A change's own tasks stay in `change_tasks`:
 * they are steps of the change's workflow (a change cannot close with one open).
 */
export const teamTasks = pgTable(
  'team_tasks',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null for a free-standing task. */
    subjectType: text('subject_type').$type<SubjectType>(),
    subjectId: text('subject_id'),
    title: text('title').notNull(),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    checklist: jsonb('checklist').$type<TaskChecklistItem[]>().notNull().default([]),
    doneAt: timestamptz('done_at'),
    doneBy: text('done_by').references(() => user.id, { onDelete: 'set null' }),
    doneByName: text('done_by_name'),
    /** Set when the assignee was told it is overdue (once); cleared by a new due date. */
    overdueNotifiedAt: timestamptz('overdue_notified_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('team_tasks_subject_idx').on(
      table.companyId,
      table.subjectType,
      table.subjectId,
      table.createdAt,
    ),
    index('team_tasks_assignee_open_idx')
      .on(table.companyId, table.assigneeId)
      .where(sql`${table.doneAt} IS NULL`),
    index('team_tasks_due_idx')
      .on(table.dueDate)
      .where(sql`${table.doneAt} IS NULL AND ${table.overdueNotifiedAt} IS NULL`),
    check('team_tasks_subject_type_check', inList(table.subjectType, SUBJECT_TYPES)),
    check(
      'team_tasks_subject_check',
      sql`(${table.subjectType} IS NULL) = (${table.subjectId} IS NULL)`,
    ),
  ],
);
