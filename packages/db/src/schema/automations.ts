import {
  AUTOMATION_ACTIONS,
  AUTOMATION_SUBJECTS,
  AUTOMATION_TRIGGERS,
  type AutomationAction,
  type AutomationSubject,
  type AutomationTrigger,
} from '@complivue/shared/automations';
import {
  ACTION_OUTCOMES,
  RUN_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  type ActionDefinition,
  type ActionOutcome,
  type ConditionDefinition,
  type RunStatus,
  type TriggerDefinition,
  type WebhookDeliveryStatus,
} from '@complivue/shared/schemas/automations';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { inList } from './checks.ts';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { companies } from './companies.ts';

/**
 * An administrator's rule: when (trigger) → if (conditions) → then (actions). Editing it writes
 * a new version (automation_rule_versions) and a run records the version it used. Deleting it
 * keeps the row (deleted_at) so that its runs still say which rule they were.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    triggerType: text('trigger_type').$type<AutomationTrigger>().notNull(),
    trigger: jsonb('trigger').$type<TriggerDefinition>().notNull(),
    conditions: jsonb('conditions').$type<ConditionDefinition[]>().notNull(),
    actions: jsonb('actions').$type<ActionDefinition[]>().notNull(),
    templateKey: text('template_key'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The runner's question: the live rules of this institution for this trigger.
    index('automation_rules_trigger_idx')
      .on(table.companyId, table.triggerType)
      .where(sql`${table.deletedAt} IS NULL AND ${table.enabled}`),
    check('automation_rules_trigger_check', inList(table.triggerType, AUTOMATION_TRIGGERS)),
  ],
);

/** Every saved version of a rule, as it was saved: what a run's `rule_version` points to. */
export const automationRuleVersions = pgTable(
  'automation_rule_versions',
  {
    id: uuidPrimaryKey(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    trigger: jsonb('trigger').$type<TriggerDefinition>().notNull(),
    conditions: jsonb('conditions').$type<ConditionDefinition[]>().notNull(),
    actions: jsonb('actions').$type<ActionDefinition[]>().notNull(),
    savedBy: text('saved_by').references(() => user.id, { onDelete: 'set null' }),
    savedByName: text('saved_by_name'),
    savedAt: timestamptz('saved_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('automation_rule_versions_rule_idx').on(table.ruleId, table.version)],
);

/**
 * Something that happened in an institution that rules may react to. `dedupe_key` makes an
 * event happen once however many instances notice it (a deadline 30 days away is one event per
 * occurrence, whichever scan sees it first). `depth` counts the automation runs that led to it:
 * an event caused by a run's action is one deeper than that run's event (the loop guard).
 */
export const automationEvents = pgTable(
  'automation_events',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    triggerType: text('trigger_type').$type<AutomationTrigger>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    subjectType: text('subject_type').$type<AutomationSubject>(),
    subjectId: text('subject_id'),
    summary: text('summary').notNull(),
    link: text('link'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    depth: integer('depth').notNull().default(0),
    causedByRunId: uuid('caused_by_run_id'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** Set once every live rule for its trigger has a run (or none matched). */
    processedAt: timestamptz('processed_at'),
    /** A runner's lease while it dispatches the event, so two instances do not both. */
    leasedUntil: timestamptz('leased_until'),
  },
  (table) => [
    uniqueIndex('automation_events_dedupe_idx').on(table.companyId, table.dedupeKey),
    index('automation_events_pending_idx')
      .on(table.occurredAt)
      .where(sql`${table.processedAt} IS NULL`),
    // A dry run's question: this institution's recent events of one trigger.
    index('automation_events_recent_idx').on(
      table.companyId,
      table.triggerType,
      table.occurredAt.desc(),
    ),
    check('automation_events_trigger_check', inList(table.triggerType, AUTOMATION_TRIGGERS)),
    check('automation_events_subject_check', inList(table.subjectType, AUTOMATION_SUBJECTS)),
  ],
);

/**
 * One rule's reaction to one event. Unique per (rule, event): whichever instance inserts it
 * runs it, so an event never runs a rule twice.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    ruleVersion: integer('rule_version').notNull(),
    ruleName: text('rule_name').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => automationEvents.id, { onDelete: 'cascade' }),
    triggerType: text('trigger_type').$type<AutomationTrigger>().notNull(),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    /** Each condition with the event's value and whether it held. */
    conditions: jsonb('conditions').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    depth: integer('depth').notNull().default(0),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    durationMs: integer('duration_ms'),
  },
  (table) => [
    uniqueIndex('automation_runs_rule_event_idx').on(table.ruleId, table.eventId),
    index('automation_runs_company_idx').on(table.companyId, table.startedAt.desc()),
    index('automation_runs_rule_idx').on(table.ruleId, table.startedAt.desc()),
    check('automation_runs_status_check', inList(table.status, RUN_STATUSES)),
  ],
);

/** Each action of a run, with its outcome, tries and what it made. */
export const automationRunActions = pgTable(
  'automation_run_actions',
  {
    id: uuidPrimaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => automationRuns.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<AutomationAction>().notNull(),
    definition: jsonb('definition').$type<ActionDefinition>().notNull(),
    summary: text('summary').notNull(),
    outcome: text('outcome').$type<ActionOutcome>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    durationMs: integer('duration_ms'),
    resultLink: text('result_link'),
    resultLabel: text('result_label'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    leasedUntil: timestamptz('leased_until'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    uniqueIndex('automation_run_actions_position_idx').on(table.runId, table.position),
    index('automation_run_actions_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.outcome} IN ('pending', 'retrying')`),
    check('automation_run_actions_type_check', inList(table.type, AUTOMATION_ACTIONS)),
    check('automation_run_actions_outcome_check', inList(table.outcome, ACTION_OUTCOMES)),
  ],
);

/**
 * An institution's outbound webhook endpoint. The secret signs every payload (HMAC-SHA256); it
 * is shown to the administrator once, when made or rotated, and kept here to sign with.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId)],
);

export interface WebhookAttempt {
  at: string;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** One payload to one endpoint, with every attempt to deliver it. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidPrimaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The run action that sent it; unique, so a retried action never posts twice. */
    runActionId: uuid('run_action_id').references(() => automationRunActions.id, {
      onDelete: 'set null',
    }),
    runId: uuid('run_id').references(() => automationRuns.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull().default([]),
    nextAttemptAt: timestamptz('next_attempt_at'),
    leasedUntil: timestamptz('leased_until'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_run_action_idx').on(table.runActionId),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc()),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'retrying')`),
    check('webhook_deliveries_status_check', inList(table.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);
