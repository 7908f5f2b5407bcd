import { z } from 'zod';
import {
  AUTOMATION_ACTIONS,
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  AUTOMATION_SUBJECTS,
  AUTOMATION_TRIGGERS,
  CONDITION_OPERATORS,
} from '../automations.ts';
import { COMPANY_ROLES, ROLES } from '../roles.ts';

/*
 * Automations' requests and answers (issue 23, docs/product.md § Automations). The shape of a
 * rule is checked here; whether its fields, values and members make sense for its trigger and
 * for the institution is checked by the API against the catalogue (automations.ts), with the
 * same messages.
 */

const days = (limits: { min: number; max: number }, message: string) =>
  z.number(message).int(message).min(limits.min, message).max(limits.max, message);

export const triggerSchema = z.object({
  type: z.enum(AUTOMATION_TRIGGERS, AUTOMATION_MESSAGES.unknown_trigger),
  /** deadline_approaching: how many days before the due date. */
  daysBefore: days(AUTOMATION_LIMITS.daysBefore, AUTOMATION_MESSAGES.days_before_required)
    .nullable()
    .optional(),
  /** schedule: five-field cron, in the institution's time zone. */
  cron: z.string().trim().max(100).nullable().optional(),
});
export type TriggerDefinition = z.infer<typeof triggerSchema>;

export const conditionSchema = z.object({
  field: z.string().trim().min(1, AUTOMATION_MESSAGES.unknown_field).max(60),
  operator: z.enum(CONDITION_OPERATORS, AUTOMATION_MESSAGES.operator_not_for_field),
  /** A string, or a boolean for a yes/no field; absent for is set / is not set. */
  value: z
    .union([z.string().trim().max(200), z.boolean()])
    .nullable()
    .optional(),
});
export type ConditionDefinition = z.infer<typeof conditionSchema>;

export const recipientsSchema = z.object({
  userIds: z.array(z.string().min(1).max(100)).max(50).default([]),
  roles: z.array(z.enum(COMPANY_ROLES)).max(3).default([]),
  /** The owner of the event's record (a deadline's, a change's), whoever it is then. */
  owner: z.boolean().default(false),
});
export type Recipients = z.infer<typeof recipientsSchema>;

const text = z.string().trim().max(AUTOMATION_LIMITS.textLength);
const memberId = z.string().min(1).max(100);
const dueInDays = days(AUTOMATION_LIMITS.dueInDays, 'Choose a number of days from 1 to 365.');

export const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('create_change'),
      /** The change's owner; none leaves it unassigned. */
      ownerId: memberId.nullable().optional(),
    }),
    z.object({
      type: z.literal('create_task'),
      title: z.string().trim().min(1, AUTOMATION_MESSAGES.task_title_required).max(200),
      assigneeId: memberId.nullable().optional(),
      /** Assign it to the owner of the event's record instead, when it has one. */
      assignToOwner: z.boolean().default(false),
      dueInDays: dueInDays.nullable().optional(),
    }),
    z.object({ type: z.literal('assign_owner'), userId: memberId }),
    z.object({ type: z.literal('notify'), recipients: recipientsSchema, message: text.optional() }),
    z.object({
      type: z.literal('send_email'),
      recipients: recipientsSchema,
      subject: z.string().trim().max(200).optional(),
      message: text.optional(),
    }),
    z.object({
      type: z.literal('webhook'),
      endpointId: z.uuid(AUTOMATION_MESSAGES.endpoint_required),
    }),
    z.object({ type: z.literal('add_to_digest'), recipients: recipientsSchema }),
  ],
  { error: AUTOMATION_MESSAGES.unknown_action },
);
export type ActionDefinition = z.infer<typeof actionSchema>;

export const ruleDefinitionSchema = z.object({
  name: z
    .string(AUTOMATION_MESSAGES.name_required)
    .trim()
    .min(1, AUTOMATION_MESSAGES.name_required)
    .max(AUTOMATION_LIMITS.nameLength),
  description: z.string().trim().max(AUTOMATION_LIMITS.descriptionLength).default(''),
  trigger: triggerSchema,
  conditions: z.array(conditionSchema).max(AUTOMATION_LIMITS.conditions).default([]),
  actions: z
    .array(actionSchema)
    .min(1, AUTOMATION_MESSAGES.actions_required)
    .max(AUTOMATION_LIMITS.actions),
});
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

export const createRuleRequestSchema = ruleDefinitionSchema.extend({
  enabled: z.boolean().default(true),
  /** The template it started from, kept for the record. */
  templateKey: z.string().max(60).nullable().optional(),
});
export const updateRuleRequestSchema = ruleDefinitionSchema;
export const setRuleEnabledRequestSchema = z.object({ enabled: z.boolean() });

export const RUN_STATUSES = ['running', 'succeeded', 'skipped', 'retrying', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  skipped: 'Conditions not met',
  retrying: 'Retrying',
  failed: 'Failed',
};

export const ACTION_OUTCOMES = ['pending', 'succeeded', 'skipped', 'retrying', 'failed'] as const;
export type ActionOutcome = (typeof ACTION_OUTCOMES)[number];

const iso = z.string();

/** What an event said, as a run and a dry run show it. */
export const automationEventSchema = z.object({
  id: z.string(),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  occurredAt: iso,
  /** A sentence: "Final rule: Amendments to Regulation Z (HMDA, TRID)". */
  summary: z.string(),
  subjectType: z.enum(AUTOMATION_SUBJECTS).nullable(),
  subjectId: z.string().nullable(),
  /** The app page of the record, when there is one. */
  link: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;

export const conditionResultSchema = z.object({
  field: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.unknown().optional(),
  /** The event's value of the field, as tested. */
  actual: z.unknown().optional(),
  met: z.boolean(),
  /** "Regulation area is HMDA: yes (HMDA, TRID)". */
  sentence: z.string(),
});

export const runActionSchema = z.object({
  position: z.number().int(),
  type: z.enum(AUTOMATION_ACTIONS),
  /** "Open a regulatory change", "Notify 3 members"… */
  summary: z.string(),
  outcome: z.enum(ACTION_OUTCOMES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** What it made or touched (the change opened, the delivery), when it did. */
  resultLink: z.string().nullable(),
  resultLabel: z.string().nullable(),
  nextAttemptAt: iso.nullable(),
  finishedAt: iso.nullable(),
});
export type RunAction = z.infer<typeof runActionSchema>;

export const runSummarySchema = z.object({
  id: z.uuid(),
  ruleId: z.uuid().nullable(),
  ruleName: z.string(),
  ruleVersion: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(AUTOMATION_TRIGGERS),
  eventSummary: z.string(),
  startedAt: iso,
  finishedAt: iso.nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  actionCount: z.number().int(),
  failedActions: z.number().int(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runDetailSchema = runSummarySchema.extend({
  event: automationEventSchema,
  conditions: z.array(conditionResultSchema),
  actions: z.array(runActionSchema),
  /** The run whose action caused this event, in a chain of rules. */
  causedByRunId: z.uuid().nullable(),
  depth: z.number().int(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const runFiltersSchema = z.object({
  ruleId: z.uuid().optional(),
  status: z.enum(RUN_STATUSES).optional(),
  trigger: z.enum(AUTOMATION_TRIGGERS).optional(),
  /** Runs started on or after / before these ISO days (US Eastern). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type RunFilters = z.infer<typeof runFiltersSchema>;

export const runListSchema = z.object({
  runs: z.array(runSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ruleSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  trigger: triggerSchema,
  /** "When a regulatory update arrives, if Regulation area is HMDA, then open a change". */
  sentence: z.string(),
  actionTypes: z.array(z.enum(AUTOMATION_ACTIONS)),
  templateKey: z.string().nullable(),
  lastRun: runSummarySchema.pick({ id: true, status: true, startedAt: true }).nullable(),
  runs30d: z.number().int(),
  failed30d: z.number().int(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type RuleSummary = z.infer<typeof ruleSummarySchema>;

export const ruleDetailSchema = ruleSummarySchema.extend({
  conditions: z.array(conditionSchema),
  actions: z.array(actionSchema),
  versions: z.array(
    z.object({
      version: z.number().int(),
      savedAt: iso,
      savedByName: z.string().nullable(),
      sentence: z.string(),
    }),
  ),
});
export type RuleDetail = z.infer<typeof ruleDetailSchema>;

export const ruleListSchema = z.object({ rules: z.array(ruleSummarySchema) });

/** What saving a new rule answers, and saving an edit (its new version). */
export const ruleCreatedSchema = z.object({ id: z.uuid() });
export const ruleSavedSchema = z.object({ id: z.uuid(), version: z.number().int() });

/** The active members, for the editor's pickers. */
export const automationMembersSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export type AutomationMember = z.infer<typeof automationMembersSchema>['members'][number];

export const dryRunResultSchema = z.object({
  /** How far back it looked. */
  from: iso,
  to: iso,
  eventsConsidered: z.number().int(),
  matched: z.number().int(),
  events: z.array(
    z.object({
      event: automationEventSchema,
      conditions: z.array(conditionResultSchema),
      met: z.boolean(),
      /** What each action would have done, in words ("Would open a change titled …"). */
      actions: z.array(z.object({ type: z.enum(AUTOMATION_ACTIONS), wouldDo: z.string() })),
    }),
  ),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

// ---------------------------------------------------------------------------------------------
// Outbound webhooks

export const WEBHOOK_ENDPOINT_URL_MAX = 2000;

const webhookEndpointFields = {
  name: z.string().trim().min(1, 'Give the endpoint a name.').max(120),
  url: z
    .string()
    .trim()
    .min(1, AUTOMATION_MESSAGES.webhook_url_invalid)
    .max(WEBHOOK_ENDPOINT_URL_MAX, AUTOMATION_MESSAGES.webhook_url_invalid),
};

export const webhookEndpointRequestSchema = z.object({
  ...webhookEndpointFields,
  enabled: z.boolean().default(true),
});

/** A change to an endpoint: only the fields sent change (its secret only by rotating it). */
export const updateWebhookEndpointRequestSchema = z.object({
  name: webhookEndpointFields.name.optional(),
  url: webhookEndpointFields.url.optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** The last four characters of the signing secret; the whole secret is shown once. */
  secretHint: z.string(),
  lastDelivery: z
    .object({ status: z.string(), at: iso, responseStatus: z.number().int().nullable() })
    .nullable(),
  createdAt: iso,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** Creating an endpoint or rotating its secret answers the secret, this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(
    z.object({
      at: iso,
      responseStatus: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
  nextAttemptAt: iso.nullable(),
  runId: z.uuid().nullable(),
  createdAt: iso,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

// ---------------------------------------------------------------------------------------------
// The automation dashboard (/automation, enterprise)

export const automationDashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((value) => [7, 30, 90].includes(value), {
      message: 'Choose 7, 30 or 90 days.',
    })
    .default(30),
});

export const automationDashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  totals: z.object({
    runs: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    /** succeeded ÷ (succeeded + failed), a whole percent; null without either. */
    successRate: z.number().int().nullable(),
    actions: z.number().int(),
  }),
  /** Runs by day (US Eastern) and outcome. */
  byDay: z.array(
    z.object({
      day: z.string(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      skipped: z.number().int(),
    }),
  ),
  actionsByType: z.array(z.object({ type: z.enum(AUTOMATION_ACTIONS), count: z.number().int() })),
  slowestRules: z.array(
    z.object({
      ruleId: z.uuid(),
      name: z.string(),
      p95Ms: z.number().int(),
      runs: z.number().int(),
    }),
  ),
  mostFailingRules: z.array(
    z.object({
      ruleId: z.uuid(),
      name: z.string(),
      failed: z.number().int(),
      runs: z.number().int(),
    }),
  ),
  timeSaved: z.object({
    minutes: z.number().int(),
    /** How the estimate is made, in words, with the minutes per action it assumes. */
    method: z.string(),
  }),
});
export type AutomationDashboard = z.infer<typeof automationDashboardSchema>;
