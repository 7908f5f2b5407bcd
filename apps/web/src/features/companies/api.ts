import { sessionResponseSchema } from '@complivue/shared/schemas/auth';
import type { createCompanyRequestSchema } from '@complivue/shared/schemas/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** Creates the member's institution; the answer is their session, now inside it as admin. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createCompanyRequestSchema>) =>
      apiRequest('/api/companies', { method: 'POST', body, schema: sessionResponseSchema }),
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
