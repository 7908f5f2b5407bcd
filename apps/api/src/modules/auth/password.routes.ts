import {
  changePasswordRequestSchema,
  PASSWORD_RESET_MESSAGES,
  forgotPasswordRequestSchema,
  normalizeEmail,
  okResponseSchema,
  resetPasswordRequestSchema,
  resetTokenStatusSchema,
  validatePassword,
  validateResetEmail,
} from '@complivue/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import { PUBLIC, SIGNED_IN } from '../../lib/route-access.ts';
import { requireAuth } from './access.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';
import { forwardSetCookies, revokeTrustedDevices, toFetchHeaders } from './session.ts';
import { clearSignInFailures } from './sign-in-throttle.ts';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/password/forgot',
    {
      config: { access: PUBLIC, rateLimit: 'reset' },
      schema: {
        tags: ['auth'],
        summary:
          'Email a single-use password reset link (same answer whether or not the account exists)',
        body: forgotPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      if (!app.env.PASSWORD_RESET_ENABLED) {
        throw new AppError('password_reset_disabled');
      }
      const failure = validateResetEmail(request.body.email);
      if (failure) throw new AppError(failure.code, failure.message);
      const email = normalizeEmail(request.body.email);
      await enforceRateLimit(request, { email });
      // Only database work happens here, the same for a known and an unknown email: the
      // email itself is queued and sent in the background (lib/email/email-queue.ts).
      await app.auth.api.requestPasswordReset({
        body: { email },
        headers: toFetchHeaders(request),
      });
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.password_reset_requested',
        targetType: 'email',
        targetId: email,
      });
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.sent };
    },
  );

  app.get(
    '/api/auth/password/reset-token',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link is still usable',
        querystring: z.object({ token: z.string().min(1).max(512) }),
        response: { 200: resetTokenStatusSchema },
      },
    },
    async (request) => {
      const context = await app.auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(
        `reset-password:${request.query.token}`,
      );
      return { valid: Boolean(verification && verification.expiresAt > new Date()) };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { access: PUBLIC, rateLimit: 'reset-submit' },
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset link's token; signs out the user's sessions",
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const failure = validatePassword(request.body.newPassword);
      if (failure) throw new AppError(failure.code, failure.message);
      await enforceRateLimit(request);
      const context = await app.auth.$context;
      const pending = await context.internalAdapter.findVerificationValue(
        `reset-password:${request.body.token}`,
      );
      try {
        await app.auth.api.resetPassword({
          body: { token: request.body.token, newPassword: request.body.newPassword },
          headers: toFetchHeaders(request),
        });
      } catch (error) {
        if (!betterAuthErrorCode(error)) throw error;
        throw new AppError('invalid_token');
      }
      // Whoever proved they own the mailbox is let in again, even if the account was under a
      // stranger's sign-in attempts (sign-in-throttle.ts).
      const owner = pending ? await context.internalAdapter.findUserById(pending.value) : null;
      if (owner) {
        await clearSignInFailures(app.database.db, normalizeEmail(owner.email));
        // A reset is how an owner takes a compromised account back: no browser keeps a pass.
        await revokeTrustedDevices(app.database.db, owner.id);
      }
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.password_reset',
        actorUserId: owner?.id,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password/change',
    {
      config: { access: SIGNED_IN, rateLimit: 'password-change' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; other sessions are signed out",
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await enforceRateLimit(request);
      const failure = validatePassword(request.body.newPassword, auth.user.email);
      if (failure) throw new AppError(failure.code, failure.message);
      try {
        const { headers } = await app.auth.api.changePassword({
          body: { ...request.body, revokeOtherSessions: true },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        });
        forwardSetCookies(reply, headers);
      } catch (error) {
        if (!betterAuthErrorCode(error)) throw error;
        throw new AppError('invalid_password', 'The current password is not correct.');
      }
      await recordAudit(app.database.db, requestOrigin(request), {
        action: 'auth.password_changed',
        actorUserId: auth.user.id,
        companyId: auth.profile.companyId,
      });
      return { ok: true as const };
    },
  );
};
