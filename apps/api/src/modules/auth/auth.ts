import type { Db } from '@complivue/db/database';
import { account, session, twoFactor, user, verification } from '@complivue/db/schema/auth';
import { userProfiles } from '@complivue/db/schema/profiles';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@complivue/shared/schemas/auth';
import { TEAM_MESSAGES } from '@complivue/shared/schemas/team';
import { APIError, betterAuth } from 'better-auth';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import type { Env } from '../../env.ts';
import type { FastifyBaseLogger } from 'fastify';
import { sendInBackground } from '../../lib/email/email-queue.ts';
import type { Mailer } from '../../lib/email/mailer.ts';
import { passwordResetEmail } from '../../lib/email/templates.ts';

export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** The error code better-auth answers with when a deactivated member tries to sign in. */
export const ACCOUNT_DEACTIVATED = 'ACCOUNT_DEACTIVATED';

/**
 * better-auth does the cryptography: password hashing, session tokens, reset tokens (stored
 * hashed), TOTP. Its endpoints are not mounted; our routes call `auth.api` so that every route
 * keeps our validation, error shape, rate limits and audit trail.
 */
export function createAuth(options: {
  db: Db;
  env: Env;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, env, secret, mailer, log } = options;
  return betterAuth({
    appName: 'Complivue',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Queued and sent in the background: the answer to "forgot password" must not wait on
      // (or reveal anything through) the mail server; the job retries a failed send.
      sendResetPassword: async ({ user: recipient, token }) => {
        const url = new URL('/reset-password', env.APP_URL);
        url.searchParams.set('token', token);
        await sendInBackground(
          { db, mailer, log },
          passwordResetEmail({ to: recipient.email, name: recipient.name, url: url.toString() }),
        );
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      // A session in use is extended once a day, so active users stay signed in.
      updateAge: 24 * 60 * 60,
    },
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: {
      session: {
        create: {
          // Every way of signing in ends here: a deactivated member gets no session.
          before: async (newSession) => {
            const [profile] = await db
              .select({ status: userProfiles.status })
              .from(userProfiles)
              .where(eq(userProfiles.userId, newSession.userId));
            if (profile?.status === 'deactivated') {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DEACTIVATED,
                message: TEAM_MESSAGES.deactivated,
              });
            }
          },
        },
      },
    },
    advanced: {
      cookiePrefix: 'complivue',
      useSecureCookies: env.NODE_ENV === 'production' && env.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    // Our routes apply their own limits (per IP and per email, shared by all instances).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ args }, message),
    },
    trustedOrigins: [new URL(env.APP_URL).origin],
    plugins: [twoFactorPlugin({ issuer: 'Complivue' })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
