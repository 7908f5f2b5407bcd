import { z } from 'zod';
import { pageOf } from './paging.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Use a real date');

const filterFields = z.object({
  actor: z.string().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  /** `work`: compliance work only, without sign-ins and set-up (what the dashboard counts). */
  kind: z.enum(['work']).optional(),
  from: day.optional(),
  to: day.optional(),
});

const inOrder = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;
const ORDER_MESSAGE = {
  message: 'The start date must be on or before the end date',
  path: ['from'],
};

/** Filters of User Activity (and its CSV); dates are whole UTC days, both ends included. */
export const activityFiltersSchema = filterFields.refine(inOrder, ORDER_MESSAGE);
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

const blankAsNone = <Schema extends z.ZodType<string>>(schema: Schema) =>
  z.union([z.literal(''), schema]).transform((value) => value || undefined);

/** The filter form of User Activity: an empty field is no filter; the same rules as the API. */
export const activityFiltersFormSchema = z
  .object({
    actor: blankAsNone(z.string().max(100)),
    action: blankAsNone(z.string().trim().max(100)),
    workOnly: z.boolean(),
    from: blankAsNone(day),
    to: blankAsNone(day),
  })
  .transform(({ workOnly, ...filters }) => ({
    ...filters,
    kind: workOnly ? ('work' as const) : undefined,
  }))
  .refine(inOrder, ORDER_MESSAGE);

export const activityQuerySchema = filterFields
  .extend({ page: z.coerce.number().int().min(1).max(10_000).default(1) })
  .refine(inOrder, ORDER_MESSAGE);

export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actionLabel: z.string(),
  actor: z
    .object({ userId: z.string(), fullName: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /**
   * The record the entry is about, by its name now ("Sam Rivera", "CHG-3 “Escrow rule”",
   * "1042 “Export question”"); null when it has none or no longer exists.
   */
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityResponseSchema = pageOf(activityEntrySchema);
