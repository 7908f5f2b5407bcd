import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';
import { FINDING_SEVERITIES } from '../risk-findings.ts';
import { complianceSummarySchema } from './compliance-summary.ts';

/** How many the dashboard shows of each list of work that needs action. */
export const ATTENTION_LIST_LIMIT = 5;

/** A due date of the calendar that passed without being marked done. */
const overdueDeadlineSchema = z.object({
  eventId: z.string(),
  /** The due date, `YYYY-MM-DD`. */
  date: z.string(),
  title: z.string(),
  ownerName: z.string().nullable(),
  area: z.enum(REGULATION_AREAS).nullable(),
  citation: z.string().nullable(),
});

/** An open change past its due date, or with a task past its own. */
const overdueChangeSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  ownerName: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Whether the change itself is past due (else only some of its tasks are). */
  pastDue: z.boolean(),
  overdueTasks: z.number().int(),
});

/** A finding with corrective actions past their due date and not completed. */
const overdueFindingSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  /** The earliest due date among its overdue actions, and that action's owner. */
  dueDate: z.string(),
  ownerName: z.string().nullable(),
  overdueActions: z.number().int(),
});

const policyToReviewSchema = z.object({
  policyId: z.string(),
  number: z.number().int(),
  title: z.string(),
  /** The update or change that calls for the review. */
  sourceTitle: z.string(),
  sourceDate: z.iso.datetime({ offset: true }),
});

/**
 * The dashboard's figures (docs/product.md § Dashboard), each computed on the server from the
 * company's data.
 */
export const dashboardSchema = z.object({
  /** The member's today (`YYYY-MM-DD`, their profile's time zone): what overdue is measured by. */
  today: z.string(),
  /**
   * What needs action, first on the screen (DESIGN.md, "Screens for people who answer to
   * examiners"): each count is the length of the list it links to, with the most overdue
   * `ATTENTION_LIST_LIMIT` of them, their owner and due date.
   */
  attention: z.object({
    /** The calendar list's "Overdue": due in the 364 days before today, not marked done. */
    overdueDeadlines: z.object({
      count: z.number().int(),
      items: z.array(overdueDeadlineSchema),
    }),
    /** The change list's "Overdue only" filter. */
    overdueChanges: z.object({ count: z.number().int(), items: z.array(overdueChangeSchema) }),
    /** The findings list's "Overdue actions only" filter (`/risk-scoring?view=findings&overdue=true`). */
    overdueFindings: z.object({ count: z.number().int(), items: z.array(overdueFindingSchema) }),
    /**
     * Approved policies an update or a change since their approval touches, not yet reviewed
     * (`/policy-cross-referencing`, each policy's "Regulatory changes since approval").
     */
    policiesToReview: z.object({
      count: z.number().int(),
      items: z.array(policyToReviewSchema),
    }),
  }),
  alerts: z.object({
    /** Unread notifications of high or normal priority addressed to you. */
    active: z.number().int(),
    highPriority: z.number().int(),
  }),
  deadlines: z.object({
    /** Whether the regulatory calendar exists yet; until it does the count is 0. */
    tracked: z.boolean(),
    next30Days: z.number().int(),
  }),
  teamActivity: z.object({
    /** Your institution's compliance work (not sign-ins) since `since`, today included. */
    actionsThisWeek: z.number().int(),
    /** The first of the 7 whole UTC days counted: User Activity's `from` for the same list. */
    since: z.string(),
  }),
  /** The library's rule assessments (see complianceSummarySchema). */
  compliance: complianceSummarySchema,
  recentUpdates: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      area: z.string(),
      /** Agency codes (`AGENCY_LABELS` names them). */
      agencies: z.array(z.string()),
      /** The feed's publication date, else when the update was first seen. */
      publishedAt: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
