import { z } from 'zod';
import { COMPANY_ROLES } from '../roles.ts';
import { checkSignUpForm } from './auth.ts';

export const setupRequestSchema = z.object({
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
  fullName: z.string().max(200).default(''),
  companyName: z.string().max(200).default(''),
});

/**
 * The first-run form: the request, refused by the sign-up rules `POST /api/setup` applies
 * (`validateSignUp`), each message beside its field.
 */
export const setupFormSchema = setupRequestSchema.superRefine(checkSignUpForm);

export const systemStatusSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), latest: z.string().nullable() }),
  emailMode: z.enum(['smtp', 'outbox']),
  paymentsMode: z.enum(['stripe', 'sandbox', 'not_configured']),
  passwordResetEnabled: z.boolean(),
});

/**
 * `open`: no user exists, the first administrator may be created. `status`: a super admin sees
 * the system. `closed`: everyone else.
 */
export const setupStatusResponseSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('open') }),
  z.object({ state: z.literal('closed') }),
  z.object({ state: z.literal('status'), system: systemStatusSchema }),
]);
export type SetupStatusResponse = z.infer<typeof setupStatusResponseSchema>;

export const SETUP_MESSAGES = {
  closed: 'Setup is complete. Sign in to continue.',
} as const;

/** The demo workspace's members with their new passwords, shown once to the operator. */
export const demoWorkspaceResponseSchema = z.object({
  companyName: z.string(),
  members: z.array(
    z.object({ role: z.enum(COMPANY_ROLES), email: z.string(), password: z.string() }),
  ),
});
export type DemoWorkspaceResponse = z.infer<typeof demoWorkspaceResponseSchema>;
