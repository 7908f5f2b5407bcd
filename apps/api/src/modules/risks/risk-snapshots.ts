import { queryRows, type Db } from '@complivue/db/database';
import { riskSnapshots } from '@complivue/db/schema/risk-assessment';
import { risks } from '@complivue/db/schema/risks';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { RegulationArea } from '@complivue/shared/regulation-areas';
import {
  summarizeResidualRisk,
  type ResidualFigures,
  type ResidualSummary,
} from '@complivue/shared/risk-trend';
import type { RiskTrendPoint } from '@complivue/shared/schemas/risk-assessment';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { findRisks } from './risks.queries.ts';

/**
 * The institution's day: an institution has no time zone of its own, and the product's
 * institution-wide "today" (calendar reconciliation, the demo, the dashboard's default) is US
 * Eastern, where the federal agencies keep their deadlines (DEFAULT_CALENDAR_TIME_ZONE).
 */
export const institutionToday = (now: Date): string => todayIn(null, now);

const columnsOf = (summary: ResidualSummary) => ({
  riskCount: summary.riskCount,
  notRatedCount: summary.notRatedCount,
  lowCount: summary.bands.low,
  moderateCount: summary.bands.moderate,
  highCount: summary.bands.high,
  criticalCount: summary.bands.critical,
  totalResidualScore: summary.totalResidualScore,
  averageResidualScore: summary.averageResidualScore,
  byArea: summary.byArea,
});

/**
 * Writes the institution's snapshot of today: its register read as the list reads it (so the
 * figures are the ratings the page shows) and summed up. One row per institution and day: a
 * later run the same day updates today's row; a past day's row is never touched.
 */
export async function snapshotRiskRegister(
  db: Db,
  options: { companyId: string; now: Date },
): Promise<{ day: string; summary: ResidualSummary }> {
  const day = institutionToday(options.now);
  const register = await findRisks(
    db,
    // The register as anyone in the institution reads it: no filter depends on the viewer.
    { companyId: options.companyId, actorUserId: '', role: 'user', today: day },
    { notRated: false },
  );
  const summary = summarizeResidualRisk(register);
  const columns = columnsOf(summary);
  await db
    .insert(riskSnapshots)
    .values({ companyId: options.companyId, day, ...columns, updatedAt: options.now })
    .onConflictDoUpdate({
      target: [riskSnapshots.companyId, riskSnapshots.day],
      set: { ...columns, updatedAt: options.now },
    });
  return { day, summary };
}

/**
 * The daily job: a snapshot for every institution with a register (or that had one: deleting
 * every risk is a figure too). Each institution on its own, so one failure does not stop the
 * others; safe on several instances at once (the upsert on company and day).
 */
export async function snapshotAllRiskRegisters(
  db: Db,
  options: { now?: Date; onError?: (companyId: string, error: unknown) => void } = {},
): Promise<{ written: number; failed: number }> {
  const now = options.now ?? new Date();
  const rows = await queryRows<{ company_id: string }>(
    db,
    sql`SELECT company_id FROM ${risks} UNION SELECT company_id FROM ${riskSnapshots}`,
  );
  let written = 0;
  let failed = 0;
  for (const { company_id: companyId } of rows) {
    try {
      await snapshotRiskRegister(db, { companyId, now });
      written += 1;
    } catch (error) {
      failed += 1;
      options.onError?.(companyId, error);
    }
  }
  return { written, failed };
}

/** The institution's snapshots of the last `days` days (today included), oldest first. */
export async function findRiskTrend(
  db: Db,
  options: { companyId: string; today: string; days: number },
): Promise<RiskTrendPoint[]> {
  const rows = await db
    .select()
    .from(riskSnapshots)
    .where(
      and(
        eq(riskSnapshots.companyId, options.companyId),
        gte(riskSnapshots.day, addDays(options.today, 1 - options.days)),
      ),
    )
    .orderBy(asc(riskSnapshots.day));
  return rows.map((row) => ({ day: row.day, ...figuresOf(row), byArea: row.byArea }));
}

type SnapshotRow = typeof riskSnapshots.$inferSelect;

/** A snapshot row's figures, as the register's summary reads them. */
const figuresOf = (row: SnapshotRow): ResidualFigures => ({
  riskCount: row.riskCount,
  notRatedCount: row.notRatedCount,
  bands: {
    low: row.lowCount,
    moderate: row.moderateCount,
    high: row.highCount,
    critical: row.criticalCount,
  },
  totalResidualScore: row.totalResidualScore,
  averageResidualScore: row.averageResidualScore,
});

/** The register's figures (or one area's) in the last snapshot on or before `day`, or null. */
export async function findRiskSnapshotAt(
  db: Db,
  options: { companyId: string; day: string; area?: RegulationArea },
): Promise<ResidualFigures | null> {
  const [row] = await db
    .select()
    .from(riskSnapshots)
    .where(and(eq(riskSnapshots.companyId, options.companyId), lte(riskSnapshots.day, options.day)))
    .orderBy(desc(riskSnapshots.day))
    .limit(1);
  if (!row) return null;
  return options.area ? (row.byArea[options.area] ?? null) : figuresOf(row);
}
