import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/** Fastify's own client-error codes, mapped to ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => AppError.generic(400, 'invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => AppError.generic(400, 'invalid_json'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => AppError.generic(413, 'payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => AppError.generic(415, 'unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => AppError.generic(400, 'bad_request'),
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath || '/',
      message: issue.message,
    }));
    return AppError.generic(400, 'validation_failed', details);
  }
  const code = 'code' in error ? error.code : undefined;
  const mapped = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (mapped) return mapped();
  // JSON.parse errors from content parsers and other client mistakes carry a 4xx status.
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status === 429) return AppError.generic(429, 'rate_limit');
  if (status && status >= 400 && status < 500) return AppError.generic(status, 'bad_request');
  return AppError.generic(500, 'internal_error');
}

/** One place turns every error into `{ error: { code, message } }`; no stack reaches a client. */
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
