import { maybeSessionResponseSchema, type SessionResponse } from '@complivue/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/*
 * The signed-in user, shared by every feature through the query cache. Features update it with
 * `queryClient.setQueryData(sessionQueryKey, …)` after a change that the session reflects.
 */

/** docs/product.md § Session: the session check gives up after 45 s. */
export const SESSION_CHECK_TIMEOUT_MS = 45_000;

export const sessionQueryKey = ['session'] as const;

export const getSession = () =>
  apiRequest('/api/auth/session', {
    schema: maybeSessionResponseSchema,
    timeoutMs: SESSION_CHECK_TIMEOUT_MS,
  });

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * docs/product.md § Dashboard: profile full name, else the account's name, else the email's local
 * part, else 'User'.
 */
export function displayName(session: SessionResponse): string {
  return (
    session.profile.fullName?.trim() ||
    session.user.name.trim() ||
    session.user.email.split('@')[0] ||
    'User'
  );
}

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [name[0]];
  return letters.join('').toUpperCase() || 'U';
}

/**
 * docs/product.md § Onboarding: an account is new (and offered onboarding) for its first 168 hours.
 */
export const ONBOARDING_WINDOW_HOURS = 168;

export function isNewAccount(createdAt: string | Date, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() < ONBOARDING_WINDOW_HOURS * 3_600_000;
}
