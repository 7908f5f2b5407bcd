import { savedLoanTestListSchema } from '@complivue/shared/schemas/loan-tests';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/**
 * Saved loan tests are shown on the loan-tests hub and on the change and finding they were
 * saved to, so their query lives here, shared. Every loan-test query starts with this key.
 */
export const loanTestsQueryKey = ['loan-tests'] as const;

export const savedResultPath = (id: string) => `${paths.loanTests}/results/${id}`;

/** Saved tests: the institution's latest, or one change's or finding's. */
export function useSavedLoanTests(filter: { changeId?: string; findingId?: string } = {}) {
  const params = new URLSearchParams();
  if (filter.changeId) params.set('changeId', filter.changeId);
  if (filter.findingId) params.set('findingId', filter.findingId);
  const query = params.size > 0 ? `?${params}` : '';
  return useQuery({
    queryKey: [...loanTestsQueryKey, 'results', filter],
    queryFn: () =>
      apiRequest(`/api/loan-tests/results${query}`, { schema: savedLoanTestListSchema }),
  });
}
