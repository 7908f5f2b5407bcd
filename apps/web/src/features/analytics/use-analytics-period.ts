import { isDayRange, isQuarterKey } from '@complivue/shared/analytics-periods';
import { planHasFeature } from '@complivue/shared/features';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { useSubscription } from '@/lib/subscription';

export interface AnalyticsPeriodChoice {
  quarter?: string;
  from?: string;
  to?: string;
  area?: RegulationArea;
  /** A member's id, `me` or `none` (advanced analytics). */
  owner?: string;
}

/**
 * The period and area the analytics pages read, from the URL (so a link or a reload shows the
 * same figures), and whether the institution has advanced analytics (custom ranges, one area).
 */
export function useAnalyticsPeriod() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const subscription = useSubscription();
  const advanced =
    session.data?.profile.role === 'super_admin' ||
    (subscription.data ? planHasFeature(subscription.data.planName, 'advanced_analytics') : false);
  const quarter = params.get('quarter') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const area = params.get('area') ?? '';
  const owner = params.get('owner') ?? '';
  const choice: AnalyticsPeriodChoice = {
    ...(isQuarterKey(quarter) && { quarter }),
    ...(advanced && isDayRange(from, to) && { from, to }),
    ...(advanced && (REGULATION_AREAS as readonly string[]).includes(area)
      ? { area: area as RegulationArea }
      : {}),
    ...(advanced && owner && { owner }),
  };
  const search = new URLSearchParams(
    Object.entries(choice).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  const choose = (next: AnalyticsPeriodChoice) =>
    setParams(
      new URLSearchParams(
        Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ),
    );
  return { choice, search, advanced, choose };
}
