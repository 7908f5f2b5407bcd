import type { Db } from '@complivue/db/database';
import { user } from '@complivue/db/schema/auth';
import { auditLog } from '@complivue/db/schema/audit';
import { companies } from '@complivue/db/schema/companies';
import { emailOutbox } from '@complivue/db/schema/platform';
import { userProfiles } from '@complivue/db/schema/profiles';
import { subscriptions } from '@complivue/db/schema/subscriptions';
import { ADMIN_PAGE_SIZE } from '@complivue/shared/schemas/admin';
import { containsPattern } from '../../lib/sql-patterns.ts';
import { count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function findAdminCompanies(
  db: Db,
  options: { query?: string; page: number; companyId?: string },
) {
  const where = options.companyId
    ? eq(companies.id, options.companyId)
    : options.query
      ? ilike(companies.name, containsPattern(options.query))
      : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(companies)
    .where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(desc(companies.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(options.page));
  const ids = rows.map((row) => row.id);
  const members = ids.length
    ? await db
        .select({ companyId: userProfiles.companyId, members: count() })
        .from(userProfiles)
        .where(inArray(userProfiles.companyId, ids))
        .groupBy(userProfiles.companyId)
    : [];
  // The company's subscription per company, in one query (newest active/trialing, else newest).
  const current = ids.length
    ? await db
        .selectDistinctOn([subscriptions.companyId])
        .from(subscriptions)
        .where(inArray(subscriptions.companyId, ids))
        .orderBy(
          subscriptions.companyId,
          desc(sql`${subscriptions.status} IN ('active', 'trialing')`),
          desc(subscriptions.createdAt),
        )
    : [];
  return {
    total,
    page: options.page,
    pageSize: ADMIN_PAGE_SIZE,
    items: rows.map((row) => {
      const subscription = current.find((candidate) => candidate.companyId === row.id);
      return {
        id: row.id,
        name: row.name,
        institutionType: row.institutionType ?? null,
        createdAt: row.createdAt.toISOString(),
        memberCount: members.find((entry) => entry.companyId === row.id)?.members ?? 0,
        subscription: subscription
          ? {
              id: subscription.id,
              planName: subscription.planName,
              status: subscription.status,
              currentPeriodEnd: iso(subscription.currentPeriodEnd),
              trialEnd: iso(subscription.trialEnd),
            }
          : null,
      };
    }),
  };
}

const userColumns = {
  userId: userProfiles.userId,
  email: userProfiles.email,
  fullName: userProfiles.fullName,
  role: userProfiles.role,
  status: userProfiles.status,
  companyId: companies.id,
  companyName: companies.name,
  createdAt: userProfiles.createdAt,
};

interface UserRow {
  userId: string;
  email: string;
  fullName: string | null;
  role: (typeof userProfiles.$inferSelect)['role'];
  status: (typeof userProfiles.$inferSelect)['status'];
  companyId: string | null;
  companyName: string | null;
  createdAt: Date;
}

function toAdminUser(row: UserRow) {
  return {
    userId: row.userId,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    status: row.status,
    company: row.companyId && row.companyName ? { id: row.companyId, name: row.companyName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findAdminUsers(db: Db, options: { query?: string; page: number }) {
  const where: SQL | undefined = options.query
    ? or(
        ilike(userProfiles.email, containsPattern(options.query)),
        ilike(userProfiles.fullName, containsPattern(options.query)),
        ilike(companies.name, containsPattern(options.query)),
      )
    : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(userProfiles)
    .leftJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(where);
  const rows = await db
    .select(userColumns)
    .from(userProfiles)
    .leftJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(where)
    .orderBy(desc(userProfiles.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(options.page));
  return { total, page: options.page, pageSize: ADMIN_PAGE_SIZE, items: rows.map(toAdminUser) };
}

export async function findAdminUser(db: Db, userId: string) {
  const [row] = await db
    .select(userColumns)
    .from(userProfiles)
    .leftJoin(companies, eq(companies.id, userProfiles.companyId))
    .where(eq(userProfiles.userId, userId));
  return row ? toAdminUser(row) : null;
}

/**
 * What a link's secret part is replaced with in the console. A reset or invitation link is a
 * key to an account: the operator sees that the email went out, not the key itself.
 */
export const HIDDEN_TOKEN = '[hidden]';

/** Masks the secrets in the links of an email: `token=` parameters and calendar feed keys. */
export function maskLinkSecrets(text: string): string {
  return text
    .replace(/([?&](?:amp;)?token=)[^\s&"'<>]+/gi, `$1${HIDDEN_TOKEN}`)
    .replace(/(\/api\/calendar\/feed\/)[^\s/"'<>]+?(\.ics)/gi, `$1${HIDDEN_TOKEN}$2`);
}

export async function findOutbox(db: Db, page: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(emailOutbox);
  const rows = await db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(page));
  return {
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: maskLinkSecrets(row.text),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function findAuditLog(db: Db, options: { query?: string; page: number }) {
  const where = options.query ? ilike(auditLog.action, containsPattern(options.query)) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(where);
  const rows = await db
    .select({ entry: auditLog, actorEmail: user.email })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(options.page));
  return {
    total,
    page: options.page,
    pageSize: ADMIN_PAGE_SIZE,
    items: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      action: entry.action,
      actorUserId: entry.actorUserId,
      actorEmail: actorEmail ?? null,
      companyId: entry.companyId,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      ipAddress: entry.ipAddress,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
