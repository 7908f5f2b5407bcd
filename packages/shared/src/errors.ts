import { z } from 'zod';

/** The one JSON shape of every API error: `{ error: { code, message } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Codes the foundation itself produces; feature modules add their own beside them. */
export const GENERIC_ERROR_MESSAGES = {
  bad_request: 'The request could not be understood.',
  validation_failed: 'Some fields are missing or invalid.',
  invalid_json: 'The request body is not valid JSON.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'The request body must be JSON.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have access to this.',
  not_found: 'Not found.',
  rate_limit: 'Too many requests. Please wait a moment and try again.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a few minutes.',
  internal_error: 'Something went wrong on our side. Please try again later.',
} as const;
export type GenericErrorCode = keyof typeof GENERIC_ERROR_MESSAGES;
