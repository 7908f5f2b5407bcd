import type { RunFilters } from '@complivue/shared/schemas/automations';
import { paths } from '@/config/paths';
import { runFilterParams } from './api.ts';

/*
 * Where the feature's records are: a number opens the run history with the same filters in the
 * URL (DESIGN.md, "Every number is a link").
 */

export const rulePath = (ruleId: string) =>
  paths.automationsRule.replace(':ruleId', encodeURIComponent(ruleId));
export const ruleEditPath = (ruleId: string) =>
  paths.automationsRuleEdit.replace(':ruleId', encodeURIComponent(ruleId));
export const runPath = (runId: string) =>
  paths.automationsRun.replace(':runId', encodeURIComponent(runId));

export function runsHref(filters: Partial<Omit<RunFilters, 'page'>>): string {
  const params = runFilterParams(filters).toString();
  return `${paths.automationsRuns}${params ? `?${params}` : ''}`;
}

export const newRuleHref = (templateKey?: string) =>
  templateKey
    ? `${paths.automationsNew}?template=${encodeURIComponent(templateKey)}`
    : paths.automationsNew;

/** `?template=blank`: the editor without a template (the gallery's "Start from scratch"). */
export const BLANK_TEMPLATE = 'blank';

export { last30Days } from '@complivue/shared/automations';
