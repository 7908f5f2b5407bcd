import { GENERIC_ERROR_MESSAGES, type GenericErrorCode } from '@complivue/shared/errors';

/**
 * The one error type handlers and services throw. The error handler turns it into
 * `{ error: { code, message } }` with its status; `message` is what the user reads.
 */
export class AppError extends Error {
  /** How long a refused client should wait (429 answers). */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static generic(statusCode: number, code: GenericErrorCode, details?: unknown): AppError {
    return new AppError(statusCode, code, GENERIC_ERROR_MESSAGES[code], details);
  }

  /** A 429; the error handler sends `retryAfterSeconds` as the `Retry-After` header. */
  static tooManyRequests(code: string, message: string, retryAfterSeconds: number): AppError {
    const error = new AppError(429, code, message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  static notFound(message: string = GENERIC_ERROR_MESSAGES.not_found): AppError {
    return new AppError(404, 'not_found', message);
  }
}

/** The issues of a zod parse as `validation_failed` fields (`/a/b` paths, as for bodies). */
export function fieldIssues(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({
    path: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
  }));
}
