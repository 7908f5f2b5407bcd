import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE } from '@complivue/shared/error-catalogue';
import { AppError } from '../lib/app-error.ts';

/** Fastify's own client-error codes, mapped to the catalogue's. */
const FASTIFY_CLIENT_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('invalid_json'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError('unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('bad_request'),
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return AppError.validationFailed(
      error.validation.map((issue) => ({
        path: issue.instancePath || '/',
        message: issue.message ?? ERROR_CATALOGUE.validation_failed.message,
      })),
    );
  }
  const code = 'code' in error ? error.code : undefined;
  const mapped = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (mapped) return mapped();
  // JSON.parse errors from content parsers and other client mistakes carry a 4xx status.
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status === 429) return new AppError('rate_limit');
  if (status && status >= 400 && status < 500) return AppError.clientError(status);
  return new AppError('internal_error');
}

/**
 * One place turns every error into `{ error: { code, message, details? } }` with the status the
 * error catalogue gives its code; a 429 carries `Retry-After`; no stack reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request refused');
    const body: { error: { code: string; message: string; details?: unknown } } = {
      error: { code: appError.code, message: appError.message },
    };
    if (appError.details !== undefined) body.error.details = appError.details;
    if (appError.statusCode === 429) {
      reply.header('retry-after', String(appError.retryAfterSeconds ?? 60));
    }
    return reply.status(appError.statusCode).send(body);
  });
}
