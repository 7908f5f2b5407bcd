import type { Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import { riskFindings } from '@complivue/db/schema/findings';
import { aporTables, loanTestResults } from '@complivue/db/schema/loan-tests';
import { FINISHED_CHANGE_STATUSES } from '@complivue/shared/change-workflow';
import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import {
  LOAN_TEST_MESSAGES,
  type LoanTestRecords,
  type SavedLoanTest,
  type SavedLoanTestSummary,
} from '@complivue/shared/schemas/loan-tests';
import { changeLink, findingLink } from '@complivue/shared/record-links';
import { and, asc, desc, eq, isNull, notInArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { checkFeatureAccess } from '../subscriptions/company-subscription.ts';
import { aporTableLabel } from './apor-tables.service.ts';

/** At most this many saved tests are listed at once: a record holds a handful, the hub the latest. */
const LIST_LIMIT = 100;

const summaryColumns = {
  id: loanTestResults.id,
  kind: loanTestResults.kind,
  loanReference: loanTestResults.loanReference,
  outcome: loanTestResults.outcome,
  headline: loanTestResults.headline,
  createdByName: loanTestResults.createdByName,
  createdAt: loanTestResults.createdAt,
  changeId: loanTestResults.changeId,
  changeNumber: changeItems.number,
  changeTitle: changeItems.title,
  findingId: loanTestResults.findingId,
  findingTitle: riskFindings.title,
};

type SummaryRow = {
  [Key in keyof typeof summaryColumns]: (typeof summaryColumns)[Key]['_']['data'] | null;
};

function toSummary(row: SummaryRow): SavedLoanTestSummary {
  const record = row.changeId
    ? {
        type: 'change' as const,
        id: row.changeId,
        label: `${changeNumberLabel(row.changeNumber!)} · ${row.changeTitle}`,
        href: changeLink(row.changeId),
      }
    : {
        type: 'finding' as const,
        id: row.findingId!,
        label: row.findingTitle!,
        href: findingLink(row.findingId!),
      };
  return {
    id: row.id!,
    kind: row.kind!,
    loanReference: row.loanReference!,
    outcome: row.outcome!,
    headline: row.headline!,
    record,
    createdByName: row.createdByName!,
    createdAt: row.createdAt!.toISOString(),
  };
}

function summaries(db: Db, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(loanTestResults)
    .leftJoin(changeItems, eq(changeItems.id, loanTestResults.changeId))
    .leftJoin(riskFindings, eq(riskFindings.id, loanTestResults.findingId))
    .where(where);
}

/** The institution's saved tests, newest first: all of them, or those of one change or finding. */
export async function listSavedLoanTests(
  db: Db,
  companyId: string,
  filter: { changeId?: string; findingId?: string },
): Promise<SavedLoanTestSummary[]> {
  const rows = await summaries(
    db,
    and(
      eq(loanTestResults.companyId, companyId),
      filter.changeId ? eq(loanTestResults.changeId, filter.changeId) : undefined,
      filter.findingId ? eq(loanTestResults.findingId, filter.findingId) : undefined,
    ),
  )
    .orderBy(desc(loanTestResults.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toSummary);
}

/** One saved test of the institution, with its inputs and worked results, or 404. */
export async function getSavedLoanTest(
  db: Db,
  companyId: string,
  id: string,
): Promise<SavedLoanTest> {
  const [row] = await db
    .select({
      ...summaryColumns,
      input: loanTestResults.input,
      results: loanTestResults.results,
      note: loanTestResults.note,
      aporTableId: aporTables.id,
      aporAmortization: aporTables.amortization,
      aporVersion: aporTables.version,
      aporCreatedAt: aporTables.createdAt,
    })
    .from(loanTestResults)
    .leftJoin(changeItems, eq(changeItems.id, loanTestResults.changeId))
    .leftJoin(riskFindings, eq(riskFindings.id, loanTestResults.findingId))
    .leftJoin(aporTables, eq(aporTables.id, loanTestResults.aporTableId))
    .where(and(eq(loanTestResults.id, id), eq(loanTestResults.companyId, companyId)));
  if (!row) throw new AppError('not_found', LOAN_TEST_MESSAGES.not_found);
  return {
    ...toSummary(row),
    input: row.input,
    results: row.results as SavedLoanTest['results'],
    note: row.note,
    aporTable:
      row.aporTableId && row.aporAmortization && row.aporVersion && row.aporCreatedAt
        ? {
            id: row.aporTableId,
            label: aporTableLabel({
              amortization: row.aporAmortization,
              version: row.aporVersion,
              createdAt: row.aporCreatedAt,
            }),
          }
        : null,
  };
}

/**
 * Where the member can save a test: the open changes and findings of the institution, when the
 * plan has change management or risk scoring (the basic plan has neither, and can only print).
 */
export async function findLoanTestRecords(
  db: Db,
  viewer: { companyId: string; actorUserId: string },
): Promise<LoanTestRecords> {
  const [canSaveToChanges, canSaveToFindings] = await Promise.all([
    checkFeatureAccess(db, viewer.actorUserId, 'change_management'),
    checkFeatureAccess(db, viewer.actorUserId, 'risk_scoring'),
  ]);
  const [changes, findings] = await Promise.all([
    canSaveToChanges
      ? db
          .select({ id: changeItems.id, number: changeItems.number, title: changeItems.title })
          .from(changeItems)
          .where(
            and(
              eq(changeItems.companyId, viewer.companyId),
              notInArray(changeItems.status, [...FINISHED_CHANGE_STATUSES]),
            ),
          )
          .orderBy(desc(changeItems.number))
          .limit(500)
      : [],
    canSaveToFindings
      ? db
          .select({ id: riskFindings.id, title: riskFindings.title })
          .from(riskFindings)
          .where(and(eq(riskFindings.companyId, viewer.companyId), isNull(riskFindings.closedAt)))
          .orderBy(asc(riskFindings.title))
          .limit(500)
      : [],
  ]);
  return {
    changes: changes.map((change) => ({
      id: change.id,
      label: `${changeNumberLabel(change.number)} · ${change.title}`,
    })),
    findings: findings.map((finding) => ({ id: finding.id, label: finding.title })),
    canSaveToChanges,
    canSaveToFindings,
  };
}
