import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FEED_DOCUMENT_TYPES,
  type FeedDocumentType,
} from '@complivue/shared/regulatory-monitoring';
import { useSearchParams } from 'react-router';

export interface FeedFilters {
  area?: RegulationArea;
  type?: FeedDocumentType;
  source?: string;
  /** Publication days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  unread: boolean;
  starred: boolean;
  q: string;
}

export const FEED_TABS = ['updates', 'watchlist', 'sources'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export interface FeedPageState {
  tab: FeedTab;
  filters: FeedFilters;
  page: number;
  /** The item open in the detail panel (`?item=<id>`: alerts and search results link there). */
  itemId: string | null;
}

const oneOf = <Value extends string>(list: readonly Value[], value: string | null) =>
  list.includes(value as Value) ? (value as Value) : undefined;

const isDay = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
const isUuid = (value: string | null) =>
  value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value
    : undefined;

export const hasFilters = (filters: FeedFilters) =>
  Boolean(
    filters.area ||
    filters.type ||
    filters.source ||
    filters.from ||
    filters.to ||
    filters.unread ||
    filters.starred ||
    filters.q,
  );

/**
 * The page's state lives in the URL (tab, filters, page, the open item), so a filtered view or
 * an item can be linked, reloaded and opened from a notification or a search result.
 */
export function useFeedPageState() {
  const [params, setParams] = useSearchParams();
  const state: FeedPageState = {
    tab: oneOf(FEED_TABS, params.get('tab')) ?? 'updates',
    filters: {
      area: oneOf(REGULATION_AREAS, params.get('area')),
      type: oneOf(FEED_DOCUMENT_TYPES, params.get('type')),
      source: isUuid(params.get('source')),
      from: isDay(params.get('from')),
      to: isDay(params.get('to')),
      unread: params.get('unread') === 'true',
      starred: params.get('starred') === 'true',
      q: params.get('q') ?? '',
    },
    page: Math.max(1, Number(params.get('page')) || 1),
    itemId: isUuid(params.get('item')) ?? null,
  };

  const update = (
    next: Partial<Omit<FeedPageState, 'filters'>> & { filters?: Partial<FeedFilters> },
  ) => {
    const filtersChanged = next.filters !== undefined;
    const merged = {
      ...state,
      // A new filter starts again from the first page.
      ...(filtersChanged ? { page: 1 } : {}),
      ...next,
      filters: { ...state.filters, ...next.filters },
    };
    const search = new URLSearchParams();
    if (merged.tab !== 'updates') search.set('tab', merged.tab);
    const { filters } = merged;
    if (filters.area) search.set('area', filters.area);
    if (filters.type) search.set('type', filters.type);
    if (filters.source) search.set('source', filters.source);
    if (filters.from) search.set('from', filters.from);
    if (filters.to) search.set('to', filters.to);
    if (filters.unread) search.set('unread', 'true');
    if (filters.starred) search.set('starred', 'true');
    if (filters.q) search.set('q', filters.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    if (merged.itemId) search.set('item', merged.itemId);
    // Opening or closing an item is a step the Back button undoes; a filter is not.
    setParams(search, { replace: !('itemId' in next) });
  };
  return [state, update] as const;
}
