import { z } from 'zod';
import { ASSESSMENT_STATUSES, RULE_FILTERS, type RuleFilter } from '../compliance-score.ts';
import { applicabilitySchema, RULE_FREQUENCIES } from '../library.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';

export const EVIDENCE_MAX_BYTES = 25 * 1024 * 1024;

export const LIBRARY_MESSAGES = {
  article_not_found: 'This article does not exist or is not visible to you.',
  rule_not_found: 'This rule does not exist.',
  reason_required: 'Say why the rule does not apply to your institution.',
  owner_not_member: 'The owner must be an active member of your institution.',
  evidence_too_large: 'Evidence files must be 25 MB or smaller.',
  evidence_type:
    'Attach evidence as PDF, PNG, JPEG, GIF, WebP, Word (.docx), Excel (.xlsx), CSV or text files.',
  evidence_not_multipart: 'Send the file as multipart/form-data, or a link as JSON.',
  evidence_one_file: 'Attach one file at a time.',
} as const;

const isoDay = z.iso.date();

export const libraryQuerySchema = z.object({
  area: z.enum(REGULATION_AREAS).optional(),
  applies: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  bookmarked: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Each count of an article's rules (`countRules`), by the filter that lists them. */
export const ruleCountsSchema = z.object(
  Object.fromEntries(RULE_FILTERS.map((filter) => [filter, z.number().int()])) as Record<
    RuleFilter,
    z.ZodNumber
  >,
);

export const articleSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  area: z.enum(REGULATION_AREAS),
  summary: z.string(),
  /** When the article's text was last checked against the regulation. */
  lastReviewed: isoDay,
  ruleCount: z.number().int(),
  /** The institution's assessments of the article's rules that apply to it. */
  ruleCounts: ruleCountsSchema,
  /** When the institution last set the status of any of the article's rules; null if never. */
  lastAssessedAt: z.iso.datetime({ offset: true }).nullable(),
  appliesToInstitution: z.boolean(),
  bookmarked: z.boolean(),
  /** An article of the institution itself (its procedures), not of the shared library. */
  companyOwned: z.boolean(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const areaSummarySchema = z.object({
  area: z.enum(REGULATION_AREAS),
  articles: z.number().int(),
  rules: z.number().int(),
  appliesToInstitution: z.boolean(),
});

export const libraryResponseSchema = z.object({
  areas: z.array(areaSummarySchema),
  articles: z.array(articleSummarySchema),
  /**
   * When the shared library's text was checked against the regulations: the oldest review date
   * of its articles (the content is reviewed as a whole), shown once for the library.
   */
  contentReviewed: isoDay.nullable(),
  /** False until the institution's profile says what it is: every article then "applies". */
  profileComplete: z.boolean(),
});
export type LibraryResponse = z.infer<typeof libraryResponseSchema>;

export const assessmentSummarySchema = z.object({
  status: z.enum(ASSESSMENT_STATUSES),
  ownerName: z.string().nullable(),
  nextReviewDate: isoDay.nullable(),
});

export const ruleSchema = z.object({
  id: z.string(),
  /** A short name; the id stays the rule's code. */
  title: z.string(),
  area: z.enum(REGULATION_AREAS),
  citation: z.string(),
  requirement: z.string(),
  frequency: z.enum(RULE_FREQUENCIES),
  evidence: z.string(),
  applicability: applicabilitySchema,
  appliesToInstitution: z.boolean(),
  assessment: assessmentSummarySchema,
});
export type LibraryRule = z.infer<typeof ruleSchema>;

/** A heading of an article's body, for its table of contents (`id` is the heading's). */
export const articleHeadingSchema = z.object({
  id: z.string(),
  text: z.string(),
  level: z.union([z.literal(2), z.literal(3)]),
});
export type ArticleHeading = z.infer<typeof articleHeadingSchema>;

export const articleDetailSchema = articleSummarySchema.extend({
  /** The body rendered to HTML on the server (raw HTML in the markdown is escaped). */
  html: z.string(),
  /** The body's second- and third-level headings, in order. */
  headings: z.array(articleHeadingSchema),
  citations: z.array(z.string()),
  effectiveDate: isoDay.nullable(),
  applicability: applicabilitySchema,
  version: z.number().int(),
  rules: z.array(ruleSchema),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const evidenceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['link', 'file']),
  label: z.string(),
  url: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  addedByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const assessmentHistoryEntrySchema = z.object({
  changedByName: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: z.iso.datetime({ offset: true }),
});

export const ruleDetailSchema = ruleSchema.extend({
  article: z.object({ slug: z.string(), title: z.string() }),
  assessment: assessmentSummarySchema.extend({
    notApplicableReason: z.string().nullable(),
    ownerId: z.string().nullable(),
    notes: z.string(),
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
    evidence: z.array(evidenceSchema),
    history: z.array(assessmentHistoryEntrySchema),
  }),
});
export type RuleDetail = z.infer<typeof ruleDetailSchema>;

export const updateAssessmentRequestSchema = z
  .object({
    status: z.enum(ASSESSMENT_STATUSES),
    notApplicableReason: z.string().trim().max(1000).nullable(),
    ownerId: z.string().max(64).nullable(),
    notes: z.string().max(10_000, 'Keep notes under 10,000 characters.'),
    nextReviewDate: isoDay.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateAssessmentRequest = z.infer<typeof updateAssessmentRequestSchema>;

/**
 * The assessment form: the request's fields as typed (an empty owner or review date is none),
 * and the reason required, in the server's words, when the rule is marked not applicable.
 */
export const assessmentFormSchema = z
  .object({
    status: z.enum(ASSESSMENT_STATUSES),
    notApplicableReason: z.string().trim().max(1000),
    ownerId: z.string().max(64),
    notes: z.string().max(10_000, 'Keep notes under 10,000 characters.'),
    nextReviewDate: z.union([z.literal(''), isoDay]),
  })
  .superRefine((fields, context) => {
    if (fields.status === 'not_applicable' && !fields.notApplicableReason) {
      context.addIssue({
        code: 'custom',
        path: ['notApplicableReason'],
        message: LIBRARY_MESSAGES.reason_required,
      });
    }
  })
  .transform((fields) => ({
    ...fields,
    notApplicableReason: fields.status === 'not_applicable' ? fields.notApplicableReason : null,
    ownerId: fields.ownerId || null,
    nextReviewDate: fields.nextReviewDate || null,
  }));
export type AssessmentForm = z.input<typeof assessmentFormSchema>;

export const addEvidenceLinkSchema = z.object({
  label: z.string().trim().min(1, 'Name the evidence.').max(200),
  url: z
    .url({ protocol: /^https?$/, message: 'Enter a web address starting with https://' })
    .max(2000),
});

export { complianceSummarySchema, type ComplianceSummary } from './compliance-summary.ts';
