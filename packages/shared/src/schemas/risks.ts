import { z } from 'zod';
import { ASSESSMENT_STATUSES } from '../compliance-score.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { CONTROL_EFFECTIVENESS } from '../risk-scoring.ts';

/** The products and lines of business a compliance risk sits in. */
export const PRODUCT_LINES = [
  'mortgage_origination',
  'mortgage_servicing',
  'home_equity',
  'consumer_lending',
  'deposits',
  'commercial_lending',
  'institution_wide',
] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

export const PRODUCT_LINE_LABELS: Record<ProductLine, string> = {
  mortgage_origination: 'Mortgage origination',
  mortgage_servicing: 'Mortgage servicing',
  home_equity: 'Home equity (HELOC)',
  consumer_lending: 'Consumer lending',
  deposits: 'Deposits and payments',
  commercial_lending: 'Commercial lending',
  institution_wide: 'Institution-wide',
};

/**
 * open: being worked; accepted: kept as it is by an administrator's decision, until a date;
 * mitigated: controls bring it within appetite; closed: no longer applies.
 */
export const RISK_STATUSES = ['open', 'accepted', 'mitigated', 'closed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];

export const RISK_STATUS_LABELS: Record<RiskStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  mitigated: 'Mitigated',
  closed: 'Closed',
};

/** Per company, what people quote ("RSK-7"). */
export const riskNumberLabel = (number: number) => `RSK-${number}`;

export const RISK_MESSAGES = {
  not_found: 'This risk does not exist or is not visible to you.',
  control_not_found: 'This control does not exist or is not visible to you.',
  owner_not_member: 'The owner must be an active member of your institution.',
  pair: 'Rate likelihood and impact together.',
  residual_needs_inherent: 'Rate the inherent risk before the residual risk.',
  residual_reason:
    'Give the reason the residual risk differs from the one the methodology suggests.',
  override_reason: 'Give the reason for overriding the effectiveness the rules’ assessments give.',
  accept_role: 'Only an administrator can accept a risk.',
  accept_expiry: 'Choose the date the acceptance expires: today or later.',
  delete_role: 'Only an administrator can delete a risk.',
  unknown_rule: 'Choose rules of the compliance library.',
  nothing_to_change: 'Change at least one field.',
  template_unknown: 'Choose risks of the starter set for your institution.',
} as const;

const isoDay = z.iso.date('Enter a date as YYYY-MM-DD.');
const level = z
  .number('Choose a level from 1 to 5.')
  .int('Choose a level from 1 to 5.')
  .min(1, 'Choose a level from 1 to 5.')
  .max(5, 'Choose a level from 1 to 5.');
const memberIdSchema = z.string().trim().min(1).max(100);
const titleSchema = z
  .string()
  .trim()
  .min(3, 'Enter a title of at least 3 characters.')
  .max(200, 'Keep the title under 200 characters.');
const descriptionSchema = z
  .string()
  .trim()
  .max(10_000, 'Keep the description under 10,000 characters.');
const reasonSchema = z.string().trim().max(2000, 'Keep the reason under 2,000 characters.');

const riskFields = {
  title: titleSchema,
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
  productLine: z.enum(PRODUCT_LINES, 'Choose a product or line of business.'),
  description: descriptionSchema,
  /** Null: no owner yet. */
  ownerId: memberIdSchema.nullable(),
  /** Null: not rated yet (DESIGN.md rule 5: a rating is a person's judgement). */
  inherentLikelihood: level.nullable(),
  inherentImpact: level.nullable(),
  /** Null: the suggested residual risk stands. */
  residualLikelihood: level.nullable(),
  residualImpact: level.nullable(),
  residualReason: reasonSchema,
  reviewDate: isoDay.nullable(),
};

/** Likelihood and impact are rated together, or not at all. */
const pairsRatedTogether = (
  body: Partial<Record<keyof typeof riskFields, unknown>>,
  context: z.RefinementCtx,
) => {
  for (const [likelihood, impact] of [
    ['inherentLikelihood', 'inherentImpact'],
    ['residualLikelihood', 'residualImpact'],
  ] as const) {
    if (body[likelihood] === undefined && body[impact] === undefined) continue;
    if (((body[likelihood] ?? null) === null) !== ((body[impact] ?? null) === null)) {
      context.addIssue({ code: 'custom', path: [impact], message: RISK_MESSAGES.pair });
    }
  }
};

export const createRiskRequestSchema = z
  .object(riskFields)
  .partial()
  .required({ title: true, area: true, productLine: true })
  .strict()
  .superRefine(pairsRatedTogether);
export type CreateRiskRequest = z.input<typeof createRiskRequestSchema>;

export const updateRiskRequestSchema = z
  .object({
    ...riskFields,
    status: z.enum(RISK_STATUSES, 'Choose a status.'),
    /** With `status: accepted`: until when the acceptance holds. */
    acceptanceExpiresOn: isoDay.nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, RISK_MESSAGES.nothing_to_change)
  .superRefine(pairsRatedTogether);
export type UpdateRiskRequest = z.input<typeof updateRiskRequestSchema>;

export const controlRequestSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema.default(''),
    /** Library rules (`TRID-LE-001`) whose assessments show whether the control works. */
    ruleIds: z
      .array(z.string().trim().min(1).max(40))
      .max(20, 'Tie a control to at most 20 rules.')
      .default([]),
    /** Null: the effectiveness follows the rules' assessments. */
    effectivenessOverride: z.enum(CONTROL_EFFECTIVENESS).nullable().default(null),
    overrideReason: reasonSchema.default(''),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.effectivenessOverride && !body.overrideReason) {
      context.addIssue({
        code: 'custom',
        path: ['overrideReason'],
        message: RISK_MESSAGES.override_reason,
      });
    }
  });
export type ControlRequest = z.input<typeof controlRequestSchema>;

/** A form's optional choice: the empty choice is sent as null (none, or not rated). */
const emptyAsNull = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || null);
const levelChoice = z
  .union([z.literal(''), z.enum(['1', '2', '3', '4', '5'], 'Choose a level from 1 to 5.')])
  .transform((value) => (value ? Number(value) : null));

/** The risk form ("Add risk" and the detail's editor): every field, an empty choice meaning none. */
export const riskFormSchema = z
  .object({
    title: titleSchema,
    area: z.enum(REGULATION_AREAS, 'Choose a regulation area.'),
    productLine: z.enum(PRODUCT_LINES, 'Choose a product or line of business.'),
    description: descriptionSchema,
    ownerId: emptyAsNull(memberIdSchema),
    inherentLikelihood: levelChoice,
    inherentImpact: levelChoice,
    reviewDate: emptyAsNull(isoDay),
  })
  .superRefine(pairsRatedTogether);
export type RiskForm = z.input<typeof riskFormSchema>;

/** The residual rating a person sets instead of the suggestion (both empty: the suggestion). */
export const residualFormSchema = z
  .object({
    residualLikelihood: levelChoice,
    residualImpact: levelChoice,
    residualReason: reasonSchema,
  })
  .superRefine(pairsRatedTogether);
export type ResidualForm = z.input<typeof residualFormSchema>;

/** The control form: rule ids typed as a list ("TRID-LE-001, TRID-LE-002"). */
export const controlFormSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    ruleIds: z.string().transform((value) =>
      value
        .split(/[\s,;]+/)
        .map((id) => id.trim().toUpperCase())
        .filter(Boolean),
    ),
    effectivenessOverride: emptyAsNull(z.enum(CONTROL_EFFECTIVENESS)),
    overrideReason: reasonSchema,
  })
  .superRefine((body, context) => {
    if (body.effectivenessOverride && !body.overrideReason) {
      context.addIssue({
        code: 'custom',
        path: ['overrideReason'],
        message: RISK_MESSAGES.override_reason,
      });
    }
  });
export type ControlForm = z.input<typeof controlFormSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const riskFiltersSchema = z.object({
  area: z.enum(REGULATION_AREAS).optional(),
  product: z.enum(PRODUCT_LINES).optional(),
  status: z.enum(RISK_STATUSES).optional(),
  /** A member's id, `me` or `none`. */
  owner: z.string().trim().min(1).max(100).optional(),
  /** Only risks nobody has rated yet. */
  notRated: booleanQuery,
});
export type RiskFilters = z.output<typeof riskFiltersSchema>;

const ratedScoreSchema = z.object({
  likelihood: z.number().int().min(1).max(5),
  impact: z.number().int().min(1).max(5),
  /** likelihood × impact. */
  score: z.number().int(),
  band: z.enum(['low', 'moderate', 'high', 'critical']),
});
export type RatedScore = z.infer<typeof ratedScoreSchema>;

export const riskSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  area: z.enum(REGULATION_AREAS),
  productLine: z.enum(PRODUCT_LINES),
  status: z.enum(RISK_STATUSES),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Null until a person rates it. */
  inherent: ratedScoreSchema.nullable(),
  /** Null while the inherent risk is not rated. */
  residual: ratedScoreSchema
    .extend({
      /** suggested: from the methodology; set: a person's rating, with a reason. */
      source: z.enum(['suggested', 'set']),
    })
    .nullable(),
  controlEffectiveness: z.enum(CONTROL_EFFECTIVENESS),
  controlCount: z.number().int(),
  reviewDate: z.string().nullable(),
  /** The review date has passed (in the member's day) and the risk is not closed. */
  reviewOverdue: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type RiskSummary = z.infer<typeof riskSummarySchema>;

export const riskListResponseSchema = z.object({
  items: z.array(riskSummarySchema),
  /** The member's day, `YYYY-MM-DD`. */
  today: z.string(),
});
export type RiskListResponse = z.infer<typeof riskListResponseSchema>;

export const controlRuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  citation: z.string(),
  requirement: z.string(),
  articleSlug: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
});

export const controlSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  rules: z.array(controlRuleSchema),
  /** From the rules' assessments (`controlEffectiveness`). */
  derivedEffectiveness: z.enum(CONTROL_EFFECTIVENESS),
  effectivenessOverride: z.enum(CONTROL_EFFECTIVENESS).nullable(),
  overrideReason: z.string(),
  /** The override where there is one, else the derived effectiveness. */
  effectiveness: z.enum(CONTROL_EFFECTIVENESS),
});
export type Control = z.infer<typeof controlSchema>;

export const riskHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  byName: z.string().nullable(),
  /** created, updated, control_added, control_updated, control_removed. */
  event: z.string(),
  /** Field → before and after, as the member saw them. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type RiskHistoryEntry = z.infer<typeof riskHistoryEntrySchema>;

export const riskDetailSchema = riskSummarySchema.extend({
  description: z.string(),
  residualReason: z.string(),
  /** The suggested residual risk, while the inherent risk is rated. */
  suggestedResidual: z
    .object({ likelihood: z.number().int(), impact: z.number().int() })
    .nullable(),
  acceptedByName: z.string().nullable(),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
  acceptanceExpiresOn: z.string().nullable(),
  templateKey: z.string().nullable(),
  controls: z.array(controlSchema),
  history: z.array(riskHistoryEntrySchema),
});
export type RiskDetail = z.infer<typeof riskDetailSchema>;

/** The active members a risk's owner is chosen from. */
export const riskMembersSchema = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type RiskMembers = z.infer<typeof riskMembersSchema>;

/** The starter set offered to the institution, each with whether it is adopted already. */
export const riskTemplateListSchema = z.object({
  templates: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      area: z.enum(REGULATION_AREAS),
      productLine: z.enum(PRODUCT_LINES),
      description: z.string(),
      citations: z.array(z.string()),
      controls: z.array(z.object({ title: z.string(), ruleIds: z.array(z.string()) })),
      adopted: z.boolean(),
    }),
  ),
});
export type RiskTemplateList = z.infer<typeof riskTemplateListSchema>;

export const adoptTemplatesRequestSchema = z
  .object({
    keys: z.array(z.string().trim().min(1).max(80)).min(1, RISK_MESSAGES.template_unknown).max(100),
  })
  .strict();

/** The register's CSV export (`GET /api/risks/export.csv`): one row per risk, in the list's order. */
export const RISK_CSV_COLUMNS = [
  'Number',
  'Title',
  'Area',
  'Product',
  'Owner',
  'Status',
  'Inherent likelihood',
  'Inherent impact',
  'Inherent score',
  'Inherent rating',
  'Control effectiveness',
  'Residual likelihood',
  'Residual impact',
  'Residual score',
  'Residual rating',
  /** Suggested (the methodology's) or Set (a person's, with the reason beside it). */
  'Residual source',
  'Residual reason',
  'Review date',
  'Review overdue',
  'Accepted by',
  'Accepted until',
  'Controls',
] as const;
