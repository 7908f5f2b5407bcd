import type { Db } from '@complivue/db/database';
import { auditLog } from '@complivue/db/schema/audit';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  AUDIT_ACTION_LABELS,
  NOT_WORK_ACTION_PREFIXES,
  SIGN_IN_ACTION,
  auditActionLabel,
} from '@complivue/shared/audit-actions';
import type { ActivityEntry, ActivityFilters } from '@complivue/shared/schemas/activity';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  like,
  lt,
  notLike,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { containsPattern } from '../../lib/sql-patterns.ts';
import { findTargetLabels, targetLabelOf } from './activity-targets.ts';

const DAY_MS = 86_400_000;

/**
 * A member's last sign-in: their newest sign-in entry in the institution's trail, which is what
 * User Activity lists first for them (filtered by member and 'Signed in'). Nothing keeps a copy,
 * so Team Members, the data export and User Activity cannot disagree (DESIGN.md rule 6). Served
 * by the partial index `audit_log_sign_in_idx`.
 */
export const lastSignInAt = (userId: AnyColumn, companyId: AnyColumn) =>
  sql<Date | null>`(
    SELECT max(${auditLog.createdAt}) FROM ${auditLog}
    WHERE ${auditLog.action} = ${SIGN_IN_ACTION}
      AND ${auditLog.actorUserId} = ${userId}
      AND ${auditLog.companyId} = ${companyId}
  )`.mapWith(auditLog.createdAt);

/** Compliance work only: every action but sign-ins and set-up (`isWorkAction`). */
export const workActionsOnly = () =>
  NOT_WORK_ACTION_PREFIXES.map((prefix) => notLike(auditLog.action, `${prefix}%`));

/**
 * The company's audit trail filtered by member, action (a known code such as `role.changed`
 * exactly, any other text as part of a code), kind (work only) and whole UTC days; served by the (company_id, created_at) index.
 */
function activityWhere(companyId: string, filters: ActivityFilters): SQL | undefined {
  return and(
    eq(auditLog.companyId, companyId),
    filters.actor ? eq(auditLog.actorUserId, filters.actor) : undefined,
    filters.action
      ? filters.action in AUDIT_ACTION_LABELS
        ? eq(auditLog.action, filters.action)
        : ilike(auditLog.action, containsPattern(filters.action))
      : undefined,
    ...(filters.kind === 'work' ? workActionsOnly() : []),
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to
      ? lt(auditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
}

const entryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  actorName: userProfiles.fullName,
  actorEmail: userProfiles.email,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  ipAddress: auditLog.ipAddress,
  createdAt: auditLog.createdAt,
};

interface EntryRow {
  id: number;
  action: string;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
  createdAt: Date;
}

function toEntry(row: EntryRow, labels: Map<string, string>): ActivityEntry {
  return {
    id: row.id,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actor: row.actorUserId
      ? { userId: row.actorUserId, fullName: row.actorName, email: row.actorEmail }
      : null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: targetLabelOf(labels, row),
    before: row.before,
    after: row.after,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectEntries(db: Db) {
  // The actor's current name: the trail keeps ids, names may change.
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(userProfiles, eq(userProfiles.userId, auditLog.actorUserId));
}

export async function findActivity(
  db: Db,
  companyId: string,
  filters: ActivityFilters & { page: number },
) {
  return findEntries(db, companyId, activityWhere(companyId, filters), filters.page);
}

/**
 * The institution's work as its team reads it on /collaboration: entries of the given action
 * prefixes only (the compliance modules; never sign-ins, member or billing entries), by member
 * and by object, without the addresses User Activity shows administrators.
 */
export async function findTeamActivity(
  db: Db,
  companyId: string,
  filters: {
    prefixes: readonly string[];
    actor?: string;
    target?: { type: string; id: string };
    page: number;
  },
) {
  const where = and(
    eq(auditLog.companyId, companyId),
    or(...filters.prefixes.map((prefix) => like(auditLog.action, `${prefix}%`))),
    filters.actor ? eq(auditLog.actorUserId, filters.actor) : undefined,
    filters.target
      ? and(eq(auditLog.targetType, filters.target.type), eq(auditLog.targetId, filters.target.id))
      : undefined,
  );
  const page = await findEntries(db, companyId, where, filters.page);
  return { ...page, items: page.items.map((item) => ({ ...item, ipAddress: null })) };
}

async function findEntries(db: Db, companyId: string, where: SQL | undefined, page: number) {
  const filters = { page };
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(auditLog).where(where),
    selectEntries(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
  ]);
  const labels = await findTargetLabels(db, companyId, rows);
  return {
    items: rows.map((row) => toEntry(row, labels)),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
  };
}

const EXPORT_BATCH = 500;

/**
 * Every matching entry, newest first, in batches fetched by keyset (id below the last one), so
 * that an export of years of activity is streamed with bounded memory.
 */
export async function* streamActivity(
  db: Db,
  companyId: string,
  filters: ActivityFilters,
): AsyncGenerator<ActivityEntry> {
  let before: number | undefined;
  for (;;) {
    const rows = await selectEntries(db)
      .where(and(activityWhere(companyId, filters), before ? lt(auditLog.id, before) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(EXPORT_BATCH);
    const labels = await findTargetLabels(db, companyId, rows);
    for (const row of rows) yield toEntry(row, labels);
    if (rows.length < EXPORT_BATCH) return;
    before = rows.at(-1)!.id;
  }
}
