import { regulationAreaOf, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  CHANGE_STATUSES,
  RISK_RATINGS,
  type ChangeStatus,
  type RiskRating,
} from '@complivue/shared/regulatory-monitoring';
import { useSearchParams } from 'react-router';

export type ChangeView = 'board' | 'list';

export interface ChangeFilterState {
  status?: ChangeStatus;
  area?: RegulationArea;
  /** A member's id, `me` or `none`. */
  owner?: string;
  /** A rating, or `not_rated`: nobody has rated it yet. */
  risk?: RiskRating | 'not_rated';
  overdue: boolean;
  q: string;
  /**
   * Opened (created) or closed on these days, `YYYY-MM-DD`, both ends included, in US Eastern:
   * the ranges analytics links with (`?closedFrom=2026-10-01&closedTo=2026-12-31`). Kept as
   * written, so a malformed one reaches the server and is refused with its message.
   */
  openedFrom?: string;
  openedTo?: string;
  closedFrom?: string;
  closedTo?: string;
}

/** The date filters, in the order the URL and the query carry them. */
export const CHANGE_DATE_FILTERS = ['openedFrom', 'openedTo', 'closedFrom', 'closedTo'] as const;

export interface ChangePageState {
  view: ChangeView;
  filters: ChangeFilterState;
  page: number;
  /** The change open in the detail panel. */
  changeId: string | null;
  /** A feed item whose change is being drafted ("Start a change" on the feed). */
  fromFeedItem: string | null;
}

/** The filters as query parameters: the page's URL, the API's list and board, and the CSV. */
export function filterParams(filters: ChangeFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.area) params.set('area', filters.area);
  if (filters.owner) params.set('owner', filters.owner);
  if (filters.risk) params.set('risk', filters.risk);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.q) params.set('q', filters.q);
  for (const key of CHANGE_DATE_FILTERS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

const oneOf = <Value extends string>(list: readonly Value[], value: string | null) =>
  list.includes(value as Value) ? (value as Value) : undefined;

/**
 * The page's state lives in the URL (view, filters, page, the open change), so a filtered view
 * or a change can be linked, reloaded and opened from a notification (`?change=<id>`), and a
 * feed item's draft from the feed (`?from-feed=<item id>`).
 */
export function useChangePageState() {
  const [params, setParams] = useSearchParams();
  const state: ChangePageState = {
    view: params.get('view') === 'list' ? 'list' : 'board',
    filters: {
      status: oneOf(CHANGE_STATUSES, params.get('status')),
      area: regulationAreaOf(params.get('area')),
      owner: params.get('owner') || undefined,
      risk: oneOf([...RISK_RATINGS, 'not_rated'] as const, params.get('risk')),
      overdue: params.get('overdue') === 'true',
      q: params.get('q') ?? '',
      ...Object.fromEntries(CHANGE_DATE_FILTERS.map((key) => [key, params.get(key) || undefined])),
    },
    page: Math.max(1, Number(params.get('page')) || 1),
    changeId: params.get('change'),
    fromFeedItem: params.get('from-feed'),
  };

  const update = (next: Partial<ChangePageState>) => {
    const merged = { ...state, ...next, filters: { ...state.filters, ...next.filters } };
    const search = filterParams(merged.filters);
    if (merged.view === 'list') search.set('view', 'list');
    if (merged.page > 1) search.set('page', String(merged.page));
    if (merged.changeId) search.set('change', merged.changeId);
    if (merged.fromFeedItem) search.set('from-feed', merged.fromFeedItem);
    setParams(search, { replace: !('changeId' in next) });
  };
  return [state, update] as const;
}
