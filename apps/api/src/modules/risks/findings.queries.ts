import type { Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import {
  riskFindingActions,
  riskFindingHistory,
  riskFindings,
} from '@complivue/db/schema/findings';
import { libraryArticles, libraryRules } from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import { risks } from '@complivue/db/schema/risks';
import { daysBetween, dateToDay } from '@complivue/shared/calendar-days';
import {
  FINDING_SEVERITIES,
  findingStatus,
  isActionOverdue,
} from '@complivue/shared/risk-findings';
import {
  FINDING_MESSAGES,
  type FindingAction,
  type FindingDetail,
  type FindingFilters,
  type FindingSummary,
} from '@complivue/shared/schemas/risk-findings';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { memberName } from '../companies/members.ts';
import type { RiskViewer } from './risks.queries.ts';

export type FindingRow = typeof riskFindings.$inferSelect;
export type FindingActionRow = typeof riskFindingActions.$inferSelect;

/** One finding of the company (locked for update when asked), or 404. */
export async function getFinding(
  db: Db,
  companyId: string,
  findingId: string,
  options: { forUpdate?: boolean } = {},
): Promise<FindingRow> {
  const query = db
    .select()
    .from(riskFindings)
    .where(and(eq(riskFindings.id, findingId), eq(riskFindings.companyId, companyId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', FINDING_MESSAGES.not_found);
  return row;
}

/** One corrective action of one of the company's findings, or 404. */
export async function getFindingAction(
  db: Db,
  options: { companyId: string; findingId: string; actionId: string },
): Promise<FindingActionRow> {
  const [row] = await db
    .select()
    .from(riskFindingActions)
    .where(
      and(
        eq(riskFindingActions.id, options.actionId),
        eq(riskFindingActions.findingId, options.findingId),
        eq(riskFindingActions.companyId, options.companyId),
      ),
    );
  if (!row) throw new AppError('not_found', FINDING_MESSAGES.action_not_found);
  return row;
}

const ownerName = sql<string | null>`${memberName}`;

/** The actions of the findings asked for, with their owners' names, oldest first. */
async function actionsOf(db: Db, companyId: string, findingIds: string[]) {
  if (findingIds.length === 0) return [];
  return db
    .select({ action: riskFindingActions, ownerName })
    .from(riskFindingActions)
    .leftJoin(userProfiles, eq(userProfiles.userId, riskFindingActions.ownerId))
    .where(
      and(
        eq(riskFindingActions.companyId, companyId),
        inArray(riskFindingActions.findingId, findingIds),
      ),
    )
    .orderBy(asc(riskFindingActions.createdAt), asc(riskFindingActions.id));
}

type ActionWithOwner = Awaited<ReturnType<typeof actionsOf>>[number];

function toSummary(
  row: FindingRow & { riskNumber: number | null },
  actions: FindingActionRow[],
  today: string,
): FindingSummary {
  const status = findingStatus(row, actions);
  const pending = actions.filter((action) => !action.completedAt);
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    source: row.source,
    severity: row.severity,
    area: row.area,
    status,
    actionCount: actions.length,
    overdueActions:
      status === 'closed' ? 0 : actions.filter((action) => isActionOverdue(action, today)).length,
    nextDueDate: pending.map((action) => action.dueDate).sort()[0] ?? null,
    riskId: row.riskId,
    riskNumber: row.riskNumber,
    createdAt: row.createdAt.toISOString(),
    ageDays: Math.max(0, daysBetween(dateToDay(row.createdAt), today)),
  };
}

function filterCondition(viewer: RiskViewer, filters: FindingFilters): SQL {
  const conditions: SQL[] = [eq(riskFindings.companyId, viewer.companyId)];
  if (filters.area) conditions.push(eq(riskFindings.area, filters.area));
  if (filters.severity) conditions.push(eq(riskFindings.severity, filters.severity));
  if (filters.source) conditions.push(eq(riskFindings.source, filters.source));
  if (filters.risk) conditions.push(eq(riskFindings.riskId, filters.risk));
  return and(...conditions)!;
}

const severityRank = (severity: FindingSummary['severity']) => FINDING_SEVERITIES.indexOf(severity);

/** What needs action first: overdue, then the rest still open, then validated and closed. */
const workRank = (finding: FindingSummary) =>
  finding.overdueActions > 0
    ? 0
    : finding.status === 'closed'
      ? 3
      : finding.status === 'validated'
        ? 2
        : 1;

/**
 * The findings under the filters with their actions: two reads, the status and the overdue
 * actions computed by the one workflow in packages/shared (the status and "overdue" filters
 * apply to what is computed, so the list and the dashboard count the same findings).
 */
async function findingsUnder(db: Db, viewer: RiskViewer, filters: FindingFilters) {
  const rows = await db
    .select({ finding: riskFindings, riskNumber: risks.number })
    .from(riskFindings)
    .leftJoin(risks, eq(risks.id, riskFindings.riskId))
    .where(filterCondition(viewer, filters))
    .orderBy(asc(riskFindings.number));
  const actions = await actionsOf(
    db,
    viewer.companyId,
    rows.map((row) => row.finding.id),
  );
  const byFinding = new Map<string, ActionWithOwner[]>();
  for (const entry of actions) {
    const list = byFinding.get(entry.action.findingId) ?? [];
    list.push(entry);
    byFinding.set(entry.action.findingId, list);
  }
  return rows
    .map((row) => {
      const own = byFinding.get(row.finding.id) ?? [];
      return {
        finding: row.finding,
        actions: own,
        summary: toSummary(
          { ...row.finding, riskNumber: row.riskNumber },
          own.map((entry) => entry.action),
          viewer.today,
        ),
      };
    })
    .filter(
      ({ summary }) =>
        (!filters.status || summary.status === filters.status) &&
        (!filters.overdue || summary.overdueActions > 0),
    )
    .sort(
      (a, b) =>
        workRank(a.summary) - workRank(b.summary) ||
        severityRank(b.summary.severity) - severityRank(a.summary.severity) ||
        a.summary.number - b.summary.number,
    );
}

export async function findFindings(
  db: Db,
  viewer: RiskViewer,
  filters: FindingFilters,
): Promise<FindingSummary[]> {
  return (await findingsUnder(db, viewer, filters)).map((entry) => entry.summary);
}

/** The findings under the list's filters and in its order, each with its actions, for the CSV. */
export async function findFindingsForExport(db: Db, viewer: RiskViewer, filters: FindingFilters) {
  return (await findingsUnder(db, viewer, filters)).map(({ finding, actions, summary }) => ({
    ...summary,
    ruleId: finding.ruleId,
    rootCause: finding.rootCause,
    actions: actions.map((entry) => toAction(entry, viewer.today)),
  }));
}

function toAction({ action, ownerName: name }: ActionWithOwner, today: string): FindingAction {
  return {
    id: action.id,
    plan: action.plan,
    ownerId: action.ownerId,
    ownerName: name,
    dueDate: action.dueDate,
    overdue: isActionOverdue(action, today),
    evidence: action.evidence,
    evidenceFile:
      action.evidenceStorageKey && action.evidenceFileName
        ? {
            fileName: action.evidenceFileName,
            contentType: action.evidenceContentType ?? 'application/octet-stream',
            sizeBytes: action.evidenceSizeBytes ?? 0,
          }
        : null,
    completedAt: action.completedAt?.toISOString() ?? null,
    completedByName: action.completedByName,
    validatedAt: action.validatedAt?.toISOString() ?? null,
    validatedByName: action.validatedByName,
    validationNote: action.validationNote,
    createdAt: action.createdAt.toISOString(),
  };
}

/** A finding with its links, its actions (their evidence and validation) and its history. */
export async function getFindingDetail(
  db: Db,
  viewer: RiskViewer,
  findingId: string,
): Promise<FindingDetail> {
  const finding = await getFinding(db, viewer.companyId, findingId);
  const [actions, history, [risk], [change], [rule]] = await Promise.all([
    actionsOf(db, viewer.companyId, [finding.id]),
    db
      .select()
      .from(riskFindingHistory)
      .where(eq(riskFindingHistory.findingId, finding.id))
      .orderBy(desc(riskFindingHistory.createdAt), desc(riskFindingHistory.id))
      .limit(200),
    finding.riskId
      ? db
          .select({ id: risks.id, number: risks.number, title: risks.title })
          .from(risks)
          .where(and(eq(risks.id, finding.riskId), eq(risks.companyId, viewer.companyId)))
      : [],
    finding.changeId
      ? db
          .select({ id: changeItems.id, number: changeItems.number, title: changeItems.title })
          .from(changeItems)
          .where(
            and(eq(changeItems.id, finding.changeId), eq(changeItems.companyId, viewer.companyId)),
          )
      : [],
    finding.ruleId
      ? db
          .select({
            id: libraryRules.id,
            title: libraryRules.title,
            citation: libraryRules.citation,
          })
          .from(libraryRules)
          .innerJoin(libraryArticles, eq(libraryArticles.id, libraryRules.articleId))
          .where(
            and(
              eq(libraryRules.id, finding.ruleId),
              sql`(${libraryArticles.companyId} IS NULL OR ${libraryArticles.companyId} = ${viewer.companyId})`,
            ),
          )
      : [],
  ]);
  return {
    ...toSummary(
      { ...finding, riskNumber: risk?.number ?? null },
      actions.map((entry) => entry.action),
      viewer.today,
    ),
    description: finding.description,
    rootCause: finding.rootCause,
    rule: rule ?? null,
    risk: risk ?? null,
    change: change ?? null,
    createdByName: finding.createdByName,
    closedAt: finding.closedAt?.toISOString() ?? null,
    closedByName: finding.closedByName,
    closingNote: finding.closingNote,
    actions: actions.map((entry) => toAction(entry, viewer.today)),
    history: history.map((entry) => ({
      id: String(entry.id),
      at: entry.createdAt.toISOString(),
      byName: entry.changedByName,
      event: entry.event,
      changes: entry.changes,
    })),
  };
}

/**
 * The dashboard's findings with overdue corrective actions: what the findings list's
 * `?overdue=true` shows, so the count is the list's length, the most overdue `limit` first,
 * each with its earliest overdue action's owner and due date.
 */
export async function overdueFindings(db: Db, viewer: RiskViewer, limit: number) {
  const rows = await db
    .select({
      id: riskFindings.id,
      number: riskFindings.number,
      title: riskFindings.title,
      severity: riskFindings.severity,
      dueDate: riskFindingActions.dueDate,
      ownerName,
    })
    .from(riskFindingActions)
    .innerJoin(riskFindings, eq(riskFindings.id, riskFindingActions.findingId))
    .leftJoin(userProfiles, eq(userProfiles.userId, riskFindingActions.ownerId))
    .where(
      and(
        eq(riskFindingActions.companyId, viewer.companyId),
        eq(riskFindings.companyId, viewer.companyId),
        isNull(riskFindingActions.completedAt),
        isNull(riskFindings.closedAt),
        lt(riskFindingActions.dueDate, viewer.today),
      ),
    )
    .orderBy(asc(riskFindingActions.dueDate), asc(riskFindings.number));
  const byFinding = new Map<
    string,
    {
      id: string;
      number: number;
      title: string;
      severity: FindingSummary['severity'];
      dueDate: string;
      ownerName: string | null;
      overdueActions: number;
    }
  >();
  for (const row of rows) {
    const seen = byFinding.get(row.id);
    if (seen) seen.overdueActions += 1;
    else byFinding.set(row.id, { ...row, overdueActions: 1 });
  }
  const items = [...byFinding.values()];
  return { count: items.length, items: items.slice(0, limit) };
}
