import { z } from 'zod';

/**
 * The one JSON shape of every API error: `{ error: { code, message, details? } }`. The codes,
 * their statuses and default messages are the error catalogue's (error-catalogue.ts); a
 * `validation_failed` lists `{ path, message }` per field in `details`.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Failures the web app meets without an error answer from the API, with the spec's texts
 * (docs/product.md § Error messages) where it gives them. Kept apart from the catalogue, which the public pages' small
 * bundles need not load.
 */
export const CLIENT_ERROR_MESSAGES = {
  network_error: 'Network connection issue. Please check your internet connection and try again.',
  timeout: 'Request timed out. Please try again.',
} as const;

/** `http_error`: the server answered without the error shape (a proxy's page, say). */
export type ClientErrorCode = keyof typeof CLIENT_ERROR_MESSAGES | 'http_error';
