import { sessionResponseSchema } from '@complivue/shared/schemas/auth';
import type { UpdateProfileRequest } from '@complivue/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { sessionQueryKey } from './session.ts';

/** Saves the signed-in member's profile; the answer is the updated session. */
export const updateProfile = (body: UpdateProfileRequest) =>
  apiRequest('/api/profile', { method: 'PATCH', body, schema: sessionResponseSchema });

/** Saves the profile; the cached session becomes the one the server answered with. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (session) => queryClient.setQueryData(sessionQueryKey, session),
  });
}
