import { useQuery } from '@tanstack/react-query';
import { getSession, sessionQueryKey } from './api.ts';

/** The signed-in user (or null), shared by every component through the query cache. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 60_000,
    retry: false,
  });
}
