import type { Db } from '@complivue/db/database';
import { riskAssessmentVersions } from '@complivue/db/schema/risk-assessment';
import { RISK_METHODOLOGY } from '@complivue/shared/risk-scoring';
import { findingFiltersSchema } from '@complivue/shared/schemas/risk-findings';
import {
  RISK_ASSESSMENT_MESSAGES,
  assessmentStateOf,
  type AssessmentOverview,
  type AssessmentRisk,
  type AssessmentSnapshot,
  type AssessmentVersion,
  type AssessmentVersionSummary,
} from '@complivue/shared/schemas/risk-assessment';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { findFindingsForExport } from './findings.queries.ts';
import { findRisks, getRiskDetail, type RiskViewer } from './risks.queries.ts';

export type AssessmentVersionRow = typeof riskAssessmentVersions.$inferSelect;

/**
 * Every risk of the register with its controls, their rules and ratings, in the list's order
 * (highest residual first): what an approved version freezes and the exam report prints. One
 * detail read per risk: an approval or a report is a rare, deliberate act, and the detail is the
 * one place the page's ratings are computed.
 */
export async function findAssessmentRisks(db: Db, viewer: RiskViewer): Promise<AssessmentRisk[]> {
  const register = await findRisks(db, viewer, { notRated: false });
  const risks: AssessmentRisk[] = [];
  for (const entry of register) {
    const {
      ownerId: _ownerId,
      updatedAt: _updatedAt,
      reviewOverdue: _reviewOverdue,
      history: _history,
      suggestedResidual: _suggested,
      acceptedAt: _acceptedAt,
      templateKey: _templateKey,
      controls,
      ...risk
    } = await getRiskDetail(db, viewer, entry.id);
    risks.push({ ...risk, controls: controls.map(({ id: _id, ...control }) => control) });
  }
  return risks;
}

/** The register as it stands, frozen: what approving a version stores. */
export async function currentAssessmentSnapshot(
  db: Db,
  viewer: RiskViewer,
  now: Date,
): Promise<AssessmentSnapshot> {
  return {
    takenAt: now.toISOString(),
    day: viewer.today,
    methodology: [...RISK_METHODOLOGY],
    risks: await findAssessmentRisks(db, viewer),
    findings: await findFindingsForExport(db, viewer, findingFiltersSchema.parse({})),
  };
}

export function toVersionSummary(row: AssessmentVersionRow): AssessmentVersionSummary {
  return {
    version: row.version,
    status: row.status,
    submittedByName: row.submittedByName,
    submittedAt: row.submittedAt.toISOString(),
    note: row.note,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    reopenedByName: row.reopenedByName,
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    riskCount: row.snapshot?.risks.length ?? null,
  };
}

/** The institution's versions, newest first (a company has a handful a year). */
export async function findAssessmentVersions(
  db: Db,
  companyId: string,
): Promise<AssessmentVersionRow[]> {
  return db
    .select()
    .from(riskAssessmentVersions)
    .where(eq(riskAssessmentVersions.companyId, companyId))
    .orderBy(desc(riskAssessmentVersions.version));
}

export async function getAssessmentOverview(
  db: Db,
  companyId: string,
): Promise<AssessmentOverview> {
  const versions = (await findAssessmentVersions(db, companyId)).map(toVersionSummary);
  return { state: assessmentStateOf(versions[0]), versions };
}

/** One version of the institution (locked for update when asked), or 404. */
export async function getAssessmentVersionRow(
  db: Db,
  companyId: string,
  version: number,
  options: { forUpdate?: boolean } = {},
): Promise<AssessmentVersionRow> {
  const query = db
    .select()
    .from(riskAssessmentVersions)
    .where(
      and(
        eq(riskAssessmentVersions.companyId, companyId),
        eq(riskAssessmentVersions.version, version),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', RISK_ASSESSMENT_MESSAGES.version_not_found);
  return row;
}

export async function getAssessmentVersion(
  db: Db,
  companyId: string,
  version: number,
): Promise<AssessmentVersion> {
  const row = await getAssessmentVersionRow(db, companyId, version);
  return { ...toVersionSummary(row), snapshot: row.snapshot };
}
