import {
  previousQuarter,
  previousRange,
  quarterOf,
  quarterPeriod,
  rangeKey,
  type Period,
} from '@complivue/shared/analytics-periods';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { ANALYTICS_MESSAGES, type AnalyticsQuery } from '@complivue/shared/schemas/analytics';
import { AppError } from '../../lib/app-error.ts';

export interface ResolvedPeriod {
  period: Period;
  previous: Period;
  custom: boolean;
}

const rangeLabel = (from: string, to: string) => `${formatShortDay(from)} – ${formatShortDay(to)}`;

/**
 * The period a read is of: the quarter asked for (this quarter by default) and the one before
 * it, or a custom range and the same number of days before it — custom ranges and one area's
 * or one owner's figures only with advanced analytics (the enterprise plan), refused otherwise, never ignored.
 */
export function resolvePeriod(
  query: Pick<AnalyticsQuery, 'quarter' | 'from' | 'to' | 'area' | 'owner'>,
  options: { today: string; advanced: boolean },
): ResolvedPeriod {
  const refusal = !options.advanced
    ? query.area
      ? ANALYTICS_MESSAGES.area_filter_plan
      : query.owner
        ? ANALYTICS_MESSAGES.owner_filter_plan
        : null
    : null;
  if (refusal) throw new AppError('feature_unavailable', refusal, { needed: 'advanced_analytics' });
  if (query.from && query.to) {
    if (!options.advanced) {
      throw new AppError('feature_unavailable', ANALYTICS_MESSAGES.custom_range_plan, {
        needed: 'advanced_analytics',
      });
    }
    const period = {
      key: rangeKey(query.from, query.to),
      label: rangeLabel(query.from, query.to),
      from: query.from,
      to: query.to,
    };
    return { period, previous: previousRange(period, rangeLabel), custom: true };
  }
  const period = query.quarter ? quarterPeriod(query.quarter) : quarterOf(options.today);
  return { period, previous: previousQuarter(period), custom: false };
}

/** The day a period's closing figures are of: its last day, or today while it is running. */
export const closingDay = (period: Period, today: string): string | null =>
  period.from > today ? null : period.to < today ? period.to : today;
