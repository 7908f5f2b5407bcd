import { DEFAULT_CALENDAR_TIME_ZONE } from '@complivue/shared/calendar-days';
import { AUTOMATION_MESSAGES } from '@complivue/shared/automations';
import { CronExpressionParser } from 'cron-parser';

/** Schedules run in the institution's time zone: US Eastern, the day analytics and deadlines use. */
export const SCHEDULE_TIME_ZONE = DEFAULT_CALENDAR_TIME_ZONE;

/**
 * Why a cron expression cannot be a rule's schedule, or null when it can: five fields (no
 * seconds), readable by cron-parser, and at most once an hour (one minute of the hour), so a
 * rule cannot flood the institution with runs.
 */
export function scheduleProblem(cron: string | null | undefined): string | null {
  const text = cron?.trim() ?? '';
  if (!text) return AUTOMATION_MESSAGES.cron_required;
  if (text.split(/\s+/).length !== 5) return AUTOMATION_MESSAGES.cron_invalid;
  try {
    const expression = CronExpressionParser.parse(text, { tz: SCHEDULE_TIME_ZONE, strict: false });
    if (expression.fields.minute.values.length !== 1) return AUTOMATION_MESSAGES.cron_too_often;
  } catch {
    return AUTOMATION_MESSAGES.cron_invalid;
  }
  return null;
}

/** The times a schedule fires after `from` and up to `to` (both exclusive of from), oldest first. */
export function fireTimesBetween(cron: string, from: Date, to: Date, limit = 50): Date[] {
  const expression = CronExpressionParser.parse(cron, {
    tz: SCHEDULE_TIME_ZONE,
    currentDate: from,
    endDate: to,
  });
  const times: Date[] = [];
  while (times.length < limit && expression.hasNext()) {
    times.push(expression.next().toDate());
  }
  return times;
}
