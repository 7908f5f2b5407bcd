import type { Db } from '@complivue/db/database';
import { companies } from '@complivue/db/schema/companies';
import { riskAssessmentVersions } from '@complivue/db/schema/risk-assessment';
import { risks } from '@complivue/db/schema/risks';
import {
  RISK_ASSESSMENT_MESSAGES,
  assessmentStateOf,
} from '@complivue/shared/schemas/risk-assessment';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  currentAssessmentSnapshot,
  findAssessmentVersions,
  getAssessmentVersionRow,
} from './risk-assessment.queries.ts';
import type { RiskActor } from './risks.service.ts';

type AssessmentDeps = Pick<ServiceDeps, 'db' | 'clock'>;

/*
 * The assessment's approval. Each step runs in one transaction with the company row locked, so
 * two people acting at once see each other's step (one submission awaits approval at a time;
 * the partial unique index backs that up), and each writes its audit row (who, when, the
 * version) beside the change.
 */

const lockCompany = (tx: Db, companyId: string) =>
  tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');

function audit(
  tx: Db,
  actor: RiskActor,
  action: string,
  version: number,
  after: Record<string, unknown>,
) {
  return recordAudit(tx, actor, {
    action,
    actorUserId: actor.actorUserId,
    companyId: actor.companyId,
    targetType: 'risk_assessment',
    targetId: String(version),
    after: { version, ...after },
  });
}

/** A manager (or an administrator) submits the assessment for approval, with a note. */
export async function submitAssessment(
  deps: AssessmentDeps,
  options: { actor: RiskActor; note: string },
): Promise<{ version: number }> {
  const { actor } = options;
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const versions = await findAssessmentVersions(tx, actor.companyId);
    const state = assessmentStateOf(versions[0]);
    if (state === 'submitted') {
      throw new AppError('assessment_not_draft', RISK_ASSESSMENT_MESSAGES.not_draft_submitted);
    }
    if (state === 'approved') {
      throw new AppError('assessment_not_draft', RISK_ASSESSMENT_MESSAGES.not_draft_approved);
    }
    const [{ value: riskCount } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(risks)
      .where(eq(risks.companyId, actor.companyId));
    if (riskCount === 0) throw new AppError('assessment_empty');
    const version = (versions[0]?.version ?? 0) + 1;
    await tx.insert(riskAssessmentVersions).values({
      companyId: actor.companyId,
      version,
      status: 'submitted',
      submittedBy: actor.actorUserId,
      submittedByName: actor.name,
      submittedAt: deps.clock(),
      note: options.note,
    });
    await audit(tx, actor, 'risk_assessment.submitted', version, { note: options.note });
    return { version };
  });
}

/**
 * An administrator approves the submitted version: the register as it stands now is frozen in
 * it (every risk, control, rule status and rating), and later edits of the register never
 * change it. Or returns it, saying what to change.
 */
export async function decideAssessment(
  deps: AssessmentDeps,
  options: { actor: RiskActor; version: number; decision: 'approved' | 'returned'; note: string },
): Promise<void> {
  const { actor, version, decision } = options;
  await deps.db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const row = await getAssessmentVersionRow(tx, actor.companyId, version, { forUpdate: true });
    if (row.status !== 'submitted') throw new AppError('assessment_not_submitted');
    const now = deps.clock();
    await tx
      .update(riskAssessmentVersions)
      .set({
        status: decision,
        decidedBy: actor.actorUserId,
        decidedByName: actor.name,
        decidedAt: now,
        decisionNote: options.note,
        snapshot: decision === 'approved' ? await currentAssessmentSnapshot(tx, actor, now) : null,
      })
      .where(eq(riskAssessmentVersions.id, row.id));
    await audit(
      tx,
      actor,
      decision === 'approved' ? 'risk_assessment.approved' : 'risk_assessment.returned',
      version,
      { note: options.note },
    );
  });
}

/** An administrator re-opens the latest approved version: the next cycle's draft begins. */
export async function reopenAssessment(
  deps: AssessmentDeps,
  options: { actor: RiskActor },
): Promise<void> {
  const { actor } = options;
  await deps.db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const [latest] = await findAssessmentVersions(tx, actor.companyId);
    if (!latest || assessmentStateOf(latest) !== 'approved') {
      throw new AppError('assessment_not_reopenable');
    }
    await tx
      .update(riskAssessmentVersions)
      .set({ reopenedBy: actor.actorUserId, reopenedByName: actor.name, reopenedAt: deps.clock() })
      .where(eq(riskAssessmentVersions.id, latest.id));
    await audit(tx, actor, 'risk_assessment.reopened', latest.version, {});
  });
}
