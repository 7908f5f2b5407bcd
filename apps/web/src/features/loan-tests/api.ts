import {
  aporTableListSchema,
  loanTestRecordsSchema,
  loanTestRunSchema,
  savedLoanTestSchema,
  type LoanTestRequest,
  type SaveLoanTestRequest,
} from '@complivue/shared/schemas/loan-tests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loanTestsQueryKey } from '@/components/loan-tests/api';
import { apiDownload, apiRequest } from '@/lib/api-client';

export function useRunLoanTest() {
  return useMutation({
    mutationFn: (request: LoanTestRequest) =>
      apiRequest('/api/loan-tests/run', {
        method: 'POST',
        body: request,
        schema: loanTestRunSchema,
      }),
  });
}

export function useAporTablesInUse() {
  return useQuery({
    queryKey: [...loanTestsQueryKey, 'apor-tables'],
    queryFn: () => apiRequest('/api/loan-tests/apor-tables', { schema: aporTableListSchema }),
  });
}

export function useLoanTestRecords() {
  return useQuery({
    queryKey: [...loanTestsQueryKey, 'records'],
    queryFn: () => apiRequest('/api/loan-tests/records', { schema: loanTestRecordsSchema }),
  });
}

export function useSavedLoanTest(id: string) {
  return useQuery({
    queryKey: [...loanTestsQueryKey, 'result', id],
    queryFn: () => apiRequest(`/api/loan-tests/results/${id}`, { schema: savedLoanTestSchema }),
  });
}

export function useSaveLoanTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveLoanTestRequest) =>
      apiRequest('/api/loan-tests/results', {
        method: 'POST',
        body: request,
        schema: savedLoanTestSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanTestsQueryKey }),
  });
}

/**
 * The batch: a CSV of loans in, the CSV of rate spreads back as a file (`apiDownload`), with
 * the counts in its headers; a refusal is the API's JSON error, told as an ApiClientError.
 */
export async function rateSpreadBatch(
  file: File,
): Promise<{ csv: Blob; rows: number; errors: number }> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiDownload('/api/loan-tests/rate-spread.csv', {
    method: 'POST',
    body: form,
    // Up to 10,000 loans: longer than a JSON call's wait.
    timeoutMs: 60_000,
  });
  return {
    csv: await response.blob(),
    rows: Number(response.headers.get('x-loan-rows') ?? 0),
    errors: Number(response.headers.get('x-loan-row-errors') ?? 0),
  };
}
