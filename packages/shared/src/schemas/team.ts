import { z } from 'zod';
import { PROFILE_STATUSES } from '../institutions.ts';
import { COMPANY_ROLES, ROLES } from '../roles.ts';
import { EMAIL_PATTERN, SIGNUP_MESSAGES, newPasswordSchema, normalizeEmail } from './auth.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

export const TEAM_SORTS = ['name', 'role', 'status', 'last_sign_in', 'joined'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

export const teamMembersQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TEAM_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type TeamMembersQuery = z.infer<typeof teamMembersQuerySchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersResponseSchema = pageOf(teamMemberSchema).extend({
  /** Seats in use (active members and pending invitations) against the plan's limit. */
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

/** Who holds each role in the company (Roles & Permissions). */
export const roleHoldersResponseSchema = z.object({
  roles: z.array(
    z.object({
      role: z.enum(ROLES),
      members: z.array(
        z.object({ userId: z.string(), fullName: z.string().nullable(), email: z.string() }),
      ),
    }),
  ),
});

/** Every member by name (deactivated ones too), for pickers such as User Activity's filter. */
export const teamDirectorySchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      fullName: z.string().nullable(),
      email: z.string(),
      status: z.enum(PROFILE_STATUSES),
    }),
  ),
});

export const TEAM_MESSAGES = {
  not_found: 'That person was not found.',
  own_account: 'You cannot deactivate your own account.',
  administrator: 'Only a platform super admin can deactivate or reactivate an administrator.',
  deactivated: 'This account has been deactivated. Contact your institution’s administrator.',
  seat_limit: (limit: number) =>
    `Your plan includes ${limit} seats and all are in use. Deactivate a member or upgrade your plan to add more.`,
} as const;

/** An invitation link works for 7 days, once. */
export const INVITATION_LIFETIME_DAYS = 7;

export const createInvitationRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(320)
    .transform(normalizeEmail)
    .refine((email) => EMAIL_PATTERN.test(email), SIGNUP_MESSAGES.invalid_email),
  role: z.enum(COMPANY_ROLES, { message: 'Choose a role' }),
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  lastSentAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({ items: z.array(invitationSchema) });

/** What the invitation link shows before it is accepted (to whoever holds the link). */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  /** An account with this email exists: accepting needs signing in to it, not a new password. */
  accountExists: z.boolean(),
});

export const invitationTokenSchema = z.string().trim().min(20).max(200);

export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  fullName: z.string().trim().min(1, 'Full name is required').max(200),
  password: z.string().max(1024),
});

/**
 * The accept-invitation form of a new member (the token comes from the link): the request's
 * name, and a password the server's rules accept for the invited address.
 */
export const acceptInvitationFormSchema = (email: string) =>
  acceptInvitationRequestSchema
    .pick({ fullName: true })
    .extend({ password: newPasswordSchema(email) });

export const INVITATION_MESSAGES = {
  already_member: 'This person is already a member of your institution.',
  already_invited: 'An invitation to this email is already pending. Resend it instead.',
  role_not_grantable: 'Administrators can invite users and managers.',
  invalid_link:
    'This invitation link is invalid, expired or already used. Ask your administrator for a new one.',
  wrong_account:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  other_company:
    'Your account already belongs to an institution. Ask your administrator to use another email address.',
  account_exists: 'An account with this email already exists. Sign in to accept the invitation.',
  not_found: 'That invitation was not found.',
} as const;
