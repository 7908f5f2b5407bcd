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
