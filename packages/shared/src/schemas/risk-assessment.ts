import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { findingActionSchema, findingSummarySchema } from './risk-findings.ts';
import { controlSchema, riskSummarySchema } from './risks.ts';

/*
 * The compliance risk assessment as a whole (issue 19): the daily snapshots its trend is drawn
 * from. The register itself (risks, controls) is in ./risks.ts.
 */

const figuresSchema = z.object({
  riskCount: z.number().int(),
  notRatedCount: z.number().int(),
  bands: z.object({
    low: z.number().int(),
    moderate: z.number().int(),
    high: z.number().int(),
    critical: z.number().int(),
  }),
  totalResidualScore: z.number().int(),
  /** Null while no risk is rated. */
  averageResidualScore: z.number().nullable(),
});

export const riskTrendPointSchema = figuresSchema.extend({
  /** The institution's day the snapshot is of, `YYYY-MM-DD`. */
  day: z.string(),
  byArea: z.partialRecord(z.enum(REGULATION_AREAS), figuresSchema),
});
export type RiskTrendPoint = z.infer<typeof riskTrendPointSchema>;

export const RISK_TREND_MAX_DAYS = 730;

export const riskTrendQuerySchema = z.object({
  /** How many days back from today, today included. */
  days: z.coerce
    .number('Choose a number of days.')
    .int('Choose a whole number of days.')
    .min(2, 'Choose at least 2 days.')
    .max(RISK_TREND_MAX_DAYS, `Choose at most ${RISK_TREND_MAX_DAYS} days.`)
    .default(90),
});

export const riskTrendResponseSchema = z.object({
  /** The institution's day today, `YYYY-MM-DD`. */
  today: z.string(),
  /** From the oldest day to the latest; only days a snapshot was taken (nothing filled in). */
  points: z.array(riskTrendPointSchema),
});
export type RiskTrendResponse = z.infer<typeof riskTrendResponseSchema>;

/*
 * Approval of the assessment as a whole: a manager submits it with a note, an administrator
 * approves it (which freezes a version: every risk with its controls and ratings as they stood)
 * or returns it with what to change, and re-opens an approved one for the next cycle.
 */

export const ASSESSMENT_VERSION_STATUSES = ['submitted', 'approved', 'returned'] as const;
export type AssessmentVersionStatus = (typeof ASSESSMENT_VERSION_STATUSES)[number];

export const ASSESSMENT_VERSION_STATUS_LABELS: Record<AssessmentVersionStatus, string> = {
  submitted: 'Awaiting approval',
  approved: 'Approved',
  returned: 'Returned',
};

/**
 * Where the assessment stands: draft (being worked; it may be submitted), submitted (awaiting
 * an administrator), approved (the cycle is closed until an administrator re-opens it).
 */
export const ASSESSMENT_STATES = ['draft', 'submitted', 'approved'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];

export const RISK_ASSESSMENT_MESSAGES = {
  version_not_found: 'This version of the risk assessment does not exist.',
  not_draft_submitted: 'The assessment is already awaiting approval.',
  not_draft_approved:
    'The assessment is approved. An administrator re-opens it before the next cycle is submitted.',
  empty: 'Add risks to the register before submitting the assessment.',
  not_submitted: 'Only an assessment awaiting approval can be approved or returned.',
  not_reopenable: 'Only the latest approved assessment can be re-opened.',
  not_approved: 'This version was not approved: only an approved version has a frozen report.',
  submit_note: 'Write a note for the approver.',
  return_note: 'Say what needs to change before approval.',
} as const;

const noteSchema = z.string().trim().max(2000, 'Keep the note under 2,000 characters.');

export const submitAssessmentRequestSchema = z
  .object({ note: noteSchema.min(1, RISK_ASSESSMENT_MESSAGES.submit_note) })
  .strict();
export type SubmitAssessmentRequest = z.input<typeof submitAssessmentRequestSchema>;

export const approveAssessmentRequestSchema = z.object({ note: noteSchema.default('') }).strict();
export type ApproveAssessmentRequest = z.input<typeof approveAssessmentRequestSchema>;

export const returnAssessmentRequestSchema = z
  .object({ note: noteSchema.min(1, RISK_ASSESSMENT_MESSAGES.return_note) })
  .strict();
export type ReturnAssessmentRequest = z.input<typeof returnAssessmentRequestSchema>;

export const assessmentVersionParamsSchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

/** The exam report: of an approved version, or (without one) of the register as it stands. */
export const assessmentReportQuerySchema = z.object({
  version: z.coerce
    .number('Choose a version number.')
    .int('Choose a version number.')
    .min(1, 'Choose a version number.')
    .max(1_000_000, 'Choose a version number.')
    .optional(),
});

/** A risk as an approved version froze it: the detail's fields without the history. */
export const assessmentRiskSchema = riskSummarySchema
  .omit({ ownerId: true, updatedAt: true, reviewOverdue: true })
  .extend({
    description: z.string(),
    residualReason: z.string(),
    acceptedByName: z.string().nullable(),
    acceptanceExpiresOn: z.string().nullable(),
    controls: z.array(controlSchema.omit({ id: true })),
  });
export type AssessmentRisk = z.infer<typeof assessmentRiskSchema>;

/** A finding as the assessment freezes it: its summary, root cause and corrective actions. */
export const assessmentFindingSchema = findingSummarySchema.extend({
  ruleId: z.string().nullable(),
  rootCause: z.string(),
  actions: z.array(findingActionSchema),
});
export type AssessmentFinding = z.infer<typeof assessmentFindingSchema>;

export const assessmentSnapshotSchema = z.object({
  /** When it was frozen. */
  takenAt: z.iso.datetime({ offset: true }),
  /** The institution's day then. */
  day: z.string(),
  /** The methodology in words as it stood (RISK_METHODOLOGY). */
  methodology: z.array(z.string()),
  /** Every risk of the register, highest residual first, as the list orders them. */
  risks: z.array(assessmentRiskSchema),
  /**
   * Every finding with its corrective actions, as the findings list orders them. Absent from a
   * version approved before findings were frozen with the register.
   */
  findings: z.array(assessmentFindingSchema).optional(),
});
export type AssessmentSnapshot = z.infer<typeof assessmentSnapshotSchema>;

export const assessmentVersionSummarySchema = z.object({
  version: z.number().int(),
  status: z.enum(ASSESSMENT_VERSION_STATUSES),
  submittedByName: z.string(),
  submittedAt: z.iso.datetime({ offset: true }),
  /** The submitter's note to the approver. */
  note: z.string(),
  /** Who approved or returned it, when, and their note. */
  decidedByName: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  decisionNote: z.string(),
  reopenedByName: z.string().nullable(),
  reopenedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Risks in the frozen version; null until approved. */
  riskCount: z.number().int().nullable(),
});
export type AssessmentVersionSummary = z.infer<typeof assessmentVersionSummarySchema>;

export const assessmentOverviewSchema = z.object({
  state: z.enum(ASSESSMENT_STATES),
  /** Newest first. */
  versions: z.array(assessmentVersionSummarySchema),
});
export type AssessmentOverview = z.infer<typeof assessmentOverviewSchema>;

export const assessmentVersionSchema = assessmentVersionSummarySchema.extend({
  /** Null unless approved. */
  snapshot: assessmentSnapshotSchema.nullable(),
});
export type AssessmentVersion = z.infer<typeof assessmentVersionSchema>;

/** Where the assessment stands, from its latest version (none: a first draft). */
export function assessmentStateOf(
  latest: { status: AssessmentVersionStatus; reopenedAt: string | Date | null } | undefined,
): AssessmentState {
  if (!latest || latest.status === 'returned') return 'draft';
  if (latest.status === 'submitted') return 'submitted';
  return latest.reopenedAt ? 'draft' : 'approved';
}
