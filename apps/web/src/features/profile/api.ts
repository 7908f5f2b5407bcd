import { okResponseSchema, type changePasswordRequestSchema } from '@complivue/shared/schemas/auth';
import {
  avatarResponseSchema,
  deviceSessionsResponseSchema,
  enableTwoFactorResponseSchema,
} from '@complivue/shared/schemas/profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const devicesQueryKey = ['devices'] as const;

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/profile/avatar', {
    method: 'PUT',
    body: form,
    schema: avatarResponseSchema,
  });
}

export const removeAvatar = () =>
  apiRequest('/api/profile/avatar', { method: 'DELETE', schema: avatarResponseSchema });

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

export const enableTwoFactor = (password: string) =>
  apiRequest('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { password },
    schema: enableTwoFactorResponseSchema,
  });

export const confirmTwoFactor = (code: string) =>
  apiRequest('/api/auth/two-factor/confirm', {
    method: 'POST',
    body: { code },
    schema: okResponseSchema,
  });

export const disableTwoFactor = (body: { password: string; code: string }) =>
  apiRequest('/api/auth/two-factor/disable', { method: 'POST', body, schema: okResponseSchema });
