import { preparedPerDatabase, type Db } from '@complivue/db/database';
import { verification } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { userProfiles } from '@complivue/db/schema/profiles';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { resolveNotificationPreferences } from '@complivue/shared/schemas/profile';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SubscriptionRow } from '../subscriptions/company-subscription.ts';
import { findCompany } from '../companies/institution.ts';

export type ProfileRow = typeof userProfiles.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  twoFactorEnabled?: boolean | null;
  createdAt: Date;
}

/** Who is calling: set on the request by the access preHandler for every non-public route. */
export interface AuthContext {
  user: SessionUser;
  sessionId: string;
  profile: ProfileRow;
  company: CompanyRow | null;
  /** Loaded when the route's requirement involves the subscription. */
  subscription?: SubscriptionRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The request's headers as a Fetch `Headers`, which better-auth's API takes. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, String(value));
  }
  return headers;
}

/** Copies every cookie better-auth set (a new session, a refreshed one, a cleared one). */
export function forwardSetCookies(reply: FastifyReply, headers: Headers | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * docs/product.md § Session: the profile's name comes from the account's name, else the email,
 * else 'User'.
 */
export function defaultFullName(user: { name?: string | null; email?: string | null }): string {
  return user.name?.trim() || user.email?.split('@')[0]?.trim() || 'User';
}

/**
 * The user's profile, created when missing (accounts made outside sign-up: the CLI, invitations)
 * with role `user` and status `active`, as docs/product.md § Session describes.
 */
export async function ensureProfile(db: Db, user: SessionUser): Promise<ProfileRow> {
  const [existing] = await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
  if (existing) return existing;
  await db
    .insert(userProfiles)
    .values({
      userId: user.id,
      email: user.email,
      fullName: defaultFullName(user),
      role: 'user',
      status: 'active',
    })
    .onConflictDoNothing({ target: userProfiles.userId });
  const [created] = await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
  return created!;
}

/** Every signed-in request reads its member's profile and institution: one read, prepared once. */
const membershipOfUser = preparedPerDatabase((db) =>
  db
    .select({ profile: userProfiles, company: companies })
    .from(userProfiles)
    .leftJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(eq(userProfiles.userId, sql.placeholder('userId')))
    .prepare('membership_of_user'),
);

/** The user's profile (created when missing: `ensureProfile`) and institution. */
export async function loadMembership(
  db: Db,
  user: SessionUser,
): Promise<{ profile: ProfileRow; company: CompanyRow | null }> {
  const [row] = await membershipOfUser(db).execute({ userId: user.id });
  if (row) return row;
  const profile = await ensureProfile(db, user);
  return { profile, company: await findCompany(db, profile.companyId) };
}

export function toSessionResponse(context: Omit<AuthContext, 'sessionId'>): SessionResponse {
  const { user, profile, company } = context;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image ?? null,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      createdAt: user.createdAt.toISOString(),
    },
    profile: {
      id: profile.id,
      fullName: profile.fullName,
      jobTitle: profile.jobTitle,
      phone: profile.phone,
      timezone: profile.timezone,
      notificationPreferences: resolveNotificationPreferences(
        profile.notificationPreferences,
        company?.notificationDefaults,
      ),
      role: profile.role,
      status: profile.status,
      companyId: profile.companyId,
      onboardingCompletedAt: profile.onboardingCompletedAt?.toISOString() ?? null,
    },
    company: company
      ? {
          id: company.id,
          name: company.name,
          institutionType: company.institutionType ?? null,
          assetsSize: company.assetsSize ?? null,
          requireTwoFactor: company.requireTwoFactor,
        }
      : null,
  };
}

/** Expires our cookies even when better-auth had no session to sign out of. */
export function clearSessionCookies(reply: FastifyReply) {
  const existing = reply.getHeader('set-cookie');
  const cookies = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  if (cookies.length > 0) return;
  reply.header('set-cookie', [
    'complivue.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    'complivue.session_data=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
  ]);
}

/**
 * Forgets every browser the user told to skip the second factor ("trust this device"): those
 * are better-auth's verification rows holding the user's id that outlive a day (30 days; reset
 * links live an hour and sign-in challenges minutes; identifiers are stored hashed, so the
 * lifetime is what tells them apart). Signing out everywhere must mean a password alone no
 * longer opens the account anywhere.
 */
export async function revokeTrustedDevices(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        gt(verification.expiresAt, sql`now() + interval '1 day'`),
      ),
    );
}

/** Expires the trusted-device cookie of this browser. */
export function clearTrustedDeviceCookie(reply: FastifyReply): void {
  reply.header('set-cookie', 'complivue.trust_device=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
}
