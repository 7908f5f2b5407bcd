import { randomUUID } from 'node:crypto';
import type { Db } from '@complivue/db/database';
import {
  assessmentEvidence,
  libraryArticles,
  libraryRules,
  ruleAssessmentHistory,
  ruleAssessments,
} from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import {
  LIBRARY_MESSAGES,
  type RuleDetail,
  type UpdateAssessmentRequest,
} from '@complivue/shared/schemas/library';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { rulesWithAssessments, type LibraryReader } from './library.queries.ts';
import { isActiveMember } from '../companies/members.ts';
import {
  assessmentNonCompliantEvent,
  recordEventOf,
} from '../automations/automation-event-sources.ts';
import { wakeAutomationRunner } from '../automations/automation-events.ts';

/** Who assesses (a manager or an administrator), with a name for the history. */
export interface Assessor extends Actor {
  name: string;
}

async function getRule(db: Db, ruleId: string) {
  const [rule] = await db
    .select({ id: libraryRules.id, area: libraryRules.area, title: libraryRules.title })
    .from(libraryRules)
    .where(and(eq(libraryRules.id, ruleId), isNull(libraryRules.retiredAt)));
  if (!rule) throw new AppError('not_found', LIBRARY_MESSAGES.rule_not_found);
  return rule;
}

/** `/compliance/rules/:id`: the rule, its article, and the institution's whole assessment. */
export async function ruleDetail(
  db: Db,
  reader: LibraryReader,
  ruleId: string,
): Promise<RuleDetail> {
  await getRule(db, ruleId);
  const [rule] = await rulesWithAssessments(db, reader, eq(libraryRules.id, ruleId));
  const [article] = await db
    .select({ slug: libraryArticles.slug, title: libraryArticles.title })
    .from(libraryArticles)
    .where(eq(libraryArticles.id, rule!.articleId));
  const [assessment] = reader.companyId
    ? await db
        .select()
        .from(ruleAssessments)
        .where(
          and(eq(ruleAssessments.companyId, reader.companyId), eq(ruleAssessments.ruleId, ruleId)),
        )
    : [];
  const evidence = assessment
    ? await db
        .select({
          id: assessmentEvidence.id,
          kind: assessmentEvidence.kind,
          label: assessmentEvidence.label,
          url: assessmentEvidence.url,
          contentType: assessmentEvidence.contentType,
          sizeBytes: assessmentEvidence.sizeBytes,
          addedByName: sql<
            string | null
          >`coalesce(${userProfiles.fullName}, ${userProfiles.email})`,
          createdAt: assessmentEvidence.createdAt,
        })
        .from(assessmentEvidence)
        .leftJoin(userProfiles, eq(userProfiles.userId, assessmentEvidence.addedBy))
        .where(eq(assessmentEvidence.assessmentId, assessment.id))
        .orderBy(asc(assessmentEvidence.createdAt))
    : [];
  const history = assessment
    ? await db
        .select()
        .from(ruleAssessmentHistory)
        .where(eq(ruleAssessmentHistory.assessmentId, assessment.id))
        .orderBy(desc(ruleAssessmentHistory.createdAt), desc(ruleAssessmentHistory.id))
    : [];
  const { articleId: _articleId, assessedAt: _assessedAt, ...summary } = rule!;
  return {
    ...summary,
    article: article!,
    assessment: {
      ...summary.assessment,
      notApplicableReason: assessment?.notApplicableReason ?? null,
      ownerId: assessment?.ownerId ?? null,
      notes: assessment?.notes ?? '',
      updatedAt: assessment?.updatedAt.toISOString() ?? null,
      evidence: evidence.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
      history: history.map((entry) => ({
        changedByName: entry.changedByName,
        changes: entry.changes,
        createdAt: entry.createdAt.toISOString(),
      })),
    },
  };
}

/** The assessment row of a rule for the institution, created on first use. */
async function ensureAssessment(tx: Db, companyId: string, ruleId: string) {
  await tx
    .insert(ruleAssessments)
    .values({ companyId, ruleId })
    .onConflictDoNothing({ target: [ruleAssessments.companyId, ruleAssessments.ruleId] });
  const [row] = await tx
    .select()
    .from(ruleAssessments)
    .where(and(eq(ruleAssessments.companyId, companyId), eq(ruleAssessments.ruleId, ruleId)))
    .for('update');
  return row!;
}

const TRACKED_FIELDS = [
  'status',
  'notApplicableReason',
  'ownerId',
  'notes',
  'nextReviewDate',
] as const;

/**
 * Changes an assessment and records what changed, by whom, in its history and the audit trail,
 * in one transaction. "Not applicable" needs a reason; the owner must be an active member.
 */
export async function updateAssessment(
  deps: ServiceDeps,
  options: { assessor: Assessor; ruleId: string; changes: UpdateAssessmentRequest },
): Promise<void> {
  const { db } = deps;
  const { assessor, ruleId, changes } = options;
  const rule = await getRule(db, ruleId);
  if (changes.ownerId && !(await isActiveMember(db, assessor.companyId, changes.ownerId))) {
    throw new AppError('owner_not_member');
  }
  await db.transaction(async (tx) => {
    const current = await ensureAssessment(tx, assessor.companyId, ruleId);
    const next = { ...current, ...changes };
    if (next.status !== 'not_applicable') next.notApplicableReason = null;
    if (next.status === 'not_applicable' && !next.notApplicableReason?.trim()) {
      throw new AppError('reason_required');
    }
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of TRACKED_FIELDS) {
      if ((current[field] ?? null) !== (next[field] ?? null)) {
        diff[field] = { from: current[field] ?? null, to: next[field] ?? null };
      }
    }
    if (Object.keys(diff).length === 0) return;
    await tx
      .update(ruleAssessments)
      .set({
        status: next.status,
        notApplicableReason: next.notApplicableReason,
        ownerId: next.ownerId,
        notes: next.notes,
        nextReviewDate: next.nextReviewDate,
        updatedBy: assessor.actorUserId,
      })
      .where(eq(ruleAssessments.id, current.id));
    await tx.insert(ruleAssessmentHistory).values({
      assessmentId: current.id,
      changedBy: assessor.actorUserId,
      changedByName: assessor.name,
      changes: diff,
    });
    if (diff.status && next.status === 'non_compliant') {
      await recordEventOf(
        tx,
        assessor,
        assessmentNonCompliantEvent(
          assessor.companyId,
          {
            id: current.id,
            ruleId,
            ruleTitle: rule.title,
            area: rule.area,
            ownerId: next.ownerId ?? null,
          },
          new Date(),
        ),
      );
    }
    await recordAudit(tx, assessor, {
      action: 'library.assessment_updated',
      actorUserId: assessor.actorUserId,
      companyId: assessor.companyId,
      targetType: 'rule',
      targetId: ruleId,
      before: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.from])),
      after: Object.fromEntries(Object.entries(diff).map(([key, value]) => [key, value.to])),
    });
  });
  wakeAutomationRunner();
}

/** Adds a link or a stored file as evidence of an assessment; the file is stored first. */
export async function addEvidence(
  deps: ServiceDeps,
  options: {
    assessor: Assessor;
    ruleId: string;
    evidence: { kind: 'link'; label: string; url: string } | { kind: 'file'; file: UploadedFile };
  },
): Promise<void> {
  const { assessor, ruleId, evidence } = options;
  await getRule(deps.db, ruleId);
  const id = randomUUID();
  const storageKey =
    evidence.kind === 'file'
      ? `evidence/${assessor.companyId}/${id}.${evidence.file.type.extension}`
      : null;
  if (evidence.kind === 'file') await deps.storage.put(storageKey!, evidence.file.data);
  try {
    await deps.db.transaction(async (tx) => {
      const assessment = await ensureAssessment(tx, assessor.companyId, ruleId);
      const label = evidence.kind === 'file' ? evidence.file.fileName : evidence.label;
      await tx.insert(assessmentEvidence).values({
        id,
        assessmentId: assessment.id,
        kind: evidence.kind,
        label,
        url: evidence.kind === 'link' ? evidence.url : null,
        contentType: evidence.kind === 'file' ? evidence.file.type.contentType : null,
        sizeBytes: evidence.kind === 'file' ? evidence.file.data.length : null,
        storageKey,
        addedBy: assessor.actorUserId,
      });
      await tx.insert(ruleAssessmentHistory).values({
        assessmentId: assessment.id,
        changedBy: assessor.actorUserId,
        changedByName: assessor.name,
        changes: { evidence: { from: null, to: label } },
      });
      await recordAudit(tx, assessor, {
        action: 'library.evidence_added',
        actorUserId: assessor.actorUserId,
        companyId: assessor.companyId,
        targetType: 'rule',
        targetId: ruleId,
        after: { kind: evidence.kind, label },
      });
    });
  } catch (error) {
    if (storageKey) await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** An evidence item of the institution (for download or removal). */
export async function getEvidence(db: Db, companyId: string, evidenceId: string) {
  const [row] = await db
    .select({ evidence: assessmentEvidence, ruleId: ruleAssessments.ruleId })
    .from(assessmentEvidence)
    .innerJoin(ruleAssessments, eq(ruleAssessments.id, assessmentEvidence.assessmentId))
    .where(and(eq(assessmentEvidence.id, evidenceId), eq(ruleAssessments.companyId, companyId)));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function removeEvidence(
  deps: ServiceDeps,
  options: { assessor: Assessor; evidenceId: string },
): Promise<void> {
  const { assessor } = options;
  const { evidence, ruleId } = await getEvidence(deps.db, assessor.companyId, options.evidenceId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(assessmentEvidence).where(eq(assessmentEvidence.id, evidence.id));
    await tx.insert(ruleAssessmentHistory).values({
      assessmentId: evidence.assessmentId,
      changedBy: assessor.actorUserId,
      changedByName: assessor.name,
      changes: { evidence: { from: evidence.label, to: null } },
    });
    await recordAudit(tx, assessor, {
      action: 'library.evidence_removed',
      actorUserId: assessor.actorUserId,
      companyId: assessor.companyId,
      targetType: 'rule',
      targetId: ruleId,
      before: { kind: evidence.kind, label: evidence.label },
    });
  });
  if (evidence.storageKey) await deps.storage.delete(evidence.storageKey).catch(() => undefined);
}
