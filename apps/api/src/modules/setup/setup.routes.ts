import {
  normalizeEmail,
  signUpResponseSchema,
  validateSignUp,
} from '@complivue/shared/schemas/auth';
import { setupRequestSchema, setupStatusResponseSchema } from '@complivue/shared/schemas/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { loadAuthContext } from '../auth/access.ts';
import { hasNoUsers } from '../auth/create-account.ts';
import { signInNewAccount } from '../auth/sign-in.ts';
import { toSessionResponse } from '../auth/session.ts';
import { paymentsMode } from '../payments/payments.routes.ts';
import { createPlatformAdministrator, getSystemStatus } from './setup.service.ts';

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/setup',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['setup'],
        summary: 'First-run state: open while no user exists; system status for a super admin',
        response: { 200: setupStatusResponseSchema },
      },
    },
    async (request, reply) => {
      if (await hasNoUsers(app.database.db)) return { state: 'open' as const };
      const context = await loadAuthContext(app, request, reply);
      if (context?.profile.role !== 'super_admin') return { state: 'closed' as const };
      return {
        state: 'status' as const,
        system: await getSystemStatus(app.database, {
          mailer: app.mailer,
          paymentsMode: paymentsMode(app),
          passwordResetEnabled: app.env.PASSWORD_RESET_ENABLED,
        }),
      };
    },
  );

  app.post(
    '/api/setup',
    {
      config: { access: PUBLIC, rateLimit: 'setup' },
      schema: {
        tags: ['setup'],
        summary: 'Create the first platform administrator (only while no user exists)',
        body: setupRequestSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(request);
      if (!(await hasNoUsers(app.database.db))) {
        throw new AppError('setup_closed');
      }
      const failure = validateSignUp(request.body);
      if (failure) throw new AppError(failure.code, failure.message);
      const email = normalizeEmail(request.body.email);
      const { userId, companyId } = await createPlatformAdministrator(
        app.database,
        app.auth,
        {
          email,
          password: request.body.password,
          fullName: request.body.fullName.trim(),
          companyName: request.body.companyName.trim(),
        },
        { onlyIfFirst: true },
      );
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'setup.first_administrator_created',
        actorUserId: userId,
        companyId,
        targetType: 'user',
        targetId: userId,
        after: { role: 'super_admin' },
      });
      const context = await signInNewAccount(app, request, reply, {
        userId,
        email,
        password: request.body.password,
      });
      return reply
        .status(201)
        .send({ session: toSessionResponse(context), redirectTo: '/database-setup' });
    },
  );
};
