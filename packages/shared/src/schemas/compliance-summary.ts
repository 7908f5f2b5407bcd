import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';

// A module of its own, re-exported by schemas/library.ts: the dashboard parses it at first
// paint, and importing the whole library schema would add it to the web app's initial JavaScript.

/**
 * The compliance score and per-area status of an institution (dashboard and overview), with
 * its coverage: of the rules that apply to the institution, how many a person has assessed
 * (`Coverage` in compliance-score.ts), shown beside the score wherever it is.
 */
export const complianceSummarySchema = z.object({
  assessed: z.boolean(),
  score: z.number().int().min(0).max(100).nullable(),
  riskLevel: z.enum(['Low', 'Medium', 'High']).nullable(),
  coverage: z.object({
    assessed: z.number().int().min(0),
    applicable: z.number().int().min(0),
  }),
  areas: z.array(
    z.object({
      area: z.enum(REGULATION_AREAS),
      status: z.enum(['Compliant', 'Review Needed', 'Non-Compliant']),
      label: z.string(),
      score: z.number().int().nullable(),
      applicableRules: z.number().int(),
      assessedRules: z.number().int(),
    }),
  ),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;
