import { z } from 'zod';
import {
  POLICY_FILE_TYPES,
  POLICY_IMPACT_SOURCES,
  POLICY_MATCH_DECISIONS,
  POLICY_MATCH_METHODS,
  POLICY_SECTION_CHANGES,
  POLICY_VERSION_STATUSES,
} from '../policies.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';

/** Policies and their cross-reference to the library (`/api/policies`): requests and answers. */

export const POLICY_MESSAGES = {
  not_found: 'This policy does not exist or is not visible to you.',
  version_not_found: 'This version of the policy does not exist.',
  compare_same: 'Choose two different versions to compare.',
  match_not_found: 'This match does not exist or is not visible to you.',
  rule_not_found: 'Choose a rule of the compliance library.',
  owner_not_member: 'The owner must be an active member of your institution.',
  file_or_text: 'Upload the policy as a file, or paste its text: one of the two.',
  file_too_large: 'Policy files must be 25 MB or smaller.',
  file_type: 'Upload the policy as PDF, Word (.docx), Markdown (.md) or plain text (.txt).',
  one_file: 'Upload one file at a time.',
  not_multipart: 'Send the policy as multipart/form-data or JSON.',
  encrypted: 'This PDF is protected by a password; upload it without the password.',
  no_text_layer: 'This PDF has no text layer; upload a text PDF or DOCX.',
  empty: 'This document has no text to read.',
  too_many_pages: 'This PDF has more than 1,000 pages; upload the policy on its own.',
  expands_too_much:
    'This Word file unpacks to more than 100 MB, which no policy needs; it was not read.',
  too_slow: 'Reading this document took longer than a minute; upload a smaller or simpler file.',
  unreadable: 'This document could not be read; check that the file opens and upload it again.',
  submit_status: 'Only a draft can be submitted for review.',
  approve_status: 'Only a version in review can be approved.',
  return_status: 'Only a version in review can be returned.',
  review_date_past: 'Choose a next review date after today.',
  note_required: 'Write a note.',
  superseded: 'This version is superseded; its matches are kept as they were.',
  nothing_to_change: 'Change at least one field.',
  attestation_needs_approval: 'Approve a version before asking members to acknowledge it.',
  attestation_exists:
    'Members were already asked to acknowledge this version; remind those who have not.',
  attestation_none: 'Members are not asked to acknowledge this policy.',
  acknowledge_version:
    'Acknowledge the version in force: members are asked to acknowledge that version, not this one.',
  due_date_past: 'Choose a date of today or later.',
  impact_not_found:
    'This update or change does not cite a section the approved policy covers, or is not visible to you.',
} as const;

const titleSchema = z
  .string()
  .trim()
  .min(3, 'Enter a title of at least 3 characters.')
  .max(200, 'Keep the title under 200 characters.');
const noteSchema = z.string().trim().max(2000, 'Keep the note under 2,000 characters.');
const ownerSchema = z.string().trim().min(1).max(100).nullable();
/** Pasted text of a policy: Markdown headings split it into sections. */
const policyTextSchema = z
  .string()
  .trim()
  .min(1, POLICY_MESSAGES.empty)
  .max(2_000_000, 'Paste at most 2,000,000 characters; upload a longer policy as a file.');

/**
 * A new policy: a title, and its first version as a file (multipart, the fields as strings) or as
 * pasted text (`text`).
 */
export const createPolicyRequestSchema = z
  .object({
    title: titleSchema,
    note: noteSchema.default(''),
    ownerId: ownerSchema.optional(),
    text: policyTextSchema.optional(),
  })
  .strict();
export type CreatePolicyRequest = z.input<typeof createPolicyRequestSchema>;

/**
 * The upload form of the page: the request's fields as the form holds them (no owner is '',
 * pasted text '' when a file is chosen); the file itself is checked beside the form.
 */
export const policyFormSchema = z.object({
  title: titleSchema,
  note: noteSchema,
  ownerId: z.string(),
  text: z
    .string()
    .max(2_000_000, 'Paste at most 2,000,000 characters; upload a longer policy as a file.'),
});
export type PolicyForm = z.input<typeof policyFormSchema>;

/** A new version of a policy: a file or pasted text, with a note saying what changed. */
export const createPolicyVersionRequestSchema = z
  .object({ note: noteSchema.default(''), text: policyTextSchema.optional() })
  .strict();
export type CreatePolicyVersionRequest = z.input<typeof createPolicyVersionRequestSchema>;

export const updatePolicyRequestSchema = z
  .object({ title: titleSchema, ownerId: ownerSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, POLICY_MESSAGES.nothing_to_change);
export type UpdatePolicyRequest = z.input<typeof updatePolicyRequestSchema>;

export const approvePolicyRequestSchema = z
  .object({
    nextReviewDate: z.iso.date('Enter a date as YYYY-MM-DD.'),
    note: noteSchema.default(''),
  })
  .strict();
export type ApprovePolicyRequest = z.input<typeof approvePolicyRequestSchema>;

export const returnPolicyRequestSchema = z
  .object({ note: noteSchema.min(1, POLICY_MESSAGES.note_required) })
  .strict();
export type ReturnPolicyRequest = z.input<typeof returnPolicyRequestSchema>;

/** An administrator asks every member to acknowledge the approved version. */
export const requestAttestationRequestSchema = z
  .object({
    dueDate: z.iso.date('Enter a date as YYYY-MM-DD.').nullable().default(null),
    note: noteSchema.default(''),
  })
  .strict();
export type RequestAttestationRequest = z.input<typeof requestAttestationRequestSchema>;

/** The form: no date is '' until the administrator picks one. */
export const attestationFormSchema = z.object({
  dueDate: z.union([z.literal(''), z.iso.date('Enter a date as YYYY-MM-DD.')]),
  note: noteSchema,
});
export type AttestationForm = z.input<typeof attestationFormSchema>;

export const matchDecisionRequestSchema = z
  .object({ decision: z.enum(['confirmed', 'rejected'], 'Confirm or reject the match.') })
  .strict();
export type MatchDecisionRequest = z.input<typeof matchDecisionRequestSchema>;

/** A rule linked by hand to a section the matcher did not tie to it. */
export const manualMatchRequestSchema = z
  .object({ ruleId: z.string().trim().toUpperCase().min(1).max(40) })
  .strict();
export type ManualMatchRequest = z.input<typeof manualMatchRequestSchema>;

const timestamp = z.iso.datetime({ offset: true });

export const policyVersionSummarySchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  status: z.enum(POLICY_VERSION_STATUSES),
  note: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdByName: z.string(),
  createdAt: timestamp,
  submittedByName: z.string().nullable(),
  submittedAt: timestamp.nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: timestamp.nullable(),
  nextReviewDate: z.string().nullable(),
  returnNote: z.string().nullable(),
  sectionCount: z.number().int(),
});
export type PolicyVersionSummary = z.infer<typeof policyVersionSummarySchema>;

export const policySummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** The newest version, whatever its status. */
  latest: z.object({
    version: z.number().int(),
    status: z.enum(POLICY_VERSION_STATUSES),
    createdAt: timestamp,
  }),
  /** The version in force: the newest approved one. */
  approved: z
    .object({
      version: z.number().int(),
      approvedAt: timestamp,
      approvedByName: z.string().nullable(),
      nextReviewDate: z.string().nullable(),
    })
    .nullable(),
  /** The approved version's next review date is before the viewer's day. */
  reviewOverdue: z.boolean(),
  /** Rules confirmed as covered by the approved version. */
  coveredRules: z.number().int(),
  /** Suggestions of the newest version nobody has confirmed or rejected. */
  undecidedMatches: z.number().int(),
  /** The viewer is asked to acknowledge the version in force and has not yet. */
  acknowledgementDue: z.boolean(),
  updatedAt: timestamp,
});
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const policyListResponseSchema = z.object({
  items: z.array(policySummarySchema),
  /** The member's day, `YYYY-MM-DD`. */
  today: z.string(),
});
export type PolicyListResponse = z.infer<typeof policyListResponseSchema>;

export const policyHistoryEntrySchema = z.object({
  id: z.string(),
  at: timestamp,
  byName: z.string().nullable(),
  /** created, updated, version_added, submitted, approved, returned, match_decided, match_added. */
  event: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type PolicyHistoryEntry = z.infer<typeof policyHistoryEntrySchema>;

export const policyAttestationSchema = z.object({
  version: z.number().int(),
  requestedByName: z.string(),
  requestedAt: timestamp,
  dueDate: z.string().nullable(),
  /** The due date is before the viewer's day. */
  overdue: z.boolean(),
  note: z.string(),
  lastRemindedAt: timestamp.nullable(),
  /** Every active member, with when they acknowledged (null: not yet). */
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), acknowledgedAt: timestamp.nullable() }),
  ),
  acknowledged: z.number().int(),
  /** When the viewer acknowledged, or null. */
  mine: timestamp.nullable(),
});
export type PolicyAttestation = z.infer<typeof policyAttestationSchema>;

export const policyDetailSchema = policySummarySchema.extend({
  /** The request to acknowledge the version in force, if an administrator made one. */
  attestation: policyAttestationSchema.nullable(),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
  versions: z.array(policyVersionSummarySchema),
  history: z.array(policyHistoryEntrySchema),
});
export type PolicyDetail = z.infer<typeof policyDetailSchema>;

export const policyMatchSchema = z.object({
  id: z.uuid(),
  rule: z.object({
    id: z.string(),
    title: z.string(),
    citation: z.string(),
    area: z.enum(REGULATION_AREAS),
    /** Retired from the library since it was matched: it no longer counts. */
    retired: z.boolean(),
  }),
  method: z.enum(POLICY_MATCH_METHODS),
  citedAs: z.string().nullable(),
  /** Share of the rule's weighted key words that the section uses (0–1). */
  textScore: z.number(),
  matchedWords: z.array(z.string()),
  decision: z.enum(POLICY_MATCH_DECISIONS),
  decidedByName: z.string().nullable(),
  decidedAt: timestamp.nullable(),
  carriedOver: z.boolean(),
});
export type PolicyMatch = z.infer<typeof policyMatchSchema>;

export const policySectionSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  level: z.number().int(),
  heading: z.string(),
  anchor: z.string(),
  text: z.string(),
  citations: z.array(z.string()),
  matches: z.array(policyMatchSchema),
});
export type PolicySection = z.infer<typeof policySectionSchema>;

export const policyVersionDetailSchema = policyVersionSummarySchema.extend({
  policyId: z.uuid(),
  sections: z.array(policySectionSchema),
});
export type PolicyVersionDetail = z.infer<typeof policyVersionDetailSchema>;

/** Two versions of a policy to compare (`?from=1&to=2`): the sections of `to` against `from`. */
const comparedVersionSchema = z.coerce
  .number('Choose a version number.')
  .int('Choose a version number.')
  .min(1, 'Choose a version number.')
  .max(100_000, 'Choose a version number.');
export const policyCompareQuerySchema = z
  .object({ from: comparedVersionSchema, to: comparedVersionSchema })
  .refine((query) => query.from !== query.to, {
    message: POLICY_MESSAGES.compare_same,
    path: ['to'],
  });
export type PolicyCompareQuery = z.input<typeof policyCompareQuerySchema>;

/** A run of words of a word-level diff: in both versions, only in the newer, only in the older. */
export const policyDiffPartSchema = z.object({
  kind: z.enum(['same', 'added', 'removed']),
  text: z.string(),
});
export type PolicyDiffPart = z.infer<typeof policyDiffPartSchema>;

/** A rule a person confirmed a section covers. */
export const policyComparedRuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  citation: z.string(),
  retired: z.boolean(),
});
export type PolicyComparedRule = z.infer<typeof policyComparedRuleSchema>;

export const policySectionComparisonSchema = z.object({
  status: z.enum(POLICY_SECTION_CHANGES),
  /** The newer heading (the older one of a removed section). */
  heading: z.string(),
  level: z.number().int(),
  /** Unique within the comparison, for the table of contents. */
  anchor: z.string(),
  /** Positions in each version; null where the section is not in it. */
  fromPosition: z.number().int().nullable(),
  toPosition: z.number().int().nullable(),
  /** The heading as it changed; null when it did not. */
  headingParts: z.array(policyDiffPartSchema).nullable(),
  /**
   * The text word by word: all `same` when unchanged, all `added` or `removed` for a section
   * added or removed, a word-level diff when changed.
   */
  textParts: z.array(policyDiffPartSchema),
  /** Rules confirmed as covered by the section in each version. */
  rulesFrom: z.array(policyComparedRuleSchema),
  rulesTo: z.array(policyComparedRuleSchema),
  /** Suggestions on the section in the `to` version nobody has decided yet. */
  undecidedTo: z.number().int(),
});
export type PolicySectionComparison = z.infer<typeof policySectionComparisonSchema>;

export const policyComparisonSchema = z.object({
  policyId: z.uuid(),
  from: policyVersionSummarySchema,
  to: policyVersionSummarySchema,
  counts: z.object({
    changed: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
    unchanged: z.number().int(),
  }),
  /** In the order of the `to` version; a removed section where it stood in the `from` version. */
  sections: z.array(policySectionComparisonSchema),
  /** Rules confirmed in the `from` version and in no section of the `to` version, and back. */
  rulesNoLongerConfirmed: z.array(policyComparedRuleSchema),
  rulesNewlyConfirmed: z.array(policyComparedRuleSchema),
});
export type PolicyComparison = z.infer<typeof policyComparisonSchema>;

/** Active members, to choose a policy's owner. */
export const policyMembersSchema = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type PolicyMembers = z.infer<typeof policyMembersSchema>;

/** What the upload form offers, for its `accept` and its hint. */
export const POLICY_UPLOAD_ACCEPT = POLICY_FILE_TYPES.map((type) => `.${type.extension}`).join(',');

/** The gap report (`GET /api/policies/gaps`): what the approved policies do not cover. */
export const policyGapQuerySchema = z.object({ area: z.enum(REGULATION_AREAS).optional() });
export type PolicyGapQuery = z.output<typeof policyGapQuerySchema>;

const policyRefSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  /** The version the gap is about: the approved one, or the latest when none is. */
  version: z.number().int(),
});
export type PolicyRef = z.infer<typeof policyRefSchema>;

const gapRuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  citation: z.string(),
  area: z.enum(REGULATION_AREAS),
});

export const policyGapReportSchema = z.object({
  /** The member's day, `YYYY-MM-DD`. */
  today: z.string(),
  area: z.enum(REGULATION_AREAS).nullable(),
  /** Per area, the rules that apply to the institution and how many an approved policy covers. */
  areas: z.array(
    z.object({
      area: z.enum(REGULATION_AREAS),
      applicableRules: z.number().int(),
      coveredRules: z.number().int(),
      uncovered: z.array(gapRuleSchema),
    }),
  ),
  /** Confirmed matches of approved policies to rules retired from the library. */
  retiredRules: z.array(
    z.object({ policy: policyRefSchema, sectionHeading: z.string(), rule: gapRuleSchema }),
  ),
  /** Rules an approved policy covers whose library article was updated after the approval. */
  updatedRules: z.array(
    z.object({
      policy: policyRefSchema,
      rule: gapRuleSchema,
      approvedAt: z.iso.datetime({ offset: true }),
      articleUpdatedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** Approved policies whose next review date has passed. */
  overdueReviews: z.array(z.object({ policy: policyRefSchema, nextReviewDate: z.string() })),
  /** Policies with no approved version. */
  notInForce: z.array(
    z.object({ policy: policyRefSchema, status: z.enum(POLICY_VERSION_STATUSES) }),
  ),
});
export type PolicyGapReport = z.infer<typeof policyGapReportSchema>;

/** The gap report as CSV: one row per gap. */
export const POLICY_GAP_CSV_COLUMNS = [
  'Gap',
  'Area',
  'Rule',
  'Rule title',
  'Citation',
  'Policy',
  'Version',
  'Section',
  'Detail',
] as const;

/** Regulatory updates and changes citing a CFR section an approved policy covers. */
export const policyImpactQuerySchema = z.object({
  policy: z.uuid().optional(),
  change: z.uuid().optional(),
});
export type PolicyImpactQuery = z.output<typeof policyImpactQuerySchema>;

export const policyImpactSchema = z.object({
  policy: policyRefSchema,
  source: z.object({
    kind: z.enum(POLICY_IMPACT_SOURCES),
    id: z.uuid(),
    title: z.string(),
    /** A change's number (`CHG-n`); null for a regulatory update. */
    number: z.number().int().nullable(),
    /** When it was published (an update) or recorded (a change). */
    date: timestamp,
  }),
  /** The source's citations that touch the policy. */
  citations: z.array(z.string()),
  /** What in the policy they touch: each section with the rule it was confirmed to cover. */
  touches: z.array(
    z.object({
      sectionHeading: z.string(),
      anchor: z.string(),
      ruleId: z.string(),
      ruleCitation: z.string(),
    }),
  ),
  review: z
    .object({ reviewedByName: z.string(), reviewedAt: timestamp, note: z.string() })
    .nullable(),
});
export type PolicyImpact = z.infer<typeof policyImpactSchema>;

export const policyImpactListSchema = z.object({ items: z.array(policyImpactSchema) });
export type PolicyImpactList = z.infer<typeof policyImpactListSchema>;

/** A person's review of a policy against an update or a change: what they concluded. */
export const reviewImpactRequestSchema = z
  .object({
    sourceKind: z.enum(POLICY_IMPACT_SOURCES),
    sourceId: z.uuid(),
    note: noteSchema.min(1, POLICY_MESSAGES.note_required),
  })
  .strict();
export type ReviewImpactRequest = z.input<typeof reviewImpactRequestSchema>;
