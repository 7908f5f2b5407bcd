import {
  okResponseSchema,
  resetTokenStatusSchema,
  signInResponseSchema,
  signUpResponseSchema,
  type SignUpRequest,
} from '@complivue/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

export const signUp = (body: SignUpRequest) =>
  apiRequest('/api/auth/sign-up', { method: 'POST', body, schema: signUpResponseSchema });

export const signIn = (body: { email: string; password: string }) =>
  apiRequest('/api/auth/sign-in', { method: 'POST', body, schema: signInResponseSchema });

export const verifyTwoFactor = (body: { code: string; trustDevice?: boolean }) =>
  apiRequest('/api/auth/two-factor/verify', { method: 'POST', body, schema: signInResponseSchema });

export const signOut = () =>
  apiRequest('/api/auth/sign-out', { method: 'POST', schema: okResponseSchema });

export const requestPasswordReset = (email: string) =>
  apiRequest('/api/auth/password/forgot', {
    method: 'POST',
    body: { email },
    schema: okResponseSchema,
  });

export const getResetTokenStatus = (token: string) =>
  apiRequest(`/api/auth/password/reset-token?token=${encodeURIComponent(token)}`, {
    schema: resetTokenStatusSchema,
  });

export const resetPassword = (body: { token: string; newPassword: string }) =>
  apiRequest('/api/auth/password/reset', { method: 'POST', body, schema: okResponseSchema });
