import { z } from 'zod';
import { REGULATION_AREAS } from '../regulation-areas.ts';

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
