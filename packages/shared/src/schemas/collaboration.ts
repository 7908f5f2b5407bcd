import { z } from 'zod';
import { COLLABORATION_MESSAGES, SUBJECT_TYPES } from '../collaboration.ts';
import { DOCUMENT_FILE_TYPES } from '../file-types.ts';
import { activityEntrySchema } from './activity.ts';

/**
 * Team collaboration (`/collaboration` and every object's discussion): requests and answers of
 * `/api/discussions`, `/api/comments` and `/api/collaboration`.
 */

export const commentRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a comment.')
    .max(10_000, 'Keep the comment under 10,000 characters.'),
});

/**
 * @mentions in a comment: the mention picker inserts `@[Full Name](userId)`; the server keeps
 * the ids that are active members of the institution and notifies each of them once. Typing
 * the token by hand works the same way; a plain "@name" is just text.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,120})\]\(([A-Za-z0-9_-]{1,100})\)/g;

export function mentionToken(name: string, userId: string): string {
  return `@[${name.replace(/[[\]\n]/g, ' ').trim()}](${userId})`;
}

/** The distinct user ids mentioned in a comment, in order of first mention. */
export function mentionedUserIds(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION_PATTERN)].map((match) => match[2]!))];
}

/** A comment's text split into plain runs and mentions, for display. */
export function commentSegments(
  body: string,
): ({ kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string })[] {
  const segments: ReturnType<typeof commentSegments> = [];
  let last = 0;
  for (const match of body.matchAll(MENTION_PATTERN)) {
    if (match.index > last) segments.push({ kind: 'text', text: body.slice(last, match.index) });
    segments.push({ kind: 'mention', name: match[1]!, userId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < body.length) segments.push({ kind: 'text', text: body.slice(last) });
  return segments;
}

/** A comment as plain text ("@Dana Reyes please check"), for reports and notifications. */
export function commentPlainText(body: string): string {
  return body.replace(MENTION_PATTERN, (_match, name: string) => `@${name}`);
}

/** A comment's file: the same types and size as every other attachment of the app. */
export const COMMENT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const COMMENT_ATTACHMENT_TYPES = DOCUMENT_FILE_TYPES;

/** The text of a comment sent with a file: it may be empty, the file then speaks for itself. */
export const commentWithFileFieldsSchema = z.object({
  body: z.string().trim().max(10_000, 'Keep the comment under 10,000 characters.').default(''),
});

export const subjectTypeSchema = z.enum(SUBJECT_TYPES);

/** The object a discussion is about, as a member sees it: its name and where it opens. */
export const subjectRefSchema = z.object({
  type: subjectTypeSchema,
  id: z.string(),
  /** "CHG-3 “Escrow rule”", "Rule TRID-LE-001 “Loan Estimate within three days”". */
  label: z.string(),
  /** An app path. */
  link: z.string(),
});
export type SubjectRef = z.infer<typeof subjectRefSchema>;

export const commentSchema = z.object({
  id: z.uuid(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  /** Empty once deleted: the marker stays, the text is in the trail administrators read. */
  body: z.string(),
  mentions: z.array(z.string()),
  /** A file attached to it (downloaded at `/api/comments/:id/attachment`); none once deleted. */
  attachment: z
    .object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
    .nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const discussionSchema = z.object({
  subject: subjectRefSchema,
  /** Oldest first. */
  comments: z.array(commentSchema),
});
export type Discussion = z.infer<typeof discussionSchema>;

/** What a comment said before each edit or its deletion (administrators). */
export const commentRevisionsSchema = z.object({
  revisions: z.array(
    z.object({
      body: z.string(),
      change: z.enum(['edited', 'deleted']),
      changedByName: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type CommentRevisions = z.infer<typeof commentRevisionsSchema>;

export const createThreadRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the thread a title.')
    .max(200, 'Keep the title under 200 characters.'),
  body: commentRequestSchema.shape.body,
});
export type CreateThreadRequest = z.infer<typeof createThreadRequestSchema>;

export const threadSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  createdByName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the newest comment was written. */
  updatedAt: z.iso.datetime({ offset: true }),
  comments: z.number().int(),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadListSchema = z.object({ threads: z.array(threadSchema) });

/** Active members, to @mention. */
export const collaborationMembersSchema = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
});
export type CollaborationMembers = z.infer<typeof collaborationMembersSchema>;
export type CollaborationMember = CollaborationMembers['members'][number];

/** Who has the app open now (a realtime stream seen in the last minute, on any instance). */
export const presenceSchema = z.object({
  online: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type Presence = z.infer<typeof presenceSchema>;

/** The modules the activity stream filters by: their audit actions start with these. */
export const ACTIVITY_MODULES = {
  changes: { label: 'Changes', prefixes: ['change.'] },
  library: { label: 'Library', prefixes: ['library.'] },
  calendar: { label: 'Calendar', prefixes: ['calendar.'] },
  risks: { label: 'Risks and findings', prefixes: ['risk.', 'risk_assessment.', 'finding.'] },
  policies: { label: 'Policies', prefixes: ['policy.'] },
  discussions: { label: 'Discussions and tasks', prefixes: ['comment.', 'thread.', 'task.'] },
} as const;
export type ActivityModule = keyof typeof ACTIVITY_MODULES;

export const teamActivityQuerySchema = z.object({
  module: z.enum(Object.keys(ACTIVITY_MODULES) as [ActivityModule, ...ActivityModule[]]).optional(),
  /** A member's id. */
  actor: z.string().max(100).optional(),
  /** One object: `change:<id>`, `rule:<code>`… */
  subject: z
    .string()
    .regex(/^[a-z_]+:[A-Za-z0-9_.-]{1,100}$/, 'Name the item as type:id')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TeamActivityQuery = z.input<typeof teamActivityQuerySchema>;

/** The institution's work as the team reads it: User Activity's entries without addresses. */
export const teamActivitySchema = z.object({
  items: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const taskTitleSchema = z
  .string()
  .trim()
  .min(2, 'Describe the task in at least 2 characters.')
  .max(300, 'Keep the task under 300 characters.');
const isoDay = z.iso.date('Enter a date as YYYY-MM-DD.');
const checklistTextSchema = z
  .string()
  .trim()
  .min(1, 'Write each checklist step.')
  .max(200, 'Keep each checklist step under 200 characters.');

export const TASK_CHECKLIST_MAX = 20;
const checklistSchema = z
  .array(checklistTextSchema)
  .max(TASK_CHECKLIST_MAX, `A checklist has at most ${TASK_CHECKLIST_MAX} steps.`);

/**
 * A task on any object the member may see, or free-standing; the assignee must be an active
 * member who may see it too, a due date is today or later (the server knows the member's day).
 */
export const createTeamTaskRequestSchema = z.object({
  title: taskTitleSchema,
  assigneeId: z.string().trim().min(1).max(100).nullable().optional(),
  dueDate: isoDay.nullable().optional(),
  subject: z.object({ type: subjectTypeSchema, id: z.string().min(1).max(100) }).optional(),
  checklist: checklistSchema.default([]),
});
export type CreateTeamTaskRequest = z.input<typeof createTeamTaskRequestSchema>;

const emptyAsNull = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || null);

/**
 * The "Add a task" form: an empty assignee or due date is none; the checklist is typed one
 * step a line (blank lines ignored), then checked by the request's rules.
 */
export const createTeamTaskFormSchema = z.object({
  title: taskTitleSchema,
  assigneeId: emptyAsNull(z.string().trim().min(1).max(100)),
  dueDate: emptyAsNull(isoDay),
  checklist: z
    .string()
    .max(10_000)
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(checklistSchema),
});

export const updateTeamTaskRequestSchema = z
  .object({
    title: taskTitleSchema,
    assigneeId: z.string().trim().min(1).max(100).nullable(),
    dueDate: isoDay.nullable(),
    done: z.boolean(),
    checklist: z
      .array(z.object({ text: checklistTextSchema, done: z.boolean() }))
      .max(TASK_CHECKLIST_MAX, `A checklist has at most ${TASK_CHECKLIST_MAX} steps.`),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, COLLABORATION_MESSAGES.nothing_to_change);
export type UpdateTeamTaskRequest = z.infer<typeof updateTeamTaskRequestSchema>;

export const teamTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
  doneAt: z.iso.datetime({ offset: true }).nullable(),
  doneByName: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Null: a free-standing task. */
  subject: subjectRefSchema.nullable(),
});
export type TeamTask = z.infer<typeof teamTaskSchema>;
export const teamTaskListSchema = z.object({ tasks: z.array(teamTaskSchema) });

export const teamTaskQuerySchema = z.object({
  /** The tasks of one object: `rule:<code>`, `risk:<id>`… */
  subject: z
    .string()
    .regex(/^[a-z_]+:[A-Za-z0-9_.-]{1,100}$/, 'Name the item as type:id')
    .optional(),
});

/** A member's inbox across modules: tasks assigned, mentions, approvals waiting on them. */
export const myWorkSchema = z.object({
  counts: z.object({
    tasks: z.number().int(),
    overdueTasks: z.number().int(),
    mentions: z.number().int(),
    approvals: z.number().int(),
  }),
  tasks: z.array(
    z.object({
      id: z.uuid(),
      /**
       * `task`: a team task (done here); `change_task`: a step of a change (done here too);
       * `corrective_action`, `acknowledgement`: done on their record's page.
       */
      kind: z.enum(['task', 'change_task', 'corrective_action', 'acknowledgement']),
      title: z.string(),
      dueDate: z.string().nullable(),
      overdue: z.boolean(),
      /** Null: a free-standing team task. */
      subject: subjectRefSchema.nullable(),
    }),
  ),
  /** The newest 50 comments that mention the member. */
  mentions: z.array(
    z.object({
      commentId: z.uuid(),
      authorName: z.string(),
      excerpt: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
      subject: subjectRefSchema,
    }),
  ),
  approvals: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      submittedAt: z.iso.datetime({ offset: true }).nullable(),
      subject: subjectRefSchema,
    }),
  ),
});
export type MyWork = z.infer<typeof myWorkSchema>;
