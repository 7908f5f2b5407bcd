import {
  okResponseSchema,
  resetTokenStatusSchema,
  signInResponseSchema,
  signUpResponseSchema,
  type SessionResponse,
  type SignUpRequest,
} from '@complivue/shared/schemas/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** After a sign-up or sign-in the session is the one the server answered with. */
function useSetSession() {
  const queryClient = useQueryClient();
  return (session: SessionResponse) => queryClient.setQueryData(sessionQueryKey, session);
}

/** Creates the account, its institution and subscription; the answer is the new session. */
export function useSignUp() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (body: SignUpRequest) =>
      apiRequest('/api/auth/sign-up', { method: 'POST', body, schema: signUpResponseSchema }),
    onSuccess: (result) => setSession(result.session),
  });
}

/** Signs in with a password; the answer is the session, or a request for the second factor. */
export function useSignIn() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiRequest('/api/auth/sign-in', { method: 'POST', body, schema: signInResponseSchema }),
    onSuccess: (result) => {
      if (result.status === 'signed_in') setSession(result.session);
    },
  });
}

/** The second step of a sign-in: the authenticator's code or a backup code. */
export function useVerifyTwoFactor() {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (body: { code: string; trustDevice?: boolean }) =>
      apiRequest('/api/auth/two-factor/verify', {
        method: 'POST',
        body,
        schema: signInResponseSchema,
      }),
    onSuccess: (result) => {
      if (result.status === 'signed_in') setSession(result.session);
    },
  });
}

export const signOut = () =>
  apiRequest('/api/auth/sign-out', { method: 'POST', schema: okResponseSchema });

/** Asks for a reset email; the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/auth/password/forgot', {
        method: 'POST',
        body: { email },
        schema: okResponseSchema,
      }),
  });
}

/** Whether the reset link's token can still be used (asked once per token). */
export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: () =>
      apiRequest(`/api/auth/password/reset-token?token=${encodeURIComponent(token)}`, {
        schema: resetTokenStatusSchema,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      apiRequest('/api/auth/password/reset', { method: 'POST', body, schema: okResponseSchema }),
  });
}
