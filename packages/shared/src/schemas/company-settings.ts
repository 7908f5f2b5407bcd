import { z } from 'zod';

/** How long a sign-in lasts at most, in hours: a working day up to the platform's 7 days. */
export const SESSION_LIFETIME_HOURS = [8, 12, 24, 72, 168] as const;
export const DEFAULT_SESSION_LIFETIME_HOURS = 168;

/**
 * How long the audit trail is kept, in years. Never below five: BSA records are kept five years
 * (31 CFR 1010.430) and examiners ask for the trail of a whole exam cycle; seven is the default
 * many banks' record-retention schedules use.
 */
export const AUDIT_RETENTION_YEARS = [5, 7, 10] as const;
export const DEFAULT_AUDIT_RETENTION_YEARS = 7;
const auditRetentionYearsSchema = z.union(
  AUDIT_RETENTION_YEARS.map((years) => z.literal(years)),
  { message: 'Choose 5, 7 or 10 years' },
);

const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const securitySettingsSchema = z.object({
  /** Members without two-factor authentication must turn it on before anything else. */
  requireTwoFactor: z.boolean(),
  sessionLifetimeHours: z.union(SESSION_LIFETIME_HOURS.map((hours) => z.literal(hours))),
  /** Invitations go only to these email domains; empty: any domain. */
  allowedEmailDomains: z.array(z.string()),
  auditRetentionYears: auditRetentionYearsSchema,
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

const sessionLifetimeHoursSchema = z.union(
  SESSION_LIFETIME_HOURS.map((hours) => z.literal(hours)),
  { message: 'Choose one of the offered session lengths' },
);

const allowedEmailDomainsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .transform((domain) => domain.replace(/^@/, ''))
      .refine((domain) => DOMAIN_PATTERN.test(domain), 'Enter domains like firstcu.org'),
  )
  .max(20, 'At most 20 domains');

const securitySettingsFields = z.object({
  requireTwoFactor: z.boolean(),
  sessionLifetimeHours: sessionLifetimeHoursSchema,
  allowedEmailDomains: allowedEmailDomainsSchema,
  auditRetentionYears: auditRetentionYearsSchema,
});

export const updateSecuritySettingsSchema = securitySettingsFields
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateSecuritySettings = z.infer<typeof updateSecuritySettingsSchema>;

/**
 * The security form: a select's number arrives as text, and the domains are typed as one
 * text (commas, spaces or semicolons between them); a refused domain is said beside it.
 */
export const securitySettingsFormSchema = securitySettingsFields
  .pick({ requireTwoFactor: true })
  .extend({
    sessionLifetimeHours: z.coerce.number().pipe(sessionLifetimeHoursSchema),
    allowedEmailDomains: z.string().transform((text, context) => {
      const typed = text
        .split(/[\s,;]+/)
        .map((domain) => domain.trim())
        .filter(Boolean);
      const parsed = allowedEmailDomainsSchema.safeParse(typed);
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }),
  });

/** The activity-log retention form (a select: the number arrives as text). */
export const auditRetentionFormSchema = z.object({
  auditRetentionYears: z.coerce.number().pipe(auditRetentionYearsSchema),
});

export const SECURITY_MESSAGES = {
  two_factor_required:
    'Your institution requires two-factor authentication. Turn it on in your profile to continue.',
  domain_not_allowed: (domains: readonly string[]) =>
    `Invitations are limited to these email domains: ${domains.join(', ')}.`,
} as const;

export const deleteCompanyRequestSchema = z.object({
  /** The institution's name exactly as shown, typed by the administrator. */
  confirmName: z.string().trim().min(1, 'Type the institution name to confirm'),
});

export const DELETE_COMPANY_MESSAGES = {
  name_mismatch: 'The name you typed does not match the institution name.',
  subscription_active:
    'Cancel the paid subscription first (Settings › Subscription); then delete the institution.',
} as const;
