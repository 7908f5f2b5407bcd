import { z } from 'zod';

/** How long a sign-in lasts at most, in hours: a working day up to the platform's 7 days. */
export const SESSION_LIFETIME_HOURS = [8, 12, 24, 72, 168] as const;
export const DEFAULT_SESSION_LIFETIME_HOURS = 168;

const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const securitySettingsSchema = z.object({
  /** Members without two-factor authentication must turn it on before anything else. */
  requireTwoFactor: z.boolean(),
  sessionLifetimeHours: z.union(SESSION_LIFETIME_HOURS.map((hours) => z.literal(hours))),
  /** Invitations go only to these email domains; empty: any domain. */
  allowedEmailDomains: z.array(z.string()),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const updateSecuritySettingsSchema = z
  .object({
    requireTwoFactor: z.boolean(),
    sessionLifetimeHours: z.union(
      SESSION_LIFETIME_HOURS.map((hours) => z.literal(hours)),
      {
        message: 'Choose one of the offered session lengths',
      },
    ),
    allowedEmailDomains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .transform((domain) => domain.replace(/^@/, ''))
          .refine((domain) => DOMAIN_PATTERN.test(domain), 'Enter domains like firstcu.org'),
      )
      .max(20, 'At most 20 domains'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateSecuritySettings = z.infer<typeof updateSecuritySettingsSchema>;

export const SECURITY_MESSAGES = {
  two_factor_required:
    'Your institution requires two-factor authentication. Turn it on in your profile to continue.',
  domain_not_allowed: (domains: readonly string[]) =>
    `Invitations are limited to these email domains: ${domains.join(', ')}.`,
} as const;
