import { analyticsEvents } from '@complivue/db/schema/activity';
import { SIGN_IN_ACTION } from '@complivue/shared/audit-actions';
import { user } from '@complivue/db/schema/auth';
import { userProfiles } from '@complivue/db/schema/profiles';
import { parseCookies } from 'better-auth/cookies';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@complivue/db/database';
import { recordAudit } from '../../lib/audit.ts';
import { requestOrigin, type RequestOrigin } from '../../lib/actor.ts';
import { loadMembership, forwardSetCookies, toFetchHeaders, type AuthContext } from './session.ts';
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  isKnownDevice,
  knownDeviceToken,
  recordSignInFailure,
} from './sign-in-throttle.ts';

/** A cookie the browser sent (none of ours is chunked or prefixed). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookies(header).get(name) : undefined;
}

/** Whether this browser has signed in to the account with this email before. */
export async function isKnownDeviceOf(
  app: FastifyInstance,
  email: string,
  cookie: string | undefined,
): Promise<boolean> {
  if (!cookie) return false;
  const [row] = await app.database.db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (!row) return false;
  return isKnownDevice((await app.auth.$context).secret, row.id, cookie);
}

/** Marks this browser as one the user signs in from (see sign-in-throttle.ts). */
async function rememberDevice(app: FastifyInstance, reply: FastifyReply, userId: string) {
  const token = knownDeviceToken((await app.auth.$context).secret, userId);
  const secure = app.env.NODE_ENV === 'production' && app.env.APP_URL.startsWith('https://');
  reply.header(
    'set-cookie',
    `${KNOWN_DEVICE_COOKIE}=${token}; Path=/api/auth; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** The full context of a user who has just signed in (the new session is in the reply's cookie). */
export async function contextForUser(
  app: FastifyInstance,
  userId: string,
): Promise<Omit<AuthContext, 'sessionId'>> {
  const [row] = await app.database.db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new Error(`user ${userId} vanished during sign-in`);
  return { user: row, ...(await loadMembership(app.database.db, row)) };
}

/**
 * What follows every completed sign-in (password, or password and second factor): the session
 * cookie, the `user_signin` analytics event and the audit entry (which is the member's last sign-in:
 * `lastSignInAt` in team/activity-queries.ts).
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; headers: Headers; method: 'password' | 'totp' | 'backup_code' },
) {
  forwardSetCookies(reply, options.headers);
  await rememberDevice(app, reply, options.userId);
  const context = await contextForUser(app, options.userId);
  await app.database.db.insert(analyticsEvents).values({
    userId: options.userId,
    companyId: context.profile.companyId,
    eventType: 'user_signin',
    eventData: { method: options.method },
  });
  await recordAudit(app.database.db, requestOrigin(request), {
    action: SIGN_IN_ACTION,
    actorUserId: options.userId,
    companyId: context.profile.companyId,
    after: { method: options.method },
  });
  return context;
}

/**
 * Signs in an account this request has just created (sign-up, first-run setup, an accepted
 * invitation): better-auth issues the session, then everything `completeSignIn` does.
 */
export async function signInNewAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { userId: string; email: string; password: string },
) {
  const { headers } = await app.auth.api.signInEmail({
    body: { email: account.email, password: account.password, rememberMe: true },
    headers: toFetchHeaders(request),
    returnHeaders: true,
  });
  return completeSignIn(app, request, reply, {
    userId: account.userId,
    headers,
    method: 'password',
  });
}

/**
 * Records a password sign-in better-auth refused: a deactivated account's attempt in the audit
 * log; wrong credentials also count towards the throttle and the `user_signin_failed` analytics
 * event. The member's company sees attempts on its members' accounts in User Activity, so the
 * entry carries the company of the account the email names, if any.
 */
export async function recordRefusedSignIn(
  db: Db,
  origin: RequestOrigin,
  attempt: { email: string; reason: 'deactivated' | 'invalid_credentials' },
): Promise<void> {
  const { email } = attempt;
  const [member] = await db
    .select({ userId: userProfiles.userId, companyId: userProfiles.companyId })
    .from(userProfiles)
    .where(sql`lower(${userProfiles.email}) = ${email}`);
  if (attempt.reason === 'deactivated') {
    await recordAudit(db, origin, {
      action: 'auth.sign_in_refused',
      companyId: member?.companyId ?? null,
      targetType: 'user',
      targetId: member?.userId,
    });
    return;
  }
  await recordSignInFailure(db, { email, ip: origin.ip });
  await recordAudit(db, origin, {
    action: 'auth.sign_in_failed',
    companyId: member?.companyId ?? null,
    targetType: 'email',
    targetId: email,
  });
  await db.insert(analyticsEvents).values({
    eventType: 'user_signin_failed',
    eventData: { reason: 'invalid_credentials' },
  });
}
