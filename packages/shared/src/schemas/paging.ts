import { z } from 'zod';

/** Lists are paged by 25: a screenful an examiner can read, and a bounded query. */
export const PAGE_SIZE = 25;

export const pageQuerySchema = z.object({
  query: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
