import {
  maybeSessionResponseSchema,
  normalizeEmail,
  okResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  totpCodeRequestSchema,
  validateSignIn,
} from '@complivue/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/actor.ts';
import { enforceRateLimit } from '../../lib/rate-limits.ts';
import {
  KNOWN_DEVICE_COOKIE,
  assertSignInAllowed,
  clearSignInFailures,
} from './sign-in-throttle.ts';
import { PUBLIC } from '../../lib/route-access.ts';
import { loadAuthContext } from './access.ts';
import { ACCOUNT_DEACTIVATED } from './auth.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';
import { completeSignIn, isKnownDeviceOf, readCookie, recordRefusedSignIn } from './sign-in.ts';
import { signUp } from './sign-up.ts';
import { claimTotpStep } from './totp-replay.ts';
import {
  clearSessionCookies,
  clearTrustedDeviceCookie,
  revokeTrustedDevices,
  forwardSetCookies,
  toFetchHeaders,
  toSessionResponse,
} from './session.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/sign-up',
    {
      config: { access: PUBLIC, rateLimit: 'sign-up' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account, its company and its subscription, and sign in',
        body: signUpRequestSchema,
        response: { 201: signUpResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await signUp(app, request, reply, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      config: { access: PUBLIC, rateLimit: 'sign-in' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: signInRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const failure = validateSignIn(request.body);
      if (failure) throw new AppError(failure.code, failure.message);
      const email = normalizeEmail(request.body.email);
      const { db } = app.database;
      await enforceRateLimit(request);
      const attempt = { email, ip: request.ip };
      await assertSignInAllowed(db, {
        ...attempt,
        knownDevice: () => isKnownDeviceOf(app, email, readCookie(request, KNOWN_DEVICE_COOKIE)),
      });

      let result;
      try {
        result = await app.auth.api.signInEmail({
          body: { email, password: request.body.password, rememberMe: true },
          headers: toFetchHeaders(request),
          returnHeaders: true,
        });
      } catch (error) {
        const code = betterAuthErrorCode(error);
        if (!code) throw error;
        const deactivated = code === ACCOUNT_DEACTIVATED;
        await recordRefusedSignIn(db, requestOrigin(request), {
          email,
          reason: deactivated ? 'deactivated' : 'invalid_credentials',
        });
        if (deactivated) throw new AppError('account_deactivated');
        throw new AppError('invalid_credentials');
      }
      await clearSignInFailures(db, email, request.ip);
      const { headers, response } = result;
      if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
        forwardSetCookies(reply, headers);
        return { status: 'two_factor_required' as const };
      }
      const userId = (response as { user: { id: string } }).user.id;
      const context = await completeSignIn(app, request, reply, {
        userId,
        headers,
        method: 'password',
      });
      return { status: 'signed_in' as const, session: toSessionResponse(context) };
    },
  );

  app.post(
    '/api/auth/two-factor/verify',
    {
      config: { access: PUBLIC, rateLimit: 'two-factor' },
      schema: {
        tags: ['auth'],
        summary: 'Complete a sign-in with a TOTP code or a backup code',
        body: totpCodeRequestSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const { code, trustDevice } = request.body;
      const { db } = app.database;
      await enforceRateLimit(request);
      const isTotp = /^\d{6}$/.test(code);
      let result;
      try {
        const options = { headers: toFetchHeaders(request), returnHeaders: true as const };
        result = isTotp
          ? await app.auth.api.verifyTOTP({ ...options, body: { code, trustDevice } })
          : await app.auth.api.verifyBackupCode({ ...options, body: { code, trustDevice } });
      } catch (error) {
        const code = betterAuthErrorCode(error);
        if (!code) throw error;
        if (code === ACCOUNT_DEACTIVATED) throw new AppError('account_deactivated');
        await recordAudit(db, requestOrigin(request), { action: 'auth.two_factor_failed' });
        throw new AppError('invalid_code');
      }
      const { user: verifiedUser, token } = result.response as {
        user: { id: string };
        token: string;
      };
      const userId = verifiedUser.id;
      if (isTotp && !(await claimTotpStep({ db: app.database.db, auth: app.auth }, userId, code))) {
        // The code was right but already used: the session better-auth just made is undone.
        const authContext = await app.auth.$context;
        await authContext.internalAdapter.deleteSession(token);
        clearSessionCookies(reply);
        await recordAudit(db, requestOrigin(request), {
          action: 'auth.two_factor_failed',
          targetType: 'user',
          targetId: userId,
          after: { reason: 'code_reused' },
        });
        throw new AppError('invalid_code');
      }
      const context = await completeSignIn(app, request, reply, {
        userId,
        headers: result.headers,
        method: isTotp ? 'totp' : 'backup_code',
      });
      return { status: 'signed_in' as const, session: toSessionResponse(context) };
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, profile and company; null without a live session',
        response: { 200: maybeSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const context = await loadAuthContext(app, request, reply);
      return context ? toSessionResponse(context) : null;
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the user is revoked',
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const headers = toFetchHeaders(request);
      const context = await loadAuthContext(app, request, reply).catch(() => null);
      if (context) {
        await app.auth.api.revokeSessions({ headers }).catch(() => undefined);
        await revokeTrustedDevices(app.database.db, context.user.id);
        await recordAudit(app.database.db, requestOrigin(request), {
          action: 'auth.sign_out',
          actorUserId: context.user.id,
          companyId: context.profile.companyId,
        });
      }
      // Whatever the server knew, the browser's cookies are cleared: sign-out always succeeds.
      const result = await app.auth.api
        .signOut({ headers, returnHeaders: true })
        .catch(() => undefined);
      forwardSetCookies(reply, result?.headers);
      clearSessionCookies(reply);
      clearTrustedDeviceCookie(reply);
      return { ok: true as const };
    },
  );
};
