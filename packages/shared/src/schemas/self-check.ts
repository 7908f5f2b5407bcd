import { z } from 'zod';

/**
 * The self-check page (`/qa-test`, docs/product.md § Self-check): each check of the platform and of
 * the caller's institution answers pass, warn or fail with the reason in plain words and where to
 * fix it.
 */

export const SELF_CHECK_STATUSES = ['pass', 'warn', 'fail'] as const;
export type SelfCheckStatus = (typeof SELF_CHECK_STATUSES)[number];

export const SELF_CHECK_STATUS_LABELS: Record<SelfCheckStatus, string> = {
  pass: 'Pass',
  warn: 'Warning',
  fail: 'Fail',
};

/**
 * `platform`: the service itself, shown to every administrator because it reveals no
 * institution's data; `institution`: the caller's own institution; `operator`: across every
 * institution, for the platform operator (super_admin) only.
 */
export const SELF_CHECK_GROUPS = ['institution', 'platform', 'operator'] as const;
export type SelfCheckGroup = (typeof SELF_CHECK_GROUPS)[number];

export const SELF_CHECK_GROUP_LABELS: Record<SelfCheckGroup, string> = {
  institution: 'Your institution',
  platform: 'The service',
  operator: 'Across all institutions (platform operator)',
};

export const selfCheckSchema = z.object({
  /** Stable name of the check (`database`, `storage`, `feature-matrix`…). */
  id: z.string(),
  group: z.enum(SELF_CHECK_GROUPS),
  title: z.string(),
  status: z.enum(SELF_CHECK_STATUSES),
  /** One sentence a non-engineer understands. */
  reason: z.string(),
  /** Further lines: each difference, each job, each failing source. */
  details: z.array(z.string()),
  /** Where to fix it: an app path (or null when nothing in the app can fix it). */
  fix: z.object({ label: z.string(), href: z.string() }).nullable(),
  durationMs: z.number().int().nonnegative(),
});
export type SelfCheck = z.infer<typeof selfCheckSchema>;

export const selfCheckResponseSchema = z.object({
  checkedAt: z.iso.datetime(),
  summary: z.object({
    pass: z.number().int().nonnegative(),
    warn: z.number().int().nonnegative(),
    fail: z.number().int().nonnegative(),
  }),
  /** Failing first, then warnings, then passes (DESIGN.md: what needs action first). */
  checks: z.array(selfCheckSchema),
});
export type SelfCheckResponse = z.infer<typeof selfCheckResponseSchema>;
