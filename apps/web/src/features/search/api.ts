import type { RegulationArea } from '@complivue/shared/regulation-areas';
import {
  recordSearchResponseSchema,
  searchResponseSchema,
  type SearchKind,
} from '@complivue/shared/schemas/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface SearchParams {
  q: string;
  type?: SearchKind;
  area?: RegulationArea;
  page: number;
}

export function searchUrl(params: SearchParams): string {
  const search = new URLSearchParams({ q: params.q, page: String(params.page) });
  if (params.type) search.set('type', params.type);
  if (params.area) search.set('area', params.area);
  return `/api/search?${search}`;
}

export function useSearch(params: SearchParams) {
  return useQuery({
    queryKey: ['search', params],
    queryFn: ({ signal }) =>
      apiRequest(searchUrl(params), { schema: searchResponseSchema, signal }),
    enabled: params.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The institution's own records matching the query (changes, deadlines, risks, …), by kind. */
export function useRecordSearch(q: string) {
  return useQuery({
    queryKey: ['search', 'records', q],
    queryFn: ({ signal }) =>
      apiRequest(`/api/search/records?q=${encodeURIComponent(q)}`, {
        schema: recordSearchResponseSchema,
        signal,
      }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
