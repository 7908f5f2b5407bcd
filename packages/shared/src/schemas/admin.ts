import { z } from 'zod';
import { FEATURE_NAMES } from '../features.ts';
import { INSTITUTION_TYPES, PROFILE_STATUSES } from '../institutions.ts';
import { BILLING_INTERVALS, PLAN_NAMES, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { ROLES } from '../roles.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';

export { pageQuerySchema } from './paging.ts';
export const ADMIN_PAGE_SIZE = PAGE_SIZE;

export const adminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  institutionType: z.enum(INSTITUTION_TYPES).nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  subscription: z
    .object({
      id: z.string(),
      planName: z.enum(PLAN_NAMES),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
    })
    .nullable(),
});
export const adminCompaniesResponseSchema = pageOf(adminCompanySchema);

export const adminUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export const adminUsersResponseSchema = pageOf(adminUserSchema);

export const changeRoleRequestSchema = z.object({ role: z.enum(ROLES) });

export const setCompanySubscriptionRequestSchema = z.object({
  planName: z.enum(PLAN_NAMES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planType: z.enum(BILLING_INTERVALS).nullable().optional(),
  currentPeriodStart: z.iso.datetime({ offset: true }).nullable().optional(),
  currentPeriodEnd: z.iso.datetime({ offset: true }).nullable().optional(),
  trialEnd: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** A date box of the plan editor: the end of that day (UTC), or none when left empty. */
const endOfDayOrNone = z.union([
  z.literal('').transform(() => null),
  z.iso.date().transform((day) => `${day}T23:59:59.000Z`),
]);

/** The console's plan editor: the request, its period and trial ends picked as days. */
export const companySubscriptionFormSchema = setCompanySubscriptionRequestSchema
  .pick({ planName: true, status: true })
  .extend({ currentPeriodEnd: endOfDayOrNone, trialEnd: endOfDayOrNone });

export const featureMatrixRowSchema = z.object({
  planName: z.enum(PLAN_NAMES),
  featureName: z.enum(FEATURE_NAMES),
  hasAccess: z.boolean(),
});
export const featureMatrixResponseSchema = z.object({ rows: z.array(featureMatrixRowSchema) });

export const outboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = pageOf(outboxEmailSchema);

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  companyId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export const auditLogResponseSchema = pageOf(auditEntrySchema);

export const ROLE_CHANGE_MESSAGES = {
  own_role: 'You cannot change your own role.',
  other_company: 'That person is not a member of your institution.',
  admin_only_by_super_admin:
    'Only a platform administrator can grant or remove the admin and super_admin roles.',
} as const;
