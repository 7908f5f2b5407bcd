import { user } from '@complivue/db/schema/auth';
import {
  normalizeEmail,
  validateSignUp,
  type signUpRequestSchema,
} from '@complivue/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { isConnectionError } from '../../lib/database-errors.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { startingSubscription } from '../subscriptions/starting-subscription.ts';
import { createAccount } from './create-account.ts';
import { signInNewAccount } from './sign-in.ts';
import { toSessionResponse } from './session.ts';

type SignUpInput = z.output<typeof signUpRequestSchema>;

export async function signUp(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: SignUpInput,
) {
  try {
    return await createSignUp(app, request, reply, input);
  } catch (error) {
    if (isConnectionError(error)) {
      throw new AppError('database_unavailable');
    }
    throw error;
  }
}

async function createSignUp(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: SignUpInput,
) {
  const failure = validateSignUp(input);
  if (failure) throw new AppError(failure.code, failure.message);
  const email = normalizeEmail(input.email);
  const fullName = input.fullName.trim();
  const { db } = app.database;

  await enforceRateLimit(request, { email });

  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw new AppError('duplicate_email');

  const subscription = startingSubscription(input);
  const { userId, companyId } = await createAccount(db, app.auth, {
    email,
    password: input.password,
    fullName,
    jobTitle: input.jobTitle?.trim() || null,
    // Whoever creates a company administers it (docs/product.md § Roles).
    role: 'admin',
    company: {
      name: input.companyName.trim(),
      institutionType: input.institutionType ?? null,
      assetsSize: input.assetsSize ?? null,
    },
    subscription,
  });
  await recordAudit(db, requestOrigin(request), {
    action: 'auth.sign_up',
    actorUserId: userId,
    companyId,
    targetType: 'company',
    targetId: companyId,
    after: { plan: subscription.planName, status: subscription.status },
  });

  const context = await signInNewAccount(app, request, reply, {
    userId,
    email,
    password: input.password,
  });
  const redirectTo =
    subscription.status === 'pending_payment'
      ? `/checkout?plan=${subscription.planName}&billing=${subscription.planType}`
      : '/dashboard';
  return { session: toSessionResponse(context), redirectTo };
}
