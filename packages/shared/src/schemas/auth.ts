import { z } from 'zod';
import { CLIENT_ERROR_MESSAGES } from '../errors.ts';
import { ASSETS_SIZES, INSTITUTION_TYPES, PROFILE_STATUSES } from '../institutions.ts';
import { BILLING_INTERVALS, PLAN_NAMES } from '../plans.ts';
import { ROLES } from '../roles.ts';
import { optionalChoice } from './optional-choice.ts';

/** docs/product.md § Sign-up and § Constants. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** The spec's "simple pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product.md § Error messages, word for word. */
export const SIGNUP_MESSAGES = {
  required: 'Email, password, and full name are required',
  invalid_email: 'Please enter a valid email address',
  password_too_short: 'Password must be at least 8 characters long',
  duplicate_email: 'This email is already registered. Please log in or use a different email.',
  weak_password:
    'Password is too weak. Please choose a stronger password with at least 8 characters.',
  rate_limit: 'Too many signup attempts. Please wait a few minutes before trying again.',
  network_error: CLIENT_ERROR_MESSAGES.network_error,
  server_error: 'Signup failed due to a server error. Please try again later.',
  fallback: 'Signup failed. Please try again later.',
  unexpected_server: 'Server error occurred. Please try again in a few minutes.',
  timeout: CLIENT_ERROR_MESSAGES.timeout,
  unexpected_error: 'An unexpected error occurred during signup. Please try again later.',
  account_not_created: 'Failed to create user account',
  database_unavailable: 'Database connection not available',
  company_required: 'Company name is required',
} as const;

export const SIGNIN_MESSAGES = {
  required: 'Email and password are required',
  invalid_credentials: 'Invalid email or password',
  rate_limit: 'Too many sign-in attempts. Please wait 15 minutes before trying again.',
  slow_down: 'Too many failed sign-ins from this device. Please wait a moment and try again.',
  change_rate_limit: 'Too many attempts to change the password. Please wait 15 minutes.',
  failed: 'Failed to sign in',
  unexpected: 'An error occurred during sign in',
  invalid_code: 'That code is not valid. Check your authenticator app and try again.',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  rate_limit: 'Too many password reset attempts. Please wait 5-10 minutes before trying again.',
  not_found:
    'No account found with this email address. Please check your email or sign up for a new account.',
  disabled: 'Password reset is currently disabled. Please contact support.',
  failed: 'Failed to send password reset email',
  sent: 'If an account exists for that email, we have sent a link to reset the password. The link works once and expires in one hour.',
  no_session: 'No session defined in URL',
  invalid_token: 'This reset link is invalid or has expired. Request a new email.',
} as const;

/** Trimmed and lower-cased, as every form and the server store it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface ValidationFailure {
  /** Codes of the error catalogue (error-catalogue.ts), all 400s. */
  code:
    'missing_fields' | 'invalid_email' | 'company_required' | 'invalid_password' | 'weak_password';
  message: string;
}

/** A few of the most used passwords: long enough for the length rule, useless as a secret. */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  '11111111',
  'iloveyou',
  'abc12345',
  'letmein1',
  'welcome1',
  'sunshine',
  'football',
  'baseball',
  'passw0rd',
  'admin123',
]);

export function validatePassword(password: string, email = ''): ValidationFailure | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { code: 'invalid_password', message: SIGNUP_MESSAGES.password_too_short };
  }
  const lowered = password.toLowerCase();
  if (
    password.length > MAX_PASSWORD_LENGTH ||
    COMMON_PASSWORDS.has(lowered) ||
    (email !== '' && lowered === normalizeEmail(email))
  ) {
    return { code: 'weak_password', message: SIGNUP_MESSAGES.weak_password };
  }
  return null;
}

export const questionnaireDataSchema = z.record(z.string(), z.unknown());

export const signUpRequestSchema = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
  fullName: z.string().max(200).default(''),
  jobTitle: z.string().max(200).optional(),
  companyName: z.string().max(200).default(''),
  institutionType: z.enum(INSTITUTION_TYPES).optional(),
  assetsSize: z.enum(ASSETS_SIZES).optional(),
  planType: z.enum(PLAN_NAMES).optional(),
  billing: z.enum(BILLING_INTERVALS).optional(),
  questionnaireData: questionnaireDataSchema.optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/** The spec's sign-up rules in the spec's order; the same function runs in the form and the API. */
export function validateSignUp(input: {
  email?: string;
  password?: string;
  fullName?: string;
  companyName?: string;
}): ValidationFailure | null {
  const email = normalizeEmail(input.email ?? '');
  const password = input.password ?? '';
  const fullName = (input.fullName ?? '').trim();
  if (!email || !password || !fullName) {
    return { code: 'missing_fields', message: SIGNUP_MESSAGES.required };
  }
  if (!EMAIL_PATTERN.test(email)) {
    return { code: 'invalid_email', message: SIGNUP_MESSAGES.invalid_email };
  }
  const passwordFailure = validatePassword(password, email);
  if (passwordFailure) return passwordFailure;
  if (!(input.companyName ?? '').trim()) {
    return { code: 'company_required', message: SIGNUP_MESSAGES.company_required };
  }
  return null;
}

export const signInRequestSchema = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
});

export function validateSignIn(input: {
  email?: string;
  password?: string;
}): ValidationFailure | null {
  if (!normalizeEmail(input.email ?? '') || !(input.password ?? '')) {
    return { code: 'missing_fields', message: SIGNIN_MESSAGES.required };
  }
  return null;
}

export const forgotPasswordRequestSchema = z.object({ email: z.string().max(320).default('') });

export function validateResetEmail(email: string): ValidationFailure | null {
  const normalized = normalizeEmail(email);
  if (!normalized || !EMAIL_PATTERN.test(normalized)) {
    return { code: 'invalid_email', message: SIGNUP_MESSAGES.invalid_email };
  }
  return null;
}

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(512),
  newPassword: z.string().max(1024),
});

/** Body of `POST /api/auth/password/change`. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(1024),
  newPassword: z.string().max(1024),
});

/** A new password under `validatePassword`'s rules, for a form (the server checks the same). */
export const newPasswordSchema = (email = '') =>
  z.string().superRefine((password, context) => {
    const failure = validatePassword(password, email);
    if (failure) context.addIssue({ code: 'custom', message: failure.message });
  });

/** The change-password form: the request, a new password that passes, typed twice alike. */
export const changePasswordFormSchema = (email: string) =>
  changePasswordRequestSchema
    .extend({ newPassword: newPasswordSchema(email), confirmation: z.string() })
    .refine((form) => form.newPassword === form.confirmation, {
      path: ['confirmation'],
      message: 'The two new passwords do not match.',
    });

/** The field a sign-up or sign-in rule refers to, so the form shows the message beside it. */
function failureField(
  failure: ValidationFailure,
  form: Record<string, string | undefined>,
  requiredInFormOrder: readonly string[],
): string {
  switch (failure.code) {
    case 'missing_fields':
      return requiredInFormOrder.find((field) => !(form[field] ?? '').trim()) ?? 'email';
    case 'invalid_email':
      return 'email';
    case 'company_required':
      return 'companyName';
    default:
      return 'password';
  }
}

/**
 * `validateSignUp` as a form's check (a `superRefine`): the server's one message at a time, in
 * the server's order, beside its field. The forms ask for the full name, then the email and the
 * password, so a missing one is said beside the first left empty in that order.
 */
export function checkSignUpForm(
  form: { email: string; password: string; fullName: string; companyName: string },
  context: z.RefinementCtx,
): void {
  const failure = validateSignUp(form);
  if (failure) {
    const field = failureField(failure, form, ['fullName', 'email', 'password']);
    context.addIssue({ code: 'custom', path: [field], message: failure.message });
  }
}

/**
 * The sign-up form: the request's fields as typed, refused by `validateSignUp` itself, so the
 * browser gives the server's one message at a time, in the server's order, beside its field.
 */
export const signUpFormSchema = signUpRequestSchema
  .pick({ email: true, password: true, fullName: true, jobTitle: true, companyName: true })
  .extend({
    institutionType: optionalChoice(INSTITUTION_TYPES),
    assetsSize: optionalChoice(ASSETS_SIZES),
  })
  .superRefine(checkSignUpForm);

/** The sign-in form: the request, refused by `validateSignIn` beside the empty field. */
export const signInFormSchema = signInRequestSchema.superRefine((form, context) => {
  const failure = validateSignIn(form);
  if (failure) {
    const field = failureField(failure, form, ['email', 'password']);
    context.addIssue({ code: 'custom', path: [field], message: failure.message });
  }
});

/** The forgot-password form: the request, with an address `validateResetEmail` accepts. */
export const forgotPasswordFormSchema = forgotPasswordRequestSchema.superRefine((form, context) => {
  const failure = validateResetEmail(form.email);
  if (failure) context.addIssue({ code: 'custom', path: ['email'], message: failure.message });
});

/** The reset-password form (the token comes from the link): a new password, typed twice. */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .pick({ newPassword: true })
  .extend({ newPassword: newPasswordSchema(), confirmation: z.string() })
  .refine((form) => form.newPassword === form.confirmation, {
    path: ['confirmation'],
    message: 'The two passwords do not match.',
  });

export const totpCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$|^[A-Za-z0-9-]{8,20}$/, 'Enter the 6-digit code or a backup code'),
  trustDevice: z.boolean().optional(),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});

export const profileSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string().nullable(),
  notificationPreferences: z.record(z.string(), z.unknown()),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  companyId: z.string().nullable(),
  onboardingCompletedAt: z.string().nullable(),
});

export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  institutionType: z.enum(INSTITUTION_TYPES).nullable(),
  assetsSize: z.enum(ASSETS_SIZES).nullable(),
  /** The institution requires two-factor authentication of every member. */
  requireTwoFactor: z.boolean(),
});

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  profile: profileSchema,
  company: companySummarySchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `GET /api/auth/session`: the signed-in user, or `null` when there is no live session. */
export const maybeSessionResponseSchema = sessionResponseSchema.nullable();

export const signUpResponseSchema = z.object({
  session: sessionResponseSchema,
  /** Where the client goes next: the dashboard, or the checkout for a paid plan. */
  redirectTo: z.string(),
});

export const signInResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), session: sessionResponseSchema }),
  z.object({ status: z.literal('two_factor_required') }),
]);

export const okResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export const resetTokenStatusSchema = z.object({ valid: z.boolean() });
