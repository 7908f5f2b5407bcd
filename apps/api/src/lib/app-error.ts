import { ERROR_CATALOGUE, type ErrorCode } from '@complivue/shared/error-catalogue';

/** One field of a `validation_failed` answer: a JSON pointer to the field and what to fix. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The one error type handlers and services throw: `new AppError(code, message?, details?)`.
 * The status comes from the error catalogue (packages/shared/src/error-catalogue.ts), so an
 * unknown code does not compile and a code always answers with the same status; the message is
 * the catalogue's unless the site says more. The error handler turns it into
 * `{ error: { code, message, details? } }`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** How long a refused client should wait (429 answers; the error handler sends it). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CATALOGUE[code].status;
  }

  /** A 429 `rate_limit`; the error handler sends `retryAfterSeconds` as `Retry-After`. */
  static rateLimited(retryAfterSeconds: number, message?: string): AppError {
    const error = new AppError('rate_limit', message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  /**
   * `validation_failed` with one `{ path, message }` per field: what the error handler answers
   * for a body, query or params schema, and what a multipart form's fields answer alike.
   */
  static validationFailed(fields: FieldIssue[], message?: string): AppError {
    return new AppError('validation_failed', message, fields);
  }

  /**
   * A client error Fastify or a plugin raised with a status of its own (406, 416…): answered as
   * `bad_request` with that status kept. Only the error handler needs it; our own code throws
   * catalogue codes.
   */
  static clientError(statusCode: number): AppError {
    const error = new AppError('bad_request');
    (error as { statusCode: number }).statusCode = statusCode;
    return error;
  }
}

/** The issues of a zod parse as `validation_failed` fields (`/a/b` paths, as for bodies). */
export function fieldIssues(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({
    path: `/${issue.path.map(String).join('/')}`,
    message: issue.message,
  }));
}
