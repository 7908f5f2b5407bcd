import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import { useSearchParams } from 'react-router';
import type { LibraryFilters } from './api.ts';

const isArea = (value: string | null): value is RegulationArea =>
  REGULATION_AREAS.includes(value as RegulationArea);

/** The library's filters live in the URL, so a filtered view can be linked and reloaded. */
export function useLibraryFilters(): [LibraryFilters, (next: LibraryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const area = params.get('area');
  const filters: LibraryFilters = {
    area: isArea(area) ? area : undefined,
    applies: params.get('applies') === 'true',
    bookmarked: params.get('bookmarked') === 'true',
  };
  const update = (next: LibraryFilters) => {
    const search = new URLSearchParams();
    if (next.area) search.set('area', next.area);
    if (next.applies) search.set('applies', 'true');
    if (next.bookmarked) search.set('bookmarked', 'true');
    setParams(search, { replace: true });
  };
  return [filters, update];
}
