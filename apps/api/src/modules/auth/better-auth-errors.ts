import { APIError } from 'better-auth';

/** The error code better-auth gave (e.g. `INVALID_EMAIL_OR_PASSWORD`), if it is one of its errors. */
export function betterAuthErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return body?.code ?? error.status.toString();
  }
  return undefined;
}
