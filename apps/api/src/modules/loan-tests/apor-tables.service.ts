import { createHash } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import { aporTables, type AporWeekRow } from '@complivue/db/schema/loan-tests';
import { parseAporTable } from '@complivue/shared/loan-tests/apor-table';
import type { AporTableRef } from '@complivue/shared/loan-tests/rate-spread';
import {
  APOR_AMORTIZATION_LABELS,
  type AporAmortization,
} from '@complivue/shared/loan-tests/loan-test-kinds';
import { LOAN_TEST_MESSAGES, type AporTableSummary } from '@complivue/shared/schemas/loan-tests';
import { desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';

type AporTableRow = typeof aporTables.$inferSelect;

/** How a table is named wherever a result used it: kind, version and when it was loaded. */
export function aporTableLabel(row: Pick<AporTableRow, 'amortization' | 'version' | 'createdAt'>) {
  const loaded = row.createdAt.toISOString().slice(0, 10);
  return `${APOR_AMORTIZATION_LABELS[row.amortization]} APOR table, version ${row.version}, loaded ${loaded}`;
}

const summaryColumns = {
  id: aporTables.id,
  amortization: aporTables.amortization,
  version: aporTables.version,
  fileName: aporTables.fileName,
  sourceNote: aporTables.sourceNote,
  sha256: aporTables.sha256,
  weekCount: aporTables.weekCount,
  firstWeek: aporTables.firstWeek,
  lastWeek: aporTables.lastWeek,
  uploadedByName: aporTables.uploadedByName,
  createdAt: aporTables.createdAt,
};

function toSummary(row: Omit<AporTableRow, 'weeks' | 'uploadedBy'>, current: boolean) {
  return {
    ...row,
    label: aporTableLabel(row),
    current,
    createdAt: row.createdAt.toISOString(),
  } satisfies AporTableSummary;
}

/** Every version loaded, newest first; the newest of each kind is the one results use. */
export async function listAporTables(db: Db): Promise<AporTableSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(aporTables)
    .orderBy(aporTables.amortization, desc(aporTables.version));
  const seen = new Set<AporAmortization>();
  return rows.map((row) => {
    const current = !seen.has(row.amortization);
    seen.add(row.amortization);
    return toSummary(row, current);
  });
}

/**
 * A table version never changes once loaded, so its weeks (a few hundred rows of 50 rates) are
 * read from the database once per process and kept; only the question of which version is in
 * use goes to the database on every test.
 */
const weeksByTable = new Map<string, AporWeekRow[]>();
const WEEKS_KEPT = 16;

async function weeksOf(db: Db, id: string): Promise<AporWeekRow[]> {
  const kept = weeksByTable.get(id);
  if (kept) return kept;
  const [row] = await db
    .select({ weeks: aporTables.weeks })
    .from(aporTables)
    .where(eq(aporTables.id, id));
  const weeks = row?.weeks ?? [];
  if (weeksByTable.size >= WEEKS_KEPT) weeksByTable.clear();
  weeksByTable.set(id, weeks);
  return weeks;
}

type VersionRow = Pick<AporTableRow, 'id' | 'amortization' | 'version' | 'createdAt'>;
const versionColumns = {
  id: aporTables.id,
  amortization: aporTables.amortization,
  version: aporTables.version,
  createdAt: aporTables.createdAt,
};

const asRef = async (db: Db, row: VersionRow): Promise<AporTableRef> => ({
  id: row.id,
  label: aporTableLabel(row),
  weeks: await weeksOf(db, row.id),
});

/** The table in use for each kind (the highest version), or null where none was loaded. */
export async function currentAporTables(
  db: Db,
): Promise<Record<AporAmortization, AporTableRef | null>> {
  const rows = await db
    .selectDistinctOn([aporTables.amortization], versionColumns)
    .from(aporTables)
    .orderBy(aporTables.amortization, desc(aporTables.version));
  const byKind = new Map(
    await Promise.all(rows.map(async (row) => [row.amortization, await asRef(db, row)] as const)),
  );
  return { fixed: byKind.get('fixed') ?? null, adjustable: byKind.get('adjustable') ?? null };
}

/**
 * The platform operator loads a table from the FFIEC's published file: it is parsed in full
 * (any bad line refuses the whole file, with its line numbers), then stored as the next version
 * of its kind. Two loads at once cannot take the same version: the unique index refuses one.
 */
export async function loadAporTable(
  db: Db,
  actor: Omit<Actor, 'companyId'> & { companyId: string | null; name: string },
  upload: { amortization: AporAmortization; fileName: string; text: string; sourceNote: string },
): Promise<AporTableSummary> {
  const parsed = parseAporTable(upload.text);
  if (!parsed.ok) {
    const details = parsed.errors
      .slice(0, 20)
      .map((error) => ({ path: `/file/line/${error.line}`, message: error.message }));
    throw AppError.validationFailed(details, LOAN_TEST_MESSAGES.apor_file_invalid);
  }
  const weeks = parsed.weeks;
  try {
    return await db.transaction(async (tx) => {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${aporTables.version}), 0)::int + 1` })
        .from(aporTables)
        .where(eq(aporTables.amortization, upload.amortization))) as [{ next: number }];
      const [row] = await tx
        .insert(aporTables)
        .values({
          amortization: upload.amortization,
          version: next,
          fileName: upload.fileName,
          sourceNote: upload.sourceNote,
          sha256: createHash('sha256').update(upload.text).digest('hex'),
          weekCount: weeks.length,
          firstWeek: weeks[0]!.weekStart,
          lastWeek: weeks[weeks.length - 1]!.weekStart,
          weeks,
          uploadedBy: actor.actorUserId,
          uploadedByName: actor.name,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'apor_table.loaded',
        actorUserId: actor.actorUserId,
        companyId: null,
        targetType: 'apor_table',
        targetId: row!.id,
        after: {
          amortization: row!.amortization,
          version: row!.version,
          fileName: row!.fileName,
          weeks: row!.weekCount,
          firstWeek: row!.firstWeek,
          lastWeek: row!.lastWeek,
        },
      });
      return toSummary(row!, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('apor_version_conflict');
    }
    throw error;
  }
}
