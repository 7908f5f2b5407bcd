import type { Db } from '@complivue/db/database';
import { hmdaCheckEdits, hmdaChecks } from '@complivue/db/schema/hmda';
import {
  HMDA_MESSAGES,
  isVerifiableCategory,
  type HmdaCheck,
  type HmdaCheckSummary,
  type HmdaEditResult,
} from '@complivue/shared/schemas/hmda';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { editDescriptionsFor } from './edit-descriptions.ts';
import { notCheckedForFiling } from './edits/edits-by-filing.ts';

type CheckRow = typeof hmdaChecks.$inferSelect;
type EditRow = typeof hmdaCheckEdits.$inferSelect;

function summaryOf(check: CheckRow, unverifiedCount: number): HmdaCheckSummary {
  return {
    id: check.id,
    fileName: check.fileName,
    byteSize: check.byteSize,
    year: check.year,
    period: check.period,
    lei: check.lei,
    institutionName: check.institutionName,
    larCount: check.larCount,
    status: check.status,
    formatErrorCount: check.formatErrorCount,
    editCounts: {
      syntactical: check.syntacticalCount,
      validity: check.validityCount,
      quality: check.qualityCount,
      macro: check.macroCount,
    },
    unverifiedCount,
    createdByName: check.createdByName,
    createdAt: check.createdAt.toISOString(),
  };
}

const unverified = (edits: Pick<EditRow, 'category' | 'verifiedAt'>[]) =>
  edits.filter((edit) => isVerifiableCategory(edit.category) && edit.verifiedAt === null).length;

/** The institution's checks, newest first, with what is left to verify in each. */
export async function findHmdaChecks(db: Db, companyId: string): Promise<HmdaCheckSummary[]> {
  const checks = await db
    .select()
    .from(hmdaChecks)
    .where(eq(hmdaChecks.companyId, companyId))
    .orderBy(desc(hmdaChecks.createdAt))
    .limit(200);
  const open = await db
    .select({ checkId: hmdaCheckEdits.checkId, count: sql<number>`count(*)::int` })
    .from(hmdaCheckEdits)
    .where(
      and(
        eq(hmdaCheckEdits.companyId, companyId),
        inArray(hmdaCheckEdits.category, ['quality', 'macro']),
        isNull(hmdaCheckEdits.verifiedAt),
      ),
    )
    .groupBy(hmdaCheckEdits.checkId);
  const unverifiedByCheck = new Map(open.map((row) => [row.checkId, Number(row.count)]));
  return checks.map((check) => summaryOf(check, unverifiedByCheck.get(check.id) ?? 0));
}

export async function getHmdaCheckRow(db: Db, companyId: string, checkId: string) {
  const [check] = await db
    .select()
    .from(hmdaChecks)
    .where(and(eq(hmdaChecks.id, checkId), eq(hmdaChecks.companyId, companyId)));
  if (!check) throw new AppError('not_found', HMDA_MESSAGES.not_found);
  return check;
}

export async function getHmdaCheckEdit(
  db: Db,
  companyId: string,
  checkId: string,
  editId: string,
): Promise<EditRow> {
  await getHmdaCheckRow(db, companyId, checkId);
  const [edit] = await db
    .select()
    .from(hmdaCheckEdits)
    .where(
      and(
        eq(hmdaCheckEdits.checkId, checkId),
        eq(hmdaCheckEdits.companyId, companyId),
        eq(hmdaCheckEdits.editId, editId),
      ),
    );
  if (!edit) throw new AppError('not_found', HMDA_MESSAGES.edit_not_found);
  return edit;
}

const editIdsOf = async (db: Db, checkId: string) =>
  (
    await db
      .select({ editId: hmdaCheckEdits.editId })
      .from(hmdaCheckEdits)
      .where(eq(hmdaCheckEdits.checkId, checkId))
  ).map((row) => row.editId);

/**
 * Progress from the institution's previous check of the same filing: which edits it fixed,
 * which are new, which still fail. Only checks whose edits ran are compared (a file with
 * format errors has none to compare).
 */
async function progressOf(db: Db, check: CheckRow, editIds: string[]) {
  if (check.year === null || check.period === null || check.status === 'format_errors') {
    return null;
  }
  const [previous] = await db
    .select({ id: hmdaChecks.id, createdAt: hmdaChecks.createdAt, status: hmdaChecks.status })
    .from(hmdaChecks)
    .where(
      and(
        eq(hmdaChecks.companyId, check.companyId),
        eq(hmdaChecks.year, check.year),
        eq(hmdaChecks.period, check.period),
        lt(hmdaChecks.createdAt, check.createdAt),
      ),
    )
    .orderBy(desc(hmdaChecks.createdAt))
    .limit(1);
  if (!previous || previous.status === 'format_errors') return null;
  const before = new Set(await editIdsOf(db, previous.id));
  const now = new Set(editIds);
  return {
    previousId: previous.id,
    previousCreatedAt: previous.createdAt.toISOString(),
    fixed: [...before].filter((id) => !now.has(id)),
    added: editIds.filter((id) => !before.has(id)),
    stillFailing: editIds.filter((id) => before.has(id)),
  };
}

/** A check with its failed edits described in the platform's words, in the order they ran. */
export async function getHmdaCheck(db: Db, companyId: string, checkId: string): Promise<HmdaCheck> {
  const check = await getHmdaCheckRow(db, companyId, checkId);
  const edits = await db
    .select()
    .from(hmdaCheckEdits)
    .where(and(eq(hmdaCheckEdits.checkId, checkId), eq(hmdaCheckEdits.companyId, companyId)))
    .orderBy(asc(hmdaCheckEdits.position));
  const descriptions =
    check.year !== null && check.period !== null
      ? editDescriptionsFor(check.year, check.period)
      : new Map();
  const results: HmdaEditResult[] = edits.map((edit) => {
    const description = descriptions.get(edit.editId);
    return {
      id: edit.editId,
      category: edit.category,
      description: description?.description ?? '',
      affectedFields: description?.affectedFields ?? [],
      rowCount: edit.rowCount,
      rows: edit.rows,
      examples: edit.examples,
      verification:
        edit.verifiedAt && edit.verifiedReason !== null
          ? {
              reason: edit.verifiedReason,
              verifiedByName: edit.verifiedByName ?? '',
              verifiedAt: edit.verifiedAt.toISOString(),
            }
          : null,
    };
  });
  return {
    ...summaryOf(check, unverified(edits)),
    formatErrors: check.formatErrors,
    edits: results,
    notChecked:
      check.year !== null && check.period !== null && check.status !== 'format_errors'
        ? notCheckedForFiling(check.year, check.period)
        : [],
    progress: await progressOf(
      db,
      check,
      edits.map((edit) => edit.editId),
    ),
  };
}
