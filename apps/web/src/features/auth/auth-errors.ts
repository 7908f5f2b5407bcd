import { SIGNIN_MESSAGES, SIGNUP_MESSAGES } from '@complivue/shared/schemas/auth';
import { ApiClientError } from '@/lib/api-client';

/**
 * docs/product.md § Error messages for sign-up: the server's catalogue message when it gave one;
 * the client's own catalogue entries for a request that failed on the way (network_error, timeout)
 * or a server that answered without one.
 */
export function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiClientError)) return SIGNUP_MESSAGES.unexpected_error;
  if (error.code === 'network_error') return SIGNUP_MESSAGES.network_error;
  if (error.code === 'timeout') return SIGNUP_MESSAGES.timeout;
  if (error.code === 'internal_error') return SIGNUP_MESSAGES.server_error;
  if (error.code === 'http_error') {
    return error.status !== null && error.status >= 500
      ? SIGNUP_MESSAGES.unexpected_server
      : SIGNUP_MESSAGES.fallback;
  }
  return error.message || SIGNUP_MESSAGES.fallback;
}

/** docs/product.md § Sign-in: the backend's message, else the two fallbacks. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiClientError)) return SIGNIN_MESSAGES.unexpected;
  if (error.code === 'network_error' || error.code === 'timeout') return SIGNIN_MESSAGES.unexpected;
  if (error.code === 'http_error' || error.code === 'internal_error') return SIGNIN_MESSAGES.failed;
  return error.message || SIGNIN_MESSAGES.failed;
}
