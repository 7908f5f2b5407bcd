import { z } from 'zod';
import { PROFILE_STATUSES } from '../institutions.ts';
import { ROLES } from '../roles.ts';
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

export const TEAM_MESSAGES = {
  not_found: 'That person was not found.',
  own_account: 'You cannot deactivate your own account.',
  administrator: 'Only a platform super admin can deactivate or reactivate an administrator.',
  deactivated: 'This account has been deactivated. Contact your institution’s administrator.',
  seat_limit: (limit: number) =>
    `Your plan includes ${limit} seats and all are in use. Deactivate a member or upgrade your plan to add more.`,
} as const;
