import { RULE_FILTERS, type RuleFilter } from '@complivue/shared/compliance-score';
import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { useSearchParams } from 'react-router';
import type { LibraryFilters } from './api.ts';

/** The columns the library's table sorts by: the title, the area, a count, the last assessment. */
export const LIBRARY_SORTS = ['title', 'area', ...RULE_FILTERS, 'last_assessed'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** What needs action first: the most non-compliant rules (DESIGN.md, examiners' screens). */
const DEFAULT_SORT: LibrarySort = 'non_compliant';

/** What the page shows: the server's filters, the words typed, and the table's order. */
export interface LibraryView extends LibraryFilters {
  q: string;
  sort: LibrarySort;
  direction: 'asc' | 'desc';
}

const oneOf = <Value extends string>(list: readonly Value[], value: string | null) =>
  list.includes(value as Value) ? (value as Value) : undefined;

/**
 * The library's filters and order live in the URL, so a view can be linked and reloaded.
 * "Applies to us" is on unless the URL says `applies=false` (or `applies=all`): what does not
 * apply to the institution is left out until someone asks for it.
 */
export function useLibraryFilters(): [LibraryView, (next: Partial<LibraryView>) => void] {
  const [params, setParams] = useSearchParams();
  const applies = params.get('applies');
  const view: LibraryView = {
    area: oneOf<RegulationArea>(REGULATION_AREAS, params.get('area')),
    applies: applies !== 'false' && applies !== 'all',
    bookmarked: params.get('bookmarked') === 'true',
    q: params.get('q') ?? '',
    sort: oneOf(LIBRARY_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    direction: params.has('sort') ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : 'desc',
  };
  const update = (changes: Partial<LibraryView>) => {
    const next = { ...view, ...changes };
    const search = new URLSearchParams();
    if (next.area) search.set('area', next.area);
    if (!next.applies) search.set('applies', 'false');
    if (next.bookmarked) search.set('bookmarked', 'true');
    if (next.q) search.set('q', next.q);
    if (next.sort !== DEFAULT_SORT || next.direction !== 'desc') {
      search.set('sort', next.sort);
      search.set('dir', next.direction);
    }
    setParams(search, { replace: true });
  };
  return [view, update];
}

/** `?rules=` on an article: the rules one of the library's counts counts. */
export function useRuleFilter(): [
  RuleFilter | undefined,
  (filter: RuleFilter | undefined) => void,
] {
  const [params, setParams] = useSearchParams();
  const filter = oneOf(RULE_FILTERS, params.get('rules'));
  const update = (next: RuleFilter | undefined) => {
    const search = new URLSearchParams(params);
    if (next) search.set('rules', next);
    else search.delete('rules');
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return [filter, update];
}
