import { GENERIC_ERROR_MESSAGES, type GenericErrorCode } from '@complivue/shared/errors';

/**
 * The one error type handlers and services throw. The error handler turns it into
 * `{ error: { code, message } }` with its status; `message` is what the user reads.
 */
export class AppError extends Error {
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

  static notFound(message: string = GENERIC_ERROR_MESSAGES.not_found): AppError {
    return new AppError(404, 'not_found', message);
  }
}
