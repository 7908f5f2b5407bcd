import { z } from 'zod';

export const NOTIFICATION_CATEGORIES = [
  'regulatory_updates',
  'deadlines',
  'tasks',
  'mentions',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  regulatory_updates: 'Regulatory updates',
  deadlines: 'Deadlines',
  tasks: 'Tasks assigned to me',
  mentions: 'Mentions',
};

export const EMAIL_DIGESTS = ['off', 'daily', 'weekly'] as const;

const channelsSchema = z.object({ in_app: z.boolean(), email: z.boolean() });

export const notificationPreferencesSchema = z.object({
  categories: z.object({
    regulatory_updates: channelsSchema,
    deadlines: channelsSchema,
    tasks: channelsSchema,
    mentions: channelsSchema,
  }),
  email_digest: z.enum(EMAIL_DIGESTS),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  categories: {
    regulatory_updates: { in_app: true, email: true },
    deadlines: { in_app: true, email: true },
    tasks: { in_app: true, email: false },
    mentions: { in_app: true, email: false },
  },
  email_digest: 'weekly',
};

/**
 * A member's preferences: their own once they chose them in their profile, else their
 * institution's defaults (Settings › Notifications), else the product's.
 */
export function resolveNotificationPreferences(
  stored: unknown,
  companyDefaults?: unknown,
): NotificationPreferences {
  for (const candidate of [stored, companyDefaults]) {
    const parsed = notificationPreferencesSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return DEFAULT_NOTIFICATION_PREFERENCES;
}

/** An IANA time zone the runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const PROFILE_MESSAGES = {
  full_name_required: 'Full name is required',
  invalid_time_zone: 'Choose a time zone from the list',
  invalid_phone: 'Enter a phone number with digits, spaces, +, ( ), - or .',
  avatar_type: 'The picture must be a PNG, JPEG or WebP image.',
  avatar_size: 'The picture must be 2 MB or smaller.',
  saved: 'Your profile has been saved.',
} as const;

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

const jobTitleField = z.string().trim().max(200);
const phoneField = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9+().\-\s]*$/, PROFILE_MESSAGES.invalid_phone);
const timeZoneField = z.string().refine(isTimeZone, PROFILE_MESSAGES.invalid_time_zone);

export const updateProfileRequestSchema = z.object({
  fullName: z.string().trim().min(1, PROFILE_MESSAGES.full_name_required).max(200),
  jobTitle: jobTitleField.nullable(),
  phone: phoneField.nullable(),
  timezone: timeZoneField.nullable(),
  /** Left out (the onboarding wizard): the member keeps following the institution's defaults. */
  notificationPreferences: notificationPreferencesSchema.optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

const blankAsNull = (value: string) => value || null;

/**
 * The profile form: the request, its optional fields blank rather than `null` while typed
 * (the time zone's blank choice is "use my browser's"), and the notification choices.
 */
export const profileFormSchema = updateProfileRequestSchema.extend({
  jobTitle: jobTitleField.transform(blankAsNull),
  phone: phoneField.transform(blankAsNull),
  timezone: z.union([z.literal('').transform(() => null), timeZoneField]),
  notificationPreferences: notificationPreferencesSchema,
});

/**
 * The onboarding wizard's profile step: the name and job title only (the request's other fields
 * are sent as they are, and the notification choices are left to the institution's defaults).
 */
export const profileStepFormSchema = profileFormSchema.pick({ fullName: true, jobTitle: true });

const currentPassword = z.string().min(1, 'Enter your password').max(1024);

/** Body of `POST /api/auth/two-factor/enable`: the password again, before enrolment starts. */
export const enableTwoFactorRequestSchema = z.object({ password: currentPassword });

/** Body of `POST /api/auth/two-factor/confirm`: the first code the authenticator shows. */
export const confirmTwoFactorRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** Body of `POST /api/auth/two-factor/disable`: the password and a code or a backup code. */
export const disableTwoFactorRequestSchema = z.object({
  password: currentPassword,
  code: z
    .string()
    .trim()
    .regex(
      /^(?:\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/,
      'Enter the 6-digit code or one of your backup codes',
    ),
});

export const deviceSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });

export const enableTwoFactorResponseSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});

export const avatarResponseSchema = z.object({ image: z.string().nullable() });
