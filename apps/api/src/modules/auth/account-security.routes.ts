import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  confirmTwoFactorRequestSchema,
  deviceSessionsResponseSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  enableTwoFactorResponseSchema,
} from '@complivue/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from './access.ts';
import { requireCaller } from './actor.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';
import { findDeviceSessions, revokeDeviceSession } from './devices.ts';
import { isCurrentSecondFactor } from './second-factor.ts';
import { forwardSetCookies, toFetchHeaders } from './session.ts';

/** The signed-in user's devices and second factor. */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const secondFactorDeps = { db: app.database.db, auth: app.auth };

  app.get(
    '/api/auth/sessions',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'Your signed-in devices',
        response: { 200: deviceSessionsResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const sessions = await findDeviceSessions(app.database.db, {
        userId: auth.user.id,
        currentSessionId: auth.sessionId,
        now: app.deps.clock(),
      });
      return { sessions };
    },
  );

  app.delete(
    '/api/auth/sessions/:sessionId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of your devices',
        params: z.object({ sessionId: z.string().min(1).max(100) }),
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await revokeDeviceSession(app.deps, {
        caller: requireCaller(request),
        sessionId: request.params.sessionId,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary:
          'Start TOTP enrolment: returns the otpauth URI and backup codes; confirm with a code',
        body: enableTwoFactorRequestSchema,
        response: { 200: enableTwoFactorResponseSchema },
      },
    },
    async (request) => {
      requireAuth(request);
      try {
        const result = await app.auth.api.enableTwoFactor({
          body: { password: request.body.password },
          headers: toFetchHeaders(request),
        });
        if (!('totpURI' in result) || !result.totpURI)
          throw new Error('TOTP enrolment returned no URI');
        return { totpURI: result.totpURI, backupCodes: result.backupCodes };
      } catch (error) {
        if (!betterAuthErrorCode(error)) throw error;
        throw new AppError('invalid_password');
      }
    },
  );

  app.post(
    '/api/auth/two-factor/confirm',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'Finish TOTP enrolment with a code from the authenticator app',
        body: confirmTwoFactorRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      try {
        const { headers } = await app.auth.api.verifyTOTP({
          body: { code: request.body.code },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      } catch (error) {
        if (!betterAuthErrorCode(error)) throw error;
        throw new AppError('wrong_code');
      }
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.two_factor_enabled',
        actorUserId: auth.user.id,
        companyId: auth.profile.companyId,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      config: { access: SIGNED_IN, rateLimit: 'two-factor-disable' },
      schema: {
        tags: ['auth'],
        summary:
          'Turn two-factor authentication off with your password and a current code, or an unused backup code (for a lost authenticator)',
        body: disableTwoFactorRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await enforceRateLimit(request);
      if (!(await isCurrentSecondFactor(secondFactorDeps, auth.user.id, request.body.code))) {
        throw new AppError('wrong_code');
      }
      try {
        const { headers } = await app.auth.api.disableTwoFactor({
          body: { password: request.body.password },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      } catch (error) {
        if (!betterAuthErrorCode(error)) throw error;
        throw new AppError('invalid_password');
      }
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.two_factor_disabled',
        actorUserId: auth.user.id,
        companyId: auth.profile.companyId,
      });
      return { ok: true as const };
    },
  );
};
