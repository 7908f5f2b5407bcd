import { z } from 'zod';
import { isQuarterKey, MAX_RANGE_DAYS } from '../analytics-periods.ts';
import { isIsoDay } from '../calendar-days.ts';
import { DEADLINE_OUTCOMES } from '../deadline-outcomes.ts';
import {
  REPORT_SCHEDULE_LIMITS,
  REPORT_SCHEDULE_MESSAGES,
  SAVED_VIEW_MESSAGES,
} from '../analytics-messages.ts';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { optionalChoice } from './optional-choice.ts';

/*
 * Analytics and board reporting (issue 21, docs/product.md § Analytics): the figures of a
 * period, from the institution's own records and its daily snapshots.
 */

export const ANALYTICS_MESSAGES = {
  quarter: 'Choose a quarter written like 2026-Q4.',
  day: 'Choose a date written like 2026-10-01.',
  range_order: 'The end date must be on or after the start date.',
  range_too_wide: `Choose a range of at most ${MAX_RANGE_DAYS} days.`,
  range_needs_both: 'Choose both a start date and an end date.',
  custom_range_plan:
    'Custom date ranges are part of advanced analytics, on the Enterprise plan. Choose a quarter.',
  area_filter_plan:
    'Reading one regulation area is part of advanced analytics, on the Enterprise plan.',
  owner_needs_manager: 'Managers and administrators read one member’s share of the team’s work.',
  owner_filter_plan:
    'Reading one owner’s work is part of advanced analytics, on the Enterprise plan.',
} as const;

/** How far ahead "upcoming deadlines" look: 90 days from today, today included. */
export const UPCOMING_DAYS = 90;

const count = z.number().int().min(0);

/** How often a scheduled report goes out, each with the period it reports on. */
export const REPORT_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly, each Monday, on the week before',
  monthly: 'Monthly, on the 1st, on the month before',
  quarterly: 'Quarterly, on the first day of a quarter, on the quarter before',
};

/** The views of the analytics page a saved view may open. */
export const ANALYTICS_VIEWS = ['overview', 'compliance', 'changes', 'deadlines', 'team'] as const;
export type AnalyticsView = (typeof ANALYTICS_VIEWS)[number];

/** Where the rules that apply to the institution stand: the score always with its coverage. */
export const complianceFiguresSchema = z.object({
  /** compliant ÷ (applicable and assessed, not "not applicable"); null until one is assessed. */
  score: z.number().int().nullable(),
  /** Rules of the library that apply to the institution's profile. */
  applicable: count,
  /** Of those, the ones a person has assessed (any status but "not assessed"). */
  assessed: count,
  compliant: count,
  needsReview: count,
  nonCompliant: count,
  notApplicable: count,
});
export type ComplianceFigures = z.infer<typeof complianceFiguresSchema>;

const openOverdueSchema = z.object({ open: count, overdue: count });

/** What a daily snapshot holds (`analytics_snapshots.figures`). */
export const analyticsSnapshotFiguresSchema = z.object({
  compliance: complianceFiguresSchema.extend({
    byArea: z.partialRecord(z.enum(REGULATION_AREAS), complianceFiguresSchema),
  }),
  changes: openOverdueSchema,
  findings: openOverdueSchema,
});
export type AnalyticsSnapshotFigures = z.infer<typeof analyticsSnapshotFiguresSchema>;

const day = z.string().refine(isIsoDay, ANALYTICS_MESSAGES.day);

/**
 * The period of every analytics read: a quarter (`quarter=2026-Q4`, this quarter when neither is
 * given), or a custom range (`from`, `to`; advanced analytics only, checked by the API).
 */
export const analyticsQuerySchema = z
  .object({
    quarter: z.string().refine(isQuarterKey, ANALYTICS_MESSAGES.quarter).optional(),
    from: day.optional(),
    to: day.optional(),
    area: z.enum(REGULATION_AREAS).optional(),
    /** Changes and deadlines of one owner (advanced analytics). */
    owner: z.string().trim().min(1).max(100).optional(),
  })
  .refine((query) => Boolean(query.from) === Boolean(query.to), {
    message: ANALYTICS_MESSAGES.range_needs_both,
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ANALYTICS_MESSAGES.range_order,
    path: ['to'],
  })
  .refine(
    (query) =>
      !query.from ||
      !query.to ||
      (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_RANGE_DAYS,
    { message: ANALYTICS_MESSAGES.range_too_wide, path: ['to'] },
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const periodSchema = z.object({
  key: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});

/** A figure of the period beside the same figure of the period before. */
const compared = z.object({ current: count, previous: count });

export const deadlineOutcomeCountsSchema = z.object(
  Object.fromEntries(DEADLINE_OUTCOMES.map((outcome) => [outcome, count])) as Record<
    (typeof DEADLINE_OUTCOMES)[number],
    typeof count
  >,
);

export const analyticsTrendPointSchema = z.object({
  day: z.string(),
  /** Rebuilt from the records' histories for a day before snapshots were kept. */
  backfilled: z.boolean(),
  score: z.number().int().nullable(),
  assessed: count,
  applicable: count,
  openChanges: count,
  overdueChanges: count,
  openFindings: count,
  overdueFindings: count,
});
export type AnalyticsTrendPoint = z.infer<typeof analyticsTrendPointSchema>;

export const analyticsOverviewSchema = z.object({
  today: z.string(),
  period: periodSchema,
  previous: periodSchema,
  /** Whether the period is a custom range (advanced analytics). */
  custom: z.boolean(),
  compliance: z.object({
    /** As of the period's end (today for the current period): live for today, else a snapshot. */
    current: complianceFiguresSchema.nullable(),
    currentAsOf: z.string().nullable(),
    previous: complianceFiguresSchema.nullable(),
    previousAsOf: z.string().nullable(),
  }),
  changes: z.object({
    opened: compared,
    closed: compared,
    /** Median days from identified to closed of the changes closed in the period. */
    medianCycleDays: z.object({ current: z.number().nullable(), previous: z.number().nullable() }),
    /** Now (or at the period's end, from its snapshot). */
    open: count.nullable(),
    overdue: count.nullable(),
  }),
  deadlines: z.object({
    current: deadlineOutcomeCountsSchema,
    previous: deadlineOutcomeCountsSchema,
    /** Due in the 90 days after today, not yet done. */
    upcoming: count,
  }),
  feeds: z.object({ relevant: compared, triaged: compared }),
  /** Null when the institution has no risk register and no finding. */
  risks: z
    .object({
      bands: z.object({
        low: count,
        moderate: count,
        high: count,
        critical: count,
        notRated: count,
      }),
      /** Kept for the institution, not per area: null when one area is read. */
      openFindings: count.nullable(),
      overdueFindings: count.nullable(),
    })
    .nullable(),
  team: z.object({ actions: compared }),
  trend: z.array(analyticsTrendPointSchema),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** `GET /api/analytics/compliance`: each area's figures at the period's close and the one before. */
export const analyticsComplianceSchema = z.object({
  today: z.string(),
  period: periodSchema,
  previous: periodSchema,
  currentAsOf: z.string().nullable(),
  previousAsOf: z.string().nullable(),
  areas: z.array(
    z.object({
      area: z.enum(REGULATION_AREAS),
      current: complianceFiguresSchema.nullable(),
      previous: complianceFiguresSchema.nullable(),
    }),
  ),
  trend: z.array(analyticsTrendPointSchema),
  /** Every area's figures day by day, for comparing areas. */
  areaTrend: z.array(
    z.object({
      day: z.string(),
      backfilled: z.boolean(),
      byArea: z.partialRecord(z.enum(REGULATION_AREAS), complianceFiguresSchema),
    }),
  ),
});
export type AnalyticsCompliance = z.infer<typeof analyticsComplianceSchema>;

export const analyticsMembersSchema = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
});

export const periodChangeSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  areas: z.array(z.enum(REGULATION_AREAS)),
  status: z.string(),
  ownerName: z.string().nullable(),
  openedOn: z.string(),
  closedOn: z.string().nullable(),
  /** Days from identified to closed, for a change closed in the period. */
  cycleDays: z.number().int().nullable(),
  openedInPeriod: z.boolean(),
});
export type PeriodChangeEntry = z.infer<typeof periodChangeSchema>;

/** A month of the period (`2026-10`), with its first and last day inside the period. */
const monthCounts = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ month: z.string(), from: z.string(), to: z.string(), ...shape });

export const analyticsChangesSchema = z.object({
  today: z.string(),
  period: periodSchema,
  changes: z.array(periodChangeSchema),
  byMonth: z.array(monthCounts({ opened: count, closed: count })),
  medianCycleDays: z.number().nullable(),
});
export type AnalyticsChanges = z.infer<typeof analyticsChangesSchema>;

export const periodDueDateSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  area: z.enum(REGULATION_AREAS).nullable(),
  ownerName: z.string().nullable(),
  date: z.string(),
  outcome: z.enum(DEADLINE_OUTCOMES),
  doneOn: z.string().nullable(),
  doneByName: z.string().nullable(),
  evidenceNote: z.string().nullable(),
});
export type PeriodDueDateEntry = z.infer<typeof periodDueDateSchema>;

export const analyticsDeadlinesSchema = z.object({
  today: z.string(),
  period: periodSchema,
  counts: deadlineOutcomeCountsSchema,
  byMonth: z.array(monthCounts({ on_time: count, late: count, missed: count, open: count })),
  dueDates: z.array(periodDueDateSchema),
  /** The due dates of the next 90 days not yet done. */
  upcoming: z.array(periodDueDateSchema),
});
export type AnalyticsDeadlines = z.infer<typeof analyticsDeadlinesSchema>;

/** The kinds of compliance work, by the first part of the audit trail's action. */
export const ACTION_GROUP_LABELS: Record<string, string> = {
  library: 'Library assessments',
  change: 'Change management',
  calendar: 'Calendar deadlines',
  risk: 'Risks',
  risk_assessment: 'Risk assessment',
  finding: 'Findings',
  policy: 'Policies',
  comment: 'Discussions',
  thread: 'Discussions',
  task: 'Tasks',
  feeds: 'Regulatory feeds',
  member: 'Team',
  invitation: 'Team',
  role: 'Team',
  company: 'Settings',
  billing: 'Billing',
  subscription: 'Billing',
  support: 'Support',
  activity: 'User activity',
  analytics: 'Analytics',
};
export const actionGroupLabel = (group: string): string => ACTION_GROUP_LABELS[group] ?? 'Other';

export const analyticsTeamSchema = z.object({
  today: z.string(),
  period: periodSchema,
  total: count,
  byKind: z.array(z.object({ kind: z.string(), label: z.string(), count })),
  /**
   * Per member: for managers and administrators; null for a member with the user role, who sees
   * the team's work without colleagues' names (decision 0023).
   */
  members: z
    .array(
      z.object({
        userId: z.string().nullable(),
        name: z.string(),
        total: count,
        byKind: z.record(z.string(), count),
      }),
    )
    .nullable(),
});
export type AnalyticsTeam = z.infer<typeof analyticsTeamSchema>;

export const createReportScheduleRequestSchema = z.object({
  name: z
    .string(REPORT_SCHEDULE_MESSAGES.name)
    .trim()
    .min(1, REPORT_SCHEDULE_MESSAGES.name)
    .max(REPORT_SCHEDULE_LIMITS.maxName, REPORT_SCHEDULE_MESSAGES.name),
  frequency: z.enum(REPORT_FREQUENCIES, 'Choose how often it is sent.'),
  /** One area's figures; left out (or "All areas", sent empty) for the institution's. */
  area: optionalChoice(REGULATION_AREAS).optional(),
  recipientIds: z
    .array(z.string().min(1).max(100), REPORT_SCHEDULE_MESSAGES.recipients)
    .min(1, REPORT_SCHEDULE_MESSAGES.recipients)
    .max(REPORT_SCHEDULE_LIMITS.maxRecipients, REPORT_SCHEDULE_MESSAGES.recipients)
    .transform((ids) => [...new Set(ids)]),
});
export type CreateReportScheduleRequest = z.input<typeof createReportScheduleRequestSchema>;

export const reportScheduleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  area: z.enum(REGULATION_AREAS).nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  recipients: z.array(
    z.object({ userId: z.string(), name: z.string(), unsubscribed: z.boolean() }),
  ),
  /** The caller receives it (and has not unsubscribed). */
  receivesIt: z.boolean(),
  /** The period the next delivery is on, and the latest one's outcome per recipient. */
  lastDelivery: z
    .object({
      periodKey: z.string(),
      sent: count,
      pending: count,
      failed: count,
    })
    .nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListSchema = z.object({
  /** Administrators see every schedule; other members the ones they receive. */
  schedules: z.array(reportScheduleSchema),
});
export type ReportScheduleList = z.infer<typeof reportScheduleListSchema>;

export const reportSendOutcomeSchema = z.object({
  periodKey: z.string(),
  periodLabel: z.string(),
  sent: count,
  failed: count,
  /** Recipients who already had this period's report: not sent twice. */
  alreadySent: count,
});
export type ReportSendOutcome = z.infer<typeof reportSendOutcomeSchema>;

export const createSavedViewRequestSchema = z.object({
  name: z
    .string(SAVED_VIEW_MESSAGES.name)
    .trim()
    .min(1, SAVED_VIEW_MESSAGES.name)
    .max(80, SAVED_VIEW_MESSAGES.name),
  view: z.enum(ANALYTICS_VIEWS),
  query: z
    .object({
      quarter: z.string().refine(isQuarterKey, ANALYTICS_MESSAGES.quarter).optional(),
      from: day.optional(),
      to: day.optional(),
      area: z.enum(REGULATION_AREAS).optional(),
      owner: z.string().max(100).optional(),
    })
    .strict(),
});
export type CreateSavedViewRequest = z.input<typeof createSavedViewRequestSchema>;

export const savedViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  view: z.enum(ANALYTICS_VIEWS),
  query: z.record(z.string(), z.string()),
  createdByName: z.string().nullable(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });
