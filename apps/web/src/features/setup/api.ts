import { signUpResponseSchema } from '@complivue/shared/schemas/auth';
import {
  demoWorkspaceResponseSchema,
  setupStatusResponseSchema,
  type setupRequestSchema,
} from '@complivue/shared/schemas/setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

export const setupQueryKey = ['setup'] as const;

export const getSetupStatus = () => apiRequest('/api/setup', { schema: setupStatusResponseSchema });

/**
 * Creates the first platform administrator, who is then signed in: the page asks for the set-up
 * state again, which is now the system status.
 */
export function useCreateFirstAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof setupRequestSchema>) =>
      apiRequest('/api/setup', { method: 'POST', body, schema: signUpResponseSchema }),
    onSuccess: async ({ session }) => {
      queryClient.setQueryData(sessionQueryKey, session);
      await queryClient.invalidateQueries({ queryKey: setupQueryKey });
    },
  });
}

export function useCreateDemoWorkspace() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/setup/demo-workspace', {
        method: 'POST',
        schema: demoWorkspaceResponseSchema,
        // Hashing three passwords and writing a week of data can take a few seconds.
        timeoutMs: 60_000,
      }),
  });
}
