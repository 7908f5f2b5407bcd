import { addDays, DEFAULT_CALENDAR_TIME_ZONE, todayIn } from './calendar-days.ts';
import { ASSESSMENT_STATUS_LABELS, ASSESSMENT_STATUSES } from './compliance-score.ts';
import type { FeatureName } from './features.ts';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from './regulation-areas.ts';
import {
  AGENCIES,
  CHANGE_STATUS_LABELS,
  CHANGE_STATUSES,
  FEED_DOCUMENT_TYPE_LABELS,
  FEED_DOCUMENT_TYPES,
  RISK_RATING_LABELS,
  RISK_RATINGS,
} from './regulatory-monitoring.ts';
import { FINDING_SEVERITIES, FINDING_SEVERITY_LEVELS } from './risk-findings.ts';
import { RISK_BAND_LABELS, type RiskBand } from './risk-scoring.ts';
import { COMPANY_ROLES, ROLE_LABELS } from './roles.ts';

/*
 * Automations (issue 23, docs/product.md § Automations): an administrator writes a reaction to
 * an event once — when (a trigger) → if (conditions on the event's fields) → then (actions).
 * This file is the catalogue both sides read: the API validates a rule against it and the web
 * app builds its editor from it, so a field, an operator or an action exists in one place.
 */

export const AUTOMATION_TRIGGERS = [
  'update_published',
  'deadline_approaching',
  'deadline_missed',
  'assessment_non_compliant',
  'assessment_review_due',
  'change_status_entered',
  'change_overdue',
  'risk_level_raised',
  'finding_action_overdue',
  'policy_review_due',
  'schedule',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_ACTIONS = [
  'create_change',
  'create_task',
  'assign_owner',
  'notify',
  'send_email',
  'webhook',
  'add_to_digest',
] as const;
export type AutomationAction = (typeof AUTOMATION_ACTIONS)[number];

/** A field of an event that a condition may test. */
export type EventFieldKind =
  /** One value of a closed list (a status, a document type). */
  | 'choice'
  /** Several values of a closed list (an update's areas). */
  | 'choices'
  /** One value of an ordered list (a severity): "is at least" makes sense. */
  | 'level'
  /** Free text (a title): "contains". */
  | 'text'
  /** Several free values (CFR parts cited): "includes". */
  | 'tags'
  /** A member of the institution, or none. */
  | 'member'
  | 'boolean';

export interface EventField {
  label: string;
  kind: EventFieldKind;
  /** For choice, choices and level: the values in order, each with its label. */
  options?: readonly { value: string; label: string }[];
}

const options = <Value extends string>(
  values: readonly Value[],
  label: (value: Value) => string,
): { value: string; label: string }[] => values.map((value) => ({ value, label: label(value) }));

const AREA_FIELD: EventField = {
  label: 'Regulation area',
  kind: 'choice',
  options: options(REGULATION_AREAS, (area) => REGULATION_AREA_INFO[area].tag),
};
const AREAS_FIELD: EventField = { ...AREA_FIELD, label: 'Regulation areas', kind: 'choices' };
const TITLE_FIELD: EventField = { label: 'Title', kind: 'text' };
const OWNER_FIELD: EventField = { label: 'Owner', kind: 'member' };
const RISK_BANDS: readonly RiskBand[] = ['low', 'moderate', 'high', 'critical'];
const BAND_FIELD = (label: string): EventField => ({
  label,
  kind: 'level',
  options: options(RISK_BANDS, (band) => RISK_BAND_LABELS[band]),
});

export interface TriggerInfo {
  label: string;
  /** What the trigger means, in a sentence the editor shows. */
  description: string;
  /** The fields of its events, for conditions. */
  fields: Readonly<Record<string, EventField>>;
  /** The plan feature whose records it watches (the rule is refused without it). */
  feature: FeatureName | null;
  /** Whether it needs `daysBefore` (deadline approaching) or `cron` (schedule). */
  config: 'days_before' | 'cron' | null;
  /** The kind of record its events are about, for the actions that work on "the record". */
  subject: AutomationSubject | null;
}

/** The records an event can be about. */
export const AUTOMATION_SUBJECTS = [
  'feed_item',
  'calendar_event',
  'assessment',
  'change',
  'risk',
  'finding_action',
  'policy',
] as const;
export type AutomationSubject = (typeof AUTOMATION_SUBJECTS)[number];

export const TRIGGERS: Readonly<Record<AutomationTrigger, TriggerInfo>> = {
  update_published: {
    label: 'A regulatory update arrives',
    description:
      'A new item reaches the institution’s regulatory feed (a final rule, a proposal, guidance…).',
    fields: {
      areas: AREAS_FIELD,
      agencies: {
        label: 'Agency',
        kind: 'choices',
        options: options(AGENCIES, (agency) => agency),
      },
      documentType: {
        label: 'Document type',
        kind: 'choice',
        options: options(FEED_DOCUMENT_TYPES, (type) => FEED_DOCUMENT_TYPE_LABELS[type]),
      },
      cfrParts: { label: 'CFR part cited (like 1026)', kind: 'tags' },
      watchlistMatch: { label: 'Matches the watchlist', kind: 'boolean' },
      title: TITLE_FIELD,
    },
    feature: 'regulatory_feeds',
    config: null,
    subject: 'feed_item',
  },
  deadline_approaching: {
    label: 'A calendar deadline is a number of days away',
    description: 'An open deadline of the regulatory calendar is due in the number of days set.',
    fields: { area: AREA_FIELD, title: TITLE_FIELD, owner: OWNER_FIELD },
    feature: 'regulatory_calendar',
    config: 'days_before',
    subject: 'calendar_event',
  },
  deadline_missed: {
    label: 'A calendar deadline is missed',
    description: 'A deadline’s due date ends and nobody has marked it done.',
    fields: { area: AREA_FIELD, title: TITLE_FIELD, owner: OWNER_FIELD },
    feature: 'regulatory_calendar',
    config: null,
    subject: 'calendar_event',
  },
  assessment_non_compliant: {
    label: 'An assessment becomes non-compliant',
    description: 'A member rates a rule of the library non-compliant.',
    fields: { area: AREA_FIELD, ruleId: { label: 'Rule id', kind: 'text' }, owner: OWNER_FIELD },
    feature: 'compliance_library',
    config: null,
    subject: 'assessment',
  },
  assessment_review_due: {
    label: 'An assessment’s review date passes',
    description: 'The next review date set on an assessment ends without a new review.',
    fields: {
      area: AREA_FIELD,
      ruleId: { label: 'Rule id', kind: 'text' },
      status: {
        label: 'Status',
        kind: 'choice',
        options: options(ASSESSMENT_STATUSES, (status) => ASSESSMENT_STATUS_LABELS[status]),
      },
      owner: OWNER_FIELD,
    },
    feature: 'compliance_library',
    config: null,
    subject: 'assessment',
  },
  change_status_entered: {
    label: 'A change enters a status',
    description: 'A regulatory change is created or moves to a status.',
    fields: {
      status: {
        label: 'Status',
        kind: 'choice',
        options: options(CHANGE_STATUSES, (status) => CHANGE_STATUS_LABELS[status]),
      },
      areas: AREAS_FIELD,
      riskRating: {
        label: 'Risk rating',
        kind: 'level',
        options: options(RISK_RATINGS, (rating) => RISK_RATING_LABELS[rating]),
      },
      owner: OWNER_FIELD,
      title: TITLE_FIELD,
    },
    feature: 'change_management',
    config: null,
    subject: 'change',
  },
  change_overdue: {
    label: 'A change passes its due date',
    description: 'An open regulatory change’s due date ends before it is closed.',
    fields: {
      areas: AREAS_FIELD,
      riskRating: {
        label: 'Risk rating',
        kind: 'level',
        options: options(RISK_RATINGS, (rating) => RISK_RATING_LABELS[rating]),
      },
      owner: OWNER_FIELD,
      title: TITLE_FIELD,
    },
    feature: 'change_management',
    config: null,
    subject: 'change',
  },
  risk_level_raised: {
    label: 'A risk’s residual level rises',
    description:
      'A risk’s residual rating moves to a higher band (or is rated for the first time).',
    fields: {
      area: AREA_FIELD,
      level: BAND_FIELD('New residual level'),
      owner: OWNER_FIELD,
      title: TITLE_FIELD,
    },
    feature: 'risk_scoring',
    config: null,
    subject: 'risk',
  },
  finding_action_overdue: {
    label: 'A finding’s corrective action becomes overdue',
    description: 'A corrective action’s due date ends before it is completed.',
    fields: {
      area: AREA_FIELD,
      severity: {
        label: 'Finding severity',
        kind: 'level',
        options: options(FINDING_SEVERITIES, (severity) => FINDING_SEVERITY_LEVELS[severity].label),
      },
      owner: OWNER_FIELD,
    },
    feature: 'risk_scoring',
    config: null,
    subject: 'finding_action',
  },
  policy_review_due: {
    label: 'A policy passes its review date',
    description: 'The next review date of a policy’s approved version ends.',
    fields: { owner: OWNER_FIELD, title: TITLE_FIELD },
    feature: 'policy_cross_referencing',
    config: null,
    subject: 'policy',
  },
  schedule: {
    label: 'On a schedule',
    description:
      'At the times a cron expression names, in the institution’s time zone (US Eastern).',
    fields: {},
    feature: null,
    config: 'cron',
    subject: null,
  },
};

export interface ActionInfo {
  label: string;
  description: string;
  /** The plan feature it needs (creating a change needs change management). */
  feature: FeatureName | null;
  /** The kinds of record it can work on; null: any event. */
  subjects: readonly AutomationSubject[] | null;
}

export const ACTIONS: Readonly<Record<AutomationAction, ActionInfo>> = {
  create_change: {
    label: 'Open a regulatory change',
    description:
      'Opens a change in change management, prefilled from the update (title, areas, summary, effective date); its risk and due date stay for a person to set.',
    feature: 'change_management',
    subjects: null,
  },
  create_task: {
    label: 'Create a task',
    description: 'Creates a team task, linked to the event’s record when it has one.',
    feature: 'team_collaboration',
    subjects: null,
  },
  assign_owner: {
    label: 'Assign an owner',
    description: 'Makes a member the owner of the event’s record when it has no owner yet.',
    feature: null,
    subjects: ['calendar_event', 'assessment', 'change', 'risk', 'finding_action', 'policy'],
  },
  notify: {
    label: 'Notify members',
    description:
      'An in-app notification to the members and roles chosen, emailed as each member chose.',
    feature: null,
    subjects: null,
  },
  send_email: {
    label: 'Send an email',
    description: 'An email to the members and roles chosen, whatever their notification choices.',
    feature: null,
    subjects: null,
  },
  webhook: {
    label: 'Post to a webhook',
    description: 'Posts the event, signed, to one of the institution’s outbound webhook endpoints.',
    feature: 'custom_integrations',
    subjects: null,
  },
  add_to_digest: {
    label: 'Add to the email digest',
    description:
      'Puts the event in the next daily or weekly digest of the members chosen (those without a digest get it in the app).',
    feature: null,
    subjects: null,
  },
};

/** Condition operators, and the field kinds each applies to. */
export const CONDITION_OPERATORS = [
  'is',
  'is_not',
  'includes',
  'excludes',
  'at_least',
  'contains',
  'is_empty',
  'is_set',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const OPERATOR_INFO: Readonly<
  Record<ConditionOperator, { label: string; kinds: readonly EventFieldKind[]; value: boolean }>
> = {
  is: { label: 'is', kinds: ['choice', 'level', 'member', 'boolean'], value: true },
  is_not: { label: 'is not', kinds: ['choice', 'level', 'member'], value: true },
  includes: { label: 'includes', kinds: ['choices', 'tags'], value: true },
  excludes: { label: 'does not include', kinds: ['choices', 'tags'], value: true },
  at_least: { label: 'is at least', kinds: ['level'], value: true },
  contains: { label: 'contains', kinds: ['text'], value: true },
  is_empty: { label: 'is not set', kinds: ['member', 'level', 'choice'], value: false },
  is_set: { label: 'is set', kinds: ['member', 'level', 'choice'], value: false },
};

/** Who hears from a notify, email or digest action. */
export const RECIPIENT_ROLES = COMPANY_ROLES;
export const recipientRoleLabel = (role: (typeof COMPANY_ROLES)[number]) =>
  `Every ${ROLE_LABELS[role].toLowerCase()}`;

export const AUTOMATION_LIMITS = {
  rulesPerCompany: 100,
  conditions: 10,
  actions: 5,
  nameLength: 120,
  descriptionLength: 1000,
  textLength: 2000,
  daysBefore: { min: 1, max: 365 },
  dueInDays: { min: 1, max: 365 },
  /**
   * How many automation runs may lead to one another: a rule whose action starts an event that
   * runs a rule, and so on. Past this the run stops with an error instead of looping.
   */
  chainDepth: 3,
  /** How far back a dry run looks for real events. */
  dryRunDays: 30,
  /** The most events a dry run shows. */
  dryRunEvents: 50,
  webhookEndpoints: 20,
} as const;

/**
 * "The last 30 days" of the rules list: today and the 29 days before it, US Eastern days, as the
 * run history's `from`/`to` filters read them, so a count and the list it opens agree.
 */
export function last30Days(now = new Date()): { from: string; to: string } {
  const to = todayIn(DEFAULT_CALENDAR_TIME_ZONE, now);
  return { from: addDays(to, -29), to };
}

/** An action's tries before it is marked failed and the administrators are told. */
export const ACTION_RETRY_MINUTES = [1, 5, 15, 60] as const;

export const AUTOMATION_MESSAGES = {
  name_required: 'Give the rule a name.',
  unknown_trigger: 'Choose one of the triggers offered.',
  unknown_action: 'Choose one of the actions offered.',
  actions_required: 'Add at least one action.',
  unknown_field: 'This trigger’s events have no such field.',
  operator_not_for_field: 'This comparison does not apply to that field.',
  value_required: 'Choose a value to compare with.',
  value_not_offered: 'Choose one of the values offered for that field.',
  days_before_required: `Say how many days before the deadline (${AUTOMATION_LIMITS.daysBefore.min}–${AUTOMATION_LIMITS.daysBefore.max}).`,
  cron_required: 'Write the schedule as a cron expression, like 0 8 * * 1 (Mondays at 8:00).',
  cron_invalid:
    'This is not a cron expression we can read: five fields (minute, hour, day of month, month, day of week), like 0 8 * * 1.',
  cron_too_often: 'A schedule may run at most once an hour.',
  action_not_for_trigger: 'This action needs an event about a record that has an owner.',
  recipients_required: 'Choose at least one member or role.',
  member_not_found: 'Choose an active member of the institution.',
  task_title_required: 'Give the task a title.',
  endpoint_required: 'Choose a webhook endpoint.',
  endpoint_not_found: 'That webhook endpoint does not exist.',
  endpoint_disabled: 'That webhook endpoint is turned off; nothing was sent to it.',
  feature_unavailable: 'The institution’s plan does not include what this rule uses.',
  too_many_rules: `An institution may have at most ${AUTOMATION_LIMITS.rulesPerCompany} rules.`,
  rule_not_found: 'This rule does not exist.',
  run_not_found: 'This run does not exist.',
  chain_too_deep: `Stopped: this event was caused by ${AUTOMATION_LIMITS.chainDepth} automation runs in a row, the most allowed. Check for rules that trigger each other.`,
  webhook_url_https: 'The endpoint must be an https:// address.',
  webhook_url_private:
    'The endpoint is a private or internal address; webhooks go to the public internet.',
  webhook_url_invalid: 'Enter the endpoint’s full address, like https://example.com/hooks.',
  webhook_url_credentials:
    'The address may not contain a user name or password; the signature proves who sends.',
  too_many_endpoints: `An institution may have at most ${AUTOMATION_LIMITS.webhookEndpoints} webhook endpoints.`,
  delivery_not_found: 'This delivery does not exist.',
} as const;

/** In a task's title or a message, `{title}` stands for the title of the event's record. */
export const TITLE_TOKEN = '{title}';

export interface AutomationTemplate {
  key: string;
  name: string;
  description: string;
  trigger: { type: AutomationTrigger; daysBefore?: number; cron?: string };
  conditions: { field: string; operator: ConditionOperator; value?: string | boolean }[];
  /**
   * Actions as the editor starts them; members are left for the administrator to choose (a
   * template never names a person), roles and "the record's owner" are filled in.
   */
  actions: (
    | { type: 'create_change' }
    | { type: 'create_task'; title: string; assignToOwner: boolean; dueInDays?: number }
    | {
        type: 'notify' | 'add_to_digest';
        recipients: { userIds: []; roles: ('user' | 'manager' | 'admin')[]; owner: boolean };
        message?: string;
      }
    | {
        type: 'send_email';
        recipients: { userIds: []; roles: ('user' | 'manager' | 'admin')[]; owner: boolean };
        subject?: string;
        message?: string;
      }
  )[];
}

export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    key: 'final_rule_opens_change',
    name: 'New CFPB final rule on our watchlist → open a change',
    description:
      'A final rule from the CFPB that matches the watchlist opens a regulatory change (prefilled from the rule) and tells the managers.',
    trigger: { type: 'update_published' },
    conditions: [
      { field: 'agencies', operator: 'includes', value: 'CFPB' },
      { field: 'documentType', operator: 'is', value: 'final_rule' },
      { field: 'watchlistMatch', operator: 'is', value: true },
    ],
    actions: [
      { type: 'create_change' },
      {
        type: 'notify',
        recipients: { userIds: [], roles: ['manager', 'admin'], owner: false },
        message:
          'A CFPB final rule on our watchlist opened a change: assess it and set its owner, risk and due date.',
      },
    ],
  },
  {
    key: 'hmda_deadline_task',
    name: 'HMDA deadline in 30 days → task to its owner',
    description:
      'Thirty days before an HMDA deadline, its owner gets a task to prepare it, due in 14 days.',
    trigger: { type: 'deadline_approaching', daysBefore: 30 },
    conditions: [{ field: 'area', operator: 'is', value: 'hmda' }],
    actions: [
      { type: 'create_task', title: `Prepare: ${TITLE_TOKEN}`, assignToOwner: true, dueInDays: 14 },
    ],
  },
  {
    key: 'missed_deadline_alert',
    name: 'Missed deadline → email the administrators',
    description:
      'When a deadline’s day ends and nobody marked it done, the administrators and its owner are emailed.',
    trigger: { type: 'deadline_missed' },
    conditions: [],
    actions: [
      {
        type: 'send_email',
        recipients: { userIds: [], roles: ['admin'], owner: true },
        subject: `Missed deadline: ${TITLE_TOKEN}`,
      },
    ],
  },
  {
    key: 'non_compliant_task',
    name: 'Rule rated non-compliant → corrective task to its owner',
    description:
      'When an assessment becomes non-compliant, its owner gets a task to plan the correction and the managers hear of it.',
    trigger: { type: 'assessment_non_compliant' },
    conditions: [],
    actions: [
      {
        type: 'create_task',
        title: `Plan the correction: ${TITLE_TOKEN}`,
        assignToOwner: true,
        dueInDays: 30,
      },
      { type: 'notify', recipients: { userIds: [], roles: ['manager'], owner: false } },
    ],
  },
  {
    key: 'high_risk_alert',
    name: 'Residual risk rises to high → tell the administrators',
    description:
      'A risk whose residual level rises to high or critical is announced to the administrators.',
    trigger: { type: 'risk_level_raised' },
    conditions: [{ field: 'level', operator: 'at_least', value: 'high' }],
    actions: [{ type: 'notify', recipients: { userIds: [], roles: ['admin'], owner: true } }],
  },
  {
    key: 'overdue_action_digest',
    name: 'Overdue corrective action → in the managers’ digest',
    description: 'Each corrective action that becomes overdue goes in the managers’ next digest.',
    trigger: { type: 'finding_action_overdue' },
    conditions: [],
    actions: [
      { type: 'add_to_digest', recipients: { userIds: [], roles: ['manager'], owner: true } },
    ],
  },
  {
    key: 'weekly_review',
    name: 'Every Monday at 8:00 → remind the team to review open work',
    description: 'A weekly notification to every manager to review open changes and deadlines.',
    trigger: { type: 'schedule', cron: '0 8 * * 1' },
    conditions: [],
    actions: [
      {
        type: 'notify',
        recipients: { userIds: [], roles: ['manager'], owner: false },
        message: 'Weekly review: open changes, deadlines in the next 30 days, overdue actions.',
      },
    ],
  },
];
