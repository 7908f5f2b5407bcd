import { selfCheckResponseSchema } from '@complivue/shared/schemas/self-check';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const selfCheckQueryKey = ['self-check'] as const;

/**
 * Runs the checks on the server. Every answer is a fresh run (nothing cached as fresh), and
 * the wait is bounded a little above the server's per-check timeout.
 */
export function useSelfCheck() {
  return useQuery({
    queryKey: selfCheckQueryKey,
    queryFn: () =>
      apiRequest('/api/self-check', { schema: selfCheckResponseSchema, timeoutMs: 20_000 }),
    staleTime: 0,
    retry: false,
  });
}
