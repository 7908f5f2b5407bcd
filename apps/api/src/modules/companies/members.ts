import type { Db } from '@complivue/db/database';
import { userProfiles } from '@complivue/db/schema/profiles';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/*
 * Who belongs to an institution, asked the same way by every module: an active member is a
 * profile of the company whose status is active (a deactivated member keeps their records but
 * is chosen, told and emailed no more).
 */

export const isActiveMemberOf = (companyId: string) =>
  and(eq(userProfiles.companyId, companyId), eq(userProfiles.status, 'active'));

/** The name a member is shown by: their full name, else their email. */
export const memberName = sql<string>`coalesce(${userProfiles.fullName}, ${userProfiles.email})`;

/** The institution's active members by name (owners, assignees and @mentions are chosen here). */
export async function findActiveMembers(db: Db, companyId: string) {
  return db
    .select({
      userId: userProfiles.userId,
      name: memberName,
      email: userProfiles.email,
      role: userProfiles.role,
    })
    .from(userProfiles)
    .where(isActiveMemberOf(companyId))
    .orderBy(asc(sql`lower(${memberName})`));
}

/** Names of the active members among `userIds`; anyone else (not a member) is left out. */
export async function activeMemberNames(
  db: Db,
  companyId: string,
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userProfiles.userId, name: memberName })
    .from(userProfiles)
    .where(and(inArray(userProfiles.userId, userIds), isActiveMemberOf(companyId)));
  return new Map(rows.map((row) => [row.userId, row.name]));
}

/**
 * How a history names who held a record before (its owner, a task's assignee): by name while
 * they are a member, else "Former member"; null when nobody did.
 */
export async function previousHolderName(
  db: Db,
  companyId: string,
  userId: string | null,
): Promise<string | null> {
  if (!userId) return null;
  return (await activeMemberNames(db, companyId, [userId])).get(userId) ?? 'Former member';
}

/** Whether the user is an active member of the institution (an owner must be one). */
export async function isActiveMember(db: Db, companyId: string, userId: string): Promise<boolean> {
  return (await activeMemberNames(db, companyId, [userId])).has(userId);
}

/** The institution's active administrators, who hear about work that has nobody else. */
export async function findAdministratorIds(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userProfiles.userId })
    .from(userProfiles)
    .where(and(isActiveMemberOf(companyId), eq(userProfiles.role, 'admin')))
    .orderBy(userProfiles.userId);
  return rows.map((row) => row.userId);
}
