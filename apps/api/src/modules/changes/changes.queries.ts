import type { Db } from '@complivue/db/database';
import {
  changeAttachments,
  changeHistory,
  changeItems,
  changeTasks,
} from '@complivue/db/schema/changes';
import { feedItems } from '@complivue/db/schema/feeds';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  FINISHED_CHANGE_STATUSES,
  isOpenChangeStatus,
  isPastDue,
} from '@complivue/shared/change-workflow';
import { DEFAULT_CALENDAR_TIME_ZONE } from '@complivue/shared/calendar-days';
import { CHANGE_STATUSES, type ChangeStatus } from '@complivue/shared/regulatory-monitoring';
import type { changeListQuerySchema } from '@complivue/shared/schemas/changes';
import {
  CHANGE_BOARD_COLUMN_LIMIT,
  CHANGE_MESSAGES,
  type ChangeBoard,
  type ChangeDetail,
  type ChangeListResponse,
  type ChangeMembers,
  type ChangeSummary,
} from '@complivue/shared/schemas/changes';
import { PAGE_SIZE } from '@complivue/shared/schemas/paging';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNull,
  notInArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-patterns.ts';
import { visibleToCompany } from '../feeds/feed-items-visibility.ts';
import { findActiveMembers } from '../companies/members.ts';
import { findSubjectComments } from '../collaboration/comment-store.ts';

/**
 * Who is asking: a member of one institution, with their name (for the history) and the day it
 * is where they work. A service's actor adds where the request came from (`ChangeActor`).
 */
export interface ChangeViewer extends Omit<Actor, 'ip' | 'userAgent'> {
  name: string;
  /** YYYY-MM-DD in the viewer's time zone: what "overdue" is measured against. */
  today: string;
}

/** What the filters need of the viewer: their institution, who "me" is, and their today. */
type ChangeScope = Pick<ChangeViewer, 'companyId' | 'actorUserId' | 'today'>;

export type ChangeFilterInput = Omit<z.output<typeof changeListQuerySchema>, 'page'>;

const memberName = (table: { fullName: AnyColumn; email: AnyColumn }) =>
  sql<string | null>`coalesce(${table.fullName}, ${table.email})`;

const FINISHED = [...FINISHED_CHANGE_STATUSES];

function summaryColumns(today: string) {
  return {
    id: changeItems.id,
    number: changeItems.number,
    title: changeItems.title,
    source: changeItems.source,
    areas: changeItems.areas,
    effectiveDate: changeItems.effectiveDate,
    riskRating: changeItems.riskRating,
    status: changeItems.status,
    ownerId: changeItems.ownerId,
    ownerName: memberName(userProfiles),
    dueDate: changeItems.dueDate,
    createdAt: changeItems.createdAt,
    updatedAt: changeItems.updatedAt,
    closedAt: changeItems.closedAt,
    openTasks: sql<number>`(select count(*)::int from ${changeTasks} where ${changeTasks.changeId} = ${changeItems.id} and ${changeTasks.doneAt} is null)`,
    totalTasks: sql<number>`(select count(*)::int from ${changeTasks} where ${changeTasks.changeId} = ${changeItems.id})`,
    overdueTasks: sql<number>`(select count(*)::int from ${changeTasks} where ${changeTasks.changeId} = ${changeItems.id} and ${changeTasks.doneAt} is null and ${changeTasks.dueDate} < ${today})`,
  };
}

type SummaryRow = Omit<
  ChangeSummary,
  'overdue' | 'createdAt' | 'updatedAt' | 'closedAt' | 'openTasks' | 'totalTasks' | 'overdueTasks'
> & {
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  openTasks: number | string;
  totalTasks: number | string;
  overdueTasks: number | string;
};

function toSummary(row: SummaryRow, today: string): ChangeSummary {
  const open = isOpenChangeStatus(row.status);
  return {
    ...row,
    openTasks: Number(row.openTasks),
    totalTasks: Number(row.totalTasks),
    // Tasks of a finished change are no longer anyone's to chase.
    overdueTasks: open ? Number(row.overdueTasks) : 0,
    overdue: open && isPastDue(row.dueDate, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** Past its due date, or with an open task past its own, on `today` (the "Overdue only" filter). */
const pastDue = (today: string): SQL =>
  or(
    sql`${changeItems.dueDate} < ${today}`,
    sql`exists (select 1 from ${changeTasks} where ${changeTasks.changeId} = ${changeItems.id} and ${changeTasks.doneAt} is null and ${changeTasks.dueDate} < ${today})`,
  )!;

/**
 * A timestamp's day in the institution's day (US Eastern), as analytics counts changes opened
 * and closed. The zone is a constant written into the SQL, so that an expression index on it
 * could serve these filters.
 */
const institutionDay = (column: AnyColumn): SQL =>
  sql`(${column} at time zone ${sql.raw(`'${DEFAULT_CALENDAR_TIME_ZONE}'`)})::date`;

/** `column`'s institution day within from–to (either end may be open), both ends included. */
function dayWithin(column: AnyColumn, from: string | undefined, to: string | undefined) {
  return [
    from ? sql`${institutionDay(column)} >= ${from}::date` : undefined,
    to ? sql`${institutionDay(column)} <= ${to}::date` : undefined,
  ];
}

/** The filters of the list, the board and the CSV as a WHERE condition, always within the company. */
function filterCondition(viewer: ChangeScope, filters: ChangeFilterInput): SQL {
  const conditions: (SQL | undefined)[] = [eq(changeItems.companyId, viewer.companyId)];
  if (filters.status) conditions.push(eq(changeItems.status, filters.status));
  if (filters.area) conditions.push(sql`${filters.area} = any(${changeItems.areas})`);
  if (filters.risk === 'not_rated') conditions.push(isNull(changeItems.riskRating));
  else if (filters.risk) conditions.push(eq(changeItems.riskRating, filters.risk));
  if (filters.owner === 'none') conditions.push(isNull(changeItems.ownerId));
  else if (filters.owner === 'me') conditions.push(eq(changeItems.ownerId, viewer.actorUserId));
  else if (filters.owner) conditions.push(eq(changeItems.ownerId, filters.owner));
  if (filters.overdue) {
    conditions.push(notInArray(changeItems.status, FINISHED));
    conditions.push(pastDue(viewer.today));
  }
  conditions.push(...dayWithin(changeItems.createdAt, filters.openedFrom, filters.openedTo));
  conditions.push(...dayWithin(changeItems.closedAt, filters.closedFrom, filters.closedTo));
  const q = filters.q?.trim();
  if (q) {
    const number = /^(?:chg-?\s*)?(\d{1,9})$/i.exec(q)?.[1];
    const pattern = containsPattern(q);
    conditions.push(
      or(
        number ? eq(changeItems.number, Number(number)) : undefined,
        ilike(changeItems.title, pattern),
        ilike(changeItems.summary, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** One page of the institution's changes, newest first. */
export async function listChanges(
  db: Db,
  viewer: ChangeViewer,
  query: z.output<typeof changeListQuerySchema>,
): Promise<ChangeListResponse> {
  const where = filterCondition(viewer, query);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(changeItems)
    .where(where);
  const rows = await db
    .select(summaryColumns(viewer.today))
    .from(changeItems)
    .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(where)
    .orderBy(desc(changeItems.number))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    items: rows.map((row) => toSummary(row, viewer.today)),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/**
 * The dashboard's overdue changes: what the list's "Overdue only" filter (`?overdue=true`)
 * counts, so the dashboard's number and the list agree, with the `limit` most overdue first.
 */
export async function overdueChanges(
  db: Db,
  viewer: ChangeScope,
  limit: number,
): Promise<{ count: number; items: ChangeSummary[] }> {
  const where = filterCondition(viewer, { overdue: true });
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(changeItems).where(where),
    db
      .select(summaryColumns(viewer.today))
      .from(changeItems)
      .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
      .where(where)
      .orderBy(asc(changeItems.dueDate), asc(changeItems.number))
      .limit(limit),
  ]);
  return { count: total, items: rows.map((row) => toSummary(row, viewer.today)) };
}

/**
 * The company's open changes with their areas, each marked as the change list's "Overdue only"
 * filter would find it, soonest due first: what the risk signals count per area.
 */
export async function openChangesWithAreas(
  db: Db,
  scope: Pick<ChangeScope, 'companyId' | 'today'>,
) {
  return db
    .select({
      id: changeItems.id,
      number: changeItems.number,
      title: changeItems.title,
      areas: changeItems.areas,
      dueDate: changeItems.dueDate,
      overdue: sql<boolean>`coalesce(${pastDue(scope.today)}, false)`.mapWith(Boolean),
    })
    .from(changeItems)
    .where(
      and(eq(changeItems.companyId, scope.companyId), notInArray(changeItems.status, FINISHED)),
    )
    .orderBy(asc(changeItems.dueDate), asc(changeItems.number));
}

/**
 * Every status as a column with its count and its first cards (soonest due first), under the
 * same filters as the list.
 */
export async function changeBoard(
  db: Db,
  viewer: ChangeViewer,
  filters: ChangeFilterInput,
): Promise<ChangeBoard> {
  const where = filterCondition(viewer, filters);
  const totals = await db
    .select({ status: changeItems.status, total: count() })
    .from(changeItems)
    .where(where)
    .groupBy(changeItems.status);
  const ranked = db
    .select({
      id: changeItems.id,
      rank: sql<number>`row_number() over (partition by ${changeItems.status} order by ${changeItems.dueDate} asc nulls last, ${changeItems.number} desc)`.as(
        'rank',
      ),
    })
    .from(changeItems)
    .where(where)
    .as('ranked');
  const rows = await db
    .select(summaryColumns(viewer.today))
    .from(changeItems)
    .innerJoin(ranked, eq(ranked.id, changeItems.id))
    .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(sql`${ranked.rank} <= ${CHANGE_BOARD_COLUMN_LIMIT}`)
    .orderBy(asc(ranked.rank));
  const cards = rows.map((row) => toSummary(row, viewer.today));
  return {
    columns: CHANGE_STATUSES.map((status) => ({
      status,
      total: totals.find((entry) => entry.status === status)?.total ?? 0,
      items: cards.filter((card) => card.status === status),
    })),
  };
}

/** The change row of the institution, or 404. `forUpdate` locks it inside a transaction. */
export async function getChange(
  db: Db,
  companyId: string,
  changeId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(changeItems)
    .where(and(eq(changeItems.id, changeId), eq(changeItems.companyId, companyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', CHANGE_MESSAGES.not_found);
  return row;
}

/** Every change with whatever the report and the CSV need, in number order. */
export async function changesForExport(db: Db, viewer: ChangeViewer, filters: ChangeFilterInput) {
  const where = filterCondition(viewer, filters);
  const rows = await db
    .select({
      ...summaryColumns(viewer.today),
      summary: changeItems.summary,
      impact: changeItems.impact,
    })
    .from(changeItems)
    .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(where)
    .orderBy(asc(changeItems.number));
  return rows.map((row) => ({
    ...toSummary(row, viewer.today),
    summary: row.summary,
    impact: row.impact,
  }));
}

/** A change with its tasks, comments, attachments and whole history. */
export async function changeDetail(
  db: Db,
  viewer: ChangeViewer,
  changeId: string,
): Promise<ChangeDetail> {
  const [row] = await db
    .select({
      ...summaryColumns(viewer.today),
      summary: changeItems.summary,
      impact: changeItems.impact,
      feedItemId: changeItems.feedItemId,
      createdBy: changeItems.createdBy,
    })
    .from(changeItems)
    .leftJoin(userProfiles, eq(userProfiles.userId, changeItems.ownerId))
    .where(and(eq(changeItems.id, changeId), eq(changeItems.companyId, viewer.companyId)));
  if (!row) throw new AppError('not_found', CHANGE_MESSAGES.not_found);

  const assignee = alias(userProfiles, 'assignee');
  const doneBy = alias(userProfiles, 'done_by');
  const [creator, feedItem, tasks, comments, attachments, history] = await Promise.all([
    row.createdBy
      ? db
          .select({ name: memberName(userProfiles) })
          .from(userProfiles)
          .where(eq(userProfiles.userId, row.createdBy))
      : Promise.resolve([]),
    row.feedItemId
      ? db
          .select({ id: feedItems.id, title: feedItems.title, link: feedItems.link })
          .from(feedItems)
          .where(eq(feedItems.id, row.feedItemId))
      : Promise.resolve([]),
    db
      .select({
        id: changeTasks.id,
        title: changeTasks.title,
        assigneeId: changeTasks.assigneeId,
        assigneeName: memberName(assignee),
        dueDate: changeTasks.dueDate,
        doneAt: changeTasks.doneAt,
        doneByName: memberName(doneBy),
        createdAt: changeTasks.createdAt,
      })
      .from(changeTasks)
      .leftJoin(assignee, eq(assignee.userId, changeTasks.assigneeId))
      .leftJoin(doneBy, eq(doneBy.userId, changeTasks.doneBy))
      .where(and(eq(changeTasks.changeId, changeId), eq(changeTasks.companyId, viewer.companyId)))
      .orderBy(asc(changeTasks.createdAt), asc(changeTasks.id)),
    findSubjectComments(db, { companyId: viewer.companyId, type: 'change', id: changeId }),
    db
      .select({
        id: changeAttachments.id,
        fileName: changeAttachments.fileName,
        contentType: changeAttachments.contentType,
        sizeBytes: changeAttachments.sizeBytes,
        uploadedBy: changeAttachments.uploadedBy,
        uploadedByName: memberName(userProfiles),
        createdAt: changeAttachments.createdAt,
      })
      .from(changeAttachments)
      .leftJoin(userProfiles, eq(userProfiles.userId, changeAttachments.uploadedBy))
      .where(
        and(
          eq(changeAttachments.changeId, changeId),
          eq(changeAttachments.companyId, viewer.companyId),
        ),
      )
      .orderBy(asc(changeAttachments.createdAt)),
    db
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.changeId, changeId))
      .orderBy(desc(changeHistory.createdAt), desc(changeHistory.id)),
  ]);

  const { feedItemId: _feedItemId, createdBy: _createdBy, ...summaryRow } = row;
  const summary = toSummary(summaryRow, viewer.today);
  const open = isOpenChangeStatus(summary.status);
  const reasonEntry =
    summary.status === 'not_applicable'
      ? history.find(
          (entry) => entry.event === 'status' && entry.changes.status?.to === 'not_applicable',
        )
      : undefined;
  return {
    ...summary,
    summary: row.summary,
    impact: row.impact,
    feedItem: feedItem[0] ?? null,
    notApplicableReason:
      typeof reasonEntry?.changes.note?.to === 'string' ? reasonEntry.changes.note.to : null,
    createdByName: creator[0]?.name ?? null,
    tasks: tasks.map((task) => ({
      ...task,
      overdue: open && task.doneAt === null && isPastDue(task.dueDate, viewer.today),
      doneAt: task.doneAt?.toISOString() ?? null,
      doneByName: task.doneAt ? task.doneByName : null,
      createdAt: task.createdAt.toISOString(),
    })),
    comments,
    attachments: attachments.map((attachment) => ({
      ...attachment,
      createdAt: attachment.createdAt.toISOString(),
    })),
    history: history.map((entry) => ({
      id: entry.id,
      event: entry.event,
      changedByName: entry.changedByName,
      changes: entry.changes,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The institution's active members (owners, assignees and @mentions are chosen from them). */
export async function findChangeMembers(db: Db, companyId: string): Promise<ChangeMembers> {
  return { members: await findActiveMembers(db, companyId) };
}

/** A feed item the institution can see: carried by a shared source or one of its own. */
/** A feed item the institution can see, as a change starts from it. */
export type VisibleFeedItem = typeof feedItems.$inferSelect;

export async function getVisibleFeedItem(db: Db, companyId: string, feedItemId: string) {
  const [item] = await db
    .select()
    .from(feedItems)
    .where(
      and(
        eq(feedItems.id, feedItemId),
        // The feeds module's one tenant rule for items, not a copy of it.
        visibleToCompany(companyId),
      ),
    );
  if (!item) throw new AppError('not_found', CHANGE_MESSAGES.feed_item_not_found);
  return item satisfies VisibleFeedItem;
}

export function isFinished(status: ChangeStatus): boolean {
  return FINISHED.includes(status as (typeof FINISHED)[number]);
}
