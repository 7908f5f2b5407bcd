import { okResponseSchema, type SessionResponse } from '@complivue/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/**
 * Records completion on the server, so that a sign-out (which clears storage) keeps it; the
 * cached session says so at once.
 */
export function useMarkOnboardingComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/profile/onboarding-complete', { method: 'POST', schema: okResponseSchema }),
    onSuccess: () =>
      queryClient.setQueryData<SessionResponse | null>(sessionQueryKey, (current) =>
        current
          ? {
              ...current,
              profile: {
                ...current.profile,
                onboardingCompletedAt:
                  current.profile.onboardingCompletedAt ?? new Date().toISOString(),
              },
            }
          : current,
      ),
  });
}
