import { z } from 'zod';
import { complianceSummarySchema } from './compliance-summary.ts';

/**
 * The dashboard's figures (docs/product.md § Dashboard), each computed on the server from the
 * company's data.
 */
export const dashboardSchema = z.object({
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
