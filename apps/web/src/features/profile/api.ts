import {
  okResponseSchema,
  type SessionResponse,
  type changePasswordRequestSchema,
} from '@complivue/shared/schemas/auth';
import {
  avatarResponseSchema,
  deviceSessionsResponseSchema,
  enableTwoFactorResponseSchema,
  type disableTwoFactorRequestSchema,
} from '@complivue/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

export const devicesQueryKey = ['devices'] as const;

/** A write to the member's picture; the cached session shows the picture the server kept. */
function useAvatarMutation<Variables>(
  send: (variables: Variables) => Promise<{ image: string | null }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ image }) =>
      queryClient.setQueryData<SessionResponse | null>(sessionQueryKey, (current) =>
        current ? { ...current, user: { ...current.user, image } } : current,
      ),
  });
}

export const useUploadAvatar = () =>
  useAvatarMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest('/api/profile/avatar', {
      method: 'PUT',
      body: form,
      schema: avatarResponseSchema,
    });
  });

export const useRemoveAvatar = () =>
  useAvatarMutation(() =>
    apiRequest('/api/profile/avatar', { method: 'DELETE', schema: avatarResponseSchema }),
  );

/** Changes the signed-in member's password; the server signs out their other devices. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordRequestSchema>) =>
      apiRequest('/api/auth/password/change', { method: 'POST', body, schema: okResponseSchema }),
  });
}

export const listDevices = () =>
  apiRequest('/api/auth/sessions', { schema: deviceSessionsResponseSchema });

export const signOutDevice = (sessionId: string) =>
  apiRequest(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });

/** Starts TOTP enrolment: the authenticator's URI and the backup codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/api/auth/two-factor/enable', {
        method: 'POST',
        body: { password },
        schema: enableTwoFactorResponseSchema,
      }),
  });
}

/** A change of the second factor, after which the session (which says whether it is on) is asked again. */
function useTwoFactorChange<Variables>(send: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export const useConfirmTwoFactor = () =>
  useTwoFactorChange((code: string) =>
    apiRequest('/api/auth/two-factor/confirm', {
      method: 'POST',
      body: { code },
      schema: okResponseSchema,
    }),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorChange((body: z.input<typeof disableTwoFactorRequestSchema>) =>
    apiRequest('/api/auth/two-factor/disable', { method: 'POST', body, schema: okResponseSchema }),
  );
