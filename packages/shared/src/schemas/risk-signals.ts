import { z } from 'zod';
import { REGULATION_AREAS, type RegulationArea } from '../regulation-areas.ts';

/**
 * Signals: what the institution's own records say about a regulation area, beside the ratings
 * people gave its risks. Each is a count of records with the records themselves, so the number
 * opens what it counts; none is estimated.
 */
export const RISK_SIGNAL_KINDS = [
  'findings',
  'assessments',
  'changes',
  'deadlines',
  'feed',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

/** How far back an update counts as news that someone should have looked at. */
export const UNTRIAGED_FEED_DAYS = 90;

/** How many of a signal's records the answer carries; the count is always the full one. */
export const SIGNAL_ITEM_LIMIT = 10;

export interface RiskSignalInfo {
  label: string;
  /** What the count counts, in a sentence. */
  counts: string;
  /** When there are no records to look at: said instead of a zero that would read as good news. */
  noData: string;
  /** When there are records and none of them needs action. */
  clear: string;
}

export const RISK_SIGNAL_INFO: Record<RiskSignalKind, RiskSignalInfo> = {
  findings: {
    label: 'Open findings',
    counts: 'Findings of the area not yet closed, oldest first, with how long each has been open.',
    noData: 'No finding is recorded in this area.',
    clear: 'Every finding recorded in this area is closed.',
  },
  assessments: {
    label: 'Assessments needing action',
    counts:
      'Rules of the area your institution assessed as non-compliant, or whose next review date has passed.',
    noData: 'No rule in this area has been assessed yet.',
    clear: 'None: no assessed rule is non-compliant or past its review date.',
  },
  changes: {
    label: 'Changes past their due date',
    counts:
      'Open regulatory changes in the area past their due date, or with a task past its due date.',
    noData: 'No open change is recorded in this area.',
    clear: 'None of the open changes in this area is past its due date.',
  },
  deadlines: {
    label: 'Missed calendar deadlines',
    counts: 'Due dates of the last 12 months in the area that nobody marked done.',
    noData: 'No deadline in this area is on your calendar.',
    clear: 'None missed in the last 12 months.',
  },
  feed: {
    label: 'Updates not yet triaged',
    counts: `Updates of the last ${UNTRIAGED_FEED_DAYS} days relevant to your institution that nobody at your institution has opened and no change was started from.`,
    noData: `No update relevant to your institution arrived in this area in the last ${UNTRIAGED_FEED_DAYS} days.`,
    clear: 'Every relevant update of the period was opened or started a change.',
  },
};

export const riskSignalItemSchema = z.object({
  /** What the record is called where it lives ("CHG-4 Escrow cancellation notice"). */
  label: z.string(),
  /** Its date or status, in words. */
  detail: z.string(),
  /** The record in the app. */
  href: z.string(),
});
export type RiskSignalItem = z.infer<typeof riskSignalItemSchema>;

export const riskSignalSchema = z.object({
  kind: z.enum(RISK_SIGNAL_KINDS),
  /** Records that need action. */
  count: z.number().int().min(0),
  /** Records looked at; 0 means there is no data, which the screen says in words. */
  considered: z.number().int().min(0),
  /** The first SIGNAL_ITEM_LIMIT of the counted records, most urgent first. */
  items: z.array(riskSignalItemSchema),
  /** A list in the app that shows all of them, when the items above are not all. */
  moreHref: z.string().nullable(),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const areaSignalsSchema = z.object({
  area: z.enum(REGULATION_AREAS),
  signals: z.array(riskSignalSchema),
});
export type AreaSignals = z.infer<typeof areaSignalsSchema>;

export const riskSignalsQuerySchema = z.object({
  area: z.enum(REGULATION_AREAS, 'Choose a regulation area from the list.').optional(),
});

export const riskSignalsResponseSchema = z.object({
  today: z.string(),
  areas: z.array(areaSignalsSchema),
});
export type RiskSignalsResponse = z.infer<typeof riskSignalsResponseSchema>;

/** How many records of an area need action, over its signals. */
export const signalsNeedingAction = (signals: readonly RiskSignal[]) =>
  signals.reduce((sum, signal) => sum + signal.count, 0);

export const signalsOf = (response: RiskSignalsResponse, area: RegulationArea) =>
  response.areas.find((entry) => entry.area === area)?.signals ?? [];
