import { z } from 'zod';
import { isIsoDay } from '../calendar-days.ts';
import { CHANGE_WORKFLOW_MESSAGES } from '../change-workflow.ts';
import { DOCUMENT_FILE_TYPES } from '../file-types.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { CHANGE_SOURCES, CHANGE_STATUSES, RISK_RATINGS } from '../regulatory-monitoring.ts';
import { commentSchema } from './collaboration.ts';
import { pageOf } from './paging.ts';

/** Change management (`/change-management`): requests and answers of `/api/changes`. */

export const CHANGE_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const CHANGE_ATTACHMENT_TYPES = DOCUMENT_FILE_TYPES;
/** The board shows at most this many cards per column (the list pages through the rest). */
export const CHANGE_BOARD_COLUMN_LIMIT = 100;

export const CHANGE_MESSAGES = {
  not_found: 'This change does not exist or is not visible to you.',
  task_not_found: 'This task does not exist or is not visible to you.',
  attachment_not_found: 'This attachment does not exist or is not visible to you.',
  feed_item_not_found: 'This feed item does not exist or is not visible to you.',
  owner_not_member: 'The owner must be an active member of your institution.',
  assignee_not_member: 'The assignee must be an active member of your institution.',
  finished:
    'This change is finished. A manager or an administrator can reopen it to make further changes.',
  attachment_too_large: 'Attachments must be 25 MB or smaller.',
  attachment_type:
    'Attach PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files only.',
  attachment_one_file: 'Attach one file at a time.',
  attachment_missing: 'Choose a file to attach.',
  attachment_not_multipart: 'Send the file as multipart/form-data.',
  attachment_remove_role:
    'Only the member who attached the file, a manager or an administrator can remove it.',
  nothing_to_change: 'Change at least one field.',
  due_date_past: 'Choose a due date of today or later.',
  opened_range: 'The “opened from” date must be on or before the “opened to” date.',
  closed_range: 'The “closed from” date must be on or before the “closed to” date.',
} as const;

const DAY_FORMAT_MESSAGE = 'Enter a date as YYYY-MM-DD.';
const isoDay = z.iso.date(DAY_FORMAT_MESSAGE);
const areasSchema = z
  .array(z.enum(REGULATION_AREAS, 'Choose regulation areas from the list.'))
  .max(REGULATION_AREAS.length)
  .transform((areas) => [...new Set(areas)]);
const impactText = z.string().trim().max(5000, 'Keep each impact note under 5,000 characters.');

export const changeImpactSchema = z.object({
  policies: impactText,
  products: impactText,
  processes: impactText,
  systems: impactText,
});
export type ChangeImpact = z.infer<typeof changeImpactSchema>;

export const CHANGE_IMPACT_FIELDS = ['policies', 'products', 'processes', 'systems'] as const;
export const CHANGE_IMPACT_LABELS: Record<(typeof CHANGE_IMPACT_FIELDS)[number], string> = {
  policies: 'Policies affected',
  products: 'Products affected',
  processes: 'Processes affected',
  systems: 'Systems affected',
};

const titleSchema = z
  .string()
  .trim()
  .min(3, 'Enter a title of at least 3 characters.')
  .max(300, 'Keep the title under 300 characters.');
const summarySchema = z.string().trim().max(20_000, 'Keep the summary under 20,000 characters.');
/** A member's user id; null: nobody. */
const memberIdSchema = z.string().trim().min(1).max(100);

/**
 * Creating a change: by hand (a title at least), or from a feed item the institution can see.
 * From a feed item, what the body leaves out comes from the item (its title, summary, areas
 * and effective date: see `GET /api/changes/draft`, which the form shows to be confirmed).
 * Risk and due date are the member's judgement: left out, the change is not rated and has no
 * due date. A due date before the member's today is refused (`due_date_past`) by the server,
 * which knows the member's day.
 */
export const createChangeRequestSchema = z
  .object({
    feedItemId: z.uuid('Choose a feed item.'),
    title: titleSchema,
    areas: areasSchema,
    effectiveDate: isoDay.nullable(),
    summary: summarySchema,
    impact: changeImpactSchema.partial(),
    /** Omitted or null: not rated yet. */
    riskRating: z.enum(RISK_RATINGS, 'Choose a risk rating.').nullable(),
    /** Omitted: whoever creates it owns it; null: no owner yet. */
    ownerId: memberIdSchema.nullable(),
    /** Omitted or null: no due date yet. */
    dueDate: isoDay.nullable(),
  })
  .partial()
  .strict()
  .superRefine((body, context) => {
    if (body.feedItemId === undefined && body.title === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['title'],
        message: 'Enter a title of at least 3 characters.',
      });
    }
  });
export type CreateChangeRequest = z.input<typeof createChangeRequestSchema>;

export const updateChangeRequestSchema = z
  .object({
    title: titleSchema,
    areas: areasSchema,
    effectiveDate: isoDay.nullable(),
    summary: summarySchema,
    impact: changeImpactSchema.partial(),
    riskRating: z.enum(RISK_RATINGS, 'Choose a risk rating.').nullable(),
    ownerId: memberIdSchema.nullable(),
    dueDate: isoDay.nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, CHANGE_MESSAGES.nothing_to_change);
export type UpdateChangeRequest = z.input<typeof updateChangeRequestSchema>;

/** A form's optional date or member: the empty choice is sent as null (none). */
const emptyAsNull = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || null);

/**
 * The change form ("New change" and the detail's editor): the fields of a change with the
 * request's rules, every field present, an empty date or owner meaning none.
 */
export const changeFieldsFormSchema = z.object({
  title: titleSchema,
  areas: areasSchema,
  effectiveDate: emptyAsNull(isoDay),
  dueDate: emptyAsNull(isoDay),
  ownerId: emptyAsNull(memberIdSchema),
  /** Empty: not rated yet. */
  riskRating: emptyAsNull(z.enum(RISK_RATINGS, 'Choose a risk rating.')),
  summary: summarySchema,
  impact: changeImpactSchema,
});
export type ChangeFieldsForm = z.input<typeof changeFieldsFormSchema>;

/** The detail's Overview editor: what the change is, when, and whose (no judgement of risk). */
export const changeOverviewFormSchema = changeFieldsFormSchema.omit({
  riskRating: true,
  impact: true,
});
/** The detail's Impact editor: the risk rating and what the change touches. */
export const changeImpactFormSchema = changeFieldsFormSchema.pick({
  riskRating: true,
  impact: true,
});

const transitionNoteSchema = z.string().trim().max(2000, 'Keep the note under 2,000 characters.');

export const transitionRequestSchema = z.object({
  to: z.enum(CHANGE_STATUSES, 'Choose a status.'),
  note: transitionNoteSchema.optional(),
});
export type TransitionRequest = z.infer<typeof transitionRequestSchema>;

/** Marking a change not applicable: the reason is required (the server refuses without it). */
export const notApplicableFormSchema = z.object({
  reason: transitionNoteSchema.min(1, CHANGE_WORKFLOW_MESSAGES.note_required),
});

const taskTitleSchema = z
  .string()
  .trim()
  .min(2, 'Describe the task in at least 2 characters.')
  .max(300, 'Keep the task under 300 characters.');

export const createTaskRequestSchema = z.object({
  title: taskTitleSchema,
  assigneeId: memberIdSchema.nullable().optional(),
  dueDate: isoDay.nullable().optional(),
});
export type CreateTaskRequest = z.infer<typeof createTaskRequestSchema>;

/** The "Add a task" form: an empty assignee or due date is none. */
export const createTaskFormSchema = z.object({
  title: taskTitleSchema,
  assigneeId: emptyAsNull(memberIdSchema),
  dueDate: emptyAsNull(isoDay),
});

export const updateTaskRequestSchema = z
  .object({
    title: taskTitleSchema,
    assigneeId: memberIdSchema.nullable(),
    dueDate: isoDay.nullable(),
    done: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, CHANGE_MESSAGES.nothing_to_change);
export type UpdateTaskRequest = z.infer<typeof updateTaskRequestSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/**
 * A day of the opened/closed filters: a real date, in the years the product's records can have
 * (a year PostgreSQL cannot store as a date would otherwise fail the query).
 */
const filterDay = z.string().superRefine((day, context) => {
  if (!isIsoDay(day)) context.addIssue({ code: 'custom', message: DAY_FORMAT_MESSAGE });
  else if (day < '2000-01-01' || day > '2099-12-31') {
    context.addIssue({ code: 'custom', message: 'Choose a date between 2000 and 2099.' });
  }
});

const changeFilterFields = z.object({
  status: z.enum(CHANGE_STATUSES).optional(),
  area: z.enum(REGULATION_AREAS).optional(),
  /** A member's id, `me`, or `none` (no owner). */
  owner: z.string().trim().min(1).max(100).optional(),
  /** A rating, or `not_rated`: changes nobody has rated yet. */
  risk: z.enum([...RISK_RATINGS, 'not_rated']).optional(),
  /** Only changes past their due date, or with a task past its due date. */
  overdue: booleanQuery,
  /** Words of the title or summary, or a number ("12" or "CHG-12"). */
  q: z.string().trim().max(200).optional(),
  /**
   * Opened (created) and closed on these days, both ends included, each a day in the
   * institution's day (US Eastern, `DEFAULT_CALENDAR_TIME_ZONE`), as analytics counts them.
   */
  openedFrom: filterDay.optional(),
  openedTo: filterDay.optional(),
  closedFrom: filterDay.optional(),
  closedTo: filterDay.optional(),
});

/** Each date range runs forwards: "from" on or before "to". */
function checkDateRanges(
  filters: { openedFrom?: string; openedTo?: string; closedFrom?: string; closedTo?: string },
  context: z.RefinementCtx,
) {
  const ranges = [
    ['openedFrom', filters.openedFrom, filters.openedTo, CHANGE_MESSAGES.opened_range],
    ['closedFrom', filters.closedFrom, filters.closedTo, CHANGE_MESSAGES.closed_range],
  ] as const;
  for (const [path, from, to, message] of ranges) {
    if (from && to && from > to) context.addIssue({ code: 'custom', path: [path], message });
  }
}

export const changeFiltersSchema = changeFilterFields.superRefine(checkDateRanges);
export type ChangeFilters = z.input<typeof changeFiltersSchema>;

export const changeListQuerySchema = changeFilterFields
  .extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) })
  .superRefine(checkDateRanges);

/** `GET /api/changes/draft?feedItemId=`: a change as the feed item would start it. */
export const changeDraftQuerySchema = z.object({ feedItemId: z.uuid('Choose a feed item.') });

export const changeDraftSchema = z.object({
  feedItemId: z.uuid(),
  title: z.string(),
  areas: z.array(z.enum(REGULATION_AREAS)),
  effectiveDate: z.string().nullable(),
  summary: z.string(),
  /** The item on its publisher's site. */
  link: z.string(),
  /** The open change already started from this item, if there is one: open it instead. */
  existingChangeId: z.uuid().nullable(),
});
export type ChangeDraft = z.infer<typeof changeDraftSchema>;

export const changeSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  source: z.enum(CHANGE_SOURCES),
  areas: z.array(z.enum(REGULATION_AREAS)),
  effectiveDate: z.string().nullable(),
  /** Null until a person rates it. */
  riskRating: z.enum(RISK_RATINGS).nullable(),
  status: z.enum(CHANGE_STATUSES),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Past its due date and still open, as of the viewer's day. */
  overdue: z.boolean(),
  openTasks: z.number().int(),
  totalTasks: z.number().int(),
  overdueTasks: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const changeListResponseSchema = pageOf(changeSummarySchema);
export type ChangeListResponse = z.infer<typeof changeListResponseSchema>;

export const changeBoardSchema = z.object({
  columns: z.array(
    z.object({
      status: z.enum(CHANGE_STATUSES),
      total: z.number().int(),
      items: z.array(changeSummarySchema),
    }),
  ),
});
export type ChangeBoard = z.infer<typeof changeBoardSchema>;

export const changeTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  doneByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChangeTask = z.infer<typeof changeTaskSchema>;

export const changeAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChangeAttachment = z.infer<typeof changeAttachmentSchema>;

export const changeHistoryEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  changedByName: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChangeHistoryEntry = z.infer<typeof changeHistoryEntrySchema>;

export const changeDetailSchema = changeSummarySchema.extend({
  summary: z.string(),
  impact: changeImpactSchema,
  feedItem: z.object({ id: z.uuid(), title: z.string(), link: z.string() }).nullable(),
  /** The reason given when it was marked not applicable. */
  notApplicableReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  tasks: z.array(changeTaskSchema),
  comments: z.array(commentSchema),
  attachments: z.array(changeAttachmentSchema),
  /** Newest first. */
  history: z.array(changeHistoryEntrySchema),
});
export type ChangeDetail = z.infer<typeof changeDetailSchema>;

/** Active members, to choose an owner or an assignee and to @mention. */
export const changeMembersSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
    }),
  ),
});
export type ChangeMembers = z.infer<typeof changeMembersSchema>;

/** What the history calls each field. */
export const CHANGE_FIELD_LABELS: Record<string, string> = {
  task: 'Task',
  comment: 'Comment',
  attachment: 'Attachment',
  status: 'Status',
  note: 'Note',
  title: 'Title',
  source: 'Source',
  feedItem: 'Feed item',
  areas: 'Areas',
  effectiveDate: 'Effective date',
  dueDate: 'Due date',
  owner: 'Owner',
  assignee: 'Assignee',
  done: 'Done',
  riskRating: 'Risk',
  summary: 'Summary',
  'impact.policies': 'Policies affected',
  'impact.products': 'Products affected',
  'impact.processes': 'Processes affected',
  'impact.systems': 'Systems affected',
};

export const CHANGE_EVENT_LABELS: Record<string, string> = {
  created: 'Created the change',
  updated: 'Edited the change',
  status: 'Changed the status',
  task_added: 'Added a task',
  task_updated: 'Updated a task',
  task_removed: 'Removed a task',
  comment: 'Commented',
  attachment_added: 'Attached a file',
  loan_test_saved: 'Saved a loan test',
  attachment_removed: 'Removed a file',
};

export const CHANGE_CSV_COLUMNS = [
  'Number',
  'Title',
  'Status',
  'Risk',
  'Areas',
  'Source',
  'Effective date',
  'Due date',
  'Overdue',
  'Owner',
  'Open tasks',
  'Tasks',
  'Policies affected',
  'Products affected',
  'Processes affected',
  'Systems affected',
  'Summary',
  'Created',
  'Closed',
] as const;

const FIELD_ORDER = Object.keys(CHANGE_FIELD_LABELS);

/** A history entry's field changes in reading order (the database keeps no key order). */
export function orderedHistoryChanges(
  changes: Record<string, { from: unknown; to: unknown }>,
): [string, { from: unknown; to: unknown }][] {
  const rank = (key: string) => {
    const index = FIELD_ORDER.indexOf(key);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
}
