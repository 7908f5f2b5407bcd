import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A searchable, paged list of the console: the current search and page, the query (keeping the
 * previous page on screen while the next loads), and a search that starts again at page 1.
 * Query keys are `['admin', key, …]`, so `invalidateQueries({ queryKey: ['admin', key] })` refreshes it.
 */
export function usePagedSearch<Page>(
  key: string,
  fetchPage: (query: string, page: number) => Promise<Page>,
) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: ['admin', key, query, page],
    queryFn: () => fetchPage(query, page),
    placeholderData: keepPreviousData,
  });
  const search = (value: string) => {
    setQuery(value);
    setPage(1);
  };
  return { result, setPage, search };
}
