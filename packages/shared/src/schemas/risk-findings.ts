import { z } from 'zod';
import { DOCUMENT_FILE_TYPES } from '../file-types.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { FINDING_SEVERITIES, FINDING_SOURCES, FINDING_STATUSES } from '../risk-findings.ts';

/** Findings and corrective actions (`/api/risks/findings`): requests and answers. */

/** Evidence of completion: the same limits as every other evidence file. */
export const FINDING_EVIDENCE_MAX_BYTES = 25 * 1024 * 1024;
export const FINDING_EVIDENCE_TYPES = DOCUMENT_FILE_TYPES;

export const FINDING_MESSAGES = {
  not_found: 'This finding does not exist or is not visible to you.',
  action_not_found: 'This corrective action does not exist or is not visible to you.',
  evidence_not_found: 'This action has no evidence file.',
  risk_not_found: 'Link a risk of your institution’s register.',
  change_not_found: 'Link a regulatory change of your institution.',
  owner_not_member: 'The owner must be an active member of your institution.',
  due_date_past: 'Choose a due date of today or later.',
  nothing_to_change: 'Change at least one field.',
  action_completed:
    'This action is completed: it can no longer be changed. Its validation is what remains.',
  complete_role: 'Only the action’s owner, a manager or an administrator can complete it.',
  already_completed: 'This action is already completed.',
  evidence_required: 'Describe the evidence of completion.',
  not_completed: 'Only a completed action can be validated.',
  already_validated: 'This action is already validated.',
  validate_owner:
    'The owner of a corrective action cannot validate it: a manager or an administrator other than the owner must.',
  validate_completer:
    'You completed this action, so you cannot validate it: a manager or an administrator who did not complete it must.',
  close_open_actions: 'Validate every corrective action before closing the finding.',
  finding_closed: 'This finding is closed. Reopen it to change it.',
  not_closed: 'This finding is not closed.',
  note_required: 'Write a note.',
  evidence_too_large: 'Evidence files must be 25 MB or smaller.',
  evidence_type:
    'Attach evidence as PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files.',
  evidence_one_file: 'Attach one file at a time.',
  evidence_not_multipart: 'Send the completion as multipart/form-data or JSON.',
} as const;

const isoDay = z.iso.date('Enter a date as YYYY-MM-DD.');
const titleSchema = z
  .string()
  .trim()
  .min(3, 'Enter a title of at least 3 characters.')
  .max(200, 'Keep the title under 200 characters.');
const longText = (name: string) =>
  z.string().trim().max(10_000, `Keep the ${name} under 10,000 characters.`);
const idSchema = z.string().trim().min(1).max(100);
const noteSchema = z
  .string()
  .trim()
  .min(1, FINDING_MESSAGES.note_required)
  .max(2000, 'Keep the note under 2,000 characters.');

const findingFields = {
  title: titleSchema,
  source: z.enum(FINDING_SOURCES, 'Choose where the finding came from.'),
  severity: z.enum(FINDING_SEVERITIES, 'Choose a severity.'),
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
  description: longText('description'),
  rootCause: longText('root cause'),
  /** A library rule (`HMDA-LAR-001`), a risk of the register, a change: each optional. */
  ruleId: z.string().trim().toUpperCase().min(1).max(40).nullable(),
  riskId: z.uuid('Link a risk of your institution’s register.').nullable(),
  changeId: z.uuid('Link a regulatory change of your institution.').nullable(),
};

export const createFindingRequestSchema = z
  .object(findingFields)
  .partial()
  .required({ title: true, source: true, severity: true, area: true })
  .strict();
export type CreateFindingRequest = z.input<typeof createFindingRequestSchema>;

export const updateFindingRequestSchema = z
  .object(findingFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, FINDING_MESSAGES.nothing_to_change);
export type UpdateFindingRequest = z.input<typeof updateFindingRequestSchema>;

/** A corrective action: the plan, who carries it out and by when (both a person's choice). */
export const actionRequestSchema = z
  .object({
    plan: z
      .string()
      .trim()
      .min(3, 'Describe the corrective action in at least 3 characters.')
      .max(5000, 'Keep the plan under 5,000 characters.'),
    ownerId: idSchema,
    dueDate: isoDay,
  })
  .strict();
export type ActionRequest = z.input<typeof actionRequestSchema>;

export const updateActionRequestSchema = actionRequestSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, FINDING_MESSAGES.nothing_to_change);
export type UpdateActionRequest = z.input<typeof updateActionRequestSchema>;

/** Completion: the evidence in words (JSON, or the text field of a multipart form with a file). */
export const completionRequestSchema = z.object({
  evidence: z
    .string()
    .trim()
    .min(3, FINDING_MESSAGES.evidence_required)
    .max(5000, 'Keep the evidence under 5,000 characters.'),
});
export type CompletionRequest = z.input<typeof completionRequestSchema>;

export const validationRequestSchema = z
  .object({
    note: z.string().trim().max(2000, 'Keep the note under 2,000 characters.').default(''),
  })
  .strict();
export type ValidationRequest = z.input<typeof validationRequestSchema>;

export const closureRequestSchema = z.object({ note: noteSchema }).strict();
export type ClosureRequest = z.input<typeof closureRequestSchema>;

/** The finding form: links typed or chosen, the empty choice meaning none. */
const emptyAsNull = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || null);

export const findingFormSchema = z.object({
  title: titleSchema,
  source: z.enum(FINDING_SOURCES, 'Choose where the finding came from.'),
  severity: z.enum(FINDING_SEVERITIES, 'Choose a severity.'),
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
  description: longText('description'),
  rootCause: longText('root cause'),
  ruleId: emptyAsNull(z.string().trim().toUpperCase().max(40)),
  riskId: emptyAsNull(z.uuid('Link a risk of your institution’s register.')),
  changeId: emptyAsNull(z.uuid('Link a regulatory change of your institution.')),
});
export type FindingForm = z.input<typeof findingFormSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const findingFiltersSchema = z.object({
  area: z.enum(REGULATION_AREAS).optional(),
  severity: z.enum(FINDING_SEVERITIES).optional(),
  source: z.enum(FINDING_SOURCES).optional(),
  status: z.enum(FINDING_STATUSES).optional(),
  /** Findings with a corrective action past its due date and not completed. */
  overdue: booleanQuery,
  /** Findings linked to this risk. */
  risk: z.uuid().optional(),
});
export type FindingFilters = z.output<typeof findingFiltersSchema>;

export const findingActionSchema = z.object({
  id: z.uuid(),
  plan: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  dueDate: z.string(),
  /** Past its due date (the viewer's day) and not completed. */
  overdue: z.boolean(),
  evidence: z.string(),
  evidenceFile: z
    .object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
    .nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  completedByName: z.string().nullable(),
  validatedAt: z.iso.datetime({ offset: true }).nullable(),
  validatedByName: z.string().nullable(),
  validationNote: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FindingAction = z.infer<typeof findingActionSchema>;

export const findingSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  source: z.enum(FINDING_SOURCES),
  severity: z.enum(FINDING_SEVERITIES),
  area: z.enum(REGULATION_AREAS),
  status: z.enum(FINDING_STATUSES),
  actionCount: z.number().int(),
  overdueActions: z.number().int(),
  /** The earliest due date of the actions not completed. */
  nextDueDate: z.string().nullable(),
  riskId: z.string().nullable(),
  riskNumber: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Days since it was recorded, on the viewer's day (its age, for open findings). */
  ageDays: z.number().int(),
});
export type FindingSummary = z.infer<typeof findingSummarySchema>;

export const findingListResponseSchema = z.object({
  items: z.array(findingSummarySchema),
  /** The member's day, `YYYY-MM-DD`. */
  today: z.string(),
});
export type FindingListResponse = z.infer<typeof findingListResponseSchema>;

export const findingHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  byName: z.string().nullable(),
  /** created, updated, action_added, action_updated, action_completed, action_validated, closed, reopened. */
  event: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type FindingHistoryEntry = z.infer<typeof findingHistoryEntrySchema>;

export const findingDetailSchema = findingSummarySchema.extend({
  description: z.string(),
  rootCause: z.string(),
  rule: z.object({ id: z.string(), title: z.string(), citation: z.string() }).nullable(),
  risk: z.object({ id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  change: z.object({ id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  createdByName: z.string().nullable(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  closedByName: z.string().nullable(),
  closingNote: z.string(),
  actions: z.array(findingActionSchema),
  history: z.array(findingHistoryEntrySchema),
});
export type FindingDetail = z.infer<typeof findingDetailSchema>;

/** The findings' CSV export (`GET /api/risks/findings/export.csv`): one row per action. */
export const FINDING_CSV_COLUMNS = [
  'Number',
  'Title',
  'Source',
  'Severity',
  'Area',
  'Status',
  'Recorded',
  'Linked rule',
  'Linked risk',
  'Root cause',
  'Corrective action',
  'Action owner',
  'Due date',
  'Overdue',
  'Completed',
  'Completed by',
  'Evidence',
  'Validated',
  'Validated by',
] as const;
