import type { Db } from '@complivue/db/database';
import { user } from '@complivue/db/schema/auth';
import { companies } from '@complivue/db/schema/companies';
import { invitations } from '@complivue/db/schema/invitations';
import { userProfiles } from '@complivue/db/schema/profiles';
import { PLAN_SEAT_LIMITS } from '@complivue/shared/plans';
import { ROLES } from '@complivue/shared/roles';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import {
  TEAM_MESSAGES,
  type TeamMember,
  type TeamMembersQuery,
  type TeamSort,
} from '@complivue/shared/schemas/team';
import { and, asc, count, desc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-patterns.ts';
import { findCompanySubscription } from '../subscriptions/company-subscription.ts';
import { lastSignInAt } from './activity-queries.ts';

/** An invitation that can still be accepted. */
export const pendingInvitation = and(
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
  gt(invitations.expiresAt, sql`now()`),
)!;

const memberLastSignIn = lastSignInAt(userProfiles.userId, userProfiles.companyId);

const SORT_COLUMNS: Record<TeamSort, SQL> = {
  name: sql`lower(coalesce(${userProfiles.fullName}, ${userProfiles.email}))`,
  role: sql`array_position(ARRAY[${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))}]::text[], ${userProfiles.role})`,
  status: sql`${userProfiles.status}`,
  last_sign_in: memberLastSignIn,
  joined: sql`${userProfiles.createdAt}`,
};

const memberColumns = {
  userId: userProfiles.userId,
  email: userProfiles.email,
  fullName: userProfiles.fullName,
  jobTitle: userProfiles.jobTitle,
  role: userProfiles.role,
  status: userProfiles.status,
  twoFactorEnabled: user.twoFactorEnabled,
  lastSignInAt: memberLastSignIn,
  joinedAt: userProfiles.createdAt,
};

type MemberRow = Omit<TeamMember, 'lastSignInAt' | 'joinedAt'> & {
  lastSignInAt: Date | null;
  joinedAt: Date;
};

function toTeamMember(row: MemberRow): TeamMember {
  return {
    ...row,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** One page of the company's members, searched by name, email or title, in the chosen order. */
export async function findTeamMembers(db: Db, companyId: string, query: TeamMembersQuery) {
  const where = and(
    eq(userProfiles.companyId, companyId),
    query.query
      ? or(
          ilike(userProfiles.email, containsPattern(query.query)),
          ilike(userProfiles.fullName, containsPattern(query.query)),
          ilike(userProfiles.jobTitle, containsPattern(query.query)),
        )
      : undefined,
  );
  const order = query.direction === 'desc' ? desc : asc;
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(userProfiles).where(where),
    db
      .select(memberColumns)
      .from(userProfiles)
      .innerJoin(user, eq(user.id, userProfiles.userId))
      .where(where)
      // Members who never signed in sort last either way; ties are broken by email.
      .orderBy(
        sql`${SORT_COLUMNS[query.sort]} IS NULL`,
        order(SORT_COLUMNS[query.sort]),
        asc(userProfiles.email),
      )
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
  ]);
  return { items: rows.map(toTeamMember), total, page: query.page, pageSize: PAGE_SIZE };
}

export async function findTeamMember(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.userId))
    .where(and(eq(userProfiles.companyId, companyId), eq(userProfiles.userId, userId)));
  return row ? toTeamMember(row) : null;
}

/** Every member, deactivated ones too, in the order they joined (the data export). */
export async function findAllTeamMembers(db: Db, companyId: string) {
  const rows = await db
    .select(memberColumns)
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.userId))
    .where(eq(userProfiles.companyId, companyId))
    .orderBy(asc(userProfiles.createdAt));
  return rows.map(toTeamMember);
}

/**
 * Seats in use: members who are not deactivated, and invitations still pending (an accepted
 * invitation must find its seat). The limit is the plan's (`PLAN_SEAT_LIMITS`).
 */
export async function seatUsage(db: Db, companyId: string) {
  // Sequential on purpose: inside a transaction the reads share one connection.
  const [{ members } = { members: 0 }] = await db
    .select({ members: count() })
    .from(userProfiles)
    .where(and(eq(userProfiles.companyId, companyId), ne(userProfiles.status, 'deactivated')));
  const [{ pending } = { pending: 0 }] = await db
    .select({ pending: count() })
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), pendingInvitation));
  const used = members + pending;
  const subscription = await findCompanySubscription(db, companyId);
  return { used, limit: subscription ? PLAN_SEAT_LIMITS[subscription.planName] : null };
}

/** Active members by role, for Roles & Permissions. */
export async function findRoleHolders(db: Db, companyId: string) {
  const rows = await db
    .select({
      userId: userProfiles.userId,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      role: userProfiles.role,
    })
    .from(userProfiles)
    .where(and(eq(userProfiles.companyId, companyId), eq(userProfiles.status, 'active')))
    .orderBy(asc(sql`lower(coalesce(${userProfiles.fullName}, ${userProfiles.email}))`));
  return ROLES.map((role) => ({
    role,
    members: rows
      .filter((row) => row.role === role)
      .map(({ userId, fullName, email }) => ({ userId, fullName, email })),
  }));
}

/**
 * Refuses to take one more seat beyond the plan's limit. The company row is locked first, so two
 * requests adding the last seat at the same moment are served one after the other.
 */
export async function assertSeatAvailable(db: Db, companyId: string): Promise<void> {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const { used, limit } = await seatUsage(db, companyId);
  if (limit !== null && used >= limit) {
    throw new AppError('seat_limit', TEAM_MESSAGES.seat_limit(limit));
  }
}

/** All members by name, deactivated ones too: the activity of a former member stays searchable. */
export async function findTeamDirectory(db: Db, companyId: string) {
  return db
    .select({
      userId: userProfiles.userId,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      status: userProfiles.status,
    })
    .from(userProfiles)
    .where(eq(userProfiles.companyId, companyId))
    .orderBy(asc(sql`lower(coalesce(${userProfiles.fullName}, ${userProfiles.email}))`));
}
