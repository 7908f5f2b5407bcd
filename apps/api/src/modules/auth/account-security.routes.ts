import { session as sessionTable, twoFactor } from '@complivue/db/schema/auth';
import { okResponseSchema } from '@complivue/shared/schemas/auth';
import {
  confirmTwoFactorRequestSchema,
  deviceSessionsResponseSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  enableTwoFactorResponseSchema,
} from '@complivue/shared/schemas/profile';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from './access.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';
import { forwardSetCookies, toFetchHeaders } from './session.ts';

/** The signed-in user's devices and second factor. */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const rows = await app.database.db
        .select()
        .from(sessionTable)
        .where(and(eq(sessionTable.userId, auth.user.id), gt(sessionTable.expiresAt, new Date())))
        .orderBy(desc(sessionTable.updatedAt));
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          current: row.id === auth.sessionId,
        })),
      };
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
      const auth = requireAuth(request);
      const deleted = await app.database.db
        .delete(sessionTable)
        .where(
          and(eq(sessionTable.id, request.params.sessionId), eq(sessionTable.userId, auth.user.id)),
        )
        .returning({ id: sessionTable.id });
      // Another user's session id is answered like an unknown one.
      if (deleted.length === 0) throw new AppError('not_found', 'That device is not signed in.');
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.session_revoked',
        actorUserId: auth.user.id,
        companyId: auth.profile.companyId,
        targetType: 'session',
        targetId: request.params.sessionId,
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
      if (!(await isCurrentSecondFactor(auth.user.id, request.body.code))) {
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

  /**
   * Checks a code against the user's enrolled second factor (decrypted with better-auth's key):
   * a current code of the authenticator, or one of the backup codes not used yet. A backup code
   * is what someone who lost their phone still has; turning two-factor off removes the secret and
   * every backup code with it, so the one given is spent either way.
   */
  async function isCurrentSecondFactor(userId: string, code: string): Promise<boolean> {
    const [row] = await app.database.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    if (!row) return false;
    const context = await app.auth.$context;
    if (/^\d{6}$/.test(code)) {
      const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
      return createOTP(secret).verify(code, { window: 1 });
    }
    const stored = await symmetricDecrypt({ key: context.secretConfig, data: row.backupCodes });
    const backupCodes: unknown = JSON.parse(stored);
    return Array.isArray(backupCodes) && backupCodes.includes(code);
  }
};
