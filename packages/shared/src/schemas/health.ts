import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({
    applied: z.number().int(),
    latest: z.string().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
